import { HttpError } from '@krom/server-kit/errors';
import type { FastifyRequest } from 'fastify';

/**
 * Registration, sign-in and the recovery look-up are what the BFF does for an anonymous
 * browser; no other caller has a reason to reach them.
 */
export function requirePublicCaller(request: FastifyRequest): void {
  if (request.caller.kind !== 'public') throw new HttpError(401, 'Public caller required');
}
