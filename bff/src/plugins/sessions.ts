import { hkdfSync } from 'node:crypto';
import secureSession from '@fastify/secure-session';
import { HttpError } from '@krom/server-kit/errors';
import type { EndpointCaller } from '@krom/contracts/endpoint';
import { type StaffRole, staffMay, staffRoleRefusal } from '@krom/contracts/http/staff-roles-values';
import type { CallerCheck } from '@krom/server-kit/endpoint-route';
import type { Caller } from '@krom/server-kit/internal-auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { type PrincipalKind, SessionStore } from '../sessions/session-store.ts';

declare module '@fastify/secure-session' {
  interface SessionData {
    /** Session id of the signed-in staff member, if any. */
    admin: string;
    /** Session id of the signed-in user, if any. */
    user: string;
    /** Sign-up: the phone number whose code was verified in this browser session, and when. */
    signupPhone: { phone: string; verifiedAt: number };
    /**
     * Password recovery in progress: the account it matched (null when none did, so the answers
     * stay the same), the method, and when the code was verified.
     */
    reset: {
      userId: string | null;
      method: 'email' | 'sms';
      startedAt: number;
      /**
       * Names this code's wrong tries, counted in Redis for every reset alike, known account or
       * not, so that both get the same answers in the same order. A new one with each resend.
       */
      attempt?: string;
      verifiedAt?: number;
      /** The server-side grant the verified code opened: used once, then gone for every copy of this cookie. */
      grant?: string;
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
  }
  interface FastifyRequest {
    /** The signed-in user this request was found to come from, once a route asked. */
    signedInUserId?: string;
    /** The signed-in staff member's roles, once a route looked the staff session up. */
    staffRoles?: readonly string[];
    /** Principals already looked up for this request, by the session id the cookie held then. */
    principalsFound?: Partial<Record<PrincipalKind, { sid: string; principalId: string | undefined }>>;
  }
}

export type SessionOptions = {
  secret: string;
  secure: boolean;
  redis: Redis;
  redisPrefix: string;
  admin: { idleSeconds: number; absoluteSeconds: number };
  user: { idleSeconds: number; absoluteSeconds: number };
};

export const sessionCookieName = (secure: boolean) => (secure ? '__Host-krom_session' : 'krom_session');

/**
 * The browser holds one encrypted cookie (HttpOnly, SameSite=Lax, Secure and __Host- over
 * HTTPS) carrying a session id per principal; the records live in Redis.
 */
export const sessions = fp<SessionOptions>(
  async (app: FastifyInstance, options) => {
    const key = Buffer.from(hkdfSync('sha256', options.secret, 'krom-session-salt', 'krom-session-cookie-v1', 32));
    await app.register(secureSession, {
      key,
      cookieName: sessionCookieName(options.secure),
      expiry: Math.max(options.admin.absoluteSeconds, options.user.absoluteSeconds),
      cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure },
    });
    app.decorate('sessions', new SessionStore(options.redis, options.redisPrefix, { admin: options.admin, user: options.user }));
    app.decorate('callerGuard', sessionCallerGuard);
  },
  { name: 'krom-sessions' },
);

/**
 * The signed-in principal of `kind`, or undefined; a dead session id is dropped from the cookie.
 * Looked up once per request and session id: the route's caller check and its handler both ask.
 */
export async function currentPrincipal(request: FastifyRequest, kind: PrincipalKind): Promise<string | undefined> {
  const sid = request.session.get(kind);
  if (!sid) return undefined;
  const found = request.principalsFound?.[kind];
  if (found?.sid === sid) return found.principalId;
  const record = await request.server.sessions.touch(sid, kind);
  request.principalsFound = { ...request.principalsFound, [kind]: { sid, principalId: record?.principalId } };
  if (!record) {
    request.session.set(kind, undefined);
    return undefined;
  }
  if (kind === 'user') request.signedInUserId = record.principalId;
  if (kind === 'admin') request.staffRoles = record.roles ?? [];
  return record.principalId;
}

