import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type BookingFact, bookingEvents } from '@krom/contracts/events/bookings';
import { type UserSnapshot, userSnapshotOf, userSnapshots } from '@krom/contracts/events/identity';
import type { PayoutFact } from '@krom/contracts/events/payments';
import { createLogger } from '@krom/server-kit/logger';
import type { ProviderCallback } from '@krom/server-kit/providers';
import { deliverToConsumer, testEnvelope } from '@krom/server-kit/testing';
import { and, asc, eq, inArray, isNull, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, paymentMethods, payments, payoutCredits, payouts } from '../src/db/schema.ts';
import { sentRecheckMinutes, sweepPayouts } from '../src/jobs/sweep-payouts.ts';
import { ledgerAccounts } from '../src/ledger/accounts.ts';
import { bookingLedger } from '../src/ledger/booking-ledger.ts';
import { postEntry } from '../src/ledger/post-entry.ts';
import { maxPayoutAttempts, payoutDelayHours, payoutReasons, payoutRetryDelaysMinutes } from '../src/payouts/payout-transitions.ts';
import { schedulePayouts } from '../src/payouts/schedule-payouts.ts';
import { numberRecheckMinutes } from '../src/payouts/send-payout.ts';
import { retryPayoutByStaff, StaffPayoutRefused } from '../src/payouts/staff-retry.ts';
import { paystackSignature } from '../src/providers/mobile-money/paystack-webhook.ts';
import { expectBooksBalance } from './expect-books-balance.ts';
import { paymentRequested } from './payment-requested-fact.ts';
import { paymentsHarness } from './payments-harness.ts';
import { paymentsTestConfig } from './payments-test-env.ts';

/*
 * Releasing a booking's money and paying the driver, against the Paystack stand-in (its
 * transfers settle after it answers, with a signed transfer.success or transfer.failed): rides'
 * completed and no_show facts on the real bus, the payment made the production way (prompt,
 * approval, signed callback), the payouts made and sent by the sweep at the clock a test gives,
 * the gateway's callbacks passed to the service's route as the BFF passes them.
 */

// The payments service against the Paystack stand-in; the books are checked to balance after every test.
const harness = paymentsHarness();
const { paystack, callbacks, forward } = harness;
const silent = createLogger('payments', 'silent');

const HOUR = 3_600_000;
const FARE = 12_000;
const FEE = 600;

const bodyOf = (callback: ProviderCallback) => JSON.parse(callback.rawBody.toString()) as { event: string; data: { reference?: string } };
const transferCallback = (reference: string) => callbacks.first((callback) => bodyOf(callback).event.startsWith('transfer.') && bodyOf(callback).data.reference === reference);

/** A booking paid by mobile money the production way (GH₵120 fare and GH₵6 fee collected, `payment.succeeded`): rides' fact of it. */
const paidBooking = async (): Promise<BookingFact> => (await harness.paidBooking()).booking;

/** Rides' fact about the booking after the payment's: boarded then completed with the ride, or reported a no-show. */
function bookingFact(paid: BookingFact, fact: 'completed' | 'no_show' | 'cancelled_by_passenger'): EventEnvelope<BookingFact> {
  const previousStatus = fact === 'completed' ? 'boarded' : 'confirmed';
  return testEnvelope(bookingEvents[fact], {
    ...paid,
    status: fact,
    previousStatus,
    actor: fact === 'no_show' ? 'driver' : 'system',
    occurredAt: new Date().toISOString(),
    version: paid.version + (fact === 'completed' ? 3 : 2),
  });
}

const deliverBookingFact = (envelope: EventEnvelope<BookingFact>) => deliverToConsumer(harness.service.bus, 'payments', bookingEvents[envelope.data.status as 'completed'], envelope);

/** The driver's default number, confirmed with its code unless `confirmed` is false. */
async function giveNumber(driverId: string, { confirmed = true, number = `020${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}` } = {}) {
  const [method] = await harness.service.db
    .insert(paymentMethods)
    .values({ userId: driverId, network: 'mtn', number, isDefault: true, verifiedAt: confirmed ? new Date() : null })
    .returning();
  return method!;
}

const payoutOf = async (bookingId: string) => (await harness.service.db.select().from(payouts).where(eq(payouts.bookingId, bookingId)))[0];
/** Every payout of the booking, the first made first. */
const payoutsOf = (bookingId: string) => harness.service.db.select().from(payouts).where(eq(payouts.bookingId, bookingId)).orderBy(asc(payouts.createdAt), asc(payouts.dueAt));

/** The payout facts in the outbox for one payout, in the order written. */
async function payoutFacts(payoutId: string) {
  const rows = await harness.service.db.select().from(outbox).where(like(outbox.subject, 'krom.payments.payout.%')).orderBy(asc(outbox.createdAt));
  return rows.map((row) => ({ subject: row.subject, data: row.envelope.data as PayoutFact })).filter((fact) => fact.data.payoutId === payoutId);
}

