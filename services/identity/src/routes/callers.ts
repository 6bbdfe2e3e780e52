import { HttpError } from '@krom/server-kit/errors';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyRequest } from 'fastify';

/**
 * Registration, sign-in and the recovery look-up are what the BFF does for an anonymous
 * browser; no other caller has a reason to reach them.
 */
export function requirePublicCaller(request: FastifyRequest): void {
  if (request.caller.kind !== 'public') throw new HttpError(401, 'Public caller required');
}

/** Route options that refuse the wrong caller (401) before the request is judged (400). */
export const publicCallersOnly = { preValidation: async (request: FastifyRequest) => requirePublicCaller(request) };
export const assertedUsersOnly = { preValidation: async (request: FastifyRequest) => void requireUser(request) };
