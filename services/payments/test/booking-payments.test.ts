import { randomUUID } from 'node:crypto';
import type { BookingFact } from '@krom/contracts/events/bookings';
import type { PaymentFact } from '@krom/contracts/events/payments';
import { createLogger } from '@krom/server-kit/logger';
import { asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, payments } from '../src/db/schema.ts';
import { holdGraceMinutes, notApprovedInTimeReason, sweepPayments } from '../src/jobs/sweep-payments.ts';
import { bookingLedger } from '../src/ledger/booking-ledger.ts';
import { declinedReason } from '../src/payments/settle-collection.ts';
import { paystackSignature } from '../src/providers/mobile-money/paystack-webhook.ts';
import { expectBooksBalance } from './expect-books-balance.ts';
import { deliverPaymentRequested, paymentRequested } from './payment-requested-fact.ts';
import { paymentsHarness } from './payments-harness.ts';

/*
 * The payments side of the booking saga against the Paystack stand-in: rides' payment_requested
 * fact delivered on the real bus, the prompt at the stand-in, the stand-in's signed callback
 * passed to the service's route as the BFF passes it, the sweep run with the clock a test gives.
 */

const h = paymentsHarness();
const { paystack, forward, chargeSuccessFor } = h;
const silent = createLogger('payments', 'silent');

const paymentsOf = (bookingId: string) => h.service.db.select().from(payments).where(eq(payments.bookingId, bookingId));

/** The payment the fact made, once its prompt is recorded. */
async function requested(changes: Partial<BookingFact> = {}) {
  const envelope = paymentRequested(changes);
  await deliverPaymentRequested(h.service.bus, envelope);
  const [payment] = await paymentsOf(envelope.data.bookingId);
  if (!payment) throw new Error('no payment row for the fact');
  return { envelope, payment };
}

/** The payment facts in the outbox for one payment, in the order written. */
async function factsOf(paymentId: string) {
  const rows = await h.service.db.select().from(outbox).where(like(outbox.subject, 'krom.payments.payment.%')).orderBy(asc(outbox.createdAt));
  return rows.map((row) => ({ subject: row.subject, data: row.envelope.data as PaymentFact })).filter((fact) => fact.data.paymentId === paymentId);
}

const stored = async (paymentId: string) => (await h.service.db.select().from(payments).where(eq(payments.id, paymentId)))[0];

describe('a payment requested by rides', () => {
  it('is one pending payment of the fare and fee, prompted at the gateway once, with its prompted fact', async () => {
    const { envelope, payment } = await requested();
    expect(payment).toMatchObject({ status: 'pending', amountPesewas: 12_600, farePesewas: 12_000, feePesewas: 600, provider: 'paystack', walletNetwork: 'mtn', walletMasked: '024 *** **67', routeFrom: 'Accra', routeTo: 'Kumasi', version: 2 });
    expect(paystack.charges.get(payment.id)).toMatchObject({ amount: 12_600, phone: '0241234567', provider: 'mtn' });
    expect(await factsOf(payment.id)).toEqual([
      { subject: 'krom.payments.payment.prompted.v1', data: expect.objectContaining({ status: 'pending', bookingId: envelope.data.bookingId, amountPesewas: 12_600, version: 2, reason: null }) },
    ]);

    // The same fact again, under its own id and under another: still one payment and one prompt.
    await deliverPaymentRequested(h.service.bus, envelope);
    await deliverPaymentRequested(h.service.bus, { ...envelope, id: randomUUID() });
    expect(await paymentsOf(envelope.data.bookingId)).toHaveLength(1);
    expect(paystack.requests.filter((request) => request.path === '/charge' && (request.body as { reference?: string }).reference === payment.id)).toHaveLength(1);
    expect(await factsOf(payment.id)).toHaveLength(1);
  });

  it('succeeds on the approval: the signed callback through the route, the ledger entries, payment.succeeded; a replay changes nothing', async () => {
    const { payment } = await requested();
    await paystack.approve(payment.id);
    const callback = await chargeSuccessFor(payment.id);
    const answer = await forward(callback);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ outcome: 'applied' });

    const fee = paystack.charges.get(payment.id)!.fees;
    expect(fee).toBeGreaterThan(0);
    expect(await stored(payment.id)).toMatchObject({ status: 'succeeded', version: 3, providerReference: String(paystack.charges.get(payment.id)!.id) });
    const ledger = await bookingLedger(h.service.db, payment.bookingId);
    expect(ledger.entries.map((entry) => [entry.kind, entry.reference])).toEqual([
      ['collection', `collection:${payment.id}`],
      ['gateway_fee', `gateway_fee:${payment.id}`],
    ]);
    expect(ledger.balances[`passenger_funds_held:${payment.bookingId}`]).toBe(-12_600n);
    expect((await factsOf(payment.id)).map((fact) => [fact.subject, fact.data.version])).toEqual([
      ['krom.payments.payment.prompted.v1', 2],
      ['krom.payments.payment.succeeded.v1', 3],
    ]);

    const replay = await forward(callback);
    expect(replay.json()).toEqual({ outcome: 'replayed' });
    expect(await stored(payment.id)).toMatchObject({ status: 'succeeded', version: 3 });
    expect((await bookingLedger(h.service.db, payment.bookingId)).entries).toHaveLength(2);
    expect(await factsOf(payment.id)).toHaveLength(2);
    const balances = await expectBooksBalance(h.service.db);
    expect(balances[`passenger_funds_held:${payment.bookingId}`]).toBe(-12_600n);
    expect(balances.gateway_fees).toBeGreaterThanOrEqual(BigInt(fee));
  });

  it('refuses a forged or unsigned callback (403, 401) and moves nothing', async () => {
    const { payment } = await requested();
    const rawBody = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: payment.id, status: 'success', amount: 12_600 } }));
    const forged = await forward({ rawBody, url: h.callbacks.url, headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature('sk_test_not_the_key', rawBody) } });
    expect(forged.statusCode).toBe(403);
    const unsigned = await forward({ rawBody, url: h.callbacks.url, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(401);
    expect(await stored(payment.id)).toEqual(payment);
    expect(await factsOf(payment.id)).toHaveLength(1);
    expect((await bookingLedger(h.service.db, payment.bookingId)).entries).toEqual([]);
  });

  it('is never succeeded for another amount than asked: held for staff, no entry, no fact, and not failed by the sweep', async () => {
    const { payment } = await requested();
    // The gateway's record says less arrived than Krom asked for.
    paystack.charges.get(payment.id)!.amount = 12_500;
    await paystack.approve(payment.id);
    const answer = await forward(await chargeSuccessFor(payment.id));
    expect(answer.json()).toEqual({ outcome: 'held' });
    expect(await stored(payment.id)).toMatchObject({ status: 'pending', version: 2, heldAt: expect.any(Date) });
    expect((await bookingLedger(h.service.db, payment.bookingId)).entries).toEqual([]);

    await sweepPayments(h.service.db, h.service.mobileMoney, new Date(payment.holdExpiresAt.getTime() + (holdGraceMinutes + 1) * 60_000), silent);
    expect(await stored(payment.id)).toMatchObject({ status: 'pending', version: 2 });
    expect(await factsOf(payment.id)).toHaveLength(1);
    await expectBooksBalance(h.service.db);
  });
});

