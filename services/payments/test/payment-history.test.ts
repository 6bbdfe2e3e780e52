import { randomUUID } from 'node:crypto';
import { paymentReceiptSchema } from '@krom/contracts/http/payment-receipts';
import { paymentsResponseSchema } from '@krom/contracts/http/payments';
import { type Caller, signAssertion, ASSERTION_HEADER } from '@krom/server-kit/internal-auth';
import { administratorCaller } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../src/app.ts';
import type { PaymentsDb } from '../src/db/payments-db.ts';
import { unavailableMobileMoneyProvider } from '../src/providers/mobile-money/choose.ts';
import { expectBooksBalance } from './expect-books-balance.ts';
import { aPayment, paidOut, refunded } from './payment-seeds.ts';
import { openPaymentsDatabase } from './payments-test-env.ts';

/*
 * The member's payments as the payments screen reads them, through the service's routes with the
 * BFF's assertion: payments made by rides' facts (rows written here as the consumer writes them),
 * refunds and payouts as the ledger records them paid, and a clock the test sets.
 */

const SECRET = 'payment-history-test-secret';
let database: Awaited<ReturnType<typeof openPaymentsDatabase>>;
let db: PaymentsDb;
let app: Awaited<ReturnType<typeof buildPaymentsApp>>;
let now = new Date('2026-11-20T10:00:00.000Z');

