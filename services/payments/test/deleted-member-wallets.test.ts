import { randomUUID } from 'node:crypto';
import { type BookingFact, bookingEvents } from '@krom/contracts/events/bookings';
import { userDeleted } from '@krom/contracts/events/identity';
import { staffSearchPaymentsRoute } from '@krom/contracts/services/payments/staff-payments';
import { createLogger } from '@krom/server-kit/logger';
import type { ProviderCallback } from '@krom/server-kit/providers';
import { deliverToConsumer, staffCaller, testEnvelope } from '@krom/server-kit/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deletedMembers, paymentMethods, payouts } from '../src/db/schema.ts';
import { runPaymentSweep } from '../src/jobs/sweep-jobs.ts';
import { holdGraceMinutes, sweepPayments } from '../src/jobs/sweep-payments.ts';
import { sweepPayouts } from '../src/jobs/sweep-payouts.ts';
import { bookingLedger } from '../src/ledger/booking-ledger.ts';
import { payoutDelayHours } from '../src/payouts/payout-transitions.ts';
import { refundNeedsStaffReason } from '../src/refunds/move-refund.ts';
import { paymentsHarness } from './payments-harness.ts';

/*
 * A member who deleted their account keeps their payments, refunds, payouts and the ledger, but
 * not their full wallet number once the money on a row is settled: the number stays while a
 * refund or payout may still need it, and the sweep erases it once paid. Against the Paystack
 * stand-in, with the whole database searched for the number.
 */

const h = paymentsHarness();
const silent = createLogger('payments', 'silent');
const departure = new Date('2026-12-01T08:00:00.000Z');
const hoursBefore = (hours: number) => new Date(departure.getTime() - hours * 3_600_000).toISOString();

/** A wallet number of the test's own, in local form, and its last nine digits (in the local and the +233 forms alike). */
function aWallet(prefix = '024') {
  const local = `${prefix}${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  return { local, digits: local.slice(1) };
}

/** Every table of payments' database that holds `digits` anywhere in a row. */
async function tablesHolding(digits: string): Promise<string[]> {
  const { rows: tables } = await h.service.db.$client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const holding: string[] = [];
  for (const { name } of tables) {
    const { rows } = await h.service.db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}" AS t WHERE t::text LIKE $1`, [`%${digits}%`]);
    if (rows[0]!.n > 0) holding.push(name);
  }
  return holding;
}

const deleteAccount = (userId: string, deletedAt = new Date()) =>
  deliverToConsumer(h.service.bus, 'payments', userDeleted, testEnvelope(userDeleted, { userId, deletedAt: deletedAt.toISOString() }));

const sweep = () => runPaymentSweep({ db: h.service.db, provider: h.service.mobileMoney, logger: silent, clock: () => new Date() });

/** A paid booking whose passenger paid from (and gave as their phone) a wallet of the test's own. */
async function paidFrom(wallet: { local: string }) {
  return h.paidBooking({ wallet: { phone: wallet.local, network: 'mtn' }, passengerPhone: wallet.local });
}

/** The booking's refund, paid: the stand-in's refund.processed passed on. */
async function refundArrives(paymentId: string) {
  expect((await h.forward(await h.refundEvent(paymentId, 'refund.processed'))).json()).toEqual({ outcome: 'applied' });
}

const withoutWallet = <T extends { walletPhone: unknown; updatedAt: unknown }>({ walletPhone: _p, ...rest }: T) => rest;

describe('a deleted passenger', () => {
  it('whose payment was refunded and paid back has no full number left anywhere; amounts and ledger stay', async () => {
    const wallet = aWallet();
    const { booking, payment } = await paidFrom(wallet);
    await h.endBooking('cancelled_by_passenger', booking, { occurredAt: hoursBefore(25), refundAmount: '120.00' });
    await refundArrives(payment.id);
    const before = { payment: await h.paymentOf(booking.bookingId), refunds: await h.refundsOf(booking.bookingId), ledger: await bookingLedger(h.service.db, booking.bookingId) };
    expect(await tablesHolding(wallet.digits)).toContain('payments');

    await deleteAccount(booking.passengerId);

    expect(await tablesHolding(wallet.digits)).toEqual([]);
    const after = await h.paymentOf(booking.bookingId);
    expect(after.walletPhone).toBe(after.walletMasked);
    expect(after.walletMasked).toBe(`${wallet.local.slice(0, 3)} *** **${wallet.local.slice(-2)}`);
    expect(withoutWallet(after)).toEqual(withoutWallet(before.payment));
    expect(after.updatedAt).toEqual(before.payment.updatedAt);
    expect(await h.refundsOf(booking.bookingId)).toEqual(before.refunds);
    expect(await bookingLedger(h.service.db, booking.bookingId)).toEqual(before.ledger);

    // Staff find the payment by its booking, with the masked number, and no longer by the full one.
    const search = async (query: string) =>
      (await h.service.app.inject({ method: 'GET', url: `${staffSearchPaymentsRoute.path}?${query}`, headers: await h.as(staffCaller(['finance'])) })).json();
    expect((await search(`bookingId=${booking.bookingId}`)).payments).toMatchObject([{ id: payment.id, walletMasked: after.walletMasked, status: 'succeeded' }]);
    expect((await search(`phone=${wallet.local}`)).payments).toEqual([]);
  });

  it('with a refund still on its way keeps the number until the refund is paid, then the sweep erases it', async () => {
    const wallet = aWallet('054');
    const { booking, payment } = await paidFrom(wallet);
    await h.endBooking('cancelled_by_passenger', booking, { occurredAt: hoursBefore(25), refundAmount: '120.00' });
    expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({ status: 'pending' });

    await deleteAccount(booking.passengerId);
    expect((await h.paymentOf(booking.bookingId)).walletPhone).toBe(wallet.local);
    await sweep();
    expect((await h.paymentOf(booking.bookingId)).walletPhone).toBe(wallet.local);

    await refundArrives(payment.id);
    expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({ status: 'succeeded', amountPesewas: 12_000 });
    await sweep();
    expect(await tablesHolding(wallet.digits)).toEqual([]);
    expect(await h.paymentOf(booking.bookingId)).toMatchObject({ walletPhone: payment.walletMasked, walletMasked: payment.walletMasked, amountPesewas: 12_600, status: 'succeeded' });
  });

  it('whose booking had not ended yet keeps the number the refund of its cancellation is sent to', async () => {
    const wallet = aWallet('055');
    const { booking, payment } = await paidFrom(wallet);

    await deleteAccount(booking.passengerId);
    await sweep();
    expect((await h.paymentOf(booking.bookingId)).walletPhone).toBe(wallet.local);

    // Rides cancels the deleted member's booking still to come: the refund goes to the wallet paid from.
    await h.endBooking('cancelled_by_passenger', booking, { occurredAt: hoursBefore(25), refundAmount: '120.00' });
    expect(h.gatewayRefundsOf(payment.id).map((refund) => refund.amount)).toEqual([12_000]);
    await refundArrives(payment.id);
    await sweep();
    expect(await tablesHolding(wallet.digits)).toEqual([]);
  });
});

