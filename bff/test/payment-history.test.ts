import { staffRoles } from '@krom/contracts/http/staff-roles-values';
import { randomUUID } from 'node:crypto';
import { paymentReceiptSchema } from '@krom/contracts/http/payment-receipts';
import { paymentsResponseSchema } from '@krom/contracts/http/payments';
import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPayment, paidOut } from '../../services/payments/test/payment-seeds.ts';
import { type BffSystem, startBff } from './bff-test-env.ts';

/*
 * The member's transactions, a receipt and a driver's earnings through the BFF, from the real
 * payments service behind it: who may read what, as the browser calls it.
 */

let system: BffSystem;
beforeAll(async () => {
  system = await startBff({ services: ['payments'] });
});
afterAll(() => system?.close());

const paymentsDb = () => {
  if (!system.payments) throw new Error('the payments service is not running');
  return system.payments.db;
};

async function signedIn(bff: FastifyInstance, userId = randomUUID()) {
  const sid = await bff.sessions.create('user', userId);
  return { userId, cookies: { krom_session: bff.encodeSecureSession(bff.createSecureSession({ user: sid })) } };
}
type Session = Awaited<ReturnType<typeof signedIn>>;
const read = (session: Session | undefined, url: string) => system.bff.inject({ method: 'GET', url, ...(session ? { cookies: session.cookies } : {}) });

describe('who may read', () => {
  it('answers 401 without a session, to staff and to an assertion header sent from outside', async () => {
    const paymentId = randomUUID();
    const adminSid = await system.bff.sessions.create('admin', randomUUID(), staffRoles);
    const staff = { krom_session: system.bff.encodeSecureSession(system.bff.createSecureSession({ admin: adminSid })) };
    const forged = signAssertion(system.config.INTERNAL_AUTH_SECRET, { kind: 'user', userId: randomUUID() }, 'payments');
    for (const url of ['/api/payments', `/api/payments/${paymentId}/receipt`, '/api/payments/earnings']) {
      const anonymous = await read(undefined, url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().message).toBe('Sign-in required');
      expect((await system.bff.inject({ method: 'GET', url, cookies: staff })).statusCode, `${url} as staff`).toBe(401);
      expect((await system.bff.inject({ method: 'GET', url, headers: { [ASSERTION_HEADER]: forged } })).statusCode, `${url} forged`).toBe(401);
    }
  });

  it("shows each member only their own payments and receipts: another member's is 404", async () => {
    const passenger = await signedIn(system.bff);
    const stranger = await signedIn(system.bff);
    const payment = await aPayment(paymentsDb(), { passengerId: passenger.userId, fare: 6_050, fee: 303 });

    const mine = paymentsResponseSchema.parse((await read(passenger, '/api/payments')).json());
    expect(mine.payments.map((row) => [row.id, row.kind, row.status, row.amount])).toEqual([[payment.id, 'payment', 'completed', '63.53']]);
    expect(mine.totals).toEqual({ totalSpent: '63.53', totalEarned: '0.00', currency: 'GHS' });
    const receipt = paymentReceiptSchema.parse((await read(passenger, `/api/payments/${payment.id}/receipt`)).json());
    expect(receipt).toMatchObject({ fare: '60.50', fee: '3.03', total: '63.53', wallet: { provider: 'vodafone', number: '050 *** **67' } });

    expect((await read(stranger, '/api/payments')).json()).toEqual({ payments: [], totals: { totalSpent: '0.00', totalEarned: '0.00', currency: 'GHS' }, page: 1, hasMore: false });
    const theirs = await read(stranger, `/api/payments/${payment.id}/receipt`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Payment not found' });
  });

  it('refuses a page that is not a whole number from 1, in words', async () => {
    const response = await read(await signedIn(system.bff), '/api/payments?page=0');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Page must be a whole number from 1');
  });

  it("gives a driver what was paid out to them, and nobody else's", async () => {
    const driver = await signedIn(system.bff);
    await paidOut(paymentsDb(), await aPayment(paymentsDb(), { passengerId: randomUUID(), driverId: driver.userId, fare: 4_000, fee: 200 }));
    const earned = (await read(driver, '/api/payments/earnings')).json();
    expect(earned).toMatchObject({ currency: 'GHS', today: '40.00', thisWeek: '40.00', thisMonth: '40.00' });
    expect(earned.weeks).toHaveLength(12);
    expect((await read(await signedIn(system.bff), '/api/payments/earnings')).json()).toMatchObject({ today: '0.00', thisMonth: '0.00' });
  });
});
