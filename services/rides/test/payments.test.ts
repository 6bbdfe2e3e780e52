import { randomUUID } from 'node:crypto';
import { paymentsResponseSchema } from '@krom/contracts/http/payments';
import type { Caller } from '@krom/server-kit/internal-auth';
import { describe, expect, it } from 'vitest';
import { monthlyTotals } from '../src/payments/payment-history.ts';
import { insertPayment, useRidesService } from './rides-test-env.ts';

const handle = useRidesService();

const history = async (caller: Caller) =>
  handle.service.app.inject({ method: 'GET', url: '/payments', headers: await handle.as(caller) });

/** The first instant of the current calendar month in Ghana (GMT all year, so UTC midnight). */
function ghanaMonthStart(at = new Date()): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}
const shift = (date: Date, ms: number) => new Date(date.getTime() + ms).toISOString();
const DAY = 24 * 60 * 60 * 1000;

describe('who may read payments', () => {
  it('refuses anonymous callers, staff and unsigned requests with 401', async () => {
    expect((await history({ kind: 'public' })).statusCode).toBe(401);
    expect((await history({ kind: 'admin', adminId: randomUUID() })).statusCode).toBe(401);
    expect((await handle.service.app.inject({ method: 'GET', url: '/payments' })).statusCode).toBe(401);
  });
});

describe('a user without payments', () => {
  it('gets an empty history and zero totals in cedis', async () => {
    const response = await history({ kind: 'user', userId: randomUUID() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payments: [], totals: { totalSpent: '0.00', totalEarned: '0.00', currency: 'GHS' } });
  });
});

describe('payment history', () => {
  it("lists the user's payments both ways, newest first, and nobody else's", async () => {
    const passenger = randomUUID();
    const driver = randomUUID();
    const stranger = randomUUID();
    const older = await insertPayment(handle.service, {
      payerId: passenger,
      recipientId: driver,
      amount: '45.5',
      status: 'pending',
      createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
      transactionId: null,
    });
    const newer = await insertPayment(handle.service, {
      payerId: driver,
      recipientId: passenger,
      amount: '12.00',
      status: 'refunded',
      createdAt: new Date(Date.now() - DAY).toISOString(),
      transactionId: `MOMO-${randomUUID()}`,
    });
    await insertPayment(handle.service, { payerId: stranger, recipientId: driver, amount: '99.00' });

    const response = await history({ kind: 'user', userId: passenger });
    expect(response.statusCode).toBe(200);
    const body = paymentsResponseSchema.parse(response.json());
    expect(body.payments.map((p) => p.id)).toEqual([newer, older]);
    expect(body.payments[0]).toEqual({
      id: newer,
      status: 'refunded',
      amount: '12.00',
      currency: 'GHS',
      createdAt: expect.any(String),
      paymentMethod: 'mobile_money',
      transactionId: expect.stringMatching(/^MOMO-/),
      direction: 'earned',
      booking: null,
    });
    expect(body.payments[1]).toMatchObject({ id: older, status: 'pending', amount: '45.50', direction: 'spent', transactionId: null, booking: null });

    const driverView = paymentsResponseSchema.parse((await history({ kind: 'user', userId: driver })).json());
    expect(driverView.payments.map((p) => [p.id, p.direction])).toEqual(
      expect.arrayContaining([
        [older, 'earned'],
        [newer, 'spent'],
      ]),
    );
    expect(driverView.payments).toHaveLength(3);
    const strangerView = paymentsResponseSchema.parse((await history({ kind: 'user', userId: stranger })).json());
    expect(strangerView.payments.map((p) => p.direction)).toEqual(['spent']);
  });
});

