import { loginErrors, type User } from '@krom/contracts/http/auth';
import { HttpError } from '@krom/server-kit/errors';
import { verifyAgainstDecoy, verifyPassword } from '@krom/server-kit/passwords';
import { and, isNull, sql } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import { users } from '../db/schema.ts';
import { toUser } from './user-view.ts';

/**
 * Checks an e-mail and password. An unknown address costs the same argon2id work as a wrong
 * password (a decoy hash is verified) and both get the same 401, so neither the answer nor its
 * timing tells whether an account exists.
 */
export async function checkCredentials(db: IdentityDb, email: string, password: string): Promise<User> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  const valid = row?.password ? await verifyPassword(row.password, password) : await verifyAgainstDecoy(password);
  if (!row || !valid) throw new HttpError(401, loginErrors.invalidCredentials);
  return toUser(row);
}
