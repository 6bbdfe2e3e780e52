import { userChanged, userProfileUpdated } from '@krom/contracts/events/identity';
import { type ProfileUpdateRequest, profileErrors, type User } from '@krom/contracts/http/auth';
import { emergencyContactGap } from '@krom/contracts/http/emergency-contact-values';
import { HttpError } from '@krom/server-kit/errors';
import type { Logger } from '@krom/server-kit/logger';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { and, eq } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import { uploads, users } from '../db/schema.ts';
import type { ObjectStore } from '@krom/server-kit/object-store/port';
import { publicIdFromUrl } from '../uploads/upload-url.ts';
import { recordUserSnapshot } from '../events/user-snapshot.ts';
import { findLiveUser } from './find-user.ts';
import { toUser, type UserRow } from './user-view.ts';
import { nextUserVersion } from './user-version.ts';

/**
 * What other services show of a user changed: they learn it from `user.snapshot` (and the older
 * `user.profile_updated`). `row` is the account as the change returned it, version raised.
 */
export async function publishProfileUpdated(tx: Transaction, row: UserRow): Promise<void> {
  await recordEvent(tx, userProfileUpdated, {
    userId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isVerified: row.isVerified,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  });
  await recordUserSnapshot(tx, row);
}

/**
 * Saves names, emergency contact (a name and a Ghana phone, or neither), photo and the optional gender (left out, it stays). E-mail and phone are not editable (ignored if sent).
 * A photo must be one of the user's own profile uploads; the photo it replaces is deleted.
 */
export async function updateProfile(
  deps: { db: IdentityDb; store: ObjectStore; logger: Logger },
  userId: string,
  request: ProfileUpdateRequest,
): Promise<User> {
  const { db, store, logger } = deps;
  const replaced: string[] = [];
  const user = await db.transaction(async (tx) => {
    const current = await findLiveUser(tx, userId);
    let profileImageUrl = current.profileImageUrl;
    if (request.profileImageUrl !== undefined) {
      profileImageUrl = request.profileImageUrl ? await ownProfileUploadUrl(tx, userId, request.profileImageUrl) : null;
    }
    const emergencyPhone = request.emergencyContactPhone === undefined ? current.emergencyContactPhone : request.emergencyContactPhone || null;
    const gender = request.gender === undefined ? current.gender : request.gender;
    const emergencyName = request.emergencyContactName === undefined ? current.emergencyContactName : request.emergencyContactName || null;
    // Either half sent alone is checked against the saved other: the contact saved is always a pair (or none).
    const touchesContact = request.emergencyContactName !== undefined || request.emergencyContactPhone !== undefined;
    const gap = touchesContact ? emergencyContactGap(emergencyName, emergencyPhone) : null;
    if (gap) throw new HttpError(400, gap.message, [gap]);
    const [row] = await tx
      .update(users)
      .set({
        firstName: request.firstName,
        lastName: request.lastName,
        emergencyContactName: emergencyName,
        emergencyContactPhone: emergencyPhone,
        gender,
        profileImageUrl,
        updatedAt: new Date(),
        version: nextUserVersion(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new Error('profile update returned no row');

    const oldPhoto = current.profileImageUrl === profileImageUrl ? undefined : publicIdFromUrl(current.profileImageUrl);
    if (oldPhoto) {
      const removed = await tx
        .delete(uploads)
        .where(and(eq(uploads.publicId, oldPhoto), eq(uploads.ownerId, userId)))
        .returning({ objectKey: uploads.objectKey });
      replaced.push(...removed.map((r) => r.objectKey));
    }
    const shownElsewhereChanged =
      row.firstName !== current.firstName || row.lastName !== current.lastName || row.profileImageUrl !== current.profileImageUrl;
    if (shownElsewhereChanged) await publishProfileUpdated(tx, row);
    // Rides learns from the snapshot whether the member stated "woman" (women-only rides); nothing
    // else of the gender travels, so "man" and unstated are one to other services, and so is a move between them.
    else if ((row.gender === 'woman') !== (current.gender === 'woman')) await recordUserSnapshot(tx, row);
    await recordEvent(tx, userChanged, { userId, changedAt: row.updatedAt.toISOString(), version: row.version });
    return toUser(row);
  });
  // After commit: a failed delete leaves an unreachable object behind, never a broken profile.
  for (const key of replaced) {
    await store.delete(key).catch((error: unknown) => logger.warn({ err: error, key }, 'could not delete a replaced profile photo'));
  }
  return user;
}

async function ownProfileUploadUrl(tx: Transaction, userId: string, url: string): Promise<string> {
  const publicId = publicIdFromUrl(url);
  if (!publicId) throw new HttpError(400, profileErrors.imageNotUploaded, [{ field: 'profileImageUrl', message: profileErrors.imageNotUploaded }]);
  const [upload] = await tx
    .select({ kind: uploads.kind })
    .from(uploads)
    .where(and(eq(uploads.publicId, publicId), eq(uploads.ownerId, userId)));
  if (upload?.kind !== 'profile') {
    throw new HttpError(400, profileErrors.imageNotUploaded, [{ field: 'profileImageUrl', message: profileErrors.imageNotUploaded }]);
  }
  return url;
}
