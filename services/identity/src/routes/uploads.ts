import multipart from '@fastify/multipart';
import {
  maxImageBytes,
  uploadErrors,
  uploadFormFields,
  uploadKindErrors,
  uploadKinds,
  uploadNotFound,
  uploadPublicIdPattern,
} from '@krom/contracts/http/auth';
import { deleteUploadRoute, readUploadRoute, storeUploadRoute } from '@krom/contracts/services/identity/uploads';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { Logger } from '@krom/server-kit/logger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdentityDb } from '../db/identity-db.ts';
import type { ObjectStore } from '@krom/server-kit/object-store/port';
import { sendStoredObject } from '@krom/server-kit/object-store/send-stored';
import { deleteUpload, readUpload, storeUpload, type UploadKind } from '../uploads/manage-uploads.ts';

type Deps = { db: IdentityDb; store: ObjectStore; logger: Logger };

const isUploadKind = (value: string): value is UploadKind => (uploadKinds as readonly string[]).includes(value);

/** Reads the form: the one image (at most 5 MB, counted as it streams in) and what it is for. */
async function readImageForm(request: FastifyRequest): Promise<{ bytes: Buffer | undefined; kind: string }> {
  if (!request.isMultipart()) throw new HttpError(400, uploadErrors.notImage);
  let bytes: Buffer | undefined;
  let kind = 'profile';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Any other file field is read past and ignored.
        const content = await part.toBuffer();
        if (part.fieldname === uploadFormFields.file) bytes = content;
      } else if (part.fieldname === uploadFormFields.kind) {
        kind = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, uploadErrors.tooLarge);
    if (((error as { statusCode?: number }).statusCode ?? 500) < 500) throw error;
    // Everything else here is a form that cannot be read (no boundary, cut short): the caller's, not ours.
    throw new HttpError(400, uploadErrors.notImage);
  }
  return { bytes, kind };
}

/** An id that cannot exist is as unknown as one that does not. */
function knownShape(publicId: string): string {
  if (!uploadPublicIdPattern.test(publicId)) throw new HttpError(404, uploadNotFound);
  return publicId;
}

/** Images users upload (profile photos for now), stored under server-made keys. */
export async function uploadRoutes(app: FastifyInstance, deps: Deps) {
  await app.register(multipart, { limits: { fileSize: maxImageBytes, files: 2, fields: 8, fieldSize: 1024, parts: 10 } });

  routeEndpoint(app, storeUploadRoute, {
    handler: async (request, reply) => {
      const userId = requireUser(request);
      const { bytes, kind } = await readImageForm(request);
      if (!isUploadKind(kind)) throw new HttpError(400, uploadKindErrors.unknownKind);
      if (!bytes || bytes.length === 0) throw new HttpError(400, uploadErrors.notImage);
      return reply.status(201).send(await storeUpload(deps, userId, kind, bytes));
    },
  });

  routeEndpoint(app, readUploadRoute, {
    handler: async (request, reply) => {
      const viewerId = request.caller.kind === 'user' ? request.caller.userId : undefined;
      const object = await readUpload(deps, viewerId, knownShape(request.params.publicId));
      return sendStoredObject(reply, object, 'private, max-age=86400');
    },
  });

  routeEndpoint(app, deleteUploadRoute, {
    handler: async (request) => {
      await deleteUpload(deps, requireUser(request), knownShape(request.params.publicId));
      return { ok: true as const };
    },
  });
}