describe("this month's totals", () => {
  it('sum completed cedi payments of this calendar month only', async () => {
    const me = randomUUID();
    const other = randomUUID();
    const monthStart = ghanaMonthStart();
    const nextMonthStart = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 1));
    const spend = (amount: string, extra: object = {}) => insertPayment(handle.service, { payerId: me, recipientId: other, amount, ...extra });
    const earn = (amount: string, extra: object = {}) => insertPayment(handle.service, { payerId: other, recipientId: me, amount, ...extra });

    // Counted: completed, in GHS, inside this month.
    await spend('40.00', { createdAt: monthStart.toISOString() });
    await spend('10.10');
    await spend('0.15');
    await earn('120.00');
    await earn('30.50');
    // Created last month but completed this month: counted when the money moved.
    await earn('15.00', { createdAt: shift(monthStart, -DAY), processedAt: shift(monthStart, 1000) });

    // Not counted: other statuses, other months, other currencies, other people's payments.
    await spend('500.00', { status: 'pending' });
    await spend('70.00', { status: 'failed' });
    await earn('80.00', { status: 'refunded' });
    await spend('99.99', { createdAt: shift(monthStart, -1000) });
    await earn('33.33', { createdAt: shift(monthStart, -40 * DAY), processedAt: shift(monthStart, -1) });
    await earn('44.44', { createdAt: nextMonthStart.toISOString() });
    await spend('25.00', { currency: 'USD' });
    await insertPayment(handle.service, { payerId: other, recipientId: randomUUID(), amount: '60.00' });

    const body = paymentsResponseSchema.parse((await history({ kind: 'user', userId: me })).json());
    expect(body.totals).toEqual({ totalSpent: '50.25', totalEarned: '165.50', currency: 'GHS' });
    // The history itself still shows every payment of the user.
    expect(body.payments).toHaveLength(13);
  });

  it('start and end at midnight Ghana time on the first of the month', async () => {
    const me = randomUUID();
    const other = randomUUID();
    const at = (createdAt: string, amount: string) => insertPayment(handle.service, { payerId: me, recipientId: other, amount, createdAt });
    await at('2026-02-28T23:59:59.999Z', '1.00');
    await at('2026-03-01T00:00:00.000Z', '2.00');
    await at('2026-03-31T23:59:59.999Z', '4.00');
    await at('2026-04-01T00:00:00.000Z', '8.00');

    expect(await monthlyTotals(handle.service.db, me, new Date('2026-03-15T12:00:00Z'))).toEqual({ totalSpent: '6.00', totalEarned: '0.00', currency: 'GHS' });
    expect(await monthlyTotals(handle.service.db, me, new Date('2026-03-31T23:59:59Z'))).toEqual({ totalSpent: '6.00', totalEarned: '0.00', currency: 'GHS' });
    expect(await monthlyTotals(handle.service.db, me, new Date('2026-04-01T00:00:00Z'))).toEqual({ totalSpent: '8.00', totalEarned: '0.00', currency: 'GHS' });
    expect(await monthlyTotals(handle.service.db, me, new Date('2026-02-01T00:00:00Z'))).toEqual({ totalSpent: '1.00', totalEarned: '0.00', currency: 'GHS' });
  });
});

describe('the payments table', () => {
  it('defaults to pending in GHS, and refuses an unknown status, a repeated transaction id and a negative amount', async () => {
    const client = handle.service.db.$client;
    const payer = randomUUID();
    const recipient = randomUUID();
    const { rows } = await client.query(
      "INSERT INTO payments (payer_id, recipient_id, amount, payment_method) VALUES ($1, $2, 10, 'mobile_money') RETURNING status, currency, amount, booking_id",
      [payer, recipient],
    );
    expect(rows[0]).toEqual({ status: 'pending', currency: 'GHS', amount: '10.00', booking_id: null });

    await expect(
      client.query("INSERT INTO payments (payer_id, recipient_id, amount, payment_method, status) VALUES ($1, $2, 10, 'mobile_money', 'paid')", [payer, recipient]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'payments_status_check' });
    await expect(
      client.query("INSERT INTO payments (payer_id, recipient_id, amount, payment_method) VALUES ($1, $2, -1, 'mobile_money')", [payer, recipient]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'payments_amount_check' });
    await client.query("INSERT INTO payments (payer_id, recipient_id, amount, payment_method, transaction_id) VALUES ($1, $2, 10, 'mobile_money', 'TX-1')", [payer, recipient]);
    await expect(
      client.query("INSERT INTO payments (payer_id, recipient_id, amount, payment_method, transaction_id) VALUES ($1, $2, 10, 'mobile_money', 'TX-1')", [payer, recipient]),
    ).rejects.toMatchObject({ code: '23505', constraint: 'payments_transaction_id_key' });
  });
});
