import { staffRoles } from '@krom/contracts/http/staff-roles-values';
import { randomUUID } from 'node:crypto';
import { paymentMethodListSchema } from '@krom/contracts/http/payments';
import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffSystem, ORIGIN, startBff } from './bff-test-env.ts';

/** The BFF in-process in front of the real payments service (the saved numbers; the history is payment-history.test.ts). */
const startBffWithPayments = () => startBff({ services: ['payments'] });

let system: BffSystem;
beforeAll(async () => {
  system = await startBffWithPayments();
});
afterAll(() => system?.close());

/** A signed-in user as the browser holds it: the session cookie only. */
async function signedIn(bff: FastifyInstance, userId = randomUUID()) {
  const sid = await bff.sessions.create('user', userId);
  return { userId, sid, cookies: { krom_session: bff.encodeSecureSession(bff.createSecureSession({ user: sid })) } };
}
type Session = Awaited<ReturnType<typeof signedIn>>;

const call = (session: Session | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  system.bff.inject({
    method,
    url,
    headers: method === 'GET' ? {} : { origin: ORIGIN },
    ...(session ? { cookies: session.cookies } : {}),
    ...(payload ? { payload } : {}),
  });

const everyCall = (id: string) =>
  [
    ['GET', '/api/payment-methods', undefined],
    ['POST', '/api/payment-methods', { provider: 'mtn', number: '0241234567' }],
    ['PUT', `/api/payment-methods/${id}`, { provider: 'vodafone' }],
    ['POST', `/api/payment-methods/${id}/default`, undefined],
    ['DELETE', `/api/payment-methods/${id}`, undefined],
  ] as const;

describe('without a user session', () => {
  it('answers 401 to every payments call', async () => {
    for (const [method, url, body] of everyCall(randomUUID())) {
      const response = await call(undefined, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toBe('Sign-in required');
    }
  });

  it('answers 401 to a staff session and to an assertion header sent from outside', async () => {
    const adminSid = await system.bff.sessions.create('admin', randomUUID(), staffRoles);
    const adminCookies = { krom_session: system.bff.encodeSecureSession(system.bff.createSecureSession({ admin: adminSid })) };
    const forged = await signAssertion(system.config.INTERNAL_AUTH_SECRET, { kind: 'user', userId: randomUUID() }, 'payments');
    for (const [method, url, body] of everyCall(randomUUID())) {
      const asStaff = await system.bff.inject({ method, url, headers: { origin: ORIGIN }, cookies: adminCookies, ...(body ? { payload: body } : {}) });
      const withHeader = await system.bff.inject({ method, url, headers: { origin: ORIGIN, [ASSERTION_HEADER]: forged }, ...(body ? { payload: body } : {}) });
      expect(asStaff.statusCode, `${method} ${url} as staff`).toBe(401);
      expect(withHeader.statusCode, `${method} ${url} with a forged header`).toBe(401);
    }
  });

  it('answers 401 once the session has ended on the server', async () => {
    const session = await signedIn(system.bff);
    expect((await call(session, 'GET', '/api/payment-methods')).statusCode).toBe(200);
    await system.bff.sessions.destroy(session.sid);
    expect((await call(session, 'GET', '/api/payment-methods')).statusCode).toBe(401);
  });
});

describe('a signed-in user managing mobile money numbers', () => {
  it('adds, lists, edits, sets the default and removes numbers, always masked', async () => {
    const ama = await signedIn(system.bff);
    expect((await call(ama, 'GET', '/api/payment-methods')).json()).toEqual([]);

    const first = await call(ama, 'POST', '/api/payment-methods', { provider: 'mtn', number: '0241234567' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ type: 'mobile_money', provider: 'mtn', number: '024 *** 4567', isDefault: true, verified: false });
    // Kept by the payments service, under the signed-in member's id.
    const kept = await system.payments?.db.$client.query('SELECT user_id, network, number FROM payment_methods WHERE id = $1', [first.json().id]);
    expect(kept?.rows).toEqual([{ user_id: ama.userId, network: 'mtn', number: '0241234567' }]);
    const second = await call(ama, 'POST', '/api/payment-methods', { provider: 'vodafone', number: '0501112222' });
    expect(second.json()).toMatchObject({ number: '050 *** 2222', isDefault: false });

    const edited = await call(ama, 'PUT', `/api/payment-methods/${second.json().id}`, { provider: 'airteltigo', number: '0571112222' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ provider: 'airteltigo', number: '057 *** 2222' });

    const moved = await call(ama, 'POST', `/api/payment-methods/${second.json().id}/default`);
    expect(moved.json().isDefault).toBe(true);

    const listed = paymentMethodListSchema.parse((await call(ama, 'GET', '/api/payment-methods')).json());
    expect(listed.map((m) => [m.number, m.isDefault])).toEqual([
      ['057 *** 2222', true],
      ['024 *** 4567', false],
    ]);
    // No number as typed anywhere in the answer (ids are random hex and may hold long digit runs).
    for (const typed of ['0241234567', '0501112222', '0571112222']) expect(JSON.stringify(listed)).not.toContain(typed);

    const removed = await call(ama, 'DELETE', `/api/payment-methods/${second.json().id}`);
    expect(removed.statusCode).toBe(200);
    const after = paymentMethodListSchema.parse((await call(ama, 'GET', '/api/payment-methods')).json());
    expect(after.map((m) => [m.id, m.isDefault])).toEqual([[first.json().id, true]]);
  });

  it("passes the service's messages through: a duplicate number and bad input", async () => {
    const kofi = await signedIn(system.bff);
    await call(kofi, 'POST', '/api/payment-methods', { provider: 'mtn', number: '0551234567' });
    const duplicate = await call(kofi, 'POST', '/api/payment-methods', { provider: 'mtn', number: '0551234567' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('This number is already saved.');

    const badNetwork = await call(kofi, 'POST', '/api/payment-methods', { provider: 'glo', number: '0231234567' });
    expect(badNetwork.statusCode).toBe(400);
    expect(badNetwork.json().message).toBe('Please choose a mobile money network');
    const badNumber = await call(kofi, 'POST', '/api/payment-methods', { provider: 'mtn', number: '55123' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().message).toBe('Please enter a valid 10-digit Ghana phone number starting with 0');
  });

  it('refuses a change sent from another site', async () => {
    const esi = await signedIn(system.bff);
    const response = await system.bff.inject({
      method: 'POST',
      url: '/api/payment-methods',
      headers: { origin: 'https://evil.example' },
      cookies: esi.cookies,
      payload: { provider: 'mtn', number: '0249990000' },
    });
    expect(response.statusCode).toBe(403);
    expect((await call(esi, 'GET', '/api/payment-methods')).json()).toEqual([]);
  });
});

describe('own data only', () => {
  it("answers 404 to another user's number and leaves it as it was", async () => {
    const owner = await signedIn(system.bff);
    const intruder = await signedIn(system.bff);
    const created = (await call(owner, 'POST', '/api/payment-methods', { provider: 'mtn', number: '0243334444' })).json();
    await call(owner, 'POST', '/api/payment-methods', { provider: 'mtn', number: '0243335555' });

    for (const [method, url, body] of everyCall(created.id).slice(2)) {
      const response = await call(intruder, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('Payment method not found');
    }
    expect((await call(intruder, 'GET', '/api/payment-methods')).json()).toEqual([]);
    const ownerView = paymentMethodListSchema.parse((await call(owner, 'GET', '/api/payment-methods')).json());
    expect(ownerView.find((m) => m.id === created.id)).toMatchObject({ provider: 'mtn', number: '024 *** 4444', isDefault: true });
  });
});