const entriesOf = async (bookingId: string) => (await bookingLedger(harness.service.db, bookingId)).entries.map((entry) => [entry.kind, entry.reference]);

/** When the booking's release (its last credit to the driver) was posted, and so when its payout is due. */
async function dueAfterRelease(bookingId: string) {
  const release = (await bookingLedger(harness.service.db, bookingId)).entries.find((entry) => entry.kind === 'release');
  if (!release) throw new Error('no release entry');
  return new Date(release.postedAt.getTime() + payoutDelayHours * HOUR);
}

/** Sends the payout's present attempt (the sweep at `at`) and passes on the stand-in's callback about it; answers the route's outcome. */
async function sweepAndSettle(bookingId: string, at: Date) {
  await sweepPayouts(harness.service.db, harness.service.mobileMoney, at, silent);
  const sent = await payoutOf(bookingId);
  expect(sent?.status).toBe('sent');
  return { sent: sent!, answer: (await forward(await transferCallback(sent!.gatewayReference))).json() };
}

describe('a completed booking', () => {
  it('is paid after the disputes window the service is configured with (PAYOUT_DELAY_SECONDS), 24 hours unless set', async () => {
    expect(paymentsTestConfig().config.PAYOUT_DELAY_SECONDS).toBe(payoutDelayHours * 3600);
    const window = paymentsTestConfig({ PAYOUT_DELAY_SECONDS: '90' }).config.PAYOUT_DELAY_SECONDS;
    const paid = await paidBooking();
    await giveNumber(paid.driverId);
    await deliverBookingFact(bookingFact(paid, 'completed'));
    const release = (await bookingLedger(harness.service.db, paid.bookingId)).entries.find((entry) => entry.kind === 'release')!;
    const due = new Date(release.postedAt.getTime() + window * 1000);

    await sweepPayouts(harness.service.db, harness.service.mobileMoney, new Date(due.getTime() - 1_000), silent, window);
    const scheduled = await payoutOf(paid.bookingId);
    expect(scheduled).toMatchObject({ status: 'scheduled', amountPesewas: FARE, dueAt: due });
    expect(paystack.transfers.has(scheduled!.id)).toBe(false);

    const { answer } = await sweepAndSettle(paid.bookingId, due);
    expect(answer).toEqual({ outcome: 'applied' });
    expect(await payoutOf(paid.bookingId)).toMatchObject({ status: 'succeeded', amountPesewas: FARE });
  });

  it('releases the fare to the driver and the fee to Krom at once, and pays the driver 24 hours later, not before', async () => {
    const paid = await paidBooking();
    const { bookingId, driverId } = paid;
    await giveNumber(driverId, { number: '0201112233' });
    await deliverBookingFact(bookingFact(paid, 'completed'));

    const payment = (await harness.service.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0]!;
    expect(await entriesOf(bookingId)).toEqual([
      ['collection', `collection:${payment.id}`],
      ['gateway_fee', `gateway_fee:${payment.id}`],
      ['release', `release:${payment.id}`],
    ]);
    const released = await bookingLedger(harness.service.db, bookingId);
    expect(released.balances).toMatchObject({ [`passenger_funds_held:${bookingId}`]: 0n, [`driver_payable:${driverId}`]: -12_000n, service_fee_revenue: -600n });

    // A minute short of the disputes window: scheduled, nothing sent.
    const due = await dueAfterRelease(bookingId);
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, new Date(due.getTime() - 60_000), silent);
    const scheduled = await payoutOf(bookingId);
    expect(scheduled).toMatchObject({ status: 'scheduled', amountPesewas: FARE, driverId, rideId: paid.rideId, attempts: 0, dueAt: due, version: 1 });
    expect(paystack.transfers.has(scheduled!.id)).toBe(false);
    expect(await payoutFacts(scheduled!.id)).toEqual([]);

    const { sent, answer } = await sweepAndSettle(bookingId, due);
    expect(sent).toMatchObject({ gatewayReference: scheduled!.id, attempts: 1, walletPhone: '+233201112233', walletMasked: '020 *** **33', provider: 'paystack' });
    expect(paystack.transfers.get(scheduled!.id)).toMatchObject({ amount: FARE, recipient: expect.objectContaining({ accountNumber: '0201112233', bankCode: 'MTN' }) });
    expect(answer).toEqual({ outcome: 'applied' });

    const paidOut = await payoutOf(bookingId);
    expect(paidOut).toMatchObject({ status: 'succeeded', paidAt: expect.any(Date), version: 3, reason: null });
    expect((await payoutFacts(paidOut!.id)).map((fact) => [fact.subject, fact.data.status, fact.data.version, fact.data.walletMasked])).toEqual([
      ['krom.payments.payout.sent.v1', 'sent', 2, '020 *** **33'],
      ['krom.payments.payout.succeeded.v1', 'succeeded', 3, '020 *** **33'],
    ]);
    // The booking's ledger tells the whole story: collected, released, sent, paid.
    expect((await entriesOf(bookingId)).map(([kind]) => kind)).toEqual(['collection', 'gateway_fee', 'release', 'payout_sent', 'payout_paid']);

    // The callback again, or the sweep again, changes nothing.
    expect((await forward(await transferCallback(paidOut!.id))).json()).toEqual({ outcome: 'replayed' });
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, new Date(due.getTime() + HOUR), silent);
    expect(await payoutOf(bookingId)).toEqual(paidOut);
    expect(await payoutFacts(paidOut!.id)).toHaveLength(2);
    expect(await entriesOf(bookingId)).toHaveLength(5);

    const balances = await expectBooksBalance(harness.service.db);
    expect(balances[`driver_payable:${driverId}`]).toBe(0n);
    expect(balances[`payouts_in_transit:${driverId}`]).toBe(0n);
  });

  it('pays once however often rides’ facts arrive (the same event, another id, or a no-show too)', async () => {
    const paid = await paidBooking();
    await giveNumber(paid.driverId);
    const completed = bookingFact(paid, 'completed');
    await deliverBookingFact(completed);
    await deliverBookingFact(completed);
    await deliverBookingFact({ ...completed, id: randomUUID() });
    await deliverBookingFact(bookingFact(paid, 'no_show'));
    expect((await entriesOf(paid.bookingId)).filter(([kind]) => kind === 'release')).toHaveLength(1);

    const due = await dueAfterRelease(paid.bookingId);
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, due, silent);
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, due, silent);
    const payout = await payoutOf(paid.bookingId);
    expect((await harness.service.db.select().from(payouts).where(eq(payouts.bookingId, paid.bookingId))).length).toBe(1);
    expect(paystack.requests.filter((request) => request.path === '/transfer' && (request.body as { reference?: string }).reference === payout!.id)).toHaveLength(1);
    expect((await forward(await transferCallback(payout!.id))).json()).toEqual({ outcome: 'applied' });
    expect((await bookingLedger(harness.service.db, paid.bookingId)).balances[`driver_payable:${paid.driverId}`]).toBe(0n);
    await expectBooksBalance(harness.service.db);
  });

  it('releases nothing for a booking with no mobile money payment (cash)', async () => {
    const cash = paymentRequested({ paymentMethod: 'cash', wallet: null, serviceFee: '0.00' }).data;
    await deliverBookingFact(bookingFact(cash, 'completed'));
    expect(await entriesOf(cash.bookingId)).toEqual([]);
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, new Date(Date.now() + 2 * payoutDelayHours * HOUR), silent);
    expect(await payoutOf(cash.bookingId)).toBeUndefined();
    await expectBooksBalance(harness.service.db);
  });
});

