import { randomBytes, randomUUID } from 'node:crypto';
import { userChanged } from '@krom/contracts/events/identity';
import { accountErrors, uploadErrors } from '@krom/contracts/http/auth';
import {
  type DocumentSlot,
  type DriverVerificationFields,
  dailySubmissionLimit,
  type IdentityVerificationFields,
  type SubmissionStatus,
  type VerificationKind,
  verificationErrors,
  verificationMessages,
} from '@krom/contracts/http/verification';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent } from '@krom/server-kit/outbox';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { findLiveUser } from '../accounts/find-user.ts';
import { nextUserVersion } from '../accounts/user-version.ts';
import { uploads, users, verificationDocuments, verificationSubmissions } from '../db/schema.ts';
import { recordUserSnapshot } from '../events/user-snapshot.ts';
import { detectImageType } from '../uploads/detect-image-type.ts';
import { reserveUploadQuota } from '../uploads/upload-quota.ts';
import type { VerificationDeps } from './verification-deps.ts';
import { submissionRefusal } from './verification-rules.ts';

/** The upload kind of verification photos: served only by the document route, never pruned. */
export const verificationUploadKind = 'verification';

export type VerificationPhoto = { slot: DocumentSlot; bytes: Buffer };
export type VerificationForm =
  | { kind: 'identity'; fields: IdentityVerificationFields; photos: VerificationPhoto[] }
  | { kind: 'driver'; fields: DriverVerificationFields; photos: VerificationPhoto[] };

export type SubmissionReceipt = { id: string; kind: VerificationKind; status: SubmissionStatus; submittedAt: string };

type StoredPhoto = { slot: DocumentSlot; objectKey: string; contentType: string; sizeBytes: number };

/**
 * Queues a verification form for review. The photos are checked (image by their bytes), counted
 * against the upload quota and stored first; then one transaction, under the user's row lock,
 * checks the rules again, supersedes a waiting submission of the same kind, records the new one
 * with its documents, sets the user's status to pending with the form's details, raises the
 * version and records the snapshot and `user.changed` (the BFF drops its copy of the user). If
 * that fails the stored photos are deleted again.
 */
export async function submitVerification(deps: VerificationDeps, userId: string, form: VerificationForm): Promise<SubmissionReceipt> {
  const { db, store, logger } = deps;
  const user = await findLiveUser(db, userId);
  const refusal = submissionRefusal(form.kind, user);
  if (refusal) throw new HttpError(409, refusal);
  refuseOtherCard(form, user.ghanaCardNumber);
  await refuseOverDailyLimit(deps, userId);

  const typed = await Promise.all(form.photos.map(async (photo) => ({ ...photo, type: await detectImageType(photo.bytes) })));
  if (typed.some((photo) => !photo.type)) throw new HttpError(400, uploadErrors.notImage);
  for (const photo of typed) await reserveUploadQuota(db, userId, photo.bytes.length);

  const stored: StoredPhoto[] = [];
  try {
    for (const photo of typed) {
      const type = photo.type as NonNullable<typeof photo.type>;
      // A key the server made; the user's file name is never used.
      const objectKey = `${verificationUploadKind}/${userId}/${randomUUID()}.${type.extension}`;
      await store.put(objectKey, photo.bytes, type.mime);
      stored.push({ slot: photo.slot, objectKey, contentType: type.mime, sizeBytes: photo.bytes.length });
    }
    return await recordSubmission(deps, userId, form, stored);
  } catch (error) {
    for (const { objectKey } of stored) {
      await store.delete(objectKey).catch((cause: unknown) => logger.warn({ err: cause, key: objectKey }, 'could not delete a verification photo'));
    }
    throw error;
  }
}

/**
 * A driver form names the card the identity form gave (the same person): another number is
 * refused, so staff never approve a driver on a card nobody verified.
 */
function refuseOtherCard(form: VerificationForm, identityCard: string | null): void {
  if (form.kind !== 'driver' || !identityCard || form.fields.cardNumber === identityCard) return;
  throw new HttpError(400, verificationMessages.cardMismatch, [{ field: 'cardNumber', message: verificationMessages.cardMismatch }]);
}

