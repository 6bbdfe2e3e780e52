import { deleteUploadedImage, getUploadedImage, uploadImage } from '@krom/contracts/api/uploads';
import { maxImageBytes, uploadErrors, uploadNotFound, uploadPublicIdPattern } from '@krom/contracts/http/auth';
import { deleteUploadRoute, readUploadRoute, storeUploadRoute } from '@krom/contracts/services/identity/uploads';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callService, forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/** Room for the form's boundaries and small fields around a 5 MB image. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * The upload streams through untouched (identity reads the bytes); a body announced as bigger
 * than any acceptable form is refused here in the spec's words before a byte is forwarded.
 */
async function uploaderWithinLimit(request: FastifyRequest) {
  const caller = await requireUserCaller(request);
  const announced = Number(request.headers['content-length'] ?? 0);
  if (announced > maxImageBytes + MULTIPART_OVERHEAD_BYTES) throw new HttpError(413, uploadErrors.tooLarge);
  return caller;
}

/** Profile photos: upload (streamed to identity), read, delete. Never to anonymous callers. */
export async function uploadRoutes(app: FastifyInstance, options: RouteOptions) {
  const { directory } = options;

  await forward(app, directory, {
    endpoint: uploadImage,
    to: storeUploadRoute,
    service: 'identity',
    caller: uploaderWithinLimit,
  });
  await forward(app, directory, {
    endpoint: getUploadedImage,
    to: readUploadRoute,
    service: 'identity',
    caller: requireUserCaller,
  });

  routeEndpoint(app, deleteUploadedImage, {
    // A signed-out caller is told so (401) before the body is judged.
    preValidation: async (request) => void (await requireUserCaller(request)),
    handler: async (request) => {
      const caller = await requireUserCaller(request);
      const { publicId } = request.body;
      if (!uploadPublicIdPattern.test(publicId)) throw new HttpError(404, uploadNotFound);
      await callService(request, directory, {
        service: 'identity',
        to: deleteUploadRoute,
        params: { publicId },
        caller,
      });
      return { ok: true as const };
    },
  });
}
