import { hkdfSync } from 'node:crypto';
import secureSession from '@fastify/secure-session';
import { HttpError } from '@krom/server-kit/errors';
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
  },
  { name: 'krom-sessions' },
);

/** The signed-in principal of `kind`, or undefined; a dead session id is dropped from the cookie. */
export async function currentPrincipal(request: FastifyRequest, kind: PrincipalKind): Promise<string | undefined> {
  const sid = request.session.get(kind);
  if (!sid) return undefined;
  const record = await request.server.sessions.touch(sid, kind);
  if (!record) {
    request.session.set(kind, undefined);
    return undefined;
  }
  return record.principalId;
}

export async function signIn(request: FastifyRequest, kind: PrincipalKind, principalId: string): Promise<void> {
  const previous = request.session.get(kind);
  if (previous) await request.server.sessions.destroy(previous);
  // Always a new session id at sign-in: nothing set before it carries over.
  request.session.set(kind, await request.server.sessions.create(kind, principalId));
}

export async function signOut(request: FastifyRequest, kind: PrincipalKind): Promise<void> {
  const sid = request.session.get(kind);
  if (sid) await request.server.sessions.destroy(sid);
  request.session.set(kind, undefined);
}

export async function requireAdminCaller(request: FastifyRequest): Promise<Caller> {
  const adminId = await currentPrincipal(request, 'admin');
  if (!adminId) throw new HttpError(401, 'Admin sign-in required');
  return { kind: 'admin', adminId };
}

export async function requireUserCaller(request: FastifyRequest): Promise<Caller> {
  const userId = await currentPrincipal(request, 'user');
  if (!userId) throw new HttpError(401, 'Sign-in required');
  return { kind: 'user', userId };
}

export async function publicCaller(): Promise<Caller> {
  return { kind: 'public' };
}
