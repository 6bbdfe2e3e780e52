import { describe, expect, it } from 'vitest';
import { bookingEvents } from '@krom/contracts/events/bookings';
import { deliverToConsumer, testEnvelope } from '@krom/server-kit/testing';
import { expectBooksBalance } from './expect-books-balance.ts';
import { bookingLedger } from '../src/ledger/booking-ledger.ts';
import { paymentsHarness } from './payments-harness.ts';

/*
 * Each case of the cancellation policy the booking screen states, from rides' booking fact to the
 * money back in the wallet (the stand-in's refund and its event) and the booking's ledger, whose
 * held funds end at zero once every pesewa is accounted for. The fare is GH₵120, the fee GH₵6.
 */

const h = paymentsHarness();
const departure = new Date('2026-12-01T08:00:00.000Z');
const hoursBefore = (hours: number) => new Date(departure.getTime() - hours * 3_600_000).toISOString();

/** The booking's ledger as [kind, lines] and its balances. */
async function ledgerOf(bookingId: string) {
  const ledger = await bookingLedger(h.service.db, bookingId);
  return { kinds: ledger.entries.map((entry) => entry.kind), entries: ledger.entries, balances: ledger.balances };
}

/** Forwards the stand-in's refund.processed event for the payment and expects it applied. */
async function refundArrives(paymentId: string) {
  const answer = await h.forward(await h.refundEvent(paymentId, 'refund.processed'));
  expect(answer.json()).toEqual({ outcome: 'applied' });
}

describe('a passenger cancelling a paid seat', () => {
  it('more than 24 hours before departure gets the fare back; Krom keeps the fee', async () => {
    const { booking, payment } = await h.paidBooking();
    await h.endBooking('cancelled_by_passenger', booking, { occurredAt: hoursBefore(25), refundAmount: '120.00' });

    const refund = await h.onlyRefundOf(booking.bookingId);
    expect(refund).toMatchObject({ paymentId: payment.id, cause: 'cancelled_by_passenger', status: 'pending', amountPesewas: 12_000, fareRefundPesewas: 12_000, feeRefundPesewas: 0, driverSharePesewas: 0, attempts: 1, gatewayReference: refund.id, sentAt: expect.any(Date) });
    expect(h.gatewayRefundsOf(payment.id).map((r) => r.amount)).toEqual([12_000]);

    await refundArrives(payment.id);
    expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({ status: 'succeeded' });
    expect((await h.refundFactsOf(booking.bookingId)).map((fact) => [fact.subject, fact.data.amountPesewas, fact.data.feeRefundPesewas])).toEqual([
      ['krom.payments.refund.sent.v1', 12_000, 0],
      ['krom.payments.refund.succeeded.v1', 12_000, 0],
    ]);
    const ledger = await ledgerOf(booking.bookingId);
    expect(ledger.kinds).toEqual(['collection', 'gateway_fee', 'refund_sent', 'refund_paid']);
    expect(ledger.entries[2]?.lines.map((line) => [line.account.split(':')[0], line.debit, line.credit])).toEqual([
      ['passenger_funds_held', 12_600n, 0n],
      ['refunds_in_transit', 0n, 12_000n],
      ['service_fee_revenue', 0n, 600n],
    ]);
    expect(ledger.balances[`passenger_funds_held:${booking.bookingId}`]).toBe(0n);
    expect(ledger.balances[`refunds_in_transit:${booking.bookingId}`]).toBe(0n);
  });

  it('less than 24 hours before departure gets half the fare back; the other half is credited to the driver', async () => {
    const { booking, payment } = await h.paidBooking();
    await h.endBooking('cancelled_by_passenger', booking, { occurredAt: hoursBefore(23), refundAmount: '60.00' });

    expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({ amountPesewas: 6_000, fareRefundPesewas: 6_000, feeRefundPesewas: 0, driverSharePesewas: 6_000 });
    await refundArrives(payment.id);
    const ledger = await ledgerOf(booking.bookingId);
    const sent = ledger.entries.find((entry) => entry.kind === 'refund_sent');
    expect(sent?.lines.map((line) => [line.account, line.debit, line.credit])).toEqual([
      [`passenger_funds_held:${booking.bookingId}`, 12_600n, 0n],
      [`refunds_in_transit:${booking.bookingId}`, 0n, 6_000n],
      [`driver_payable:${booking.driverId}`, 0n, 6_000n],
      ['service_fee_revenue', 0n, 600n],
    ]);
    expect(ledger.balances[`passenger_funds_held:${booking.bookingId}`]).toBe(0n);
    expect(ledger.balances[`driver_payable:${booking.driverId}`]).toBe(-6_000n);
    expect(h.gatewayRefundsOf(payment.id).map((r) => [r.amount, r.status])).toEqual([[6_000, 'processed']]);
  });

  it('after departure gets nothing back: the fare is released to the driver and the fee to Krom, no refund asked', async () => {
    const { booking, payment } = await h.paidBooking();
    await h.endBooking('cancelled_by_passenger', booking, { occurredAt: hoursBefore(-1), refundAmount: '0.00' });

    expect(await h.refundsOf(booking.bookingId)).toEqual([]);
    expect(await h.refundFactsOf(booking.bookingId)).toEqual([]);
    expect(h.gatewayRefundsOf(payment.id)).toEqual([]);
    const ledger = await ledgerOf(booking.bookingId);
    expect(ledger.kinds).toEqual(['collection', 'gateway_fee', 'release']);
    expect(ledger.entries[2]?.lines.map((line) => [line.account, line.debit, line.credit])).toEqual([
      [`passenger_funds_held:${booking.bookingId}`, 12_600n, 0n],
      [`driver_payable:${booking.driverId}`, 0n, 12_000n],
      ['service_fee_revenue', 0n, 600n],
    ]);
    expect(ledger.balances[`passenger_funds_held:${booking.bookingId}`]).toBe(0n);
  });
});

