import type { BookingFact } from '@krom/contracts/events/bookings';
import { paymentHoldMinutes } from '@krom/contracts/http/payment-values';
import { toPesewas } from '@krom/contracts/money';
import type { Logger } from '@krom/server-kit/logger';
import type { Transaction } from '@krom/server-kit/outbox';
import { ProviderError } from '@krom/server-kit/providers';
import { and, eq, gt } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { bookingEndings, payments } from '../db/schema.ts';
import type { MobileMoneyNetwork, MobileMoneyProvider, Wallet } from '../providers/mobile-money/port.ts';
import { e164, portNetworks } from '../payment-methods/payout-wallet.ts';
import { sendWaitingRefunds } from '../refunds/send-refund.ts';
import { movePayment } from './move-payment.ts';
import { maskedWallet } from './payment-facts.ts';
import { settleCollection } from './settle-collection.ts';

/** Why a payment failed when the prompt could not be sent at all. */
export const promptNotSentReason = 'We could not send the payment prompt to your mobile money wallet';

/** A booking's place as payments names it: its town, else the place itself. */
const placeName = (place: BookingFact['board']) => place.city ?? place.location;

/** When the prompt's hold ends: the fact's own expiry if it names one, else `paymentHoldMinutes` after the seats were held (rides' hold, from the same moment). */
export const holdEndsAt = (fact: Pick<BookingFact, 'expiresAt' | 'occurredAt'>) =>
  fact.expiresAt ? new Date(fact.expiresAt) : new Date(Date.parse(fact.occurredAt) + paymentHoldMinutes * 60_000);

/**
 * The payment row for a booking's `payment_requested` fact, in the consumer's transaction: one
 * per booking and booking version (a redelivery, or the same fact under another event id, finds
 * it). The amount is the fare and Krom's fee from rides' own booking, in pesewas. A request
 * told after the booking's end (its ending fact, a later version, handled first) asks nobody.
 */
export async function insertRequestedPayment(tx: Transaction, fact: BookingFact, provider: string): Promise<void> {
  if (fact.paymentMethod !== 'mobile_money' || !fact.wallet) return;
  const [ended] = await tx.select().from(bookingEndings).where(and(eq(bookingEndings.bookingId, fact.bookingId), gt(bookingEndings.bookingVersion, fact.version)));
  if (ended) return;
  const farePesewas = toPesewas(fact.totalAmount);
  const feePesewas = toPesewas(fact.serviceFee);
  const holdExpiresAt = holdEndsAt(fact);
  await tx
    .insert(payments)
    .values({
      bookingId: fact.bookingId,
      bookingVersion: fact.version,
      rideId: fact.rideId,
      passengerId: fact.passengerId,
      driverId: fact.driverId,
      status: 'pending',
      amountPesewas: farePesewas + feePesewas,
      farePesewas,
      feePesewas,
      currency: fact.currency,
      provider,
      walletPhone: fact.wallet.phone,
      walletNetwork: portNetworks[fact.wallet.network],
      walletMasked: maskedWallet(fact.wallet.phone),
      routeFrom: placeName(fact.board),
      routeTo: placeName(fact.alight),
      holdExpiresAt,
    })
    .onConflictDoNothing({ target: [payments.bookingId, payments.bookingVersion] });
}

/**
 * After the row has committed: sends the prompt (collect is idempotent by the payment's id, so a
 * crash between the prompt and its record is safe to run again) and records the gateway's answer
 * with its fact, once. A gateway that refused for good fails the payment; one that may retry is
 * thrown, for the bus to deliver the fact again; one whose answer was lost leaves the payment
 * pending, for the sweep to read the gateway's record of it.
 */
export async function promptForPayment(db: PaymentsDb, provider: MobileMoneyProvider, fact: BookingFact, now: () => Date, logger: Logger): Promise<void> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, fact.bookingId), eq(payments.bookingVersion, fact.version)));
  if (payment?.status !== 'pending' || payment.promptedAt !== null) return;
  const wallet: Wallet = { phone: e164(payment.walletPhone), network: payment.walletNetwork as MobileMoneyNetwork };
  const seats = `${fact.seats} seat${fact.seats === 1 ? '' : 's'}`;
  let answer: Awaited<ReturnType<MobileMoneyProvider['collect']>>;
  try {
    answer = await provider.collect({
      reference: payment.id,
      wallet,
      amount: payment.amountPesewas,
      description: `Krom: ${placeName(fact.board)} to ${placeName(fact.alight)}, ${seats}`,
      customerName: fact.passengerFirstName,
    });
  } catch (error) {
    if (!(error instanceof ProviderError) || error.retryable) throw error;
    if (error.outcome === 'unknown') {
      logger.warn({ err: error, paymentId: payment.id }, 'the prompt may or may not have gone out; the sweep reads the gateway');
      return;
    }
    logger.warn({ err: error, paymentId: payment.id }, 'the gateway refused the prompt');
    await db.transaction((tx) => movePayment(tx, payment.id, { to: 'failed', reason: promptNotSentReason, prompted: true }, now()));
    return;
  }
  if (answer.status === 'succeeded') {
    // Asked again after the passenger had approved: the gateway's record settles it.
    const outcome = await settleCollection(db, payment, await provider.verifyCollection(payment.id), now(), logger);
    if (outcome === 'applied') await sendWaitingRefunds(db, provider, { paymentId: payment.id }, now, logger);
    return;
  }
  const change = answer.status === 'failed' ? { to: 'failed' as const, reason: promptNotSentReason } : { to: answer.status };
  await db.transaction((tx) => movePayment(tx, payment.id, { ...change, providerReference: answer.providerReference, displayText: answer.displayText, prompted: true }, now()));
}
