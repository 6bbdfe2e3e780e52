import { bookingEvents } from '@krom/contracts/events/bookings';
import { createLogger } from '@krom/server-kit/logger';
import { deliverToConsumer, testEnvelope } from '@krom/server-kit/testing';
import { asc, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox, paymentMethods, payouts } from '../src/db/schema.ts';
import { sweepPayouts } from '../src/jobs/sweep-payouts.ts';
import { bookingLedger } from '../src/ledger/booking-ledger.ts';
import { payoutDelayHours, payoutReasons } from '../src/payouts/payout-transitions.ts';
import { expectBooksBalance } from './expect-books-balance.ts';
import { localGatewayHarness } from './local-gateway-harness.ts';

/*
 * Payouts through the local mobile money gateway (what `npm start` and the end-to-end run use):
 * it settles a payout as it takes it, so the gateway's answer to the sweep's ask settles the
 * payout at once, and its callback, naming the payout's reference, comes after as a replay.
 */

const world = localGatewayHarness('payouts');
const silent = createLogger('payments', 'silent');
afterEach(async () => {
  await expectBooksBalance(world.service.db);
});

/** A paid booking the ride completed, the driver with a confirmed number: answers when its payout is due. */
async function completedBooking() {
  const { booking } = await world.paidBooking();
  await world.service.db.insert(paymentMethods).values({ userId: booking.driverId, network: 'vodafone', number: '0501234567', isDefault: true, verifiedAt: new Date() });
  const completed = { ...booking, status: 'completed' as const, previousStatus: 'boarded' as const, actor: 'system' as const, occurredAt: new Date().toISOString(), version: booking.version + 3 };
  await deliverToConsumer(world.service.bus, 'payments', bookingEvents.completed, testEnvelope(bookingEvents.completed, completed));
  const release = (await bookingLedger(world.service.db, booking.bookingId)).entries.find((entry) => entry.kind === 'release');
  return { booking, due: new Date(release!.postedAt.getTime() + payoutDelayHours * 3_600_000) };
}

const payoutOf = async (bookingId: string) => (await world.service.db.select().from(payouts).where(eq(payouts.bookingId, bookingId)))[0]!;
const payoutFacts = async (payoutId: string) =>
  (await world.service.db.select().from(outbox).where(like(outbox.subject, 'krom.payments.payout.%')).orderBy(asc(outbox.createdAt)))
    .map((row) => row.envelope.data as { payoutId: string; status: string })
    .filter((fact) => fact.payoutId === payoutId)
    .map((fact) => fact.status);

describe('payouts through the local gateway', () => {
  it('are paid as they are taken: the Telecel number receives the fare, and the callback after is a replay', async () => {
    const { booking, due } = await completedBooking();
    await sweepPayouts(world.service.db, world.service.mobileMoney, due, silent);
    const payout = await payoutOf(booking.bookingId);
    expect(payout).toMatchObject({ status: 'succeeded', amountPesewas: 12_000, walletPhone: '+233501234567', walletNetwork: 'telecel', walletMasked: '050 *** **67', attempts: 1 });
    expect(await payoutFacts(payout.id)).toEqual(['sent', 'succeeded']);
    expect(await world.gatewayRecord('payouts', payout.id)).toMatchObject({ status: 'succeeded', amount: 12_000 });
    expect((await world.forward(await world.callbackOf('payout', payout.id))).json()).toEqual({ outcome: 'replayed' });
    expect((await bookingLedger(world.service.db, booking.bookingId)).entries.map((entry) => entry.kind)).toEqual(['collection', 'release', 'payout_sent', 'payout_paid']);
  });

  it('fail at once when the network refuses them, and are paid by the next attempt once it takes them', async () => {
    const { booking, due } = await completedBooking();
    await world.failPayouts(true);
    try {
      await sweepPayouts(world.service.db, world.service.mobileMoney, due, silent);
    } finally {
      await world.failPayouts(false);
    }
    const failed = await payoutOf(booking.bookingId);
    expect(failed).toMatchObject({ status: 'failed', reason: payoutReasons.failed, attempts: 1 });
    expect(await world.gatewayRecord('payouts', failed.id)).toMatchObject({ status: 'failed' });

    await sweepPayouts(world.service.db, world.service.mobileMoney, failed.nextAttemptAt!, silent);
    expect(await payoutOf(booking.bookingId)).toMatchObject({ status: 'succeeded', attempts: 2, gatewayReference: `${failed.id}-2` });
    expect(await payoutFacts(failed.id)).toEqual(['sent', 'failed', 'sent', 'succeeded']);
    expect((await bookingLedger(world.service.db, booking.bookingId)).balances[`driver_payable:${booking.driverId}`]).toBe(0n);
  });
});