describe('everything back, the fee included', () => {
  it.each([
    ['cancelled_by_driver', 'a driver cancels', '120.00'],
    ['cancelled', 'staff cancel', '120.00'],
    ['declined', 'the booking was declined after its money arrived', null],
    ['expired', 'the hold lapsed at rides before the money reached it', null],
  ] as const)('when %s (%s)', async (ending, _, refundAmount) => {
    const { booking, payment } = await h.paidBooking();
    await h.endBooking(ending, booking, { occurredAt: hoursBefore(2), refundAmount });

    expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({ cause: ending, amountPesewas: 12_600, fareRefundPesewas: 12_000, feeRefundPesewas: 600, driverSharePesewas: 0 });
    await refundArrives(payment.id);
    expect((await h.refundFactsOf(booking.bookingId)).map((fact) => [fact.subject, fact.data.cause, fact.data.amountPesewas])).toEqual([
      ['krom.payments.refund.sent.v1', ending, 12_600],
      ['krom.payments.refund.succeeded.v1', ending, 12_600],
    ]);
    const ledger = await ledgerOf(booking.bookingId);
    expect(ledger.kinds).toEqual(['collection', 'gateway_fee', 'refund_sent', 'refund_paid']);
    expect(ledger.balances[`passenger_funds_held:${booking.bookingId}`]).toBe(0n);
    expect(h.gatewayRefundsOf(payment.id).map((r) => r.amount)).toEqual([12_600]);
  });

  it('and nothing at all for a booking whose money never arrived', async () => {
    const { booking, payment } = await h.requested();
    await h.endBooking('cancelled', booking, { previousStatus: 'awaiting_payment', actor: 'passenger' });
    expect(await h.refundsOf(booking.bookingId)).toEqual([]);
    expect(h.gatewayRefundsOf(payment.id)).toEqual([]);
    expect((await ledgerOf(booking.bookingId)).entries).toEqual([]);
  });
});

