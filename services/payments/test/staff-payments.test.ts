import { randomUUID } from 'node:crypto';
import type { Caller } from '@krom/server-kit/internal-auth';
import {
  staffBookingLedgerRoute,
  staffLatestReconciliationRoute,
  staffPayoutsNeedingAttentionRoute,
  staffRefundRoute,
  staffRetryPayoutRoute,
  staffRunReconciliationRoute,
  staffSearchPaymentsRoute,
} from '@krom/contracts/services/payments/staff-payments';
import { staffPaymentMessages, staffRefundMessages } from '@krom/contracts/http/staff-payments';
import { type BookingFact, bookingEvents } from '@krom/contracts/events/bookings';
import { createLogger } from '@krom/server-kit/logger';
import { deliverToConsumer, dropDatabaseWhenIdle, eventually, staffCaller, testEnvelope } from '@krom/server-kit/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema.ts';
import { sweepPayments } from '../src/jobs/sweep-payments.ts';
import { sweepPayouts } from '../src/jobs/sweep-payouts.ts';
import { sweepRefunds } from '../src/jobs/sweep-refunds.ts';
import { openPaymentsService } from '../src/open-payments.ts';
import { expectBooksBalance } from './expect-books-balance.ts';
import { deliverPaymentRequested, paymentRequested } from './payment-requested-fact.ts';
import { paymentsTestConfig } from './payments-test-env.ts';
import { PaystackStandIn } from './providers/paystack-stand-in.ts';

/*
 * The Payments tab's routes as staff call them through the BFF (the admin caller's assertion):
 * payments found by status, booking and wallet phone; a booking's ledger; the reconciliation,
 * clean and then with the gateway's record planted to differ from the books. Payments are made on
 * the real bus against the Paystack stand-in and settled by the sweep (the gateway read again).
 */

const paystack = new PaystackStandIn();
const silent = createLogger('payments', 'silent');
const staffId = randomUUID();
const staff = staffCaller(['finance'], staffId);
let service: Awaited<ReturnType<typeof openPaymentsService>>;
let setup: ReturnType<typeof paymentsTestConfig>;

beforeAll(async () => {
  await paystack.start();
  setup = paymentsTestConfig({ PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_API_BASE_URL: paystack.baseUrl, SWEEP_INTERVAL_SECONDS: '0' });
  service = await openPaymentsService(setup.config);
});
afterAll(async () => {
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabaseWhenIdle(setup.config.DATABASE_URL);
  await paystack.stop();
});

/** A payment requested by rides and answered at the gateway (approved or declined), settled by the sweep reading the gateway. */
async function payment(answer: 'approve' | 'decline' | 'none', changes: Partial<BookingFact> = {}) {
  return (await paymentOf(answer, paymentRequested(changes))).row;
}

async function paymentOf(answer: 'approve' | 'decline' | 'none', envelope: ReturnType<typeof paymentRequested>) {
  await deliverPaymentRequested(service.bus, envelope);
  const [row] = await service.db.select().from(payments).where(eq(payments.bookingId, envelope.data.bookingId));
  if (!row) throw new Error('no payment row for the fact');
  if (answer !== 'none') {
    await paystack[answer](row.id);
    await sweepPayments(service.db, service.mobileMoney, new Date(row.createdAt.getTime() + 61_000), silent);
  }
  const [settled] = await service.db.select().from(payments).where(eq(payments.id, row.id));
  return { row: settled!, fact: envelope.data };
}

const call = async (method: 'GET' | 'POST', url: string, caller: Caller = staff) =>
  service.app.inject({ method, url, headers: await setup.as(caller) });

type PaymentRow = Awaited<ReturnType<typeof payment>>;
let paid: PaymentRow;
let declined: PaymentRow;
let open: PaymentRow;

beforeAll(async () => {
  paid = await payment('approve');
  declined = await payment('decline', { wallet: { phone: '0201112233', network: 'vodafone' } });
  open = await payment('none');
});