beforeAll(async () => {
  database = await openPaymentsDatabase();
  db = database.db;
  app = await buildPaymentsApp({ db, internalSecret: SECRET, mobileMoney: unavailableMobileMoneyProvider(), clock: () => now, logLevel: 'silent' });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const as = (caller: Caller) => ({ [ASSERTION_HEADER]: signAssertion(SECRET, caller, 'payments') });
const member = (userId: string) => as({ kind: 'user', userId });
const history = async (userId: string, page?: number) => {
  const response = await app.inject({ method: 'GET', url: page ? `/payments?page=${page}` : '/payments', headers: member(userId) });
  expect(response.statusCode).toBe(200);
  return paymentsResponseSchema.parse(response.json());
};
const receipt = (userId: string, paymentId: string) => app.inject({ method: 'GET', url: `/payments/${paymentId}/receipt`, headers: member(userId) });
const earnings = async (userId: string) => {
  const response = await app.inject({ method: 'GET', url: '/payments/earnings', headers: member(userId) });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('who may read', () => {
  it('refuses a call without the BFF\'s assertion, an anonymous caller and staff with 401', async () => {
    expect((await app.inject({ method: 'GET', url: '/payments' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/payments', headers: as({ kind: 'public' }) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/payments/earnings', headers: as(administratorCaller()) })).statusCode).toBe(401);
  });

  it("answers another member's receipt, and an id that is no payment, 404 as one that does not exist", async () => {
    const owner = randomUUID();
    const payment = await aPayment(db, { passengerId: owner }, now);
    for (const [who, id] of [
      [randomUUID(), payment.id],
      [payment.driverId, payment.id],
      [owner, randomUUID()],
      [owner, 'not-a-payment'],
    ] as const) {
      const response = await receipt(who, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Payment not found' });
    }
    expect((await receipt(owner, payment.id)).statusCode).toBe(200);
    await expectBooksBalance(db);
  });

  it('refuses a page that is not a whole number from 1 with 400 in words', async () => {
    for (const page of ['0', '-1', '1.5', 'two']) {
      const response = await app.inject({ method: 'GET', url: `/payments?page=${page}`, headers: member(randomUUID()) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('Page must be a whole number from 1');
    }
  });
});

describe("a member's history", () => {
  it('is empty with zero totals for a member who never paid', async () => {
    expect(await history(randomUUID())).toEqual({ payments: [], totals: { totalSpent: '0.00', totalEarned: '0.00', currency: 'GHS' }, page: 1, hasMore: false });
  });

  it("shows each status as the screen names it, newest first, with the ride's route, exact amounts, and nobody else's", async () => {
    const passenger = randomUUID();
    const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
    const done = await aPayment(db, { passengerId: passenger, fare: 12_345, fee: 617, createdAt: at(50) }, now);
    const waiting = await aPayment(db, { passengerId: passenger, status: 'pending', createdAt: at(40) }, now);
    const voucher = await aPayment(db, { passengerId: passenger, status: 'needs_otp', createdAt: at(30) }, now);
    const failed = await aPayment(db, { passengerId: passenger, status: 'failed', createdAt: at(20) }, now);
    const paidBack = await aPayment(db, { passengerId: passenger, fare: 5_000, fee: 250, createdAt: at(10) }, now);
    await refunded(db, paidBack, 5_250);
    await aPayment(db, { passengerId: randomUUID() }, now);

    const { payments: rows } = await history(passenger);
    const refundRow = rows.find((row) => row.kind === 'refund');
    expect(rows.map((row) => [row.kind, row.receiptId, row.status, row.amount, row.direction])).toEqual([
      ['refund', paidBack.id, 'refunded', '52.50', 'spent'],
      ['payment', paidBack.id, 'refunded', '52.50', 'spent'],
      ['payment', failed.id, 'failed', '126.00', 'spent'],
      ['payment', voucher.id, 'pending', '126.00', 'spent'],
      ['payment', waiting.id, 'pending', '126.00', 'spent'],
      ['payment', done.id, 'completed', '129.62', 'spent'],
    ]);
    expect(refundRow?.booking).toEqual({ ride: { from: 'Accra', to: 'Kumasi' } });
    expect(rows.at(-1)).toMatchObject({ id: done.id, currency: 'GHS', paymentMethod: 'mobile_money', transactionId: done.providerReference, createdAt: at(50) });
    await expectBooksBalance(db);
  });

  it('reads a payment paid back in part as completed, beside its refund', async () => {
    const passenger = randomUUID();
    const payment = await aPayment(db, { passengerId: passenger }, now);
    await refunded(db, payment, 6_000);
    const { payments: rows, totals } = await history(passenger);
    expect(rows.map((row) => [row.kind, row.status, row.amount])).toEqual(
      expect.arrayContaining([
        ['payment', 'completed', '126.00'],
        ['refund', 'refunded', '60.00'],
      ]),
    );
    expect(totals.totalSpent).toBe('66.00');
    await expectBooksBalance(db);
  });

  it('shows a refund still on its way as pending and one the gateway gave up as failed, neither taken off Total Spent', async () => {
    const passenger = randomUUID();
    const asked = await aPayment(db, { passengerId: passenger, createdAt: new Date(now.getTime() - 2 * 60_000).toISOString() }, now);
    const refused = await aPayment(db, { passengerId: passenger, fare: 5_000, fee: 250, createdAt: new Date(now.getTime() - 60_000).toISOString() }, now);
    await refunded(db, asked, asked.amountPesewas, 'pending');
    await refunded(db, refused, refused.amountPesewas, 'failed');
    const { payments: rows, totals } = await history(passenger);
    expect(rows.map((row) => [row.kind, row.receiptId, row.status, row.amount])).toEqual(
      expect.arrayContaining([
        ['refund', asked.id, 'pending', '126.00'],
        ['refund', refused.id, 'failed', '52.50'],
        ['payment', asked.id, 'completed', '126.00'],
        ['payment', refused.id, 'completed', '52.50'],
      ]),
    );
    expect(rows).toHaveLength(4);
    expect(totals.totalSpent).toBe('178.50');
    await expectBooksBalance(db);
  });

  it('pages by 20, newest first, saying whether more follow', async () => {
    const passenger = randomUUID();
    for (let index = 0; index < 23; index += 1) await aPayment(db, { passengerId: passenger, status: 'failed', createdAt: new Date(now.getTime() - index * 60_000).toISOString() }, now);
    const first = await history(passenger);
    const second = await history(passenger, 2);
    expect([first.payments.length, first.hasMore, second.payments.length, second.hasMore, second.page]).toEqual([20, true, 3, false, 2]);
    const all = [...first.payments, ...second.payments].map((row) => row.createdAt);
    expect(all).toEqual([...all].sort().reverse());
    expect(new Set(all).size).toBe(23);
  });
});

describe("this month's totals", () => {
  it('count payments succeeded this month in Ghana time, less refunds paid back this month, and nothing else', async () => {
    const passenger = randomUUID();
    now = new Date('2026-11-20T10:00:00.000Z');
    await aPayment(db, { passengerId: passenger, fare: 10_000, fee: 500, createdAt: '2026-11-01T00:00:00.000Z' }, now);
    await aPayment(db, { passengerId: passenger, fare: 2_000, fee: 101, createdAt: '2026-11-30T23:59:59.999Z' }, now);
    await aPayment(db, { passengerId: passenger, createdAt: '2026-10-31T23:59:59.999Z' }, now);
    await aPayment(db, { passengerId: passenger, createdAt: '2026-12-01T00:00:00.000Z' }, now);
    await aPayment(db, { passengerId: passenger, status: 'pending', createdAt: '2026-11-10T00:00:00.000Z' }, now);
    await aPayment(db, { passengerId: passenger, status: 'failed', createdAt: '2026-11-10T00:00:00.000Z' }, now);
    const refundedInFull = await aPayment(db, { passengerId: passenger, fare: 3_000, fee: 150, createdAt: '2026-11-12T00:00:00.000Z' }, now);
    await refunded(db, refundedInFull, 3_150);
    // 105.00 + 21.01, the refunded 31.50 collected and paid back: 126.01.
    expect((await history(passenger)).totals).toEqual({ totalSpent: '126.01', totalEarned: '0.00', currency: 'GHS' });
    await expectBooksBalance(db);
  });

  it("count what was paid out to a driver as earned, in the month it was paid out, and a driver's row as a payout", async () => {
    const driver = randomUUID();
    const passenger = randomUUID();
    const payment = await aPayment(db, { passengerId: passenger, driverId: driver, fare: 8_050, fee: 400 }, now);
    await paidOut(db, payment);
    const real = new Date();
    now = real;
    const paid = await history(driver);
    expect(paid.totals).toEqual({ totalSpent: '0.00', totalEarned: '80.50', currency: 'GHS' });
    expect(paid.payments).toEqual([
      expect.objectContaining({ kind: 'payout', receiptId: null, status: 'completed', amount: '80.50', direction: 'earned', booking: { ride: { from: 'Accra', to: 'Kumasi' } } }),
    ]);
    // The passenger's own history knows nothing of the payout.
    expect((await history(passenger)).payments.map((row) => row.kind)).toEqual(['payment']);
    now = new Date(Date.UTC(real.getUTCFullYear(), real.getUTCMonth() + 1, 1));
    expect((await history(driver)).totals.totalEarned).toBe('0.00');
    now = new Date('2026-11-20T10:00:00.000Z');
    await expectBooksBalance(db);
  });
});

describe("a driver's payouts in the history", () => {
  it('shows one still to come as pending and one left to staff as failed, neither earned yet', async () => {
    const driver = randomUUID();
    const waiting = await aPayment(db, { passengerId: randomUUID(), driverId: driver, fare: 3_000, fee: 150 }, now);
    const stuck = await aPayment(db, { passengerId: randomUUID(), driverId: driver, fare: 2_000, fee: 100 }, now);
    await paidOut(db, waiting, { status: 'scheduled' });
    await paidOut(db, stuck, { status: 'needs_attention' });
    const { payments: rows, totals } = await history(driver);
    expect(rows.map((row) => [row.kind, row.status, row.amount, row.direction]).sort()).toEqual([
      ['payout', 'failed', '20.00', 'earned'],
      ['payout', 'pending', '30.00', 'earned'],
    ]);
    expect(totals.totalEarned).toBe('0.00');
    expect((await earnings(driver)).thisMonth).toBe('0.00');
    await expectBooksBalance(db);
  });
});

describe('a receipt', () => {
  it('tells the passenger the booking, route, date, fare, fee, total, masked wallet, gateway reference, status and refunds', async () => {
    const passenger = randomUUID();
    const payment = await aPayment(db, { passengerId: passenger, fare: 12_050, fee: 603 }, now);
    await refunded(db, payment, 12_050);
    const response = await receipt(passenger, payment.id);
    expect(response.statusCode).toBe(200);
    const body = paymentReceiptSchema.parse(response.json());
    expect(body).toEqual({
      paymentId: payment.id,
      bookingId: payment.bookingId,
      bookingReference: `KR-${payment.bookingId.slice(0, 8).toUpperCase()}`,
      status: 'completed',
      route: { from: 'Accra', to: 'Kumasi' },
      createdAt: payment.createdAt.toISOString(),
      fare: '120.50',
      fee: '6.03',
      total: '126.53',
      currency: 'GHS',
      paymentMethod: 'mobile_money',
      wallet: { provider: 'vodafone', number: '050 *** **67' },
      gatewayReference: payment.providerReference,
      refunds: [{ id: expect.any(String), amount: '120.50', status: 'completed', createdAt: expect.any(String) }],
      refundedTotal: '120.50',
    });
    await expectBooksBalance(db);
  });

  it('reads refunded once paid back in full, lists each refund as it stands, and pending or failed as the payment stands', async () => {
    const passenger = randomUUID();
    const full = await aPayment(db, { passengerId: passenger }, now);
    await refunded(db, full, full.amountPesewas);
    const partly = await aPayment(db, { passengerId: passenger }, now);
    await refunded(db, partly, 6_000);
    await refunded(db, partly, 600, 'pending');
    const waiting = await aPayment(db, { passengerId: passenger, status: 'needs_otp' }, now);
    const failed = await aPayment(db, { passengerId: passenger, status: 'failed' }, now);
    const statusOf = async (id: string) => (await receipt(passenger, id)).json();
    expect(await statusOf(full.id)).toMatchObject({ status: 'refunded', refundedTotal: '126.00' });
    const twice = await statusOf(partly.id);
    expect(twice).toMatchObject({ status: 'completed', refundedTotal: '60.00' });
    expect(twice.refunds.map((refund: { amount: string; status: string }) => [refund.amount, refund.status])).toEqual([
      ['60.00', 'completed'],
      ['6.00', 'pending'],
    ]);
    expect(await statusOf(waiting.id)).toMatchObject({ status: 'pending', gatewayReference: null, refunds: [] });
    expect(await statusOf(failed.id)).toMatchObject({ status: 'failed', refundedTotal: '0.00' });
    await expectBooksBalance(db);
  });
});

describe("a driver's earnings", () => {
  it('are zero everywhere, with 12 weeks from Monday, for a driver never paid out', async () => {
    now = new Date('2026-11-20T10:00:00.000Z');
    const answer = await earnings(randomUUID());
    expect(answer).toMatchObject({ currency: 'GHS', today: '0.00', thisWeek: '0.00', thisMonth: '0.00', lastMonth: '0.00' });
    expect(answer.weeks).toHaveLength(12);
    expect(answer.weeks[0]).toEqual({ weekStart: '2026-08-31', amount: '0.00' });
    expect(answer.weeks[11]).toEqual({ weekStart: '2026-11-16', amount: '0.00' });
  });

  it('count each payout when it was paid out: today, this week, this month, and as last month a month later', async () => {
    const driver = randomUUID();
    await paidOut(db, await aPayment(db, { passengerId: randomUUID(), driverId: driver, fare: 4_525, fee: 226 }, now));
    await paidOut(db, await aPayment(db, { passengerId: randomUUID(), driverId: driver, fare: 1_000, fee: 50 }, now));
    // Another driver's payout is not theirs.
    await paidOut(db, await aPayment(db, { passengerId: randomUUID(), fare: 9_999 }, now));
    const real = new Date();
    now = real;
    const today = await earnings(driver);
    expect(today).toMatchObject({ today: '55.25', thisWeek: '55.25', thisMonth: '55.25', lastMonth: '0.00' });
    expect(today.weeks.at(-1).amount).toBe('55.25');
    now = new Date(Date.UTC(real.getUTCFullYear(), real.getUTCMonth() + 1, 15));
    const later = await earnings(driver);
    expect(later).toMatchObject({ today: '0.00', thisWeek: '0.00', thisMonth: '0.00', lastMonth: '55.25' });
    expect(later.weeks.map((week: { amount: string }) => week.amount).filter((amount: string) => amount !== '0.00')).toEqual(['55.25']);
    now = new Date('2026-11-20T10:00:00.000Z');
    await expectBooksBalance(db);
  });
});
