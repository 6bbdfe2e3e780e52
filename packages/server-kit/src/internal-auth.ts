import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EndpointCaller } from '@krom/contracts/endpoint';
import { type StaffRole, staffMay, staffRoleRefusal } from '@krom/contracts/http/staff-roles-values';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';

/** Who the BFF says is calling. Services trust nothing else about the caller. */
export type Caller =
  | { kind: 'public' }
  | { kind: 'user'; userId: string }
  /**
   * `roles`: the staff roles the BFF's session holds (what the audit log records the action under,
   * and what an endpoint's declared roles are checked against). Every staff assertion carries
   * them; one without a roles claim is read as holding none.
   */
  | { kind: 'admin'; adminId: string; roles: readonly string[] };

export const ASSERTION_HEADER = 'x-krom-assertion';
const ISSUER = 'krom-bff';
/** Long enough for one request to cross the BFF and a service; too short to be worth stealing. */
const LIFETIME_SECONDS = 30;
/** How far ahead of a service's clock the BFF's may run before an assertion is refused. */
const CLOCK_SKEW_SECONDS = 5;

/**
 * The assertion is a standard HS256 JWT (base64url header.payload.signature), signed and checked
 * with Node's own HMAC: it runs on every service request, and a general JWT library's key import,
 * option handling and promises cost several times the hash itself.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const hmac = (secret: string, signed: string) => createHmac('sha256', secret).update(signed).digest();

/** Why an assertion was refused; services answer 401 whatever the reason. */
export class AssertionError extends Error {
  override name = 'AssertionError';
}