describe('payments as staff find them', () => {
  it('lists every payment newest first, and by status, booking and wallet phone (local or +233 form)', async () => {
    const all = await call('GET', staffSearchPaymentsRoute.path);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, pageSize: 50, hasMore: false });
    expect(all.json().payments.map((p: { id: string }) => p.id)).toEqual([open.id, declined.id, paid.id]);

    const succeeded = (await call('GET', `${staffSearchPaymentsRoute.path}?status=succeeded`)).json();
    expect(succeeded.payments).toEqual([
      expect.objectContaining({ id: paid.id, bookingId: paid.bookingId, status: 'succeeded', amountPesewas: 12_600, farePesewas: 12_000, feePesewas: 600, walletMasked: '024 *** **67', held: false }),
    ]);

    const byBooking = (await call('GET', `${staffSearchPaymentsRoute.path}?bookingId=${declined.bookingId}`)).json();
    expect(byBooking.payments.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([[declined.id, 'failed']]);

    const local = (await call('GET', `${staffSearchPaymentsRoute.path}?phone=0201112233`)).json();
    const international = (await call('GET', `${staffSearchPaymentsRoute.path}?phone=${encodeURIComponent('+233 20 111 2233')}`)).json();
    expect(local.payments.map((p: { id: string }) => p.id)).toEqual([declined.id]);
    expect(international.payments).toEqual(local.payments);

    const both = (await call('GET', `${staffSearchPaymentsRoute.path}?phone=0241234567&status=pending`)).json();
    expect(both.payments.map((p: { id: string }) => p.id)).toEqual([open.id]);
    expect((await call('GET', `${staffSearchPaymentsRoute.path}?page=2`)).json()).toMatchObject({ payments: [], page: 2, hasMore: false });
  });

  it('refuses a filter it cannot read, in words', async () => {
    const status = await call('GET', `${staffSearchPaymentsRoute.path}?status=paid`);
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toBe(staffPaymentMessages.status);
    const booking = await call('GET', `${staffSearchPaymentsRoute.path}?bookingId=ABC123`);
    expect(booking.statusCode).toBe(400);
    expect(booking.json().message).toBe(staffPaymentMessages.bookingId);
    expect((await call('GET', `${staffSearchPaymentsRoute.path}?phone=12345`)).statusCode).toBe(400);
  });

  it('is closed to members and anonymous callers (401), and to calls without the assertion', async () => {
    for (const caller of [{ kind: 'user', userId: paid.passengerId }, { kind: 'public' }] as Caller[]) {
      expect((await call('GET', staffSearchPaymentsRoute.path, caller)).statusCode).toBe(401);
      expect((await call('GET', staffBookingLedgerRoute.path.replace(':id', paid.bookingId), caller)).statusCode).toBe(401);
      expect((await call('POST', staffRunReconciliationRoute.path, caller)).statusCode).toBe(401);
      expect((await call('GET', staffLatestReconciliationRoute.path, caller)).statusCode).toBe(401);
    }
    expect((await service.app.inject({ method: 'GET', url: staffSearchPaymentsRoute.path })).statusCode).toBe(401);
  });
});

describe("a booking's ledger", () => {
  it('shows its entries with their lines, the net per account and its payments', async () => {
    const answer = await call('GET', staffBookingLedgerRoute.path.replace(':id', paid.bookingId));
    expect(answer.statusCode).toBe(200);
    const ledger = answer.json();
    const fee = paystack.charges.get(paid.id)!.fees;
    expect(ledger.entries.map((entry: { kind: string; reference: string }) => [entry.kind, entry.reference])).toEqual([
      ['collection', `collection:${paid.id}`],
      ['gateway_fee', `gateway_fee:${paid.id}`],
    ]);
    expect(ledger.entries[0].lines).toEqual([
      { account: 'gateway_clearing', type: 'gateway_clearing', debitPesewas: 12_600, creditPesewas: 0 },
      { account: `passenger_funds_held:${paid.bookingId}`, type: 'passenger_funds_held', debitPesewas: 0, creditPesewas: 12_600 },
    ]);
    expect(ledger.balances).toEqual(
      expect.arrayContaining([
        { account: `passenger_funds_held:${paid.bookingId}`, netPesewas: -12_600 },
        { account: 'gateway_clearing', netPesewas: 12_600 - fee },
        { account: 'gateway_fees', netPesewas: fee },
      ]),
    );
    expect(ledger.payments.map((p: { id: string }) => p.id)).toEqual([paid.id]);

    const nothing = (await call('GET', staffBookingLedgerRoute.path.replace(':id', randomUUID()))).json();
    expect(nothing).toMatchObject({ entries: [], balances: [], payments: [] });
    expect((await call('GET', staffBookingLedgerRoute.path.replace(':id', 'not-a-booking'))).statusCode).toBe(400);
  });
});