describe('a no-show reported by the driver', () => {
  it('pays the driver as if boarded; a lost callback is made up by the sweep reading the gateway again', async () => {
    const paid = await paidBooking();
    await giveNumber(paid.driverId);
    await deliverBookingFact(bookingFact(paid, 'no_show'));
    expect((await entriesOf(paid.bookingId)).map(([kind]) => kind)).toEqual(['collection', 'gateway_fee', 'release']);

    const due = await dueAfterRelease(paid.bookingId);
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, due, silent);
    const sent = await payoutOf(paid.bookingId);
    expect(sent).toMatchObject({ status: 'sent', amountPesewas: FARE });
    // The stand-in has settled it (its callback arrived) but the callback never reaches Krom.
    await transferCallback(sent!.gatewayReference);
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, new Date(due.getTime() + 30_000), silent);
    expect((await payoutOf(paid.bookingId))?.status).toBe('sent');
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, sent!.nextAttemptAt!, silent);
    expect(await payoutOf(paid.bookingId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(paystack.requests.filter((request) => request.path === '/transfer' && (request.body as { reference?: string }).reference === sent!.id)).toHaveLength(1);
    expect((await entriesOf(paid.bookingId)).map(([kind]) => kind)).toEqual(['collection', 'gateway_fee', 'release', 'payout_sent', 'payout_paid']);
    await expectBooksBalance(harness.service.db);
  });
});

