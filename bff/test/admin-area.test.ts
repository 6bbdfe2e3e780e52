import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, sessionCookie, startBffWithAdmin } from './bff-test-env.ts';

let system: Awaited<ReturnType<typeof startBffWithAdmin>>;
beforeAll(async () => {
  system = await startBffWithAdmin();
});
afterAll(() => system.close());

const login = (username: string, password: string) =>
  system.bff.inject({ method: 'POST', url: '/api/admin/login', headers: { origin: ORIGIN }, payload: { username, password } });

describe('without an admin session', () => {
  it.each([
    ['GET', '/api/admin/verify'],
    ['GET', '/api/admin/waitlist'],
    ['GET', '/api/admin/users'],
    ['POST', '/api/admin/users'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const response = await system.bff.inject({ method, url, headers: { origin: ORIGIN }, payload: method === 'POST' ? { username: 'x', password: 'y' } : undefined });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Admin sign-in required');
  });

  it('a user session opens no admin call', async () => {
    const sid = await system.bff.sessions.create('user', crypto.randomUUID());
    const cookie = system.bff.encodeSecureSession(system.bff.createSecureSession({ user: sid }));
    for (const url of ['/api/admin/verify', '/api/admin/waitlist', '/api/admin/users']) {
      const response = await system.bff.inject({ method: 'GET', url, cookies: { krom_session: cookie } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('admin sign-in', () => {
  it.each([
    ['founder', 'wrong-password'],
    ['nobody', 'first-admin-pass'],
  ])('refuses %s with the spec error and no cookie', async (username, password) => {
    const response = await login(username, password);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid username or password');
    expect(response.cookies).toHaveLength(0);
  });

  it('sets one HttpOnly, SameSite=Lax session cookie (not Secure over plain http)', async () => {
    const response = await login('founder', 'first-admin-pass');
    expect(response.statusCode).toBe(200);
    expect(response.json().admin.username).toBe('founder');
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^krom_session=/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/);
  });

  it('lets staff verify, read the waitlist, and manage admins; sign-out ends the session on the server', async () => {
    const cookies = sessionCookie(await login('founder', 'first-admin-pass'));
    await system.bff.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { origin: ORIGIN },
      payload: { name: 'Akosua Danso', email: 'akosua@example.com', phone: '0241112223' },
    });

    const verify = await system.bff.inject({ method: 'GET', url: '/api/admin/verify', cookies });
    expect(verify.json().admin.username).toBe('founder');

    const waitlist = await system.bff.inject({ method: 'GET', url: '/api/admin/waitlist', cookies });
    expect(waitlist.statusCode).toBe(200);
    expect(waitlist.json().map((s: { email: string }) => s.email)).toContain('akosua@example.com');

    const created = await system.bff.inject({ method: 'POST', url: '/api/admin/users', cookies, headers: { origin: ORIGIN }, payload: { username: 'kwame.ops', password: 'kwame-pass', roles: ['support'] } });
    expect(created.statusCode).toBe(201);
    const duplicate = await system.bff.inject({ method: 'POST', url: '/api/admin/users', cookies, headers: { origin: ORIGIN }, payload: { username: 'kwame.ops', password: 'kwame-pass', roles: ['support'] } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Username already exists');
    const short = await system.bff.inject({ method: 'POST', url: '/api/admin/users', cookies, headers: { origin: ORIGIN }, payload: { username: 'kw', password: 'kwame-pass', roles: ['support'] } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Username must be at least 3 characters');

    const users = await system.bff.inject({ method: 'GET', url: '/api/admin/users', cookies });
    expect(users.json().map((u: { username: string }) => u.username)).toEqual(['founder', 'kwame.ops']);

    const logout = await system.bff.inject({ method: 'POST', url: '/api/admin/logout', cookies, headers: { origin: ORIGIN } });
    expect(logout.statusCode).toBe(200);
    // The cookie as it was before sign-out no longer opens anything.
    const replay = await system.bff.inject({ method: 'GET', url: '/api/admin/verify', cookies });
    expect(replay.statusCode).toBe(401);
  });

  it('gives each sign-in a new session', async () => {
    const first = sessionCookie(await login('founder', 'first-admin-pass'));
    const second = await system.bff.inject({ method: 'POST', url: '/api/admin/login', cookies: first, headers: { origin: ORIGIN }, payload: { username: 'founder', password: 'first-admin-pass' } });
    const secondCookies = sessionCookie(second);
    expect((await system.bff.inject({ method: 'GET', url: '/api/admin/verify', cookies: secondCookies })).statusCode).toBe(200);
    expect((await system.bff.inject({ method: 'GET', url: '/api/admin/verify', cookies: first })).statusCode).toBe(401);
  });

  it('ends the session of an admin who no longer exists', async () => {
    const created = await system.bff.inject({
      method: 'POST',
      url: '/api/admin/users',
      cookies: sessionCookie(await login('founder', 'first-admin-pass')),
      headers: { origin: ORIGIN },
      payload: { username: 'temp.staff', password: 'temp-pass', roles: ['support'] },
    });
    const cookies = sessionCookie(await login('temp.staff', 'temp-pass'));
    await system.admin.db.$client.query('DELETE FROM admin_users WHERE id = $1', [created.json().id]);
    expect((await system.bff.inject({ method: 'GET', url: '/api/admin/verify', cookies })).statusCode).toBe(401);
  });
});
