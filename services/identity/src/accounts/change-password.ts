import { userPasswordChanged } from '@krom/contracts/events/identity';
import { changePasswordErrors } from '@krom/contracts/http/auth';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent } from '@krom/server-kit/outbox';
import { hashPassword, verifyPassword } from '@krom/server-kit/passwords';
import { eq } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import { users } from '../db/schema.ts';
import { assertAcceptablePassword } from '../passwords/password-policy.ts';
import { findLiveUser } from './find-user.ts';
import { nextUserVersion } from './user-version.ts';

/** Settings: the current password must be right. The BFF then ends the user's other sessions. */
export async function changePassword(db: IdentityDb, userId: string, currentPassword: string, newPassword: string): Promise<void> {
  const user = await findLiveUser(db, userId);
  if (!user.password || !(await verifyPassword(user.password, currentPassword))) {
    throw new HttpError(400, changePasswordErrors.wrongCurrent, [{ field: 'currentPassword', message: changePasswordErrors.wrongCurrent }]);
  }
  assertAcceptablePassword(newPassword, 'newPassword');
  await setPassword(db, userId, newPassword, 'settings');
}

/** Recovery: the BFF calls this as the user only after that user's reset code was verified. */
export async function resetPassword(db: IdentityDb, userId: string, password: string): Promise<void> {
  await findLiveUser(db, userId);
  assertAcceptablePassword(password);
  await setPassword(db, userId, password, 'recovery');
}

async function setPassword(db: IdentityDb, userId: string, password: string, via: 'settings' | 'recovery'): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const changedAt = new Date();
    const [row] = await tx
      .update(users)
      .set({ password: hash, passwordChangedAt: changedAt, updatedAt: changedAt, version: nextUserVersion() })
      .where(eq(users.id, userId))
      .returning({ version: users.version });
    if (!row) throw new Error('password update matched no account');
    await recordEvent(tx, userPasswordChanged, { userId, changedAt: changedAt.toISOString(), via, version: row.version });
  });
}
