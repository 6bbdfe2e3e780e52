import { existsSync } from 'node:fs';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { bookingEvents } from '@krom/contracts/events/bookings';
import { paymentEvents, payoutEvents, refundEvents } from '@krom/contracts/events/payments';
import { createLogger } from '@krom/server-kit/logger';
import { pactFile } from '@krom/server-kit/pact';
import { MessageProviderPact } from '@pact-foundation/pact';
import { and, eq, sql } from 'drizzle-orm';
import { deliverToConsumer, testEnvelope } from '@krom/server-kit/testing';
import { expect, it } from 'vitest';
import { outbox, paymentMethods, payouts } from '../src/db/schema.ts';
import { holdGraceMinutes, sweepPayments } from '../src/jobs/sweep-payments.ts';
import { sweepPayouts } from '../src/jobs/sweep-payouts.ts';
import { bookingLedger } from '../src/ledger/booking-ledger.ts';
import { payoutDelayHours } from '../src/payouts/payout-transitions.ts';
import { paymentsHarness } from '../test/payments-harness.ts';

/*
 * The payments service produces the payment and refund facts krom-notifications expects, each
 * made the production way and read back from the outbox row written in the transaction that moved
 * the money: rides' payment_requested fact on the real bus (the prompt at the Paystack stand-in),
 * the payment sweep failing a prompt never approved, a driver's cancellation refunded and the
 * gateway's signed refund callback applied. The books balance after it (the harness checks).
 */
const h = paymentsHarness();
const silent = createLogger('payments', 'silent');

/** The envelope of the one `subject` event in the outbox for `field` = `value`, as the relay publishes it. */
async function outboxEnvelope(subject: string, field: string, value: string): Promise<EventEnvelope> {
  const [row] = await h.service.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.subject, subject), sql`${outbox.envelope}->'data'->>${field} = ${value}`));
  if (!row) throw new Error(`no ${subject} event in the outbox for ${field} ${value}`);
  return row.envelope;
}

/**
 * A booking paid the production way, its driver's default MTN number (confirmed with its code, or
 * typed only), then rides' completed fact on the bus and the payout sweep once it is due: the
 * payout as the sweep leaves it.
 */
async function duePayout(numberConfirmed: boolean) {
  const { booking } = await h.paidBooking();
  await h.service.db.insert(paymentMethods).values({ userId: booking.driverId, network: 'mtn', number: '0201112233', isDefault: true, verifiedAt: numberConfirmed ? new Date() : null });
  const completed = testEnvelope(bookingEvents.completed, { ...booking, status: 'completed', previousStatus: 'boarded', actor: 'system', occurredAt: new Date().toISOString(), version: booking.version + 3 });
  await deliverToConsumer(h.service.bus, 'payments', bookingEvents.completed, completed);
  const release = (await bookingLedger(h.service.db, booking.bookingId)).entries.find((entry) => entry.kind === 'release');
  if (!release) throw new Error('no release entry');
  await sweepPayouts(h.service.db, h.service.mobileMoney, new Date(release.postedAt.getTime() + payoutDelayHours * 3_600_000), silent);
  const [payout] = await h.service.db.select().from(payouts).where(eq(payouts.bookingId, booking.bookingId));
  if (!payout) throw new Error('no payout for the completed booking');
  return payout;
}

it('produces the payment, refund and payout events krom-notifications expects', async () => {
  const file = pactFile('krom-notifications', 'krom-payments');
  expect(existsSync(file), `${file} is written by the notifications service's consumer test`).toBe(true);
  await new MessageProviderPact({
    provider: 'krom-payments',
    pactUrls: [file],
    logLevel: 'warn',
    messageProviders: {
      [`a ${paymentEvents.prompted.subject} event`]: async () => {
        const { payment } = await h.requested();
        return outboxEnvelope(paymentEvents.prompted.subject, 'paymentId', payment.id);
      },
      [`a ${paymentEvents.needs_otp.subject} event`]: async () => {
        const { payment } = await h.requested({ wallet: { phone: '0201234545', network: 'vodafone' } });
        return outboxEnvelope(paymentEvents.needs_otp.subject, 'paymentId', payment.id);
      },
      [`a ${paymentEvents.failed.subject} event`]: async () => {
        const { payment } = await h.requested();
        await sweepPayments(h.service.db, h.service.mobileMoney, new Date(payment.holdExpiresAt.getTime() + holdGraceMinutes * 60_000 + 1_000), silent);
        return outboxEnvelope(paymentEvents.failed.subject, 'paymentId', payment.id);
      },
      [`a ${refundEvents.succeeded.subject} event`]: async () => {
        const { booking, payment } = await h.paidBooking();
        await h.endBooking('cancelled_by_driver', booking);
        expect((await h.forward(await h.refundEvent(payment.id, 'refund.processed'))).json()).toEqual({ outcome: 'applied' });
        return outboxEnvelope(refundEvents.succeeded.subject, 'paymentId', payment.id);
      },
      [`a ${payoutEvents.succeeded.subject} event`]: async () => {
        const payout = await duePayout(true);
        const transfer = await h.callbacks.first((callback) => {
          const body = JSON.parse(callback.rawBody.toString()) as { event: string; data: { reference?: string } };
          return body.event.startsWith('transfer.') && body.data.reference === payout.gatewayReference;
        });
        expect((await h.forward(transfer)).json()).toEqual({ outcome: 'applied' });
        return outboxEnvelope(payoutEvents.succeeded.subject, 'payoutId', payout.id);
      },
      [`a ${payoutEvents.needs_attention.subject} event`]: async () => {
        const payout = await duePayout(false);
        return outboxEnvelope(payoutEvents.needs_attention.subject, 'payoutId', payout.id);
      },
    },
  }).verify();
});