describe('a gateway that drops its answer', () => {
  it('is asked again under the same reference, every few minutes while the payout is on its way, and pays once', async () => {
    const paid = await paidBooking();
    await giveNumber(paid.driverId);
    await deliverBookingFact(bookingFact(paid, 'completed'));
    const due = await dueAfterRelease(paid.bookingId);
    paystack.hangUpAfterNextRequest();
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, due, silent);
    const sent = await payoutOf(paid.bookingId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(paystack.transfers.has(sent!.id)).toBe(false);

    // Asked again: the transfer is made under the payout's reference, and is on its way.
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, sent!.nextAttemptAt!, silent);
    const onItsWay = await payoutOf(paid.bookingId);
    expect(onItsWay).toMatchObject({ status: 'sent', attempts: 1, nextAttemptAt: new Date(sent!.nextAttemptAt!.getTime() + sentRecheckMinutes * 60_000) });
    expect((await forward(await transferCallback(sent!.id))).json()).toEqual({ outcome: 'applied' });
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, onItsWay!.nextAttemptAt!, silent);
    expect(await payoutOf(paid.bookingId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(paystack.requests.filter((request) => request.path === '/transfer' && (request.body as { reference?: string }).reference === sent!.id)).toHaveLength(1);
  });
});

describe('a payout that fails', () => {
  it('is retried with backoff under a new reference each time, then needs attention; staff ask again and it is paid', async () => {
    const paid = await paidBooking();
    const { bookingId, driverId } = paid;
    await giveNumber(driverId);
    await deliverBookingFact(bookingFact(paid, 'completed'));
    let at = await dueAfterRelease(bookingId);
    paystack.failPayouts(true);
    try {
      for (let attempt = 1; attempt <= maxPayoutAttempts; attempt += 1) {
        const { sent, answer } = await sweepAndSettle(bookingId, at);
        expect(sent.attempts).toBe(attempt);
        expect(sent.gatewayReference).toBe(attempt === 1 ? sent.id : `${sent.id}-${attempt}`);
        expect(answer).toEqual({ outcome: 'applied' });
        const failed = await payoutOf(bookingId);
        if (attempt < maxPayoutAttempts) {
          expect(failed).toMatchObject({ status: 'failed', reason: payoutReasons.failed });
          const waited = failed!.nextAttemptAt!.getTime() - failed!.updatedAt.getTime();
          expect(waited).toBe(payoutRetryDelaysMinutes[attempt - 1]! * 60_000);
          // Not before its time.
          await sweepPayouts(harness.service.db, harness.service.mobileMoney, new Date(failed!.nextAttemptAt!.getTime() - 1_000), silent);
          expect((await payoutOf(bookingId))?.status).toBe('failed');
          at = failed!.nextAttemptAt!;
        } else {
          expect(failed).toMatchObject({ status: 'needs_attention', reason: payoutReasons.keepsFailing, nextAttemptAt: null });
        }
      }
    } finally {
      paystack.failPayouts(false);
    }
    const payout = (await payoutOf(bookingId))!;
    expect((await payoutFacts(payout.id)).map((fact) => fact.subject.split('.')[3])).toEqual([
      ...Array.from({ length: maxPayoutAttempts - 1 }, () => ['sent', 'failed']).flat(),
      'sent',
      'needs_attention',
    ]);
    // Each failed attempt's money went back to what the driver is owed.
    const balances = await expectBooksBalance(harness.service.db);
    expect(balances[`driver_payable:${driverId}`]).toBe(-12_000n);
    expect(balances[`payouts_in_transit:${driverId}`]).toBe(0n);
    expect((await entriesOf(bookingId)).filter(([kind]) => kind === 'payout_failed')).toHaveLength(maxPayoutAttempts);

    // Left to staff: the sweep does not try again on its own.
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, new Date(at.getTime() + 30 * 24 * HOUR), silent);
    expect((await payoutOf(bookingId))?.status).toBe('needs_attention');

    const queued = await retryPayoutByStaff(harness.service.db, payout.id, randomUUID(), at);
    expect(queued).toMatchObject({ status: 'needs_attention', nextAttemptAt: at });
    const { sent, answer } = await sweepAndSettle(bookingId, at);
    expect(sent).toMatchObject({ attempts: maxPayoutAttempts + 1, gatewayReference: `${payout.id}-${maxPayoutAttempts + 1}` });
    expect(answer).toEqual({ outcome: 'applied' });
    expect(await payoutOf(bookingId)).toMatchObject({ status: 'succeeded', reason: null, retriedBy: queued.retriedBy });
    // Paid once: the failed attempts moved nothing at the gateway.
    const paidTransfers = [...paystack.transfers.values()].filter((transfer) => transfer.reference.startsWith(payout.id) && transfer.status === 'success');
    expect(paidTransfers.map((transfer) => transfer.amount)).toEqual([FARE]);
    // The money each failure gave back to driver_payable was the payout's own: no second payout for it.
    expect(await payoutsOf(bookingId)).toHaveLength(1);
    expect((await bookingLedger(harness.service.db, bookingId)).balances[`driver_payable:${driverId}`]).toBe(0n);
    await expectBooksBalance(harness.service.db);
  });

  it('is not asked again by staff once paid, and an unknown payout is refused', async () => {
    await expect(retryPayoutByStaff(harness.service.db, randomUUID(), randomUUID())).rejects.toMatchObject({ statusCode: 404 });
    await expect(retryPayoutByStaff(harness.service.db, 'not-a-payout', randomUUID())).rejects.toBeInstanceOf(StaffPayoutRefused);
    const [paidOut] = await harness.service.db.select().from(payouts).where(eq(payouts.status, 'succeeded')).limit(1);
    await expect(retryPayoutByStaff(harness.service.db, paidOut!.id, randomUUID())).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('a driver with no confirmed number', () => {
  it('needs attention with the reason when the payout is due, and is paid once the driver confirms a number', async () => {
    const paid = await paidBooking();
    const { bookingId, driverId } = paid;
    // A number typed but not confirmed with its code cannot be paid.
    const method = await giveNumber(driverId, { confirmed: false });
    await deliverBookingFact(bookingFact(paid, 'completed'));
    const due = await dueAfterRelease(bookingId);
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, due, silent);
    const waiting = (await payoutOf(bookingId))!;
    expect(waiting).toMatchObject({ status: 'needs_attention', reason: payoutReasons.noNumber, attempts: 0, walletMasked: null });
    expect(await payoutFacts(waiting.id)).toEqual([
      { subject: 'krom.payments.payout.needs_attention.v1', data: expect.objectContaining({ status: 'needs_attention', reason: payoutReasons.noNumber, walletMasked: null, attempts: 0, version: 2 }) },
    ]);
    // Still none at the next look: no second fact, nothing sent.
    const later = new Date(due.getTime() + numberRecheckMinutes * 60_000);
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, later, silent);
    expect(await payoutFacts(waiting.id)).toHaveLength(1);
    expect(paystack.transfers.has(waiting.id)).toBe(false);

    await harness.service.db.update(paymentMethods).set({ verifiedAt: new Date() }).where(eq(paymentMethods.id, method.id));
    const { sent, answer } = await sweepAndSettle(bookingId, new Date(later.getTime() + numberRecheckMinutes * 60_000));
    expect(sent).toMatchObject({ attempts: 1, paymentMethodId: method.id, walletMasked: `${method.number.slice(0, 3)} *** **${method.number.slice(-2)}` });
    expect(answer).toEqual({ outcome: 'applied' });
    expect((await payoutFacts(waiting.id)).map((fact) => fact.data.status)).toEqual(['needs_attention', 'sent', 'succeeded']);
    await expectBooksBalance(harness.service.db);
  });
});

describe('the driver’s half of a late cancellation', () => {
  it('is paid out as the refunds post it: any credit of the booking to driver_payable, due 24 hours after', async () => {
    const paid = await paidBooking();
    const { bookingId, driverId } = paid;
    await giveNumber(driverId);
    // As the refunds post it: half the fare back, half to the driver, the fee kept.
    const half = FARE / 2;
    const refundReference = randomUUID();
    await harness.service.db.transaction((tx) =>
      postEntry(tx, {
        kind: 'refund_sent',
        bookingId,
        reference: `refund_sent:${refundReference}`,
        lines: [
          { account: ledgerAccounts.passengerFundsHeld(bookingId), debit: FARE + FEE },
          { account: ledgerAccounts.refundsInTransit(bookingId), credit: half },
          { account: ledgerAccounts.driverPayable(driverId), credit: half },
          { account: ledgerAccounts.serviceFeeRevenue(), credit: FEE },
        ],
        memo: 'Cancelled less than 24 hours before departure',
      }),
    );
    // A completed fact cannot come for it; were one to, nothing more is released.
    await deliverBookingFact(bookingFact(paid, 'completed'));
    const entry = (await bookingLedger(harness.service.db, bookingId)).entries.find((e) => e.kind === 'refund_sent')!;
    const due = new Date(entry.postedAt.getTime() + payoutDelayHours * HOUR);
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, new Date(due.getTime() - 1_000), silent);
    expect(await payoutOf(bookingId)).toMatchObject({ status: 'scheduled', amountPesewas: half, dueAt: due });
    const { answer } = await sweepAndSettle(bookingId, due);
    expect(answer).toEqual({ outcome: 'applied' });
    expect(paystack.transfers.get((await payoutOf(bookingId))!.id)?.amount).toBe(half);
    expect((await entriesOf(bookingId)).map(([kind]) => kind)).toEqual(['collection', 'gateway_fee', 'refund_sent', 'payout_sent', 'payout_paid']);
    const balances = await expectBooksBalance(harness.service.db);
    expect(balances[`driver_payable:${driverId}`]).toBe(0n);
  });
});

