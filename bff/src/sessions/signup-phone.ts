import type { FastifyRequest } from 'fastify';

/** A phone verified at sign-up opens registration for this long, in this browser session only. */
export const SIGNUP_PHONE_VALID_MS = 30 * 60 * 1000;

/** Whether this browser session verified `phone`'s sign-up code, recently enough to register with it. */
export function phoneVerifiedHere(request: FastifyRequest, phone: string): boolean {
  const verified = request.session.get('signupPhone');
  return Boolean(verified && verified.phone === phone && Date.now() - verified.verifiedAt < SIGNUP_PHONE_VALID_MS);
}
