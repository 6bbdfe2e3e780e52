import { createLogger } from '@krom/server-kit/logger';
import { describe, expect, it } from 'vitest';
import { holdGraceMinutes, notApprovedInTimeReason, sweepPayments } from '../src/jobs/sweep-payments.ts';
import { sweepRefunds } from '../src/jobs/sweep-refunds.ts';
import { bookingLedger } from '../src/ledger/booking-ledger.ts';
import { paystackSignature } from '../src/providers/mobile-money/paystack-webhook.ts';
import { refundFailedReason, refundNeedsStaffReason } from '../src/refunds/move-refund.ts';
import { maxRefundAttempts, refundRetryBaseMinutes } from '../src/refunds/refund-transitions.ts';
import { refundByStaff, StaffRefundRefused, staffRefundMessages } from '../src/refunds/staff-refund.ts';
import { deliverPaymentRequested, paymentRequested } from './payment-requested-fact.ts';
import { paymentsHarness } from './payments-harness.ts';

/*
 * The refund's life past the policy: the gateway's callbacks (forged, replayed, ahead of its own
 * record), a refund that keeps failing (retried with backoff on the sweep's clock, then left to
 * staff), money that arrives after the booking ended (late_payment), and staff's own refunds.
 */

const h = paymentsHarness();
const silent = createLogger('payments', 'silent');
const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

const ledgerKinds = async (bookingId: string) => (await bookingLedger(h.service.db, bookingId)).entries.map((entry) => entry.kind);
const heldOf = async (bookingId: string) => (await bookingLedger(h.service.db, bookingId)).balances[`passenger_funds_held:${bookingId}`] ?? 0n;