/** At most `dailySubmissionLimit` forms in 24 hours per user, both kinds together (429). */
async function refuseOverDailyLimit(deps: VerificationDeps, userId: string): Promise<void> {
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const [sent] = await deps.db
    .select({ n: count() })
    .from(verificationSubmissions)
    .where(and(eq(verificationSubmissions.userId, userId), gt(verificationSubmissions.submittedAt, since)));
  if ((sent?.n ?? 0) >= dailySubmissionLimit) throw new HttpError(429, verificationErrors.tooManySubmissions);
}

async function recordSubmission(deps: VerificationDeps, userId: string, form: VerificationForm, photos: StoredPhoto[]): Promise<SubmissionReceipt> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!current) throw new HttpError(404, accountErrors.notFound);
    // Checked again under the lock: a decision may have landed since the first look.
    const refusal = submissionRefusal(form.kind, current);
    if (refusal) throw new HttpError(409, refusal);
    refuseOtherCard(form, current.ghanaCardNumber);

    await tx
      .update(verificationSubmissions)
      .set({ status: 'superseded' })
      .where(and(eq(verificationSubmissions.userId, userId), eq(verificationSubmissions.kind, form.kind), eq(verificationSubmissions.status, 'pending')));
    const { fields } = form;
    const [submission] = await tx
      .insert(verificationSubmissions)
      .values({
        userId,
        kind: form.kind,
        fullName: fields.fullName,
        cardNumber: fields.cardNumber,
        ...(form.kind === 'identity'
          ? { expiryDate: form.fields.expiryDate }
          : {
              dateOfBirth: form.fields.dateOfBirth,
              licenseNumber: form.fields.licenseNumber,
              licenseClass: form.fields.licenseClass,
              licenseExpiryDate: form.fields.licenseExpiryDate,
            }),
      })
      .returning();
    if (!submission) throw new Error('submission insert returned no row');

    const documentIds = new Map<DocumentSlot, string>();
    for (const photo of photos) {
      const [upload] = await tx
        .insert(uploads)
        .values({
          publicId: randomBytes(18).toString('base64url'),
          ownerId: userId,
          kind: verificationUploadKind,
          objectKey: photo.objectKey,
          contentType: photo.contentType,
          sizeBytes: photo.sizeBytes,
        })
        .returning({ id: uploads.id });
      if (!upload) throw new Error('upload insert returned no row');
      const [document] = await tx
        .insert(verificationDocuments)
        .values({ submissionId: submission.id, slot: photo.slot, uploadId: upload.id })
        .returning({ id: verificationDocuments.id });
      if (document) documentIds.set(photo.slot, document.id);
    }

    // The spec's columns on the account hold the latest form's details; the photo columns the
    // document ids. A driver form leaves the card number and name the identity form gave alone.
    const submittedAt = submission.submittedAt;
    const photo = (slot: DocumentSlot) => documentIds.get(slot) ?? null;
    const [row] = await tx
      .update(users)
      .set({
        ...(form.kind === 'identity'
          ? {
              verificationStatus: 'pending',
              ghanaCardNumber: form.fields.cardNumber,
              verificationFullName: form.fields.fullName,
              expiryDate: form.fields.expiryDate,
              verificationSubmittedAt: submittedAt,
              frontPhotoUrl: photo('cardPhoto'),
              backPhotoUrl: null,
            }
          : {
              driverVerificationStatus: 'pending',
              dateOfBirth: form.fields.dateOfBirth,
              licenseNumber: form.fields.licenseNumber,
              licenseClass: form.fields.licenseClass,
              licenseExpiryDate: form.fields.licenseExpiryDate,
              driverVerificationSubmittedAt: submittedAt,
              frontPhotoUrl: photo('ghanaCardFrontPhoto'),
              backPhotoUrl: photo('ghanaCardBackPhoto'),
              licenseFrontPhotoUrl: photo('licenseFrontPhoto'),
              licenseBackPhotoUrl: photo('licenseBackPhoto'),
            }),
        updatedAt: submittedAt,
        version: nextUserVersion(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new Error('user update returned no row');
    await recordUserSnapshot(tx, row);
    await recordEvent(tx, userChanged, { userId, changedAt: row.updatedAt.toISOString(), version: row.version });

    return { id: submission.id, kind: form.kind, status: 'pending', submittedAt: submittedAt.toISOString() };
  });
}
