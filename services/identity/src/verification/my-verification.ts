import type { MyVerification, SubmissionStatus, VerificationKind } from '@krom/contracts/http/verification';
import { desc, eq } from 'drizzle-orm';
import { findLiveUser } from '../accounts/find-user.ts';
import { asStatus } from '../accounts/user-view.ts';
import { verificationSubmissions } from '../db/schema.ts';
import type { VerificationDeps } from './verification-deps.ts';

/**
 * The user's statuses and latest submission of each kind. The reason is the one staff gave for
 * a rejection (what the user is shown); a note given with an approval stays staff's.
 */
export async function myVerification(deps: Pick<VerificationDeps, 'db'>, userId: string): Promise<MyVerification> {
  const user = await findLiveUser(deps.db, userId);
  const submissions = await deps.db
    .select()
    .from(verificationSubmissions)
    .where(eq(verificationSubmissions.userId, userId))
    .orderBy(desc(verificationSubmissions.submittedAt));
  const latest = (kind: VerificationKind) => {
    const submission = submissions.find((s) => s.kind === kind);
    if (!submission) return null;
    return {
      id: submission.id,
      kind,
      status: submission.status as SubmissionStatus,
      submittedAt: submission.submittedAt.toISOString(),
      decidedAt: submission.decidedAt?.toISOString() ?? null,
      reason: submission.status === 'rejected' ? submission.reason : null,
      fullName: submission.fullName,
      cardNumber: submission.cardNumber,
    };
  };
  return {
    verificationStatus: asStatus(user.verificationStatus),
    driverVerificationStatus: asStatus(user.driverVerificationStatus),
    identity: latest('identity'),
    driver: latest('driver'),
  };
}