const EXTRA = 300;

/** A credit of the booking to the driver posted after its release (as staff would: GH₵3 of Krom's fee given to the driver); answers when its payout is due. */
async function laterCredit(paid: BookingFact, amount = EXTRA) {
  const reference = `correction:${randomUUID()}`;
  await harness.service.db.transaction((tx) =>
    postEntry(tx, {
      kind: 'correction',
      bookingId: paid.bookingId,
      reference,
      lines: [
        { account: ledgerAccounts.serviceFeeRevenue(), debit: amount },
        { account: ledgerAccounts.driverPayable(paid.driverId), credit: amount },
      ],
      memo: 'Part of the fee given to the driver',
    }),
  );
  const entry = (await bookingLedger(harness.service.db, paid.bookingId)).entries.find((e) => e.reference === reference)!;
  return new Date(entry.postedAt.getTime() + payoutDelayHours * HOUR);
}

/** Sweeps at `at`, then passes on the stand-in's callback about the payout's present attempt; answers the payout as settled. */
async function sendAndSettle(payoutId: string, at: Date) {
  await sweepPayouts(harness.service.db, harness.service.mobileMoney, at, silent);
  const [sent] = await harness.service.db.select().from(payouts).where(eq(payouts.id, payoutId));
  expect(sent?.status).toBe('sent');
  expect((await forward(await transferCallback(sent!.gatewayReference))).json()).toEqual({ outcome: 'applied' });
  return (await harness.service.db.select().from(payouts).where(eq(payouts.id, payoutId)))[0]!;
}

