import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineEndpoint } from '@krom/contracts/endpoint';
import { staffRoleRefusal } from '@krom/contracts/http/staff-roles-values';
import { z } from 'zod';
import { routeEndpoint } from './endpoint-route.ts';
import { createHttpApp } from './http-app.ts';
import { ASSERTION_HEADER, AssertionError, internalAuth, reusableAssertions, signAssertion, verifyAssertion } from './internal-auth.ts';

const secret = 'internal-secret-for-a-unit-test-0123456789';
const ama = { kind: 'user', userId: 'a8d1c9e2-0000-4000-8000-000000000001' } as const;
const kofi = { kind: 'user', userId: 'a8d1c9e2-0000-4000-8000-000000000002' } as const;
const at = (iso: string) => vi.setSystemTime(new Date(iso));
const seconds = (iso: string) => new Date(iso).getTime() / 1000;

/** A token with chosen claims, signed with `key` the way the BFF signs: what a forger or a bug could send. */
function handMade(claims: Record<string, unknown>, key = secret): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
}
const claimsFor = (iat: number, exp: number) => ({ kind: 'user', iss: 'krom-bff', aud: 'identity', sub: ama.userId, iat, exp });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  at('2026-11-23T08:00:00Z');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('verifying an assertion', () => {
  it('accepts a fresh assertion for this service and says who is calling', () => {
    expect(verifyAssertion(secret, signAssertion(secret, ama, 'identity'), 'identity')).toEqual(ama);
    expect(verifyAssertion(secret, signAssertion(secret, { kind: 'public' }, 'rides'), 'rides')).toEqual({ kind: 'public' });
    const staff = { kind: 'admin', adminId: 'b1', roles: ['support'] } as const;
    expect(verifyAssertion(secret, signAssertion(secret, staff, 'admin'), 'admin')).toEqual(staff);
  });

  it('reads a staff assertion without a roles claim as staff holding no roles', () => {
    const now = seconds('2026-11-23T08:00:00Z');
    const rolesless = handMade({ kind: 'admin', iss: 'krom-bff', aud: 'admin', sub: 'b1', iat: now, exp: now + 30 });
    expect(verifyAssertion(secret, rolesless, 'admin')).toEqual({ kind: 'admin', adminId: 'b1', roles: [] });
    expect(() => verifyAssertion(secret, handMade({ kind: 'admin', iss: 'krom-bff', aud: 'admin', sub: 'b1', iat: now, exp: now + 30, roles: 'administrator' }), 'admin')).toThrow('malformed roles');
  });

  it('is a standard HS256 JWT', () => {
    const [header, payload, signature] = signAssertion(secret, ama, 'identity').split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toEqual({
      ...claimsFor(seconds('2026-11-23T08:00:00Z'), seconds('2026-11-23T08:00:30Z')),
    });
    expect(signature).toBe(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'));
  });

  it('refuses an assertion once it has expired', () => {
    const token = signAssertion(secret, ama, 'identity');
    at('2026-11-23T08:00:29Z');
    expect(verifyAssertion(secret, token, 'identity')).toEqual(ama);
    at('2026-11-23T08:00:30Z');
    expect(() => verifyAssertion(secret, token, 'identity')).toThrow(AssertionError);
  });

  it('refuses an assertion that claims to live longer than the BFF lets one live', () => {
    const now = seconds('2026-11-23T08:00:00Z');
    expect(verifyAssertion(secret, handMade(claimsFor(now, now + 30)), 'identity')).toEqual(ama);
    expect(() => verifyAssertion(secret, handMade(claimsFor(now, now + 31)), 'identity')).toThrow('lifetime too long');
    expect(() => verifyAssertion(secret, handMade(claimsFor(now, now + 365 * 86_400)), 'identity')).toThrow('lifetime too long');
    // Issued long ago with a far expiry: still more than its lifetime after it was issued.
    expect(() => verifyAssertion(secret, handMade(claimsFor(now - 3600, now + 60)), 'identity')).toThrow('lifetime too long');
  });

  it('refuses an assertion issued in the future beyond a few seconds of clock skew', () => {
    const now = seconds('2026-11-23T08:00:00Z');
    expect(verifyAssertion(secret, handMade(claimsFor(now + 5, now + 35)), 'identity')).toEqual(ama);
    expect(() => verifyAssertion(secret, handMade(claimsFor(now + 6, now + 36)), 'identity')).toThrow('issued in the future');
  });

  it('refuses a forged or tampered signature', () => {
    const forged = signAssertion('another-secret-that-is-long-enough-000000', ama, 'identity');
    expect(() => verifyAssertion(secret, forged, 'identity')).toThrow('bad signature');
    const [header, , signature] = signAssertion(secret, ama, 'identity').split('.');
    const otherPayload = Buffer.from(JSON.stringify({ ...claimsFor(seconds('2026-11-23T08:00:00Z'), seconds('2026-11-23T08:00:30Z')), sub: kofi.userId })).toString('base64url');
    expect(() => verifyAssertion(secret, `${header}.${otherPayload}.${signature}`, 'identity')).toThrow('bad signature');
    const token = signAssertion(secret, ama, 'identity');
    expect(() => verifyAssertion(secret, `${token}x`, 'identity')).toThrow('bad signature');
    expect(() => verifyAssertion(secret, 'not-a-token', 'identity')).toThrow('malformed');
  });

  it('refuses an assertion addressed to another service, or from another issuer', () => {
    expect(() => verifyAssertion(secret, signAssertion(secret, ama, 'rides'), 'identity')).toThrow('not addressed to this service');
    const now = seconds('2026-11-23T08:00:00Z');
    expect(() => verifyAssertion(secret, handMade({ ...claimsFor(now, now + 30), iss: 'someone-else' }), 'identity')).toThrow('unexpected issuer');
    expect(() => verifyAssertion(secret, handMade({ ...claimsFor(now, now + 30), kind: 'root' }), 'identity')).toThrow('unknown caller kind');
  });

  it('accepts an assertion signed by jose, as BFFs from before this change sign them', async () => {
    const token = await new SignJWT({ kind: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('krom-bff')
      .setAudience('identity')
      .setSubject(ama.userId)
      .setIssuedAt()
      .setExpirationTime('30s')
      .sign(new TextEncoder().encode(secret));
    expect(verifyAssertion(secret, token, 'identity')).toEqual(ama);
  });
});

describe('reusable assertions', () => {
  it('hands one caller the same assertion for a while, and each caller and service its own', async () => {
    const assertion = reusableAssertions(secret);
    const first = await assertion(ama, 'identity');
    expect(await assertion(ama, 'identity')).toBe(first);
    expect(await assertion(kofi, 'identity')).not.toBe(first);
    expect(await assertion(ama, 'rides')).not.toBe(first);
    expect(verifyAssertion(secret, await assertion(kofi, 'identity'), 'identity')).toEqual(kofi);
    expect(() => verifyAssertion(secret, first, 'rides')).toThrow();
  });

  it('signs a new one after 10 s, while the reused one is still valid for the service', async () => {
    const assertion = reusableAssertions(secret);
    const first = await assertion(ama, 'identity');

    at('2026-11-23T08:00:09Z');
    expect(await assertion(ama, 'identity')).toBe(first);
    // The last moment it is handed out, it has two thirds of its 30 s left.
    expect(verifyAssertion(secret, first, 'identity')).toEqual(ama);

    at('2026-11-23T08:00:11Z');
    const second = await assertion(ama, 'identity');
    expect(second).not.toBe(first);
    expect(verifyAssertion(secret, second, 'identity')).toEqual(ama);

    at('2026-11-23T08:00:31Z');
    expect(() => verifyAssertion(secret, first, 'identity')).toThrow('expired');
  });
});

describe('a service checking assertions', () => {
  async function service() {
    const app = Fastify();
    await app.register(internalAuth, { secret, audience: 'identity' });
    app.get('/whoami', async (request) => request.caller);
    app.get('/health/live', async () => ({ status: 'ok' }));
    return app;
  }
  const call = (app: Awaited<ReturnType<typeof service>>, token?: string) =>
    app.inject({ method: 'GET', url: '/whoami', headers: token === undefined ? {} : { [ASSERTION_HEADER]: token } });

  it('answers the asserted caller, as often as the assertion is presented while it lives', async () => {
    const app = await service();
    const token = signAssertion(secret, ama, 'identity');
    expect((await call(app, token)).json()).toEqual(ama);
    at('2026-11-23T08:00:29Z');
    expect((await call(app, token)).json()).toEqual(ama);
  });

  it('refuses an assertion it accepted before, once it has expired', async () => {
    const app = await service();
    const token = signAssertion(secret, ama, 'identity');
    expect((await call(app, token)).statusCode).toBe(200);
    at('2026-11-23T08:00:30Z');
    const late = await call(app, token);
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('Internal assertion invalid or expired');
  });

  it('refuses a missing, forged or misaddressed assertion, and leaves health checks open', async () => {
    const app = await service();
    expect((await call(app)).statusCode).toBe(401);
    expect((await call(app, signAssertion('another-secret-that-is-long-enough-000000', ama, 'identity'))).statusCode).toBe(401);
    expect((await call(app, signAssertion(secret, ama, 'rides'))).statusCode).toBe(401);
    // A valid token seen first must not make a tampered copy of it pass.
    const token = signAssertion(secret, ama, 'identity');
    expect((await call(app, token)).statusCode).toBe(200);
    expect((await call(app, `${token.slice(0, -2)}AA`)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });
});

describe('a service checking the staff roles an endpoint declares', () => {
  const refunds = defineEndpoint({
    method: 'POST',
    path: '/refunds',
    caller: 'staff',
    roles: ['finance'],
    summary: 'A staff action only finance may take',
    responses: { 200: z.object({ ok: z.literal(true) }) },
  });
  async function service() {
    const app = createHttpApp({ service: 'payments', logLevel: 'silent' });
    await app.register(internalAuth, { secret, audience: 'payments' });
    routeEndpoint(app, refunds, { handler: async () => ({ ok: true as const }) });
    return app;
  }
  const post = (app: Awaited<ReturnType<typeof service>>, token: string) => app.inject({ method: 'POST', url: '/refunds', headers: { [ASSERTION_HEADER]: token } });
  const asStaff = (app: Awaited<ReturnType<typeof service>>, roles: string[]) => post(app, signAssertion(secret, { kind: 'admin', adminId: 'b1', roles }, 'payments'));

  it('admits the roles the endpoint names and administrators, and refuses other staff with 403 as the BFF does', async () => {
    const app = await service();
    expect((await asStaff(app, ['finance'])).statusCode).toBe(200);
    expect((await asStaff(app, ['administrator'])).statusCode).toBe(200);
    const support = await asStaff(app, ['support', 'trust_safety']);
    expect(support.statusCode).toBe(403);
    expect(support.json().message).toBe(staffRoleRefusal);
    expect((await asStaff(app, [])).statusCode).toBe(403);
  });

  it('refuses with 403 a staff assertion without a roles claim, as a test or a tool could mint one', async () => {
    const app = await service();
    const now = seconds('2026-11-23T08:00:00Z');
    const rolesless = await post(app, handMade({ kind: 'admin', iss: 'krom-bff', aud: 'payments', sub: 'b1', iat: now, exp: now + 30 }));
    expect(rolesless.statusCode).toBe(403);
    expect(rolesless.json().message).toBe(staffRoleRefusal);
  });
});
