import type { CallbackOutcome } from '@krom/contracts/http/provider-callbacks';
import type { Logger } from '@krom/server-kit/logger';
import type { Transaction } from '@krom/server-kit/outbox';
import { eq } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { bookingEndings, payments } from '../db/schema.ts';
import { holdPayment } from '../payments/move-payment.ts';
import type { PaymentRow } from '../payments/payment-facts.ts';
import { postCollection } from '../payments/post-collection.ts';
import type { Movement } from '../providers/mobile-money/port.ts';
import { openRefund } from './open-refund.ts';
import { everythingBack } from './refund-policy.ts';

/*
 * Money that arrives for a booking that had already ended is given back in full (`late_payment`).
 * Payments decides it alone, from what it knows: rides answers a payment.succeeded for a booking
 * no longer awaiting payment by changing nothing (rides' payment-answers.ts), and no fact of
 * rides' says more. Two ways it happens:
 *
 * - the payment was still open here when rides ended the booking (the hold lapsed, the passenger
 *   withdrew, a driver or staff cancelled): the collection succeeds as usual (payment.succeeded,
 *   which rides ignores), and in the same transaction `refundIfEnded` finds the booking's end
 *   recorded (booking_endings) and opens the refund;
 * - the payment had been failed here already (declined, or not approved in time) and the gateway
 *   then says it collected after all (a late approval's callback): `settleLateCollection` posts
 *   the collection and opens the refund, and the payment stays failed, with no second
 *   payment fact: rides has given the seats back, and a payment.succeeded overtaking the
 *   payment.failed before it could confirm a seat nobody paid for any more.
 */

/** In a collection's transaction: the refund of all of it when the booking's end is recorded already. */
export async function refundIfEnded(tx: Transaction, payment: PaymentRow, now: Date): Promise<void> {
  const [ended] = await tx.select().from(bookingEndings).where(eq(bookingEndings.bookingId, payment.bookingId));
  if (ended) await openRefund(tx, payment, { cause: 'late_payment', split: everythingBack(payment) }, now);
}

/** A payment failed here that the gateway's own record says was collected after all: its collection posted and all of it given back. */
export async function settleLateCollection(db: PaymentsDb, payment: PaymentRow, movement: Movement, now: Date, logger: Pick<Logger, 'info' | 'error'>): Promise<CallbackOutcome> {
  if (movement.status !== 'succeeded') return 'replayed';
  const context = { paymentId: payment.id, bookingId: payment.bookingId, provider: payment.provider };
  if (movement.amount !== payment.amountPesewas) {
    const held = await holdPayment(db, payment.id, now);
    logger.error({ ...context, expected: payment.amountPesewas, reported: movement.amount }, 'a failed payment was collected late for another amount than asked: held for staff');
    return held ? 'held' : 'replayed';
  }
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
    if (locked?.status !== 'failed' || locked.heldAt !== null) return 'replayed';
    await postCollection(tx, locked, movement);
    const refund = await openRefund(tx, locked, { cause: 'late_payment', split: everythingBack(locked) }, now);
    if (refund) logger.info({ ...context, refundId: refund.id, amount: refund.amountPesewas }, 'a failed payment was collected late: all of it given back');
    return refund ? 'applied' : 'replayed';
  });
}
