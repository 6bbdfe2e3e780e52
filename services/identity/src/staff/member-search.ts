import { ghanaPhonePattern, localGhanaPhone } from '@krom/contracts/http/ghana-phone';
import { type MemberSearch, memberSearchLimit } from '@krom/contracts/http/staff-members';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import { users } from '../db/schema.ts';

/** `%` and `_` typed by staff are looked for as they are, not as patterns. */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * What staff typed, read three ways: every word found in the first or last name (any case),
 * the phone number in any Ghana form (+233 24…, 024-…), the e-mail address (any case).
 */
function matching(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean);
  const byName = and(...words.map((word) => or(ilike(users.firstName, `%${literal(word)}%`), ilike(users.lastName, `%${literal(word)}%`))));
  const phone = localGhanaPhone(q);
  const byPhone = ghanaPhonePattern.test(phone) ? eq(users.phone, phone) : undefined;
  const byEmail = q.includes('@') ? eq(sql`lower(${users.email})`, q.toLowerCase()) : undefined;
  return or(byName, byPhone, byEmail);
}

/** The columns a member is shown to staff from, in the search and on the member page. */
export const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  email: users.email,
  createdAt: users.createdAt,
  verificationStatus: users.verificationStatus,
  driverVerificationStatus: users.driverVerificationStatus,
  deletedAt: users.deletedAt,
  suspendedAt: users.suspendedAt,
};

type SearchResult = MemberSearch['members'][number];
type MemberRow = Omit<SearchResult, 'createdAt' | 'deleted' | 'suspended'> & { createdAt: Date; deletedAt: Date | null; suspendedAt: Date | null };

/** A member row as the search lists it: its instants as ISO text, deletion and suspension as flags. */
export const asSearchResult = ({ createdAt, deletedAt, suspendedAt, ...row }: MemberRow): SearchResult => ({
  ...row,
  createdAt: createdAt.toISOString(),
  deleted: deletedAt !== null,
  suspended: suspendedAt !== null,
});

/** Members staff look for in the Members tab, newest first, at most `memberSearchLimit`. */
export async function searchMembers(db: IdentityDb, q: string): Promise<MemberSearch> {
  const rows = await db.select(memberColumns).from(users).where(matching(q)).orderBy(desc(users.createdAt), users.id).limit(memberSearchLimit);
  return { members: rows.map(asSearchResult) };
}
