import { webcrypto } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { HttpError } from './errors.ts';

/** Who the BFF says is calling. Services trust nothing else about the caller. */
export type Caller =
  | { kind: 'public' }
  | { kind: 'user'; userId: string }
  | { kind: 'admin'; adminId: string };

export const ASSERTION_HEADER = 'x-krom-assertion';
const ISSUER = 'krom-bff';
/** Long enough for one request to cross the BFF and a service; too short to be worth stealing. */
const LIFETIME_SECONDS = 30;

/**
 * The HMAC key, imported once per secret: jose would otherwise import raw bytes again on every
 * sign and verify, which is most of their cost on a busy path like GET /api/auth/user.
 */
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
function key(secret: string): Promise<webcrypto.CryptoKey> {
  let imported = keys.get(secret);
  if (!imported) {
    imported = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, imported);
  }
  return imported;
}

export async function signAssertion(secret: string, caller: Caller, audience: string): Promise<string> {
  const subject = caller.kind === 'user' ? caller.userId : caller.kind === 'admin' ? caller.adminId : 'public';
  return new SignJWT({ kind: caller.kind })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(`${LIFETIME_SECONDS}s`)
    .sign(await key(secret));
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
    const id = `${audience}|${caller.kind}|${caller.kind === 'user' ? caller.userId : caller.kind === 'admin' ? caller.adminId : ''}`;
    const now = Date.now();
    const kept = issued.get(id);
    if (kept && kept.until > now) return kept.token;
    const token = await signAssertion(secret, caller, audience);
    // Bounded: past this many callers at once the map starts again rather than grow.
    if (issued.size >= 10_000) issued.clear();
    issued.set(id, { token, until: now + reuseMs });
    return token;
  };
}

export async function verifyAssertion(secret: string, token: string, audience: string): Promise<Caller> {
  const { payload } = await jwtVerify(token, await key(secret), {
    issuer: ISSUER,
    audience,
    algorithms: ['HS256'],
  });
  const kind = payload.kind;
  if (kind === 'user' && payload.sub) return { kind, userId: payload.sub };
  if (kind === 'admin' && payload.sub) return { kind, adminId: payload.sub };
  if (kind === 'public') return { kind };
  throw new joseErrors.JWTClaimValidationFailed('unknown caller kind', payload, 'kind');
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
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/health/')) return;
      const token = request.headers[ASSERTION_HEADER];
      if (typeof token !== 'string') throw new HttpError(401, 'Internal assertion required');
      try {
        request.caller = await verifyAssertion(options.secret, token, options.audience);
      } catch {
        throw new HttpError(401, 'Internal assertion invalid or expired');
      }
    });
  },
  { name: 'krom-internal-auth' },
);

export function requireAdmin(request: FastifyRequest): string {
  if (request.caller.kind !== 'admin') throw new HttpError(401, 'Admin sign-in required');
  return request.caller.adminId;
}

export function requireUser(request: FastifyRequest): string {
  if (request.caller.kind !== 'user') throw new HttpError(401, 'Sign-in required');
  return request.caller.userId;
}
