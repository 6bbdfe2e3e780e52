import multipart from '@fastify/multipart';
import { maxImageBytes, uploadErrors } from '@krom/contracts/http/auth';
import {
  type DocumentSlot,
  driverPhotoFields,
  driverVerificationFieldsSchema,
  identityPhotoFields,
  identityVerificationFieldsSchema,
  type VerificationKind,
  verificationErrors,
} from '@krom/contracts/http/verification';
import {
  decideVerificationRoute,
  myVerificationRoute,
  readVerificationDocumentRoute,
  reviewQueueRoute,
  reviewSubmissionRoute,
  submitDriverVerificationRoute,
  submitIdentityVerificationRoute,
} from '@krom/contracts/services/identity/verification';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import { requireStaff, requireUser } from '@krom/server-kit/internal-auth';
import { parseWith } from '@krom/server-kit/validate';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { decideVerification } from '../verification/decide-verification.ts';
import { myVerification } from '../verification/my-verification.ts';
import { readVerificationDocument } from '../verification/read-document.ts';
import { reviewQueue, reviewSubmission } from '../verification/review-submissions.ts';
import { submitVerification, type VerificationForm, type VerificationPhoto } from '../verification/submit-verification.ts';
import type { VerificationDeps } from '../verification/verification-deps.ts';
import { sendStoredObject } from '@krom/server-kit/object-store/send-stored';

const photoFields: Record<VerificationKind, Record<string, string>> = { identity: identityPhotoFields, driver: driverPhotoFields };

/**
 * Reads a verification form as it streams in: the text fields, and the photos of this kind's
 * file fields (each at most 5 MB, else 413); other file fields are read past and ignored, and an
 * empty file (a file input left empty) counts as no photo. A body that is not a multipart form
 * is read as a form without fields, so the caller is told what is missing.
 */
async function readVerificationForm(request: FastifyRequest, kind: VerificationKind): Promise<{ fields: Record<string, string>; photos: VerificationPhoto[] }> {
  const fields: Record<string, string> = {};
  const photos = new Map<DocumentSlot, Buffer>();
  if (!request.isMultipart()) return { fields, photos: [] };
  const wanted = photoFields[kind];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (Object.hasOwn(wanted, part.fieldname) && content.length > 0) photos.set(part.fieldname as DocumentSlot, content);
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, uploadErrors.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, verificationErrors.tooManyFiles);
    if (((error as { statusCode?: number }).statusCode ?? 500) < 500) throw error;
    // Everything else here is a form that cannot be read (no boundary, cut short): the caller's, not ours.
    throw new HttpError(400, uploadErrors.notImage);
  }
  return { fields, photos: [...photos].map(([slot, bytes]) => ({ slot, bytes })) };
}

/**
 * The text fields judged with the contract's rules: a 400 in the spec's words, the first problem
 * as the message and one per field listed (a card number can break two rules with one message).
 */
function judged<S extends z.ZodTypeAny>(schema: S, fields: Record<string, string>): z.infer<S> {
  try {
    return parseWith(schema, fields);
  } catch (error) {
    if (!(error instanceof HttpError) || !error.errors) throw error;
    const seen = new Set<string>();
    const firstPerField = error.errors.filter((problem) => !seen.has(problem.field) && seen.add(problem.field));
    throw new HttpError(error.statusCode, error.message, firstPerField);
  }
}

/** The form of `kind` read and its text fields judged. */
async function verificationForm(request: FastifyRequest, kind: VerificationKind): Promise<VerificationForm> {
  const { fields, photos } = await readVerificationForm(request, kind);
  return kind === 'identity'
    ? { kind, fields: judged(identityVerificationFieldsSchema, fields), photos }
    : { kind, fields: judged(driverVerificationFieldsSchema, fields), photos };
}

/** Identity and driver verification: the user's forms and view, staff's queue and decisions, the photos. */
export async function verificationRoutes(app: FastifyInstance, deps: VerificationDeps) {
  // Four photos of 5 MB at most, a few text fields; anything past these limits is refused.
  await app.register(multipart, { limits: { fileSize: maxImageBytes, files: 8, fields: 16, fieldSize: 1024, parts: 24 } });

  for (const [route, kind] of [
    [submitIdentityVerificationRoute, 'identity'],
    [submitDriverVerificationRoute, 'driver'],
  ] as const) {
    routeEndpoint(app, route, {
      handler: async (request, reply) => {
        const userId = requireUser(request);
        const form = await verificationForm(request, kind);
        return reply.status(201).send(await submitVerification(deps, userId, form));
      },
    });
  }

  routeEndpoint(app, myVerificationRoute, {
    handler: async (request) => myVerification(deps, requireUser(request)),
  });

  routeEndpoint(app, readVerificationDocumentRoute, {
    handler: async (request, reply) => {
      const object = await readVerificationDocument(deps, request.caller, request.params.documentId, request.query);
      // Never cached anywhere: the link itself expires.
      return sendStoredObject(reply, object, 'private, no-store');
    },
  });

  routeEndpoint(app, reviewQueueRoute, {
    handler: async (request) => reviewQueue(deps, request.query),
  });

  routeEndpoint(app, reviewSubmissionRoute, {
    handler: async (request) => reviewSubmission(deps, request.params.id),
  });

  routeEndpoint(app, decideVerificationRoute, {
    handler: async (request) => (await decideVerification(deps, requireStaff(request), request.params.id, request.body)).submission,
  });
}