describe('a deleted passenger whose payment had failed', () => {
  it('loses the number at once; money the gateway then says it collected late is never asked back to the masked number but left to staff', async () => {
    const wallet = aWallet('057');
    const { booking, payment } = await h.requested({ wallet: { phone: wallet.local, network: 'mtn' }, passengerPhone: wallet.local });
    await sweepPayments(h.service.db, h.service.mobileMoney, new Date(payment.holdExpiresAt.getTime() + holdGraceMinutes * 60_000 + 1_000), silent);
    expect(await h.paymentOf(booking.bookingId)).toMatchObject({ status: 'failed' });

    await deleteAccount(booking.passengerId);
    expect(await tablesHolding(wallet.digits)).toEqual([]);

    await h.paystack.approve(payment.id);
    expect((await h.forward(await h.chargeSuccessFor(payment.id))).json()).toEqual({ outcome: 'applied' });
    expect(await h.onlyRefundOf(booking.bookingId)).toMatchObject({ cause: 'late_payment', status: 'failed', amountPesewas: 12_600, needsAttentionAt: expect.any(Date), nextAttemptAt: null, reason: refundNeedsStaffReason });
    expect(h.gatewayRefundsOf(payment.id)).toEqual([]);
    expect((await bookingLedger(h.service.db, booking.bookingId)).balances[`passenger_funds_held:${booking.bookingId}`]).toBe(-12_600n);
  });
});

describe('a deleted driver', () => {
  const transferCallback = (reference: string) =>
    h.callbacks.first((callback: ProviderCallback) => {
      const body = JSON.parse(callback.rawBody.toString()) as { event: string; data: { reference?: string } };
      return body.event.startsWith('transfer.') && body.data.reference === reference;
    });

  it('with a payout still owed keeps the number it is sent to until it is paid, then the sweep erases it', async () => {
    const wallet = aWallet('020');
    const { booking } = await h.paidBooking();
    await h.service.db.insert(paymentMethods).values({ userId: booking.driverId, network: 'mtn', number: wallet.local, isDefault: true, verifiedAt: new Date() });
    const completed: BookingFact = { ...booking, status: 'completed', previousStatus: 'boarded', actor: 'system', occurredAt: new Date().toISOString(), version: booking.version + 3 };
    await deliverToConsumer(h.service.bus, 'payments', bookingEvents.completed, testEnvelope(bookingEvents.completed, completed));
    const release = (await bookingLedger(h.service.db, booking.bookingId)).entries.find((entry) => entry.kind === 'release')!;
    await sweepPayouts(h.service.db, h.service.mobileMoney, new Date(release.postedAt.getTime() + payoutDelayHours * 3_600_000), silent);
    const [sent] = await h.service.db.select().from(payouts).where(eq(payouts.bookingId, booking.bookingId));
    expect(sent).toMatchObject({ status: 'sent', walletPhone: `+233${wallet.digits}` });

    await deleteAccount(booking.driverId);
    await sweep();
    const [owed] = await h.service.db.select().from(payouts).where(eq(payouts.bookingId, booking.bookingId));
    expect(owed).toMatchObject({ status: 'sent', walletPhone: `+233${wallet.digits}` });

    expect((await h.forward(await transferCallback(sent!.gatewayReference))).json()).toEqual({ outcome: 'applied' });
    await sweep();

    const [paid] = await h.service.db.select().from(payouts).where(eq(payouts.bookingId, booking.bookingId));
    expect(paid).toMatchObject({ status: 'succeeded', amountPesewas: 12_000, walletPhone: null, walletMasked: sent!.walletMasked, walletNetwork: sent!.walletNetwork });
    expect(await tablesHolding(wallet.digits)).toEqual([]);
    expect((await bookingLedger(h.service.db, booking.bookingId)).balances[`driver_payable:${booking.driverId}`]).toBe(0n);
  });
});

describe('the deletion', () => {
  it('is recorded once, with the time identity deleted the account', async () => {
    const userId = randomUUID();
    const deletedAt = new Date('2026-11-20T10:00:00.000Z');
    await deleteAccount(userId, deletedAt);
    await deleteAccount(userId, new Date('2026-11-21T10:00:00.000Z'));
    expect(await h.service.db.select().from(deletedMembers).where(eq(deletedMembers.userId, userId))).toEqual([{ userId, deletedAt, recordedAt: expect.any(Date) }]);
  });
});
