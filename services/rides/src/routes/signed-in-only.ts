import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyRequest } from 'fastify';

/**
 * Route options refusing any caller but a signed-in user with 401 before the request is read:
 * a guest learns nothing of a route's validation, and no body is parsed for them.
 */
export const signedInOnly = {
  onRequest: async (request: FastifyRequest) => {
    requireUser(request);
  },
};