describe('a booking fact told again', () => {
  it('refunds once, under its own event id or another', async () => {
    const { booking, payment } = await h.paidBooking();
    const envelope = await h.endBooking('cancelled_by_driver', booking, { occurredAt: hoursBefore(30), refundAmount: '120.00' });
    await h.deliver('cancelled_by_driver', envelope);
    await h.deliver('cancelled_by_driver', h.redeliveredUnderAnotherId(envelope));

    expect(await h.refundsOf(booking.bookingId)).toHaveLength(1);
    expect(h.gatewayRefundsOf(payment.id)).toHaveLength(1);
    await refundArrives(payment.id);
    // Its event again, and the fact once more after the refund is paid: nothing moves.
    expect((await h.forward(await h.refundEvent(payment.id, 'refund.processed'))).json()).toEqual({ outcome: 'replayed' });
    await h.deliver('cancelled_by_driver', h.redeliveredUnderAnotherId(envelope));
    expect((await h.refundFactsOf(booking.bookingId)).map((fact) => fact.subject)).toEqual(['krom.payments.refund.sent.v1', 'krom.payments.refund.succeeded.v1']);
    expect((await ledgerOf(booking.bookingId)).kinds).toEqual(['collection', 'gateway_fee', 'refund_sent', 'refund_paid']);
  });
});

describe('a seat the driver never boarded nor reported (rides’ not_boarded, when the no-show window closed)', () => {
  const windowClosed = new Date(departure.getTime() + 24 * 3_600_000 + 60_000).toISOString();

  it('gives everything back, the fee included, once however often the fact comes, with the books balanced', async () => {
    const { booking, payment } = await h.paidBooking();
    const envelope = await h.endBooking('not_boarded', booking, { occurredAt: windowClosed, refundAmount: '120.00' });
    await h.deliver('not_boarded', envelope);
    await h.deliver('not_boarded', h.redeliveredUnderAnotherId(envelope));

    expect(await h.refundsOf(booking.bookingId)).toHaveLength(1);
    expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({
      paymentId: payment.id,
      cause: 'not_boarded',
      amountPesewas: 12_600,
      fareRefundPesewas: 12_000,
      feeRefundPesewas: 600,
      driverSharePesewas: 0,
    });
    expect(h.gatewayRefundsOf(payment.id).map((r) => r.amount)).toEqual([12_600]);

    await refundArrives(payment.id);
    await h.deliver('not_boarded', h.redeliveredUnderAnotherId(envelope));
    expect((await h.refundFactsOf(booking.bookingId)).map((fact) => [fact.subject, fact.data.cause, fact.data.amountPesewas])).toEqual([
      ['krom.payments.refund.sent.v1', 'not_boarded', 12_600],
      ['krom.payments.refund.succeeded.v1', 'not_boarded', 12_600],
    ]);
    const ledger = await ledgerOf(booking.bookingId);
    expect(ledger.kinds).toEqual(['collection', 'gateway_fee', 'refund_sent', 'refund_paid']);
    expect(ledger.balances[`passenger_funds_held:${booking.bookingId}`]).toBe(0n);
    expect(ledger.balances[`refunds_in_transit:${booking.bookingId}`]).toBe(0n);
    expect(ledger.balances[`driver_payable:${booking.driverId}`]).toBeUndefined();
    expect(h.gatewayRefundsOf(payment.id)).toHaveLength(1);
  });
});

describe('an ending told after the money was released to the driver', () => {
  it('settles nothing a second time: no refund, the driver credited once, the books balanced', async () => {
    const { booking, payment } = await h.paidBooking();
    const completed = testEnvelope(bookingEvents.completed, { ...booking, status: 'completed', previousStatus: 'boarded', actor: 'system', occurredAt: new Date().toISOString(), version: booking.version + 3 });
    await deliverToConsumer(h.service.bus, 'payments', bookingEvents.completed, completed);
    // Rides never ends a completed booking; a fact that says so anyway (a bug, a hand-made event) must not move money again.
    await h.endBooking('cancelled_by_driver', booking, { occurredAt: hoursBefore(30), refundAmount: '120.00', version: booking.version + 4 });

    expect(await h.refundsOf(booking.bookingId)).toEqual([]);
    expect(h.gatewayRefundsOf(payment.id)).toEqual([]);
    const ledger = await ledgerOf(booking.bookingId);
    expect(ledger.kinds).toEqual(['collection', 'gateway_fee', 'release']);
    expect(ledger.balances[`passenger_funds_held:${booking.bookingId}`]).toBe(0n);
    expect(ledger.balances[`driver_payable:${booking.driverId}`]).toBe(-12_000n);
    await expectBooksBalance(h.service.db);
  });
});