const payableOfBooking = async (paid: BookingFact) => (await bookingLedger(harness.service.db, paid.bookingId)).balances[`driver_payable:${paid.driverId}`];

describe('a credit to the driver after the booking’s payout was made', () => {
  it('is paid by a second payout of exactly that credit once the first is paid, and never again', async () => {
    const paid = await paidBooking();
    await giveNumber(paid.driverId);
    await deliverBookingFact(bookingFact(paid, 'completed'));
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, new Date(Date.now() - HOUR), silent);
    const [first] = await payoutsOf(paid.bookingId);
    expect(first).toMatchObject({ status: 'scheduled', amountPesewas: FARE });
    expect((await sendAndSettle(first!.id, first!.dueAt)).status).toBe('succeeded');
    expect(await payableOfBooking(paid)).toBe(0n);

    const due = await laterCredit(paid);
    expect(await payableOfBooking(paid)).toBe(BigInt(-EXTRA));
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, new Date(due.getTime() - 1_000), silent);
    const [paidFirst, second] = await payoutsOf(paid.bookingId);
    expect(paidFirst).toMatchObject({ id: first!.id, status: 'succeeded', amountPesewas: FARE });
    expect(second).toMatchObject({ status: 'scheduled', amountPesewas: EXTRA, dueAt: due, driverId: paid.driverId, rideId: paid.rideId, attempts: 0 });

    expect((await sendAndSettle(second!.id, due)).status).toBe('succeeded');
    expect(paystack.transfers.get(first!.id)?.amount).toBe(FARE);
    expect(paystack.transfers.get(second!.id)?.amount).toBe(EXTRA);
    // Nothing more to pay: later sweeps make no third payout.
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, new Date(due.getTime() + 7 * 24 * HOUR), silent);
    expect(await payoutsOf(paid.bookingId)).toHaveLength(2);
    expect((await entriesOf(paid.bookingId)).map(([kind]) => kind)).toEqual([
      'collection',
      'gateway_fee',
      'release',
      'payout_sent',
      'payout_paid',
      'correction',
      'payout_sent',
      'payout_paid',
    ]);
    expect(await payableOfBooking(paid)).toBe(0n);
    const balances = await expectBooksBalance(harness.service.db);
    expect(balances[`driver_payable:${paid.driverId}`]).toBe(0n);
    expect(balances[`payouts_in_transit:${paid.driverId}`]).toBe(0n);
  });

  it('arriving while the first is on its way at the gateway, is paid by its own payout: neither lost nor paid twice', async () => {
    const paid = await paidBooking();
    await giveNumber(paid.driverId);
    await deliverBookingFact(bookingFact(paid, 'completed'));
    const firstDue = await dueAfterRelease(paid.bookingId);
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, firstDue, silent);
    const [first] = await payoutsOf(paid.bookingId);
    expect(first).toMatchObject({ status: 'sent', amountPesewas: FARE });

    // The credit lands before the gateway's answer about the first is settled.
    const due = await laterCredit(paid);
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, firstDue, silent);
    const [stillSent, second] = await payoutsOf(paid.bookingId);
    expect(stillSent).toMatchObject({ id: first!.id, status: 'sent', amountPesewas: FARE });
    expect(second).toMatchObject({ status: 'scheduled', amountPesewas: EXTRA, dueAt: due });

    expect((await forward(await transferCallback(first!.gatewayReference))).json()).toEqual({ outcome: 'applied' });
    expect((await sendAndSettle(second!.id, due)).status).toBe('succeeded');
    const paidAmounts = [...paystack.transfers.values()].filter((transfer) => transfer.status === 'success' && [first!.id, second!.id].includes(transfer.reference)).map((transfer) => transfer.amount);
    expect(paidAmounts.sort((a, b) => a - b)).toEqual([EXTRA, FARE]);
    expect(await payableOfBooking(paid)).toBe(0n);
    const balances = await expectBooksBalance(harness.service.db);
    expect(balances[`driver_payable:${paid.driverId}`]).toBe(0n);
  });

  it('arriving after the first failed (its money back in driver_payable), is paid by its own payout while the first is retried for its own amount', async () => {
    const paid = await paidBooking();
    await giveNumber(paid.driverId);
    await deliverBookingFact(bookingFact(paid, 'completed'));
    const firstDue = await dueAfterRelease(paid.bookingId);
    paystack.failPayouts(true);
    try {
      await sweepPayouts(harness.service.db, harness.service.mobileMoney, firstDue, silent);
      const [sent] = await payoutsOf(paid.bookingId);
      expect((await forward(await transferCallback(sent!.gatewayReference))).json()).toEqual({ outcome: 'applied' });
    } finally {
      paystack.failPayouts(false);
    }
    const [failed] = await payoutsOf(paid.bookingId);
    expect(failed).toMatchObject({ status: 'failed', amountPesewas: FARE });
    expect(await payableOfBooking(paid)).toBe(BigInt(-FARE));

    const due = await laterCredit(paid);
    const retried = await sendAndSettle(failed!.id, failed!.nextAttemptAt!);
    expect(retried).toMatchObject({ status: 'succeeded', amountPesewas: FARE, attempts: 2 });
    const [, second] = await payoutsOf(paid.bookingId);
    expect(second).toMatchObject({ status: 'scheduled', amountPesewas: EXTRA, dueAt: due });
    expect((await sendAndSettle(second!.id, due)).amountPesewas).toBe(EXTRA);
    expect(await payoutsOf(paid.bookingId)).toHaveLength(2);
    expect(await payableOfBooking(paid)).toBe(0n);
    const balances = await expectBooksBalance(harness.service.db);
    expect(balances[`driver_payable:${paid.driverId}`]).toBe(0n);
  });
});