describe('the reconciliation', () => {
  it('passes on clean books that match the gateway, and is stored with who ran it', async () => {
    expect((await call('GET', staffLatestReconciliationRoute.path)).json()).toEqual({ reconciliation: null });
    const answer = await call('POST', staffRunReconciliationRoute.path);
    expect(answer.statusCode).toBe(200);
    const result = answer.json();
    const fee = paystack.charges.get(paid.id)!.fees;
    expect(result).toMatchObject({ passed: true, mismatches: [], ranBy: staffId, checked: 2, truncated: false, limit: 200 });
    expect(result.books).toMatchObject({ balanced: true, totalPesewas: 0 });
    expect(result.books.accounts).toEqual(
      expect.arrayContaining([{ type: 'passenger_funds_held', accounts: 1, debitsPesewas: 0, creditsPesewas: 12_600, balancePesewas: -12_600 }]),
    );
    expect(result.gatewayTotals).toEqual([
      { movement: 'collections', booksPesewas: 12_600, gatewayPesewas: 12_600 },
      { movement: 'gateway_fees', booksPesewas: fee, gatewayPesewas: fee },
      { movement: 'refunds', booksPesewas: 0, gatewayPesewas: 0 },
      { movement: 'payouts', booksPesewas: 0, gatewayPesewas: 0 },
    ]);
    expect((await call('GET', staffLatestReconciliationRoute.path)).json()).toEqual({ reconciliation: result });
    await expectBooksBalance(service.db);
  });

  it("finds the gateway's record differing from the books, and says so in words", async () => {
    const charge = paystack.charges.get(paid.id)!;
    const asCharged = { amount: charge.amount, fees: charge.fees };
    // The gateway's own record now says less arrived, and a declined payment was in fact collected.
    charge.amount = 12_000;
    const declinedCharge = paystack.charges.get(declined.id)!;
    declinedCharge.step = 'success';
    declinedCharge.fees = 0;
    try {
      const result = (await call('POST', staffRunReconciliationRoute.path)).json();
      expect(result.passed).toBe(false);
      expect(result.books).toMatchObject({ balanced: true, totalPesewas: 0 });
      expect(result.mismatches).toEqual([
        { kind: 'collection', reference: declined.id, bookingId: declined.bookingId, text: 'The gateway collected GH₵126.00, but the books count nothing collected (payment failed).' },
        { kind: 'collection', reference: paid.id, bookingId: paid.bookingId, text: 'The books count GH₵126.00 collected, but the gateway collected GH₵120.00.' },
      ]);
      expect(result.gatewayTotals[0]).toEqual({ movement: 'collections', booksPesewas: 12_600, gatewayPesewas: 12_000 + 12_600 });
      expect((await call('GET', staffLatestReconciliationRoute.path)).json().reconciliation).toEqual(result);
    } finally {
      Object.assign(charge, asCharged);
      declinedCharge.step = 'failed';
    }
    expect((await call('POST', staffRunReconciliationRoute.path)).json()).toMatchObject({ passed: true });
    await expectBooksBalance(service.db);
  });
});

