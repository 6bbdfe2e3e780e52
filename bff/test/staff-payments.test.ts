import { randomUUID } from 'node:crypto';
import { staffPaymentMessages } from '@krom/contracts/http/staff-payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../services/payments/src/db/schema.ts';
import { deliverPaymentRequested, paymentRequested } from '../../services/payments/test/payment-requested-fact.ts';
import { PaystackStandIn } from '../../services/payments/test/providers/paystack-stand-in.ts';
import { type BffSystem, browser, startBff } from './bff-test-env.ts';

/*
 * The admin area's Payments tab through the BFF: staff sessions reach the payments service (on a
 * port, the Paystack stand-in its gateway); members and anonymous callers are refused before it.
 */

const paystack = new PaystackStandIn();
let system: BffSystem;

beforeAll(async () => {
  await paystack.start();
  system = await startBff({
    services: ['payments'],
    overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '3' },
    paymentsEnv: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_API_BASE_URL: paystack.baseUrl },
  });
});
afterAll(async () => {
  await system?.close();
  await paystack.stop();
});

async function staffBrowser(ip: string) {
  const staff = browser(system.bff, ip);
  const login = await staff.post('/api/admin/login', { username: 'founder', password: 'first-admin-pass' });
  expect(login.statusCode).toBe(200);
  return staff;
}

const staffCalls = (bookingId: string) =>
  [
    ['GET', '/api/admin/payments'],
    ['GET', `/api/admin/payments/bookings/${bookingId}`],
    ['POST', '/api/admin/payments/reconciliations'],
    ['GET', '/api/admin/payments/reconciliations/latest'],
    ['POST', `/api/admin/payments/bookings/${bookingId}/refunds`],
    ['GET', '/api/admin/payments/payouts/attention'],
    ['POST', `/api/admin/payments/payouts/${bookingId}/retry`],
  ] as const;

describe('the Payments tab through the BFF', () => {
  it('finds a payment by the wallet phone in +233 form, shows its booking ledger, and runs the reconciliation as the staff member', async () => {
    const envelope = paymentRequested({ wallet: { phone: '0551234567', network: 'mtn' } });
    await deliverPaymentRequested(system.payments!.bus, envelope);
    const [payment] = await system.payments!.db.select().from(payments).where(eq(payments.bookingId, envelope.data.bookingId));
    const staff = await staffBrowser('10.31.0.1');

    const found = await staff.get(`/api/admin/payments?phone=${encodeURIComponent('+233551234567')}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().payments).toEqual([expect.objectContaining({ id: payment!.id, status: 'pending', walletMasked: '055 *** **67' })]);
    const refused = await staff.get('/api/admin/payments?status=paid');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(staffPaymentMessages.status);

    const ledger = await staff.get(`/api/admin/payments/bookings/${envelope.data.bookingId}`);
    expect(ledger.json()).toMatchObject({ bookingId: envelope.data.bookingId, entries: [], payments: [expect.objectContaining({ id: payment!.id })] });

    const run = await staff.post('/api/admin/payments/reconciliations');
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ passed: true, books: { balanced: true, totalPesewas: 0 }, mismatches: [] });
    expect((await staff.get('/api/admin/payments/reconciliations/latest')).json()).toEqual({ reconciliation: run.json() });

    // Not paid yet: nothing held to give back, said in words.
    const refund = await staff.post(`/api/admin/payments/bookings/${envelope.data.bookingId}/refunds`, { reason: 'Passenger was charged twice' });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toBe('This booking has no mobile money payment to refund');
    expect((await staff.get('/api/admin/payments/payouts/attention')).json()).toEqual({ payouts: [] });
    expect((await staff.post(`/api/admin/payments/payouts/${randomUUID()}/retry`)).statusCode).toBe(404);
  });

  it('refuses members and anonymous callers (401) and a cross-site run (403)', async () => {
    const anonymous = browser(system.bff, '10.31.1.1');
    const member = browser(system.bff, '10.31.1.2');
    const sid = await system.bff.sessions.create('user', randomUUID());
    member.adopt({ krom_session: system.bff.encodeSecureSession(system.bff.createSecureSession({ user: sid })) });
    for (const visitor of [anonymous, member]) {
      for (const [method, url] of staffCalls(randomUUID())) {
        const response = await visitor.call(method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json().message).toBe('Admin sign-in required');
      }
    }
    const staff = await staffBrowser('10.31.1.3');
    const crossSite = await staff.call('POST', '/api/admin/payments/reconciliations', undefined, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
  });

  it('holds running the reconciliation to the per-client rate', async () => {
    const staff = await staffBrowser('10.31.2.1');
    for (let run = 0; run < 3; run += 1) expect((await staff.post('/api/admin/payments/reconciliations')).statusCode).toBe(200);
    const tooMany = await staff.post('/api/admin/payments/reconciliations');
    expect(tooMany.statusCode).toBe(429);
    expect((await staff.get('/api/admin/payments/reconciliations/latest')).statusCode).toBe(200);
  });
});
