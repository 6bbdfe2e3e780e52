import { dropDatabase } from '@krom/server-kit/db';
import { administratorCaller, staffCaller } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminService } from '../src/open-admin.ts';
import { adminTestConfig } from './admin-test-env.ts';

const { config, as } = adminTestConfig({ ADMIN_BOOTSTRAP_USERNAME: 'founder', ADMIN_BOOTSTRAP_PASSWORD: 'first-admin-pass' });
let service: Awaited<ReturnType<typeof openAdminService>>;
let founderId: string;

beforeAll(async () => {
  service = await openAdminService(config);
});
afterAll(async () => {
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabase(config.DATABASE_URL);
});

const signIn = async (username: string, password: string) =>
  service.app.inject({ method: 'POST', url: '/admin-sessions', headers: await as({ kind: 'public' }), payload: { username, password } });

describe('the first admin', () => {
  it('is created from the bootstrap variables and can sign in', async () => {
    const response = await signIn('founder', 'first-admin-pass');
    expect(response.statusCode).toBe(200);
    expect(response.json().admin).toMatchObject({ username: 'founder' });
    expect(response.json().admin).not.toHaveProperty('password');
    founderId = response.json().admin.id;
  });

  it('stores the password as an argon2id hash at the OWASP minimum', async () => {
    const { rows } = await service.db.$client.query("SELECT password FROM admin_users WHERE username = 'founder'");
    expect(rows[0].password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('is not created again on a second start', async () => {
    const again = await openAdminService({ ...config, ADMIN_BOOTSTRAP_USERNAME: 'another', ADMIN_BOOTSTRAP_PASSWORD: 'another-pass' });
    await again.app.close();
    const { rows } = await service.db.$client.query('SELECT username FROM admin_users');
    expect(rows.map((r) => r.username)).toEqual(['founder']);
  });
});

describe('admin sign-in', () => {
  it.each([
    ['founder', 'wrong-password'],
    ['nobody-here', 'first-admin-pass'],
  ])('gives the same 401 for %s / %s', async (username, password) => {
    const response = await signIn(username, password);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid username or password');
  });

  it('requires both fields', async () => {
    const response = await signIn('', '');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Username is required');
  });
});

describe('managing admins', () => {
  it('refuses anonymous callers and users', async () => {
    for (const caller of [{ kind: 'public' as const }, { kind: 'user' as const, userId: crypto.randomUUID() }]) {
      const list = await service.app.inject({ method: 'GET', url: '/admin-users', headers: await as(caller) });
      const create = await service.app.inject({
        method: 'POST',
        url: '/admin-users',
        headers: await as(caller),
        payload: { username: 'intruder', password: 'secret123' },
      });
      expect(list.statusCode).toBe(401);
      expect(create.statusCode).toBe(401);
    }
  });

  it('creates an admin who can then sign in, and lists both', async () => {
    const headers = await as(administratorCaller(founderId));
    const created = await service.app.inject({ method: 'POST', url: '/admin-users', headers, payload: { username: 'yaw.ops', password: 'ops-pass-1', roles: ['support'] } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ username: 'yaw.ops' });
    expect((await signIn('yaw.ops', 'ops-pass-1')).statusCode).toBe(200);

    const list = await service.app.inject({ method: 'GET', url: '/admin-users', headers });
    expect(list.json().map((a: { username: string }) => a.username)).toEqual(['founder', 'yaw.ops']);
  });

  it('answers 409 for a username that exists in any case', async () => {
    const headers = await as(administratorCaller(founderId));
    const response = await service.app.inject({ method: 'POST', url: '/admin-users', headers, payload: { username: 'YAW.OPS', password: 'other-pass', roles: ['support'] } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Username already exists');
  });

  it.each([
    [{ username: 'ab', password: 'secret123', roles: ['support'] }, 'Username must be at least 3 characters'],
    [{ username: 'abena', password: '12345', roles: ['support'] }, 'Password must be at least 6 characters'],
  ])('answers 400 for %j', async (payload, message) => {
    const headers = await as(administratorCaller(founderId));
    const response = await service.app.inject({ method: 'POST', url: '/admin-users', headers, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('finds an admin by id, and 404s an unknown one', async () => {
    const headers = await as(administratorCaller(founderId));
    const found = await service.app.inject({ method: 'GET', url: `/admin-users/${founderId}`, headers });
    const unknown = await service.app.inject({ method: 'GET', url: `/admin-users/${crypto.randomUUID()}`, headers });
    expect(found.json().admin.username).toBe('founder');
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an assertion signed with another secret or for another service', async () => {
    const { signAssertion, ASSERTION_HEADER } = await import('@krom/server-kit/internal-auth');
    const forged = await signAssertion('x'.repeat(40), administratorCaller(founderId), 'admin');
    const wrongAudience = await signAssertion(config.INTERNAL_AUTH_SECRET, administratorCaller(founderId), 'rides');
    for (const token of [forged, wrongAudience]) {
      const response = await service.app.inject({ method: 'GET', url: '/admin-users', headers: { [ASSERTION_HEADER]: token } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('staff names', () => {
  it('are read by any member of staff (ids and usernames only), while the full list stays the administrators’', async () => {
    const support = await as(staffCaller(['support'], founderId));
    const names = await service.app.inject({ method: 'GET', url: '/staff-names', headers: support });
    expect(names.statusCode).toBe(200);
    expect(names.json().staff).toContainEqual({ id: founderId, username: 'founder' });
    expect(Object.keys(names.json().staff[0]).sort()).toEqual(['id', 'username']);
    expect((await service.app.inject({ method: 'GET', url: '/admin-users', headers: support })).statusCode).toBe(403);
    expect((await service.app.inject({ method: 'GET', url: '/staff-names', headers: await as({ kind: 'public' }) })).statusCode).toBe(401);
  });
});
