import { randomUUID } from 'node:crypto';
import { memberSearchMessages } from '@krom/contracts/http/staff-members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffSystem, browser, newPerson, signedUp, startBff } from './bff-test-env.ts';

/*
 * The admin area's Members tab search through /api on the real identity service: a part of the
 * name (any case), the phone in another Ghana form, the e-mail in other case; every staff role
 * may search; members and guests are refused; a query under two characters is refused with the words.
 */
let system: BffSystem;
let admin: ReturnType<typeof browser>;
// A surname no other run's member carries, so a search by it finds this file's members only.
const family = `Mensah${randomUUID().slice(0, 6)}`;
let ama: Awaited<ReturnType<typeof signedUp>>;
let kojo: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  system = await startBff({ services: ['identity', 'notifications'] });
  admin = browser(system.bff, '10.25.0.1');
  expect((await admin.post('/api/admin/login', { username: 'founder', password: 'first-admin-pass' })).statusCode).toBe(200);
  ama = await signedUp(system.bff, browser(system.bff, '10.25.1.1'), newPerson({ firstName: 'Ama', lastName: family }));
  kojo = await signedUp(system.bff, browser(system.bff, '10.25.1.2'), newPerson({ firstName: 'Kojo', lastName: family }));
}, 120_000);
afterAll(() => system?.close());

const search = async (who: ReturnType<typeof browser>, q: string) => who.get(`/api/admin/members?q=${encodeURIComponent(q)}`);
const foundIds = async (q: string) => {
  const response = await search(admin, q);
  expect(response.statusCode).toBe(200);
  return (response.json().members as { id: string }[]).map((member) => member.id);
};

describe('GET /api/admin/members', () => {
  it('finds members by a part of their name in any case, newest first, with their account details', async () => {
    expect(await foundIds(family.toUpperCase().slice(2))).toEqual([kojo.id, ama.id]);
    expect(await foundIds(`ama ${family.toLowerCase()}`)).toEqual([ama.id]);
    const [found] = (await search(admin, `Ama ${family}`)).json().members;
    expect(found).toEqual({
      id: ama.id,
      firstName: 'Ama',
      lastName: family,
      phone: ama.phone,
      email: ama.email,
      createdAt: expect.any(String),
      verificationStatus: 'not_submitted',
      driverVerificationStatus: 'not_submitted',
      deleted: false,
      suspended: false,
    });
  });

  it('finds a member by their phone written in the international form and by their e-mail in other case', async () => {
    const international = `+233 ${ama.phone.slice(1, 3)} ${ama.phone.slice(3, 6)} ${ama.phone.slice(6)}`;
    expect(await foundIds(international)).toEqual([ama.id]);
    expect(await foundIds(ama.phone)).toEqual([ama.id]);
    expect(await foundIds(kojo.email.toUpperCase())).toEqual([kojo.id]);
  });

  it('marks a suspended member as suspended', async () => {
    expect((await admin.post(`/api/admin/members/${kojo.id}/suspension`, { reason: 'Took payment outside Krom' })).statusCode).toBe(200);
    const found = (await search(admin, family)).json().members as { id: string; suspended: boolean }[];
    expect(found.map(({ id, suspended }) => ({ id, suspended }))).toEqual([
      { id: kojo.id, suspended: true },
      { id: ama.id, suspended: false },
    ]);
  });

  it('refuses a query shorter than two characters with the words', async () => {
    for (const q of ['', 'A', ' b ']) {
      const response = await search(admin, q);
      expect([response.statusCode, response.json().message], q).toEqual([400, memberSearchMessages.query]);
    }
  });

  it('opens the search to every staff role and refuses members and guests', async () => {
    for (const role of ['support', 'trust_safety', 'finance'] as const) {
      const username = `members.${role}.${randomUUID().slice(0, 6)}`;
      expect((await admin.post('/api/admin/users', { username, password: 'staff-pass-1', roles: [role] })).statusCode).toBe(201);
      const staff = browser(system.bff, '10.25.2.1');
      expect((await staff.post('/api/admin/login', { username, password: 'staff-pass-1' })).statusCode).toBe(200);
      const response = await search(staff, family);
      expect([role, response.statusCode, response.json().message]).toEqual([role, 200, undefined]);
    }
    const member = browser(system.bff, '10.25.1.3');
    await signedUp(system.bff, member);
    for (const visitor of [member, browser(system.bff, '10.25.3.1')]) {
      const response = await search(visitor, family);
      expect([response.statusCode, response.json().message]).toEqual([401, 'Admin sign-in required']);
    }
  });
});
