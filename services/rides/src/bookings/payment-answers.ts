import type { PaymentFact } from '@krom/contracts/events/payments';
import { toPesewas } from '@krom/contracts/money';
import type { Transaction } from '@krom/server-kit/outbox';
import { bookingRow } from './booking-views.ts';
import { applyTransition } from './transitions.ts';

/*
 * The last step of the booking ↔ payments saga on rides' side: payments' answer to a held seat
 * (`payment_requested`). Money arrived → the seat is the passenger's (`paymentSucceeded`: the
 * confirmed fact carries the e-ticket, as for cash); the prompt failed → the hold ends and the
 * seats come back (`paymentFailed`, with the payment's reason). Both move only a booking still
 * awaiting payment: an answer for one that lapsed, was cancelled or was answered already changes
 * nothing here (payments refunds money taken for a booking that ended: a later step of the saga).
 */

export type PaymentOutcome = 'succeeded' | 'failed';

export type PaymentAnswered =
  | { applied: true; status: 'confirmed' | 'expired' }
  | { applied: false; why: 'unknown booking' | 'not awaiting payment' | 'amount differs' };

/** Applies payments' `outcome` for `payment` to its booking in `tx`, at `now`. */
export async function answerHeldBooking(tx: Transaction, payment: PaymentFact, outcome: PaymentOutcome, now: Date): Promise<PaymentAnswered> {
  const booking = await bookingRow(tx, payment.bookingId);
  if (!booking) return { applied: false, why: 'unknown booking' };
  // Payments collects what rides' own row asked for; a seat is never given for any other sum.
  const due = toPesewas(booking.totalAmount) + toPesewas(booking.serviceFee);
  if (outcome === 'succeeded' && payment.amountPesewas !== due) return { applied: false, why: 'amount differs' };
  // Confirmed even past the hold's end if the sweep has not lapsed it yet: the money is there and so are the seats.
  const moved =
    outcome === 'succeeded'
      ? await applyTransition(tx, booking.id, 'paymentSucceeded', { actor: 'system', now })
      : await applyTransition(tx, booking.id, 'paymentFailed', { actor: 'system', reason: payment.reason, now });
  return moved ? { applied: true, status: outcome === 'succeeded' ? 'confirmed' : 'expired' } : { applied: false, why: 'not awaiting payment' };
}
