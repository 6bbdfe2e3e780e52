import type { IdentityDataExport } from '@krom/contracts/http/data-export';
import { desc, eq } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import { verificationSubmissions } from '../db/schema.ts';
import { readSettings } from '../settings/user-settings.ts';
import { findLiveUserView } from './find-user.ts';
import { toUser } from './user-view.ts';

/**
 * Identity's part of a member's data download: the account and profile as their screens show
 * them, their settings, and each verification they submitted with its outcome. Never the
 * password hash, a code or a token, nor the document photos (deleted after the decision anyway).
 */
export async function exportOwnData(db: IdentityDb, userId: string): Promise<IdentityDataExport> {
  const account = toUser(await findLiveUserView(db, userId));
  const settings = await readSettings(db, userId);
  const submissions = await db
    .select({
      kind: verificationSubmissions.kind,
      status: verificationSubmissions.status,
      fullName: verificationSubmissions.fullName,
      cardNumber: verificationSubmissions.cardNumber,
      licenseNumber: verificationSubmissions.licenseNumber,
      submittedAt: verificationSubmissions.submittedAt,
      decidedAt: verificationSubmissions.decidedAt,
      reason: verificationSubmissions.reason,
    })
    .from(verificationSubmissions)
    .where(eq(verificationSubmissions.userId, userId))
    .orderBy(desc(verificationSubmissions.submittedAt));
  return {
    account,
    settings,
    verifications: submissions.map((row) => ({
      kind: row.kind === 'driver' ? 'driver' : 'identity',
      status: row.status,
      fullName: row.fullName,
      documentNumber: row.kind === 'driver' ? (row.licenseNumber ?? row.cardNumber) : row.cardNumber,
      submittedAt: row.submittedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      reason: row.reason,
    })),
  };
}