export function signAssertion(secret: string, caller: Caller, audience: string): string {
  const sub = caller.kind === 'user' ? caller.userId : caller.kind === 'admin' ? caller.adminId : 'public';
  const iat = Math.floor(Date.now() / 1000);
  const roles = caller.kind === 'admin' ? { roles: caller.roles } : {};
  const payload = { kind: caller.kind, iss: ISSUER, aud: audience, sub, iat, exp: iat + LIFETIME_SECONDS, ...roles };
  const signed = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signed}.${hmac(secret, signed).toString('base64url')}`;
}

/**
 * A signer that hands out the same assertion for one caller and audience for a third of its
 * lifetime, so a busy caller is signed for a few times a minute instead of on every request.
 * A reused assertion still has at least two thirds of its life left when a service checks it.
 */
export function reusableAssertions(secret: string): (caller: Caller, audience: string) => Promise<string> {
  const reuseMs = (LIFETIME_SECONDS * 1000) / 3;
  const issued = new Map<string, { token: string; until: number }>();
  return async (caller, audience) => {
    const id = `${audience}|${caller.kind}|${caller.kind === 'user' ? caller.userId : caller.kind === 'admin' ? `${caller.adminId}|${caller.roles.join(',')}` : ''}`;
    const now = Date.now();
    const kept = issued.get(id);
    if (kept && kept.until > now) return kept.token;
    const token = signAssertion(secret, caller, audience);
    // Bounded: past this many callers at once the map starts again rather than grow.
    if (issued.size >= 10_000) issued.clear();
    issued.set(id, { token, until: now + reuseMs });
    return token;
  };
}

type Claims = { kind?: unknown; iss?: unknown; aud?: unknown; sub?: unknown; iat?: unknown; exp?: unknown; roles?: unknown };

function decodeJson(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AssertionError('not a JSON object');
  return value as Record<string, unknown>;
}

/**
 * Who an assertion says is calling, once its signature, issuer, audience and times hold. An
 * assertion must be current (issued no later than a few seconds from now, not yet expired) and
 * must not claim a longer life than the BFF gives one: a token minted with a far expiry (a
 * leaked secret, a bug) is refused rather than trusted until then.
 */
export function verifyAssertion(secret: string, token: string, audience: string): Caller {
  return checkAssertion(secret, token, audience).caller;
}

function checkAssertion(secret: string, token: string, audience: string): { caller: Caller; exp: number } {
  const parts = token.split('.');
  if (parts.length !== 3) throw new AssertionError('malformed');
  const [header, payload, signature] = parts as [string, string, string];
  // Compared as text: base64url decoding skips stray characters, so decoded bytes could match a mangled signature.
  const expected = Buffer.from(hmac(secret, `${header}.${payload}`).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AssertionError('bad signature');

  let claims: Claims;
  try {
    if (decodeJson(header).alg !== 'HS256') throw new AssertionError('unexpected algorithm');
    claims = decodeJson(payload);
  } catch (error) {
    throw error instanceof AssertionError ? error : new AssertionError('malformed');
  }
  if (claims.iss !== ISSUER) throw new AssertionError('unexpected issuer');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(audience)) throw new AssertionError('not addressed to this service');
  const { iat, exp } = claims;
  if (typeof iat !== 'number' || typeof exp !== 'number') throw new AssertionError('missing times');
  const now = Date.now() / 1000;
  if (exp <= now) throw new AssertionError('expired');
  if (iat > now + CLOCK_SKEW_SECONDS) throw new AssertionError('issued in the future');
  if (exp - iat > LIFETIME_SECONDS) throw new AssertionError('lifetime too long');

  const { kind, sub } = claims;
  if (typeof sub !== 'string' || sub === '') throw new AssertionError('no subject');
  if (kind === 'user') return { caller: { kind, userId: sub }, exp };
  if (kind === 'admin') {
    const { roles } = claims;
    // Only a test or a tool holding the secret mints a staff assertion without roles: it opens no endpoint that declares roles.
    if (roles === undefined) return { caller: { kind, adminId: sub, roles: [] }, exp };
    if (!Array.isArray(roles) || !roles.every((role) => typeof role === 'string')) throw new AssertionError('malformed roles');
    return { caller: { kind, adminId: sub, roles }, exp };
  }
  if (kind === 'public') return { caller: { kind }, exp };
  throw new AssertionError('unknown caller kind');
}

/**
 * Assertions this service has already verified, by their exact text, until they expire: the BFF
 * reuses one per caller for ten seconds, so most requests skip the HMAC and JSON decoding. Only
 * an assertion that passed every check is kept, and its expiry is checked again on each use.
 */
function verifiedAssertions(secret: string, audience: string): (token: string) => Caller {
  const verified = new Map<string, { caller: Caller; exp: number }>();
  return (token) => {
    const known = verified.get(token);
    if (known && known.exp > Date.now() / 1000) return known.caller;
    if (known) verified.delete(token);
    const checked = checkAssertion(secret, token, audience);
    // Bounded: past this many live callers the map starts again rather than grow.
    if (verified.size >= 10_000) verified.clear();
    // Shared by every request that presents this assertion: frozen so no handler can change it for the others.
    verified.set(token, { caller: Object.freeze(checked.caller), exp: checked.exp });
    return checked.caller;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

/**
 * Every route of a service except health checks requires a valid assertion from the BFF,
 * addressed to this service. Without one the answer is 401 and the handler never runs.
 */
export const internalAuth = fp<{ secret: string; audience: string }>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('caller', null as never);
    app.decorate('callerGuard', assertedCallerGuard);
    const verify = verifiedAssertions(options.secret, options.audience);
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.startsWith('/health/')) return done();
      const token = request.headers[ASSERTION_HEADER];
      if (typeof token !== 'string') return done(new HttpError(401, 'Internal assertion required'));
      try {
        request.caller = verify(token);
      } catch {
        return done(new HttpError(401, 'Internal assertion invalid or expired'));
      }
      done();
    });
  },
  { name: 'krom-internal-auth' },
);

/** The asserted kind each declared caller is, and what a refused one is told (401, as before). */
const asserted = {
  guest: { kind: 'public', refusal: 'Public caller required' },
  webhook: { kind: 'public', refusal: 'Public caller required' },
  user: { kind: 'user', refusal: 'Sign-in required' },
  staff: { kind: 'admin', refusal: 'Admin sign-in required' },
} as const;

/**
 * A service's check of its endpoints' callers, from the BFF's assertion: a `guest` endpoint takes
 * only the public caller (what the BFF sends for an anonymous visitor's steps), and so does a
 * `webhook` (a provider's callback the BFF passes on; the provider's adapter checks its signature),
 * `user` a user, `staff` an admin. A `staff` endpoint that declares roles refuses (403) a member
 * of staff whose asserted roles hold none of them, as the BFF does: the service does not rely on
 * the BFF alone. The BFF asserts every staff session's roles; an assertion without a roles claim
 * holds none, so it is refused too.
 */
function assertedCallerGuard(allowed: readonly EndpointCaller[], roles?: readonly StaffRole[]) {
  const kinds = allowed.map((caller) => {
    if (caller === 'public') throw new Error('a public route needs no caller check');
    return asserted[caller];
  });
  const [first] = kinds;
  if (!first) throw new Error('an endpoint must admit some caller');
  const admitted = new Set<Caller['kind']>(kinds.map((entry) => entry.kind));
  return async (request: FastifyRequest) => {
    const { caller } = request;
    if (!admitted.has(caller.kind)) throw new HttpError(401, first.refusal);
    if (caller.kind === 'admin' && roles && !staffMay(caller.roles, roles)) throw new HttpError(403, staffRoleRefusal);
  };
}

/** The admin the route's caller check admitted (a `staff` endpoint's handler). */
export function requireAdmin(request: FastifyRequest): string {
  if (request.caller.kind !== 'admin') throw new HttpError(401, 'Admin sign-in required');
  return request.caller.adminId;
}

/** The member of staff the route's caller check admitted, with the roles the BFF's session holds (what the audit log records). */
export function requireStaff(request: FastifyRequest): { adminId: string; roles: readonly string[] } {
  if (request.caller.kind !== 'admin') throw new HttpError(401, 'Admin sign-in required');
  return { adminId: request.caller.adminId, roles: request.caller.roles };
}

/** The user the route's caller check admitted (a `user` endpoint's handler). */
export function requireUser(request: FastifyRequest): string {
  if (request.caller.kind !== 'user') throw new HttpError(401, 'Sign-in required');
  return request.caller.userId;
}
