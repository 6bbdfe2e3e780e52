import type { MemberAccount } from '@krom/contracts/http/member-page';
import { suspensionErrors } from '@krom/contracts/http/suspensions';
import { HttpError } from '@krom/server-kit/errors';
import { eq } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import { users } from '../db/schema.ts';
import { isUuid } from '../verification/review-submissions.ts';
import { asSearchResult, memberColumns } from './member-search.ts';

/** One member's account as staff see it on the member page; 404 for an id no member has (or no id at all). */
export async function memberAccount(db: IdentityDb, id: string): Promise<MemberAccount> {
  if (!isUuid(id)) throw new HttpError(404, suspensionErrors.memberNotFound);
  const [row] = await db
    .select({ ...memberColumns, suspensionReason: users.suspendedReason })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new HttpError(404, suspensionErrors.memberNotFound);
  const { suspensionReason, ...member } = row;
  return { ...asSearchResult(member), suspendedAt: member.suspendedAt?.toISOString() ?? null, suspensionReason };
}
