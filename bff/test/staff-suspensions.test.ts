import { loginErrors } from '@krom/contracts/http/auth';
import { staffRoleRefusal } from '@krom/contracts/http/staff-roles-values';
import { suspensionErrors } from '@krom/contracts/http/suspensions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffSystem, browser, signedUp, startBff } from './bff-test-env.ts';

let system: BffSystem;
let admin: ReturnType<typeof browser>;
let accounts = 0;

async function staffWith(roles: string[]) {
  const username = `suspender.${++accounts}.${roles.join('-')}`;
  expect((await admin.post('/api/admin/users', { username, password: 'staff-pass-1', roles })).statusCode).toBe(201);
  const staff = browser(system.bff, `10.25.1.${accounts}`);
  expect((await staff.post('/api/admin/login', { username, password: 'staff-pass-1' })).statusCode).toBe(200);
  return staff;
}

/** A member signed up and signed in on their own phone, and the credentials to sign in again. */
async function member(n: number) {
  const phone = browser(system.bff, `10.25.2.${n}`);
  const person = await signedUp(system.bff, phone);
  return { phone, person, signIn: () => browser(system.bff, `10.25.3.${n}`).post('/api/auth/login', { email: person.email, password: person.password }) };
}

beforeAll(async () => {
  system = await startBff({ services: ['identity'] });
  admin = browser(system.bff, '10.25.0.1');
  expect((await admin.post('/api/admin/login', { username: 'founder', password: 'first-admin-pass' })).statusCode).toBe(200);
}, 120_000);
afterAll(() => system?.close());

describe('suspending a member', () => {
  it('ends their sessions and refuses their sign-in until staff lift it', async () => {
    const trust = await staffWith(['trust_safety']);
    const { phone, person, signIn } = await member(1);
    expect((await phone.get('/api/auth/user')).statusCode).toBe(200);

    const suspended = await trust.post(`/api/admin/members/${person.id}/suspension`, { reason: 'Asked passengers to pay outside Krom' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ userId: person.id, reason: 'Asked passengers to pay outside Krom' });
    expect(suspended.json().suspendedAt).not.toBeNull();

    // The phone they were signed in on is signed out, and the right password no longer opens one.
    expect((await phone.get('/api/auth/user')).statusCode).toBe(401);
    const refused = await signIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(loginErrors.suspended);

    const again = await trust.post(`/api/admin/members/${person.id}/suspension`, { reason: 'A second time' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(suspensionErrors.alreadySuspended);

    const lifted = await trust.delete(`/api/admin/members/${person.id}/suspension`);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().suspendedAt).toBeNull();
    expect((await signIn()).statusCode).toBe(200);

    const liftedAgain = await trust.delete(`/api/admin/members/${person.id}/suspension`);
    expect(liftedAgain.statusCode).toBe(409);
    expect(liftedAgain.json().message).toBe(suspensionErrors.notSuspended);
  });

  it('still tells a wrong password apart from nothing: a suspended member with the wrong password gets the usual 401', async () => {
    const { person } = await member(2);
    expect((await admin.post(`/api/admin/members/${person.id}/suspension`, { reason: 'Threatened a driver' })).statusCode).toBe(200);
    const wrong = await browser(system.bff, '10.25.4.1').post('/api/auth/login', { email: person.email, password: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(loginErrors.invalidCredentials);
  });

  it('wants a reason and a member who exists', async () => {
    const { person } = await member(3);
    const noReason = await admin.post(`/api/admin/members/${person.id}/suspension`, { reason: ' ab ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(suspensionErrors.reasonRequired);
    const unknown = await admin.post('/api/admin/members/00000000-0000-4000-8000-000000000000/suspension', { reason: 'No such member here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(suspensionErrors.memberNotFound);
    const malformed = await admin.delete('/api/admin/members/not-an-id/suspension');
    expect(malformed.statusCode).toBe(404);
  });

  it('is for trust and safety and administrators: support, finance and members are refused', async () => {
    const { person, phone, signIn } = await member(4);
    for (const roles of [['support'], ['finance']]) {
      const staff = await staffWith(roles);
      const response = await staff.post(`/api/admin/members/${person.id}/suspension`, { reason: 'Not mine to decide' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(staffRoleRefusal);
    }
    const byMember = await phone.post(`/api/admin/members/${person.id}/suspension`, { reason: 'Suspending myself' });
    expect(byMember.statusCode).toBe(401);
    expect((await signIn()).statusCode).toBe(200);
  });
});
