import { userDeleted } from '@krom/contracts/events/identity';
import { accountErrors } from '@krom/contracts/http/auth';
import { HttpError } from '@krom/server-kit/errors';
import type { Logger } from '@krom/server-kit/logger';
import { recordEvent } from '@krom/server-kit/outbox';
import { and, eq, isNull } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import { uploads, userSettings, users, verificationSubmissions } from '../db/schema.ts';
import type { ObjectStore } from '@krom/server-kit/object-store/port';
import { recordUserSnapshot } from '../events/user-snapshot.ts';
import { findLiveUser } from './find-user.ts';
import { nextUserVersion } from './user-version.ts';

/**
 * Deletes an account as a user would expect: every personal detail is erased (names replaced,
 * e-mail, phone, emergency contact, verification details and the password hash cleared), the
 * user's files are removed from the store, and `user.deleted` tells the other services to erase
 * theirs; a last `user.snapshot` (deleted) replaces the public one. The row stays, anonymous, so rides and payments that name its id still resolve; the
 * e-mail and phone are free to register again.
 */
export async function deleteAccount(deps: { db: IdentityDb; store: ObjectStore; logger: Logger }, userId: string): Promise<void> {
  const { db, store, logger } = deps;
  await findLiveUser(db, userId);
  const files = await db.select({ objectKey: uploads.objectKey }).from(uploads).where(eq(uploads.ownerId, userId));
  // Files first: if the store is down the account stays as it was and the user can try again.
  for (const { objectKey } of files) await store.delete(objectKey);

  await db.transaction(async (tx) => {
    const deletedAt = new Date();
    // Verification submissions hold the card and licence details: erased with their documents.
    await tx.delete(verificationSubmissions).where(eq(verificationSubmissions.userId, userId));
    await tx.delete(uploads).where(eq(uploads.ownerId, userId));
    await tx.delete(userSettings).where(eq(userSettings.userId, userId));
    const [erased] = await tx
      .update(users)
      .set({
        firstName: 'Deleted',
        lastName: 'User',
        email: null,
        phone: null,
        password: null,
        emergencyContactName: null,
        emergencyContactPhone: null,
        gender: null,
        profileImageUrl: null,
        ghanaCardNumber: null,
        verificationFullName: null,
        dateOfBirth: null,
        expiryDate: null,
        frontPhotoUrl: null,
        backPhotoUrl: null,
        licenseNumber: null,
        licenseClass: null,
        licenseExpiryDate: null,
        licenseFrontPhotoUrl: null,
        licenseBackPhotoUrl: null,
        updatedAt: deletedAt,
        deletedAt,
        version: nextUserVersion(),
      })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning();
    // A second delete racing this one finds nothing left to erase and publishes nothing.
    if (!erased) throw new HttpError(404, accountErrors.notFound);
    await recordEvent(tx, userDeleted, { userId, deletedAt: deletedAt.toISOString(), version: erased.version });
    // The tombstone: its subject's last message no longer names the user.
    await recordUserSnapshot(tx, erased);
  });
  logger.info({ userId, files: files.length }, 'account deleted and anonymised');
}
