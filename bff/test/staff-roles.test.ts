import { staffRoleRefusal } from '@krom/contracts/http/staff-roles-values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffSystem, browser, startBff } from './bff-test-env.ts';

/**
 * Each staff endpoint declares the roles it needs; the BFF refuses a member of staff without one
 * of them (403) before any service is called. One endpoint per role stands for its area:
 * verification review (trust_safety), the SMS log (support), payments (finance) and staff
 * accounts and the audit log (administrator).
 */
const areas = {
  trust_safety: '/api/admin/verifications',
  support: '/api/admin/messages/sms',
  finance: '/api/admin/payments',
  administrator: '/api/admin/users',
  audit: '/api/admin/audit',
} as const;

let system: BffSystem;
const founder = () => {
  const staff = browser(system.bff, '10.24.0.1');
  return staff;
};
let admin: ReturnType<typeof browser>;
let accounts = 0;

async function staffWith(roles: string[]) {
  const username = `staff.${++accounts}.${roles.join('-')}`;
  const created = await admin.post('/api/admin/users', { username, password: 'staff-pass-1', roles });
  expect(created.statusCode).toBe(201);
  const staff = browser(system.bff, `10.24.1.${accounts}`);
  const signIn = await staff.post('/api/admin/login', { username, password: 'staff-pass-1' });
  expect(signIn.statusCode).toBe(200);
  expect(signIn.json().admin.roles).toEqual(roles);
  return { staff, id: created.json().id as string };
}

/** What each area answers the member of staff, as `path status` lines. */
async function answers(staff: ReturnType<typeof browser>): Promise<Record<keyof typeof areas, number>> {
  const statuses = {} as Record<keyof typeof areas, number>;
  for (const [area, path] of Object.entries(areas) as [keyof typeof areas, string][]) {
    const response = await staff.get(path);
    if (response.statusCode === 403) expect(response.json().message).toBe(staffRoleRefusal);
    statuses[area] = response.statusCode;
  }
  return statuses;
}

beforeAll(async () => {
  system = await startBff({ services: ['identity', 'notifications', 'payments'] });
  admin = founder();
  expect((await admin.post('/api/admin/login', { username: 'founder', password: 'first-admin-pass' })).statusCode).toBe(200);
}, 120_000);
afterAll(() => system?.close());

describe('staff roles', () => {
  it('opens everything to the bootstrap administrator, who holds every role', async () => {
    expect((await admin.get('/api/admin/verify')).json().admin.roles).toEqual(['support', 'trust_safety', 'finance', 'administrator']);
    expect(await answers(admin)).toEqual({ trust_safety: 200, support: 200, finance: 200, administrator: 200, audit: 200 });
  });

  it('refuses support what is not support', async () => {
    const { staff } = await staffWith(['support']);
    expect(await answers(staff)).toEqual({ trust_safety: 403, support: 200, finance: 403, administrator: 403, audit: 403 });
  });

  it('refuses trust and safety what is not theirs', async () => {
    const { staff } = await staffWith(['trust_safety']);
    expect(await answers(staff)).toEqual({ trust_safety: 200, support: 403, finance: 403, administrator: 403, audit: 403 });
  });

  it('refuses finance what is not theirs, including creating staff', async () => {
    const { staff } = await staffWith(['finance']);
    expect(await answers(staff)).toEqual({ trust_safety: 403, support: 403, finance: 200, administrator: 403, audit: 403 });
    const create = await staff.post('/api/admin/users', { username: 'sneaky.one', password: 'staff-pass-1', roles: ['administrator'] });
    expect(create.statusCode).toBe(403);
  });

  it('opens everything to an administrator given only that role', async () => {
    const { staff } = await staffWith(['administrator']);
    expect(await answers(staff)).toEqual({ trust_safety: 200, support: 200, finance: 200, administrator: 200, audit: 200 });
  });

  it('ends the sessions of staff whose roles change: they sign in again under the new ones', async () => {
    const { staff, id } = await staffWith(['support']);
    const changed = await admin.put(`/api/admin/users/${id}/roles`, { roles: ['finance'] });
    expect(changed.statusCode).toBe(200);
    expect((await staff.get(areas.support)).statusCode).toBe(401);
    const username = `staff.${accounts}.support`;
    expect((await staff.post('/api/admin/login', { username, password: 'staff-pass-1' })).statusCode).toBe(200);
    expect(await answers(staff)).toMatchObject({ support: 403, finance: 200 });
  });
});