describe("a refund's callbacks", () => {
  it('are refused when forged or unsigned, applied once from the gateway\'s own record, and a replay changes nothing', async () => {
    const { booking, payment } = await h.paidBooking();
    await h.endBooking('cancelled_by_driver', booking);
    const refund = await h.onlyRefundOf(booking.bookingId);

    const rawBody = Buffer.from(JSON.stringify({ event: 'refund.processed', data: { status: 'processed', transaction_reference: payment.id, amount: '12600' } }));
    const forged = await h.forward({ rawBody, url: h.callbacks.url, headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature('sk_test_not_the_key', rawBody) } });
    expect(forged.statusCode).toBe(403);
    const unsigned = await h.forward({ rawBody, url: h.callbacks.url, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(401);
    expect(await h.onlyRefundOf(booking.bookingId)).toEqual(refund);

    const callback = await h.refundEvent(payment.id, 'refund.processed');
    expect((await h.forward(callback)).json()).toEqual({ outcome: 'applied' });
    expect((await h.forward(callback)).json()).toEqual({ outcome: 'replayed' });
    expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({ status: 'succeeded', version: refund.version + 1 });
    expect(await ledgerKinds(booking.bookingId)).toEqual(['collection', 'gateway_fee', 'refund_sent', 'refund_paid']);
  });

  it('ahead of the gateway\'s record change nothing; the record settles it, and a stale one after it is a replay', async () => {
    h.paystack.endRefunds('held');
    const { booking, payment } = await h.paidBooking();
    await h.endBooking('expired', booking);
    const sent = await h.onlyRefundOf(booking.bookingId);
    expect(sent).toMatchObject({ status: 'pending', sentAt: expect.any(Date) });

    // A signed "processed" event while the gateway's own record still says pending (out of order, or a mistake of the gateway's).
    const [gatewayRefund] = h.gatewayRefundsOf(payment.id);
    await h.paystack.announceRefund(gatewayRefund!, 'processed');
    const early = await h.refundEvent(payment.id, 'refund.processed');
    expect((await h.forward(early)).json()).toEqual({ outcome: 'ignored' });
    expect(await h.onlyRefundOf(booking.bookingId)).toEqual(sent);

    await h.paystack.finishRefund(gatewayRefund!, 'failed');
    expect((await h.forward(await h.refundEvent(payment.id, 'refund.failed'))).json()).toEqual({ outcome: 'applied' });
    expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({ status: 'failed', reason: refundFailedReason, attempts: 1 });
    expect((await h.forward(early)).json()).toEqual({ outcome: 'replayed' });
    expect(await ledgerKinds(booking.bookingId)).toEqual(['collection', 'gateway_fee', 'refund_sent', 'refund_failed']);
    expect(await heldOf(booking.bookingId)).toBe(-12_600n);
  });
});

describe('a refund the gateway keeps failing', () => {
  it(`is asked again with backoff on the sweep's clock, and after ${maxRefundAttempts} failures is left to staff`, async () => {
    h.paystack.endRefunds('failed');
    const { booking, payment } = await h.paidBooking();
    await h.endBooking('cancelled_by_driver', booking);
    expect((await h.forward(await h.refundEvent(payment.id, 'refund.failed'))).json()).toEqual({ outcome: 'applied' });
    let refund = await h.onlyRefundOf(booking.bookingId);
    expect(refund).toMatchObject({ status: 'failed', attempts: 1, needsAttentionAt: null });
    expect(refund.nextAttemptAt?.getTime()).toBe(refund.updatedAt.getTime() + refundRetryBaseMinutes * 60_000);

    // Not before its time.
    await sweepRefunds(h.service.db, h.service.mobileMoney, later(refund.nextAttemptAt!, -1_000), silent);
    expect(await h.onlyRefundOf(booking.bookingId)).toEqual(refund);

    for (let attempt = 2; attempt <= maxRefundAttempts; attempt += 1) {
      const due = refund.nextAttemptAt!;
      await sweepRefunds(h.service.db, h.service.mobileMoney, due, silent);
      expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({ status: 'pending', attempts: attempt, gatewayReference: `${refund.id}-${attempt}`, sentAt: due });
      // Its failure read by the sweep a minute on (the gateway's event left unforwarded).
      await h.refundEvent(payment.id, 'refund.failed', attempt);
      await sweepRefunds(h.service.db, h.service.mobileMoney, later(due, 61_000), silent);
      refund = await h.onlyRefundOf(booking.bookingId);
      expect(refund).toMatchObject({ status: 'failed', attempts: attempt });
      if (attempt < maxRefundAttempts) expect(refund.nextAttemptAt?.getTime()).toBe(later(due, 61_000).getTime() + refundRetryBaseMinutes * 2 ** (attempt - 1) * 60_000);
    }
    expect(refund).toMatchObject({ nextAttemptAt: null, needsAttentionAt: expect.any(Date), reason: refundNeedsStaffReason });
    await sweepRefunds(h.service.db, h.service.mobileMoney, later(refund.updatedAt, 30 * 86_400_000), silent);
    expect(await h.onlyRefundOf(booking.bookingId)).toEqual(refund);

    expect(h.gatewayRefundsOf(payment.id).map((r) => [r.merchantNote.split(' ')[0], r.status])).toEqual(
      Array.from({ length: maxRefundAttempts }, (_, i) => [`krom-refund:${i === 0 ? refund.id : `${refund.id}-${i + 1}`}`, 'failed']),
    );
    const facts = await h.refundFactsOf(booking.bookingId);
    expect(facts.map((fact) => fact.subject.split('.')[3])).toEqual(Array.from({ length: maxRefundAttempts }, () => ['sent', 'failed']).flat());
    expect(facts.at(-1)?.data.reason).toBe(refundNeedsStaffReason);
    // The ledger says the passenger's money is still held for them, owed by the refund staff must see to.
    expect(await ledgerKinds(booking.bookingId)).toEqual(['collection', 'gateway_fee', ...Array.from({ length: maxRefundAttempts }, () => ['refund_sent', 'refund_failed']).flat()]);
    expect(await heldOf(booking.bookingId)).toBe(-12_600n);
    // Staff cannot give the same money back a second time beside it.
    await expect(refundByStaff(h.service.db, { bookingId: booking.bookingId, reason: 'Goodwill', staffId: booking.driverId }, deps())).rejects.toThrow(staffRefundMessages.nothingHeld);
  });
});

describe('money arriving for a booking that had ended (late_payment)', () => {
  it('is given back in full when rides lapsed the hold while the payment was still open here', async () => {
    const { booking, payment } = await h.requested();
    await h.endBooking('expired', booking, { previousStatus: 'awaiting_payment', reason: 'The payment was not approved in time' });
    expect(await h.refundsOf(booking.bookingId)).toEqual([]);

    await h.paystack.approve(payment.id);
    expect((await h.forward(await h.chargeSuccessFor(payment.id))).json()).toEqual({ outcome: 'applied' });
    expect(await h.paymentOf(booking.bookingId)).toMatchObject({ status: 'succeeded' });
    expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({ cause: 'late_payment', amountPesewas: 12_600, feeRefundPesewas: 600, sentAt: expect.any(Date) });
    expect((await h.forward(await h.refundEvent(payment.id, 'refund.processed'))).json()).toEqual({ outcome: 'applied' });
    expect(await ledgerKinds(booking.bookingId)).toEqual(['collection', 'gateway_fee', 'refund_sent', 'refund_paid']);
    expect(await heldOf(booking.bookingId)).toBe(0n);
  });

  it('is given back in full when the sweep finds it, the approval\'s callback lost', async () => {
    const { booking, payment } = await h.requested();
    await h.endBooking('cancelled', booking, { previousStatus: 'awaiting_payment', actor: 'passenger' });
    await h.paystack.approve(payment.id);
    await sweepPayments(h.service.db, h.service.mobileMoney, later(payment.createdAt, 61_000), silent);
    expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({ cause: 'late_payment', amountPesewas: 12_600, status: 'pending', sentAt: expect.any(Date) });
    await h.refundEvent(payment.id, 'refund.processed');
    const sent = await h.onlyRefundOf(booking.bookingId);
    await sweepRefunds(h.service.db, h.service.mobileMoney, later(sent.updatedAt, 59_000), silent);
    expect(await h.onlyRefundOf(booking.bookingId)).toEqual(sent);
    await sweepRefunds(h.service.db, h.service.mobileMoney, later(sent.updatedAt, 61_000), silent);
    expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({ status: 'succeeded' });
    expect(await heldOf(booking.bookingId)).toBe(0n);
  });

  it('is given back in full when the payment had been failed here and the passenger approved too late; the payment stays failed', async () => {
    const { booking, payment } = await h.requested();
    await sweepPayments(h.service.db, h.service.mobileMoney, later(payment.holdExpiresAt, holdGraceMinutes * 60_000 + 1_000), silent);
    expect(await h.paymentOf(booking.bookingId)).toMatchObject({ status: 'failed', reason: notApprovedInTimeReason });

    await h.paystack.approve(payment.id);
    const callback = await h.chargeSuccessFor(payment.id);
    expect((await h.forward(callback)).json()).toEqual({ outcome: 'applied' });
    expect(await h.paymentOf(booking.bookingId)).toMatchObject({ status: 'failed', version: payment.version + 1 });
    expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({ cause: 'late_payment', amountPesewas: 12_600, fareRefundPesewas: 12_000, feeRefundPesewas: 600 });
    // The approval's callback again: still one collection and one refund.
    expect((await h.forward(callback)).json()).toEqual({ outcome: 'replayed' });
    expect((await h.forward(await h.refundEvent(payment.id, 'refund.processed'))).json()).toEqual({ outcome: 'applied' });
    expect(await ledgerKinds(booking.bookingId)).toEqual(['collection', 'gateway_fee', 'refund_sent', 'refund_paid']);
    expect(await heldOf(booking.bookingId)).toBe(0n);
    expect(h.gatewayRefundsOf(payment.id).map((r) => r.amount)).toEqual([12_600]);
  });
});

describe('a booking ending while its money arrives', () => {
  it('refunds it once whichever commits first, under the end\'s cause or late_payment', async () => {
    const bookings = await Promise.all(Array.from({ length: 6 }, () => h.requested()));
    for (const { payment } of bookings) await h.paystack.approve(payment.id);
    await Promise.all(
      bookings.flatMap(({ booking, payment }) => [
        h.endBooking('expired', booking, { previousStatus: 'awaiting_payment' }),
        h.chargeSuccessFor(payment.id).then((callback) => h.forward(callback)),
      ]),
    );
    for (const { booking } of bookings) {
      const [refund, ...more] = await h.refundsOf(booking.bookingId);
      expect(more).toEqual([]);
      expect(['expired', 'late_payment']).toContain(refund?.cause);
      expect(refund).toMatchObject({ amountPesewas: 12_600 });
      expect(await heldOf(booking.bookingId)).toBe(0n);
    }
  });
});

describe('a payment request told after the booking ended', () => {
  it('prompts nobody, so no money is taken for it', async () => {
    const envelope = paymentRequested();
    await h.endBooking('cancelled', envelope.data, { previousStatus: 'awaiting_payment', actor: 'passenger' });
    const charges = h.paystack.charges.size;
    await deliverPaymentRequested(h.service.bus, envelope);
    expect(h.paystack.charges.size).toBe(charges);
    await expect(h.paymentOf(envelope.data.bookingId)).rejects.toThrow('no payment');
  });
});

const deps = () => ({ provider: h.service.mobileMoney, clock: () => new Date(), logger: silent });

describe('staff refunds', () => {
  it('give back what staff chose, with their reason, and the policy later gives back only the rest', async () => {
    const { booking, payment } = await h.paidBooking();
    const staffId = crypto.randomUUID();
    const refund = await refundByStaff(h.service.db, { bookingId: booking.bookingId, amountPesewas: 2_000, reason: 'The car had no air conditioning', staffId }, deps());
    expect(refund).toMatchObject({ cause: 'staff', staffId, staffReason: 'The car had no air conditioning', amountPesewas: 2_000, fareRefundPesewas: 2_000, feeRefundPesewas: 0, status: 'pending', sentAt: expect.any(Date) });
    expect((await h.forward(await h.refundEvent(payment.id, 'refund.processed'))).json()).toEqual({ outcome: 'applied' });
    expect((await h.refundFactsOf(booking.bookingId)).map((fact) => [fact.subject, fact.data.cause, fact.data.reason])).toEqual([
      ['krom.payments.refund.sent.v1', 'staff', 'The car had no air conditioning'],
      ['krom.payments.refund.succeeded.v1', 'staff', 'The car had no air conditioning'],
    ]);
    expect(await heldOf(booking.bookingId)).toBe(-10_600n);

    // More than is still held, or no reason: refused, nothing moves.
    await expect(refundByStaff(h.service.db, { bookingId: booking.bookingId, amountPesewas: 10_601, reason: 'Goodwill', staffId }, deps())).rejects.toThrow(staffRefundMessages.tooMuch(10_600));
    await expect(refundByStaff(h.service.db, { bookingId: booking.bookingId, reason: '  ', staffId }, deps())).rejects.toThrow(StaffRefundRefused);

    // The passenger then cancels more than 24 h ahead: the fare back, less what staff gave already.
    await h.endBooking('cancelled_by_passenger', booking, { occurredAt: new Date(Date.parse(booking.departureAt) - 48 * 3_600_000).toISOString(), refundAmount: '120.00' });
    const [, policy] = await h.refundsOf(booking.bookingId);
    expect(policy).toMatchObject({ cause: 'cancelled_by_passenger', amountPesewas: 10_000, fareRefundPesewas: 10_000, feeRefundPesewas: 0 });
    expect((await h.forward(await h.refundEvent(payment.id, 'refund.processed', 2))).json()).toEqual({ outcome: 'applied' });
    expect(await heldOf(booking.bookingId)).toBe(0n);
    expect(h.gatewayRefundsOf(payment.id).map((r) => r.amount)).toEqual([2_000, 10_000]);
  });

  it('give back everything still held when no amount is named, and refuse a booking with no payment', async () => {
    const { booking, payment } = await h.paidBooking();
    const refund = await refundByStaff(h.service.db, { bookingId: booking.bookingId, reason: 'Charged twice by the network', staffId: crypto.randomUUID() }, deps());
    expect(refund).toMatchObject({ amountPesewas: 12_600, fareRefundPesewas: 12_000, feeRefundPesewas: 600 });
    expect((await h.forward(await h.refundEvent(payment.id, 'refund.processed'))).json()).toEqual({ outcome: 'applied' });
    expect(await heldOf(booking.bookingId)).toBe(0n);
    await expect(refundByStaff(h.service.db, { bookingId: booking.bookingId, reason: 'Again', staffId: crypto.randomUUID() }, deps())).rejects.toThrow(staffRefundMessages.nothingHeld);

    const unpaid = await h.requested();
    await expect(refundByStaff(h.service.db, { bookingId: unpaid.booking.bookingId, reason: 'Goodwill', staffId: crypto.randomUUID() }, deps())).rejects.toThrow(staffRefundMessages.noPayment);
  });
});
