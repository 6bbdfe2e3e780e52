import { userRegistered } from '@krom/contracts/events/identity';
import { type RegisterRequest, registerErrors, type User } from '@krom/contracts/http/auth';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent } from '@krom/server-kit/outbox';
import { hashPassword } from '@krom/server-kit/passwords';
import { and, isNull, or, sql } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import { userSettings, users } from '../db/schema.ts';
import { recordUserSnapshot } from '../events/user-snapshot.ts';
import { assertAcceptablePassword } from '../passwords/password-policy.ts';
import { recordNotificationSettings } from '../settings/user-settings.ts';
import { toUser } from './user-view.ts';

const uniqueViolation = '23505';
// The field says which one, as the BFF's check before a sign-up code is sent answers too.
const emailTaken = () => new HttpError(409, registerErrors.emailTaken, [{ field: 'email', message: registerErrors.emailTaken }]);
const phoneTaken = () => new HttpError(409, registerErrors.phoneTaken, [{ field: 'phone', message: registerErrors.phoneTaken }]);

/**
 * Creates an account with default settings and publishes `user.registered`, its first
 * `user.snapshot` (version 1) and its `user.notification_settings` (the defaults) in the same transaction. A live account with the same e-mail (any case) or phone refuses it with 409:
 * one phone per account keeps an SMS recovery pointing at exactly one account.
 */
export async function registerUser(db: IdentityDb, request: RegisterRequest): Promise<User> {
  assertAcceptablePassword(request.password);
  const email = request.email.toLowerCase();
  // Hashed before the addresses are checked: a taken e-mail costs the same argon2id work as a new
  // one, so only the answer, never its timing, tells them apart.
  const password = await hashPassword(request.password);
  await assertNotTaken(db, email, request.phone);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ firstName: request.firstName, lastName: request.lastName, email, phone: request.phone, password })
        .returning();
      if (!row) throw new Error('insert returned no row');
      const [settings] = await tx.insert(userSettings).values({ userId: row.id }).returning();
      if (!settings) throw new Error('settings insert returned no row');
      await recordEvent(tx, userRegistered, {
        userId: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email,
        phone: request.phone,
        registeredAt: row.createdAt.toISOString(),
        version: row.version,
      });
      await recordUserSnapshot(tx, row);
      await recordNotificationSettings(tx, settings);
      return toUser(row);
    });
  } catch (error) {
    // Two registrations racing for the same address: the index decides, the loser gets the 409.
    // drizzle wraps the driver's error; the constraint's name is on the cause.
    const { code, constraint } = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
    if (code === uniqueViolation && constraint === 'users_email_key') throw emailTaken();
    if (code === uniqueViolation && constraint === 'users_phone_key') throw phoneTaken();
    throw error;
  }
}

async function assertNotTaken(db: IdentityDb, email: string, phone: string): Promise<void> {
  const taken = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(and(isNull(users.deletedAt), or(sql`lower(${users.email}) = ${email}`, sql`${users.phone} = ${phone}`)));
  if (taken.some((row) => row.email === email)) throw emailTaken();
  if (taken.length > 0) throw phoneTaken();
}
