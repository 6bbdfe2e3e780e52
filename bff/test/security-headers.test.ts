import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, sessionCookie, startBffWithAdmin } from './bff-test-env.ts';

let system: Awaited<ReturnType<typeof startBffWithAdmin>>;
beforeAll(async () => {
  system = await startBffWithAdmin();
});
afterAll(() => system.close());

function expectGuarded(response: LightMyRequestResponse, what: string) {
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['cache-control'], what).toBe('no-store');
  expect(response.headers['content-security-policy'], what).toBe("default-src 'none';frame-ancestors 'none'");
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  // The web server sends HSTS: only it knows whether the browser came over HTTPS.
  expect(response.headers['strict-transport-security'], what).toBeUndefined();
}

describe('/api answers', () => {
  it('keep personal data out of every cache, whether the BFF answers or forwards', async () => {
    const signIn = await system.bff.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: ORIGIN },
      payload: { username: 'founder', password: 'first-admin-pass' },
      remoteAddress: '10.9.0.1',
    });
    expect(signIn.statusCode).toBe(200);
    expectGuarded(signIn, 'sign-in');
    const cookies = sessionCookie(signIn);
    for (const url of ['/api/admin/verify', '/api/admin/waitlist', '/api/admin/users']) {
      const response = await system.bff.inject({ url, cookies });
      expect(response.statusCode, url).toBe(200);
      expectGuarded(response, url);
    }
  });

  it('carry the same headers on refusals and errors', async () => {
    const sid = await system.bff.sessions.create('user', crypto.randomUUID());
    const userCookie = system.bff.encodeSecureSession(system.bff.createSecureSession({ user: sid }));
    const refusals = [
      await system.bff.inject({ url: '/api/admin/verify' }),
      await system.bff.inject({ method: 'POST', url: '/api/admin/login', headers: { origin: ORIGIN }, payload: { username: 1 }, remoteAddress: '10.9.0.2' }),
      await system.bff.inject({ method: 'POST', url: '/api/admin/login', headers: { origin: 'https://evil.example' }, payload: {} }),
      await system.bff.inject({ url: '/api/no/such/route' }),
      // Identity is not running: the BFF answers for it.
      await system.bff.inject({ url: '/api/auth/user', cookies: { krom_session: userCookie } }),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual([401, 400, 403, 404, expect.any(Number)]);
    expect(refusals.at(-1)?.statusCode).toBeGreaterThanOrEqual(500);
    for (const response of refusals) expectGuarded(response, `${response.statusCode}`);
  });
});
