import { signInLockedMessage } from '@krom/contracts/http/auth';
import { dropDatabase } from '@krom/server-kit/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAdminCredentials, createAdmin } from '../src/admins/admin-accounts.ts';
import { openAdminService } from '../src/open-admin.ts';
import { adminTestConfig } from './admin-test-env.ts';

const { config, as } = adminTestConfig();
let service: Awaited<ReturnType<typeof openAdminService>>;

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
const statusesOf = async (username: string, n: number) => {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await signIn(username, 'wrong-pass')).statusCode);
  return statuses;
};

describe('the staff failure budget', () => {
  it('locks a staff account after 10 wrong passwords, refuses the right one with the minutes left, and lets it in after the lock', async () => {
    const admin = await createAdmin(service.db, { username: 'efua.ops', password: 'ops-pass-1', roles: ['support'] });
    expect(await statusesOf('efua.ops', 10)).toEqual([...Array(9).fill(401), 429]);
    const right = await signIn('EFUA.OPS', 'ops-pass-1');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ message: signInLockedMessage(15) });

    const later = new Date(Date.now() + 16 * 60_000);
    expect(await checkAdminCredentials(service.db, 'efua.ops', 'ops-pass-1', { now: later })).toMatchObject({ id: admin.id });
  });

  it('answers an unknown username exactly as a staff account', async () => {
    await createAdmin(service.db, { username: 'kojo.ops', password: 'ops-pass-1', roles: ['support'] });
    expect(await statusesOf(`ghost-${crypto.randomUUID()}`, 11)).toEqual(await statusesOf('kojo.ops', 11));
  });
});

describe('sign-in names and passwords no staff account can have', () => {
  it.each([
    ['an over-long username', 'é'.repeat(250_000), 'ops-pass-1', 'Username must be at most 64 characters'],
    ['an over-long password', 'efua.ops', 'x'.repeat(100_000), 'Password must be at most 128 characters'],
  ])('refuses %s with a 400 that says why, before any work', async (_case, username, password, message) => {
    const response = await signIn(username, password);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});
