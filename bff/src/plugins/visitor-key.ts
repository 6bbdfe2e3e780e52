import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Whose allowance a request counts against: a signed-in browser's own session (read from the
 * cookie, no Redis call), else the client address. Mobile networks put many people behind one
 * address, so a signed-in user is not limited by the strangers who share theirs.
 */
export function visitorRateLimitKey(request: FastifyRequest): string {
  const sid = request.session?.get('user');
  return sid ? `session:${createHash('sha256').update(sid).digest('base64url').slice(0, 22)}` : request.ip;
}

/**
 * Whose allowance a member's write counts against: the account, whichever of its sessions sent
 * it, so signing in again gives no fresh allowance. Read once the caller is resolved (member
 * limits run as a preHandler, after a guest was already refused 401); else the visitor.
 */
export function memberRateLimitKey(request: FastifyRequest): string {
  return request.signedInUserId ? `member:${request.signedInUserId}` : visitorRateLimitKey(request);
}
