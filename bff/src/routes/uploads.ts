import { deleteUploadedImage, getUploadedImage, uploadImage } from '@krom/contracts/api/uploads';
import { uploadNotFound, uploadPublicIdPattern } from '@krom/contracts/http/auth';
import { deleteUploadRoute, readUploadRoute, storeUploadRoute } from '@krom/contracts/services/identity/uploads';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance } from 'fastify';
import { callService, forward } from '../plugins/service-calls.ts';
import { requireUserCaller, userOrGuestCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * Profile photos: upload (streamed to identity, a form bigger than `uploadFormLimit` refused here
 * before a byte is forwarded), read, delete. Reading is open to guests too, for the driver photos
 * on public screens (identity decides what each caller may see); writing needs a signed-in user.
 */
export async function uploadRoutes(app: FastifyInstance, options: RouteOptions) {
  const { directory } = options;

  await forward(app, directory, {
    endpoint: uploadImage,
    to: storeUploadRoute,
    service: 'identity',
    caller: requireUserCaller,
    rateLimit: options.memberLimits.writes,
  });
  await forward(app, directory, {
    endpoint: getUploadedImage,
    to: readUploadRoute,
    service: 'identity',
    caller: userOrGuestCaller,
  });

  routeEndpoint(app, deleteUploadedImage, {
    // Checked as a preHandler, after the caller check has found the member it counts against.
    config: { rateLimit: options.memberLimits.writes },
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
