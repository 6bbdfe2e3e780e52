import { randomBytes, randomUUID } from 'node:crypto';
import { uploadErrors, uploadNotFound } from '@krom/contracts/http/auth';
import { HttpError } from '@krom/server-kit/errors';
import type { Logger } from '@krom/server-kit/logger';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { findLiveUser } from '../accounts/find-user.ts';
import { publishProfileUpdated } from '../accounts/update-profile.ts';
import { nextUserVersion } from '../accounts/user-version.ts';
import type { IdentityDb } from '../db/identity-db.ts';
import { uploads, userSettings, users } from '../db/schema.ts';
import type { ObjectStore, StoredObject } from '@krom/server-kit/object-store/port';
import { verificationUploadKind } from '../verification/submit-verification.ts';
import { detectImageType } from './detect-image-type.ts';
import { reserveUploadQuota } from './upload-quota.ts';
import { uploadUrl } from './upload-url.ts';

export type UploadKind = 'profile';
type Deps = { db: IdentityDb; store: ObjectStore; logger: Logger };

/**
 * Stores an image the user sent: its type is read from its bytes, the object key is made here
 * (the user's file name is never used), and callers get a random public id. Past the owner's
 * daily quota it is refused with a 429 before anything is stored.
 */
export async function storeUpload(deps: Deps, ownerId: string, kind: UploadKind, bytes: Buffer): Promise<{ url: string; publicId: string }> {
  await findLiveUser(deps.db, ownerId);
  const type = await detectImageType(bytes);
  if (!type) throw new HttpError(400, uploadErrors.notImage);
  await reserveUploadQuota(deps.db, ownerId, bytes.length);
  const publicId = randomBytes(18).toString('base64url');
  const objectKey = `${kind}/${ownerId}/${randomUUID()}.${type.extension}`;
  await deps.store.put(objectKey, bytes, type.mime);
  try {
    await deps.db.insert(uploads).values({ publicId, ownerId, kind, objectKey, contentType: type.mime, sizeBytes: bytes.length });
  } catch (error) {
    await deps.store.delete(objectKey).catch(() => undefined);
    throw error;
  }
  return { url: uploadUrl(publicId), publicId };
}

/**
 * An upload as `viewerId` (undefined for a guest) may see it: the owner always; a profile photo
 * also anyone else, guests included (driver photos show on public listings), unless its owner
 * turned "show profile to others" off. Anything else is the same 404 as an unknown id.
 */
export async function readUpload(deps: Deps, viewerId: string | undefined, publicId: string): Promise<StoredObject> {
  const [row] = await deps.db
    .select({
      ownerId: uploads.ownerId,
      kind: uploads.kind,
      objectKey: uploads.objectKey,
      contentType: uploads.contentType,
      shownToOthers: userSettings.showProfileToOthers,
    })
    .from(uploads)
    .innerJoin(users, eq(users.id, uploads.ownerId))
    .leftJoin(userSettings, eq(userSettings.userId, uploads.ownerId))
    .where(and(eq(uploads.publicId, publicId), isNull(users.deletedAt)));
  // No settings row means the defaults, where the profile is shown. Verification photos are
  // never served here, not even to their owner: only the document route, with its signed link.
  const visible =
    row && row.kind !== verificationUploadKind && (row.ownerId === viewerId || (row.kind === 'profile' && row.shownToOthers !== false));
  if (!row || !visible) throw new HttpError(404, uploadNotFound);
  const object = await deps.store.get(row.objectKey);
  if (!object) throw new HttpError(404, uploadNotFound);
  return { ...object, contentType: row.contentType };
}

/** Deletes the owner's upload; a photo in use leaves the profile without one. Others get a 404. */
export async function deleteUpload(deps: Deps, ownerId: string, publicId: string): Promise<void> {
  const objectKey = await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(uploads)
      // A verification photo belongs to its submission until the account is deleted.
      .where(and(eq(uploads.publicId, publicId), eq(uploads.ownerId, ownerId), ne(uploads.kind, verificationUploadKind)))
      .returning({ objectKey: uploads.objectKey });
    if (!removed) throw new HttpError(404, uploadNotFound);
    const [cleared] = await tx
      .update(users)
      .set({ profileImageUrl: null, updatedAt: new Date(), version: nextUserVersion() })
      .where(and(eq(users.id, ownerId), eq(users.profileImageUrl, uploadUrl(publicId))))
      .returning();
    if (cleared) await publishProfileUpdated(tx, cleared);
    return removed.objectKey;
  });
  await deps.store.delete(objectKey).catch((error: unknown) => deps.logger.warn({ err: error, key: objectKey }, 'could not delete an upload object'));
}