describe('the payments sweep', () => {
  it('settles an approved payment whose callback was lost, once it has waited a minute', async () => {
    const { payment } = await requested();
    await paystack.approve(payment.id);
    // Not yet: the callback may still come.
    await sweepPayments(h.service.db, h.service.mobileMoney, payment.createdAt, silent);
    expect((await stored(payment.id))?.status).toBe('pending');

    const result = await sweepPayments(h.service.db, h.service.mobileMoney, new Date(payment.createdAt.getTime() + 61_000), silent);
    expect(result.changed).toBeGreaterThanOrEqual(1);
    expect(await stored(payment.id)).toMatchObject({ status: 'succeeded', version: 3 });
    expect((await bookingLedger(h.service.db, payment.bookingId)).entries.map((entry) => entry.kind)).toEqual(['collection', 'gateway_fee']);
    // The callback arriving late finds it settled.
    expect((await forward(await chargeSuccessFor(payment.id))).json()).toEqual({ outcome: 'replayed' });
    expect((await bookingLedger(h.service.db, payment.bookingId)).entries).toHaveLength(2);
    await expectBooksBalance(h.service.db);
  });

  it('fails a declined payment with the reason for the passenger, and posts nothing', async () => {
    const { payment } = await requested();
    await paystack.decline(payment.id);
    await sweepPayments(h.service.db, h.service.mobileMoney, new Date(payment.createdAt.getTime() + 61_000), silent);
    expect(await stored(payment.id)).toMatchObject({ status: 'failed', reason: declinedReason, version: 3 });
    expect((await factsOf(payment.id)).at(-1)).toEqual({ subject: 'krom.payments.payment.failed.v1', data: expect.objectContaining({ status: 'failed', reason: declinedReason, version: 3 }) });
    expect((await bookingLedger(h.service.db, payment.bookingId)).entries).toEqual([]);
  });

  it('fails a payment never approved once its hold and the grace are past, not before', async () => {
    const { payment } = await requested();
    const holdEnds = payment.holdExpiresAt.getTime();
    await sweepPayments(h.service.db, h.service.mobileMoney, new Date(holdEnds + 60_000), silent);
    expect(await stored(payment.id)).toMatchObject({ status: 'pending', version: 2 });

    await sweepPayments(h.service.db, h.service.mobileMoney, new Date(holdEnds + holdGraceMinutes * 60_000 + 1_000), silent);
    expect(await stored(payment.id)).toMatchObject({ status: 'failed', reason: notApprovedInTimeReason, version: 3 });
    expect((await factsOf(payment.id)).map((fact) => [fact.subject, fact.data.reason])).toEqual([
      ['krom.payments.payment.prompted.v1', null],
      ['krom.payments.payment.failed.v1', notApprovedInTimeReason],
    ]);
    // A second run, or the passenger approving too late, changes nothing.
    await sweepPayments(h.service.db, h.service.mobileMoney, new Date(holdEnds + holdGraceMinutes * 60_000 + 61_000), silent);
    expect(await factsOf(payment.id)).toHaveLength(2);
  });
});
