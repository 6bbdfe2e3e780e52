import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import { eventually } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffSystem, browser, signedUp, startBff } from './bff-test-env.ts';

/**
 * The BFF's copy of the current user (GET /api/auth/user): served while nothing changed, dropped
 * by identity's account events (a change made through another replica) and by the user's own
 * calls through this one. A row changed behind identity's back (no event) is how a test sees
 * which answer came from the copy.
 */
let system: BffSystem;
beforeAll(async () => {
  system = await startBff({ services: ['identity'], overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' } });
  await system.bff.currentUsers.whenLive();
});
afterAll(() => system.close());

let ips = 0;
const visitor = () => browser(system.bff, `10.9.0.${++ips}`);
const renameBehindIdentity = (userId: string, firstName: string) =>
  system.identity!.db.$client.query('UPDATE users SET first_name = $1 WHERE id = $2', [firstName, userId]);
/** What another BFF replica does for the user: the same identity route, another process. */
async function saveProfileElsewhere(userId: string, body: object) {
  const assertion = await signAssertion(system.config.INTERNAL_AUTH_SECRET, { kind: 'user', userId }, 'identity');
  const response = await system.identity!.app.inject({ method: 'PUT', url: '/users/me/profile', headers: { [ASSERTION_HEADER]: assertion }, payload: body });
  expect(response.statusCode).toBe(200);
}

describe('the current user', () => {
  it('is answered from the copy while identity publishes no change', async () => {
    const b = visitor();
    const person = await signedUp(system.bff, b);
    // Registration's own events reach the BFF whenever identity's relay sends them, and each drops
    // the copy: read, rename and read again until no event came in between (never, without a copy).
    // Each attempt starts with no copy, so one made from the hidden name by a late event's drop
    // is not what the next attempt reads first.
    const again = await eventually(async () => {
      await renameBehindIdentity(person.id, person.firstName);
      system.bff.currentUsers.drop(person.id);
      expect((await b.get('/api/auth/user')).json()).toMatchObject({ firstName: person.firstName });
      await renameBehindIdentity(person.id, 'Hidden');
      const read = await b.get('/api/auth/user');
      return read.json().firstName === person.firstName ? read : undefined;
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: person.id, firstName: person.firstName, email: person.email });
    expect(again.headers['cache-control']).toContain('no-store');
  });

  it('shows a change made through another replica once identity’s event arrives, even one no other service is told of', async () => {
    const b = visitor();
    const person = await signedUp(system.bff, b);
    expect((await b.get('/api/auth/user')).json()).toMatchObject({ emergencyContactName: null });
    await saveProfileElsewhere(person.id, { firstName: person.firstName, lastName: person.lastName, emergencyContactName: 'Esi Mensah', emergencyContactPhone: '0551234567' });
    await eventually(async () => ((await b.get('/api/auth/user')).json().emergencyContactName === 'Esi Mensah' ? true : undefined));
  });

  it('shows the user’s own change through this BFF at once', async () => {
    const b = visitor();
    const person = await signedUp(system.bff, b);
    await b.get('/api/auth/user');
    await renameBehindIdentity(person.id, 'Hidden');
    const saved = await b.put('/api/auth/profile', { firstName: 'Efua', lastName: person.lastName, emergencyContactName: 'Kwesi', emergencyContactPhone: '0551234567' });
    expect(saved.statusCode).toBe(200);
    expect((await b.get('/api/auth/user')).json()).toMatchObject({ firstName: 'Efua', emergencyContactName: 'Kwesi', emergencyContactPhone: '0551234567' });
  });

  it('is never another user’s copy, and ends with the session', async () => {
    const ama = visitor();
    const kofi = visitor();
    const first = await signedUp(system.bff, ama);
    const second = await signedUp(system.bff, kofi);
    expect((await ama.get('/api/auth/user')).json().id).toBe(first.id);
    expect((await kofi.get('/api/auth/user')).json().id).toBe(second.id);
    expect((await ama.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await ama.get('/api/auth/user')).statusCode).toBe(401);
  });
});