describe('staff refunds', () => {
  it("give back part of a booking's payment with the staff member's reason, shown in the booking's ledger", async () => {
    const refunded = await payment('approve');
    const url = staffRefundRoute.path.replace(':id', refunded.bookingId);
    const post = async (payload: object) => service.app.inject({ method: 'POST', url, headers: await setup.as(staff), payload });

    const noReason = await post({ reason: 'no', amountPesewas: 2_000 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(staffRefundMessages.reason);
    const tooMuch = await post({ reason: 'Charged for a seat the driver never had', amountPesewas: 99_999 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('At most GH₵126.00 of this booking’s payment is still held to refund');

    const answer = await post({ reason: 'Charged for a seat the driver never had', amountPesewas: 2_000 });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ bookingId: refunded.bookingId, paymentId: refunded.id, cause: 'staff', amountPesewas: 2_000, staffReason: 'Charged for a seat the driver never had', staffId });
    const ledger = (await call('GET', staffBookingLedgerRoute.path.replace(':id', refunded.bookingId))).json();
    expect(ledger.refunds).toEqual([expect.objectContaining({ id: answer.json().id, cause: 'staff', staffReason: 'Charged for a seat the driver never had' })]);
    expect(ledger.entries.map((entry: { kind: string }) => entry.kind)).toContain('refund_sent');
    expect(ledger.balances).toEqual(expect.arrayContaining([{ account: `passenger_funds_held:${refunded.bookingId}`, netPesewas: -10_600 }]));
    await expectBooksBalance(service.db);

    // Paid back at the gateway and settled by the refunds' sweep: the reconciliation reads it again.
    const atGateway = await eventually(async () => paystack.refunds.find((r) => r.charge.reference === refunded.id && r.status === 'processed'));
    await sweepRefunds(service.db, service.mobileMoney, new Date(Date.now() + 5 * 60_000), silent);
    const clean = (await call('POST', staffRunReconciliationRoute.path)).json();
    expect(clean).toMatchObject({ passed: true });
    expect(clean.gatewayTotals).toContainEqual({ movement: 'refunds', booksPesewas: 2_000, gatewayPesewas: 2_000 });
    atGateway.amount = 1_500;
    try {
      const planted = (await call('POST', staffRunReconciliationRoute.path)).json();
      expect(planted.passed).toBe(false);
      expect(planted.mismatches).toEqual([
        { kind: 'refund', reference: answer.json().id, bookingId: refunded.bookingId, text: "The books count GH₵20.00 paid back to the passenger, but the gateway's record says GH₵15.00." },
      ]);
    } finally {
      atGateway.amount = 2_000;
    }
  });
});

describe('payouts needing attention', () => {
  it('are listed for staff, who can ask for one again; an unknown payout is a 404', async () => {
    const { row, fact } = await paymentOf('approve', paymentRequested());
    const completed = testEnvelope(bookingEvents.completed, { ...fact, status: 'completed', previousStatus: 'boarded', actor: 'system', occurredAt: new Date().toISOString(), version: fact.version + 3 });
    await deliverToConsumer(service.bus, 'payments', bookingEvents.completed, completed);
    // Due a day later, and the driver has no confirmed number: staff must act.
    await sweepPayouts(service.db, service.mobileMoney, new Date(Date.now() + 25 * 3_600_000), silent);

    const list = await call('GET', staffPayoutsNeedingAttentionRoute.path);
    expect(list.statusCode).toBe(200);
    const [payout] = list.json().payouts;
    expect(payout).toMatchObject({ bookingId: row.bookingId, driverId: row.driverId, status: 'needs_attention', amountPesewas: 12_000, retriedBy: null });
    expect(payout.reason).toEqual(expect.any(String));

    const retried = await call('POST', staffRetryPayoutRoute.path.replace(':id', payout.id));
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: payout.id, retriedBy: staffId });
    expect((await call('POST', staffRetryPayoutRoute.path.replace(':id', randomUUID()))).statusCode).toBe(404);
    expect((await call('GET', staffPayoutsNeedingAttentionRoute.path, { kind: 'user', userId: row.driverId })).statusCode).toBe(401);
    expect((await call('GET', staffBookingLedgerRoute.path.replace(':id', row.bookingId))).json().payouts).toEqual([expect.objectContaining({ id: payout.id })]);
    await expectBooksBalance(service.db);
  });
});