/**
 * The BFF's check of its /api endpoints' callers, from the session: a `user` endpoint needs a
 * signed-in user, a `staff` one a signed-in admin (a user session opens no staff route), and one
 * admitting both either. Everything else (`public`, `guest`, `webhook`) reads no session here: a
 * guest's step calls its service as the public caller, a webhook is judged by its signature.
 */
function sessionCallerGuard(allowed: readonly EndpointCaller[], roles?: readonly StaffRole[]): CallerCheck | undefined {
  if (allowed.some((caller) => caller === 'public' || caller === 'guest' || caller === 'webhook')) return undefined;
  const kinds = allowed.map((caller) => (caller === 'staff' ? 'admin' : 'user') as PrincipalKind);
  const refusal = kinds[0] === 'admin' ? 'Admin sign-in required' : 'Sign-in required';
  return async (request) => {
    let refusedStaff = false;
    for (const kind of kinds) {
      if (!(await currentPrincipal(request, kind))) continue;
      // A member of staff whose roles do not include one the endpoint declares is refused (403).
      if (kind === 'admin' && roles && !staffMay(request.staffRoles, roles)) {
        refusedStaff = true;
        continue;
      }
      return;
    }
    if (refusedStaff) throw new HttpError(403, staffRoleRefusal);
    throw new HttpError(401, refusal);
  };
}

/**
 * Opens a new session for `principalId`. With `passwordCheckedAt` (`sessions.now()` read before the
 * password was checked), a password changed since then wins: the session just opened is ended
 * and false returned. Without that, a sign-in whose check passed on the old password just before
 * a reset, and whose session was opened just after the reset ended the others, would outlive it.
 */
export async function signIn(
  request: FastifyRequest,
  kind: PrincipalKind,
  principalId: string,
  passwordCheckedAt?: number,
  roles?: readonly string[],
): Promise<boolean> {
  const { sessions } = request.server;
  const previous = request.session.get(kind);
  if (previous) await sessions.destroy(previous);
  // Always a new session id at sign-in: nothing set before it carries over.
  const sid = await sessions.create(kind, principalId, roles);
  // Read after the session is in the principal's index: a change marked later ends it there.
  if (passwordCheckedAt !== undefined && (await sessions.credentialsChangedSince(kind, principalId, passwordCheckedAt))) {
    await sessions.destroy(sid);
    request.session.set(kind, undefined);
    return false;
  }
  request.session.set(kind, sid);
  return true;
}

/**
 * After the password of a user changed (settings or recovery) or staff suspended them: every
 * session of theirs but `keep` ends, and a sign-in whose password was checked before cannot open
 * one afterwards.
 */
export async function endUserSessions(request: FastifyRequest, userId: string, keep?: string): Promise<void> {
  await request.server.sessions.markCredentialsChanged('user', userId);
  await request.server.sessions.destroyAllFor('user', userId, keep);
}

export async function signOut(request: FastifyRequest, kind: PrincipalKind): Promise<void> {
  const sid = request.session.get(kind);
  if (sid) await request.server.sessions.destroy(sid);
  request.session.set(kind, undefined);
}

export async function requireAdminCaller(request: FastifyRequest): Promise<Caller> {
  const adminId = await currentPrincipal(request, 'admin');
  if (!adminId) throw new HttpError(401, 'Admin sign-in required');
  return { kind: 'admin', adminId, roles: request.staffRoles ?? [] };
}

export async function requireUserCaller(request: FastifyRequest): Promise<Caller> {
  const userId = await currentPrincipal(request, 'user');
  if (!userId) throw new HttpError(401, 'Sign-in required');
  return { kind: 'user', userId };
}

export async function publicCaller(): Promise<Caller> {
  return { kind: 'public' };
}

/** For what guests may see too: the signed-in user when there is one (a dead session is simply a guest), else the public caller. */
export async function userOrGuestCaller(request: FastifyRequest): Promise<Caller> {
  const userId = await currentPrincipal(request, 'user');
  return userId ? { kind: 'user', userId } : publicCaller();
}
