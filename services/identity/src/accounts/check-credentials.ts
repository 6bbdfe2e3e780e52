import { loginErrors, type User } from '@krom/contracts/http/auth';
import { HttpError } from '@krom/server-kit/errors';
import { verifyAgainstDecoy, verifyPassword } from '@krom/server-kit/passwords';
import { type SignInThrottleSettings, throttledSignIn } from '@krom/server-kit/sign-in-throttle';
import { and, isNull, sql } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import { users } from '../db/schema.ts';
import { toUser } from './user-view.ts';

/**
 * Checks an e-mail and password. An unknown address costs the same argon2id work as a wrong
 * password (a decoy hash is verified) and both get the same 401, so neither the answer nor its
 * timing tells whether an account exists. Wrong passwords are budgeted per address, whatever
 * client sends them: past the budget the address is locked (429, minutes left in the message),
 * the right password included. Unknown addresses lock the same way so a lock says nothing either;
 * a password reset ends a lock. A suspended account with the right password gets 403 and says so.
 */
export async function checkCredentials(
  db: IdentityDb,
  email: string,
  password: string,
  options: { now?: Date; throttle?: SignInThrottleSettings } = {},
): Promise<User> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  const user = await throttledSignIn(
    db,
    email,
    async () => {
      const valid = row?.password ? await verifyPassword(row.password, password) : await verifyAgainstDecoy(password);
      return row && valid ? toUser(row) : undefined;
    },
    { now: options.now, settings: options.throttle, clearedSince: row?.passwordChangedAt },
  );
  if (!user) throw new HttpError(401, loginErrors.invalidCredentials);
  // Told only to whoever knows the password, so an address's suspension is no one else's business.
  if (row?.suspendedAt) throw new HttpError(403, loginErrors.suspended);
  return user;
}
