import { accountErrors, type RecoveryLookupRequest, type RecoveryLookupResponse } from '@krom/contracts/http/auth';
import { HttpError } from '@krom/server-kit/errors';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import { users } from '../db/schema.ts';

/**
 * The live account an e-mail, phone or id names, with where a reset code can be sent. Only
 * the BFF calls this; it answers the browser the same way whether or not an account matched.
 */
export async function lookUpAccount(db: IdentityDb, request: RecoveryLookupRequest): Promise<RecoveryLookupResponse> {
  let match: SQL;
  if ('email' in request) match = sql`lower(${users.email}) = ${request.email.toLowerCase()}`;
  else if ('phone' in request) match = eq(users.phone, request.phone);
  else match = eq(users.id, request.userId);
  const [row] = await db
    .select({ userId: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(and(isNull(users.deletedAt), match));
  if (!row?.email || !row.phone) throw new HttpError(404, accountErrors.notFound);
  return { userId: row.userId, email: row.email, phone: row.phone };
}
