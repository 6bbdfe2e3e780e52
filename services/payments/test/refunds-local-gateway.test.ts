
import { bookingEvents } from '@krom/contracts/events/bookings';
import { createLogger } from '@krom/server-kit/logger';
import { deliverToConsumer, testEnvelope } from '@krom/server-kit/testing';
import { asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, refunds } from '../src/db/schema.ts';
import { bookingLedger } from '../src/ledger/booking-ledger.ts';
import { sweepRefunds } from '../src/jobs/sweep-refunds.ts';
import { refundFailedReason } from '../src/refunds/move-refund.ts';
import { refundByStaff } from '../src/refunds/staff-refund.ts';
import { expectBooksBalance } from './expect-books-balance.ts';
import { localGatewayHarness } from './local-gateway-harness.ts';

/*
 * Refunds through the local mobile money gateway (what `npm start` and the end-to-end run use):
 * it settles a refund as it takes it, so the refund is succeeded (or, with the phone page's switch
 * on, failed) at once, and its callback names Krom's own refund reference (not the collection, as
 * Paystack's does).
 */

const world = localGatewayHarness('refunds');
const { paidBooking, callbackOf } = world;

const refundFacts = async (bookingId: string) =>
  (await world.service.db.select().from(outbox).where(like(outbox.subject, 'krom.payments.refund.%')).orderBy(asc(outbox.createdAt)))
    .map((row) => ({ subject: row.subject, data: row.envelope.data as { bookingId: string; amountPesewas: number } }))
    .filter((fact) => fact.data.bookingId === bookingId);

describe('refunds through the local gateway', () => {
  it('are paid back as they are taken: refund.succeeded at once, and the callback naming the refund is a replay', async () => {
    const { booking, payment } = await paidBooking();
    await deliverToConsumer(world.service.bus, 'payments', bookingEvents.cancelled_by_driver, testEnvelope(bookingEvents.cancelled_by_driver, { ...booking, status: 'cancelled_by_driver', previousStatus: 'confirmed', actor: 'driver', refundAmount: '120.00', occurredAt: new Date().toISOString(), version: booking.version + 2 }));

    const [refund] = await world.service.db.select().from(refunds).where(eq(refunds.bookingId, booking.bookingId));
    expect(refund).toMatchObject({ paymentId: payment.id, status: 'succeeded', amountPesewas: 12_600, sentAt: expect.any(Date) });
    expect((await refundFacts(booking.bookingId)).map((fact) => [fact.subject, fact.data.amountPesewas])).toEqual([['krom.payments.refund.succeeded.v1', 12_600]]);
    expect((await world.forward(await callbackOf('refund', refund!.id))).json()).toEqual({ outcome: 'replayed' });

    const ledger = await bookingLedger(world.service.db, booking.bookingId);
    expect(ledger.entries.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['collection', 'refund_sent', 'refund_paid']));
    expect(ledger.balances[`passenger_funds_held:${booking.bookingId}`]).toBe(0n);
    expect(await world.gatewayRecord('refunds', refund!.id)).toMatchObject({ status: 'succeeded', amount: 12_600 });
    await expectBooksBalance(world.service.db);
  });

  it('that the network refuses fail at once, the money held again; the next attempt pays it back once the network takes it', async () => {
    const { booking } = await paidBooking();
    const silent = createLogger('payments', 'silent');
    await world.failRefunds(true);
    try {
      await deliverToConsumer(world.service.bus, 'payments', bookingEvents.cancelled_by_driver, testEnvelope(bookingEvents.cancelled_by_driver, { ...booking, status: 'cancelled_by_driver', previousStatus: 'confirmed', actor: 'driver', refundAmount: '120.00', occurredAt: new Date().toISOString(), version: booking.version + 2 }));
    } finally {
      await world.failRefunds(false);
    }
    const [failed] = await world.service.db.select().from(refunds).where(eq(refunds.bookingId, booking.bookingId));
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, reason: refundFailedReason, nextAttemptAt: expect.any(Date) });
    expect(await world.gatewayRecord('refunds', failed!.id)).toMatchObject({ status: 'failed', amount: 12_600 });
    expect((await bookingLedger(world.service.db, booking.bookingId)).balances[`passenger_funds_held:${booking.bookingId}`]).toBe(-12_600n);

    await sweepRefunds(world.service.db, world.service.mobileMoney, failed!.nextAttemptAt!, silent);
    const [paidBack] = await world.service.db.select().from(refunds).where(eq(refunds.bookingId, booking.bookingId));
    expect(paidBack).toMatchObject({ status: 'succeeded', attempts: 2, gatewayReference: `${failed!.id}-2` });
    expect(await world.gatewayRecord('refunds', `${failed!.id}-2`)).toMatchObject({ status: 'succeeded', amount: 12_600 });
    expect((await refundFacts(booking.bookingId)).map((fact) => fact.subject.split('.')[3])).toEqual(['failed', 'succeeded']);
    const ledger = await bookingLedger(world.service.db, booking.bookingId);
    expect(ledger.entries.map((entry) => entry.kind)).toEqual(['collection', 'refund_sent', 'refund_failed', 'refund_sent', 'refund_paid']);
    expect(ledger.balances[`passenger_funds_held:${booking.bookingId}`]).toBe(0n);
    await expectBooksBalance(world.service.db);
  });

  it('give back what staff chose up to what is left, and the rest when no amount is named', async () => {
    const { booking } = await paidBooking();
    const deps = { provider: world.service.mobileMoney, clock: () => new Date(), logger: createLogger('payments', 'silent') };
    const first = await refundByStaff(world.service.db, { bookingId: booking.bookingId, amountPesewas: 10_000, reason: 'Late pick-up', staffId: crypto.randomUUID() }, deps);
    expect(first).toMatchObject({ status: 'succeeded', amountPesewas: 10_000 });
    await expect(refundByStaff(world.service.db, { bookingId: booking.bookingId, amountPesewas: 2_601, reason: 'More', staffId: crypto.randomUUID() }, deps)).rejects.toThrow('GH₵26.00');
    expect(await refundByStaff(world.service.db, { bookingId: booking.bookingId, reason: 'The rest', staffId: crypto.randomUUID() }, deps)).toMatchObject({ status: 'succeeded', amountPesewas: 2_600 });
    expect((await bookingLedger(world.service.db, booking.bookingId)).balances[`passenger_funds_held:${booking.bookingId}`]).toBe(0n);
    await expectBooksBalance(world.service.db);
  });
});