describe('sweeps running at the same moment', () => {
  it('make each payout once, each credit claimed by one payout, and send each once', async () => {
    const bookings: BookingFact[] = [];
    for (let i = 0; i < 3; i += 1) {
      const paid = await paidBooking();
      await giveNumber(paid.driverId);
      await deliverBookingFact(bookingFact(paid, 'completed'));
      bookings.push(paid);
    }
    // The first booking's two credits, both unclaimed, make one payout of their sum.
    const lastDue = await laterCredit(bookings[0]!);

    const made = await Promise.all(Array.from({ length: 4 }, () => schedulePayouts(harness.service.db)));
    expect(made.reduce((sum, count) => sum + count, 0)).toBe(3);
    const byBooking = await Promise.all(bookings.map((paid) => payoutsOf(paid.bookingId)));
    expect(byBooking.map((rows) => rows.map((row) => row.amountPesewas))).toEqual([[FARE + EXTRA], [FARE], [FARE]]);
    const unclaimed = await harness.service.db
      .select()
      .from(payoutCredits)
      .where(and(inArray(payoutCredits.bookingId, bookings.map((paid) => paid.bookingId)), isNull(payoutCredits.payoutId)));
    expect(unclaimed).toEqual([]);

    await Promise.all(Array.from({ length: 3 }, () => sweepPayouts(harness.service.db, harness.service.mobileMoney, lastDue, silent)));
    for (const [payout] of byBooking) {
      expect(paystack.requests.filter((request) => request.path === '/transfer' && (request.body as { reference?: string }).reference === payout!.id)).toHaveLength(1);
      expect((await forward(await transferCallback(payout!.id))).json()).toEqual({ outcome: 'applied' });
    }
    const balances = await expectBooksBalance(harness.service.db);
    for (const paid of bookings) {
      expect(await payableOfBooking(paid)).toBe(0n);
      expect(balances[`driver_payable:${paid.driverId}`]).toBe(0n);
    }
  });
});

