import { verificationErrors } from '@krom/contracts/http/verification';
import { HttpError } from '@krom/server-kit/errors';
import type { Caller } from '@krom/server-kit/internal-auth';
import { and, eq, isNull } from 'drizzle-orm';
import { uploads, users, verificationDocuments, verificationSubmissions } from '../db/schema.ts';
import type { StoredObject } from '@krom/server-kit/object-store/port';
import { isUuid } from './review-submissions.ts';
import type { VerificationDeps } from './verification-deps.ts';

/**
 * A verification photo's bytes, through a signed link (`expires`, `signature`), to staff or to
 * the user who sent it. A link that is not one identity made (missing or wrong signature) or
 * has expired is refused (403: reopening the submission gives fresh links); any other user is
 * told the document does not exist (404), as for an unknown id.
 */
export async function readVerificationDocument(
  deps: VerificationDeps,
  caller: Caller,
  documentId: string,
  link: { expires?: string; signature?: string },
  now = new Date(),
): Promise<StoredObject> {
  if (caller.kind === 'public') throw new HttpError(401, 'Sign-in required');
  if (!isUuid(documentId)) throw new HttpError(404, verificationErrors.documentNotFound);
  const checked = deps.links.check(documentId, link.expires, link.signature, now);
  if (checked !== 'valid') throw new HttpError(403, verificationErrors.documentLinkExpired);

  const [row] = await deps.db
    .select({ ownerId: verificationSubmissions.userId, objectKey: uploads.objectKey, contentType: uploads.contentType })
    .from(verificationDocuments)
    .innerJoin(verificationSubmissions, eq(verificationSubmissions.id, verificationDocuments.submissionId))
    .innerJoin(uploads, eq(uploads.id, verificationDocuments.uploadId))
    .innerJoin(users, eq(users.id, verificationSubmissions.userId))
    .where(and(eq(verificationDocuments.id, documentId), isNull(users.deletedAt)));
  const allowed = row && (caller.kind === 'admin' || row.ownerId === caller.userId);
  if (!row || !allowed) throw new HttpError(404, verificationErrors.documentNotFound);
  const object = await deps.store.get(row.objectKey);
  if (!object) throw new HttpError(404, verificationErrors.documentNotFound);
  return { ...object, contentType: row.contentType };
}