/** Identity's snapshot of the user at `version`, delivered to the payments consumer. */
async function deliverSnapshot(userId: string, version: number, firstName: string, lastName: string) {
  const snapshot: UserSnapshot = {
    userId,
    version,
    firstName,
    lastName,
    profileImageUrl: null,
    isVerified: true,
    verificationStatus: 'approved',
    isDriver: true,
    driverVerificationStatus: 'approved',
    suspended: false,
    deleted: false,
    statedWoman: false,
    phone: null,
    showPhone: true,
    showProfile: true,
    changedAt: new Date(Date.UTC(2026, 0, 1, 0, version)).toISOString(),
  };
  await deliverToConsumer(harness.service.bus, 'payments', userSnapshots, testEnvelope(userSnapshotOf(userId), snapshot), userSnapshotOf(userId).subject);
}

describe('the name a payout is sent to', () => {
  it('is the driver’s as identity last told it, a late older snapshot changing nothing; with no snapshot yet, their number', async () => {
    const named = await paidBooking();
    await giveNumber(named.driverId);
    await deliverSnapshot(named.driverId, 3, 'Kwame', 'Asante');
    await deliverSnapshot(named.driverId, 2, 'Kwame', 'Old-Name');
    await deliverBookingFact(bookingFact(named, 'completed'));
    const { sent } = await sweepAndSettle(named.bookingId, await dueAfterRelease(named.bookingId));
    expect(paystack.transfers.get(sent.gatewayReference)?.recipient.name).toBe('Kwame Asante');

    const unnamed = await paidBooking();
    const method = await giveNumber(unnamed.driverId);
    await deliverBookingFact(bookingFact(unnamed, 'completed'));
    const { sent: toNumber } = await sweepAndSettle(unnamed.bookingId, await dueAfterRelease(unnamed.bookingId));
    expect(paystack.transfers.get(toNumber.gatewayReference)?.recipient.name).toBe(method.number);
    await expectBooksBalance(harness.service.db);
  });
});

describe('payout callbacks', () => {
  it('are refused forged or unsigned, settle nothing alone, and change nothing replayed', async () => {
    const paid = await paidBooking();
    const { bookingId, driverId } = paid;
    await giveNumber(driverId);
    await deliverBookingFact(bookingFact(paid, 'completed'));
    const due = await dueAfterRelease(bookingId);
    await sweepPayouts(harness.service.db, harness.service.mobileMoney, new Date(due.getTime() - 1_000), silent);
    const scheduled = (await payoutOf(bookingId))!;

    const claim = Buffer.from(JSON.stringify({ event: 'transfer.success', data: { reference: scheduled.id, status: 'success', amount: FARE } }));
    const headers = (secret: string) => ({ 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(secret, claim) });
    expect((await forward({ rawBody: claim, url: callbacks.url, headers: headers('sk_test_not_the_key') })).statusCode).toBe(403);
    expect((await forward({ rawBody: claim, url: callbacks.url, headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);
    // Signed, but about a payout not yet sent: nothing to settle.
    expect((await forward({ rawBody: claim, url: callbacks.url, headers: headers(paystack.secretKey) })).json()).toEqual({ outcome: 'replayed' });
    expect(await payoutOf(bookingId)).toEqual(scheduled);

    // Sent and failed at the gateway: a signed claim of success is read again, and the gateway's record wins.
    paystack.failPayouts(true);
    try {
      await sweepPayouts(harness.service.db, harness.service.mobileMoney, due, silent);
      await transferCallback(scheduled.id);
    } finally {
      paystack.failPayouts(false);
    }
    expect((await payoutOf(bookingId))?.status).toBe('sent');
    expect((await forward({ rawBody: claim, url: callbacks.url, headers: headers(paystack.secretKey) })).json()).toEqual({ outcome: 'applied' });
    const failed = (await payoutOf(bookingId))!;
    expect(failed).toMatchObject({ status: 'failed', paidAt: null });
    // The gateway's own callback, and the claim again: replayed, nothing moves.
    expect((await forward(await transferCallback(scheduled.id))).json()).toEqual({ outcome: 'replayed' });
    expect((await forward({ rawBody: claim, url: callbacks.url, headers: headers(paystack.secretKey) })).json()).toEqual({ outcome: 'replayed' });
    expect(await payoutOf(bookingId)).toEqual(failed);
    // A reference that is nobody's payout.
    const stranger = Buffer.from(JSON.stringify({ event: 'transfer.success', data: { reference: randomUUID() } }));
    expect((await forward({ rawBody: stranger, url: callbacks.url, headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(paystack.secretKey, stranger) } })).json()).toEqual({ outcome: 'ignored' });
    expect((await payoutFacts(scheduled.id)).map((fact) => fact.data.status)).toEqual(['sent', 'failed']);

    // Its next attempt pays it, so the test leaves nothing due behind.
    const { answer } = await sweepAndSettle(bookingId, failed.nextAttemptAt!);
    expect(answer).toEqual({ outcome: 'applied' });
    const balances = await expectBooksBalance(harness.service.db);
    expect(balances[`driver_payable:${driverId}`]).toBe(0n);
  });
});
