import type { PaymentFact } from '@krom/contracts/events/payments';
import { type EventRule, once } from '@krom/server-kit/consumer';
import type { Logger } from '@krom/server-kit/logger';
import { answerHeldBooking, type PaymentOutcome } from '../../bookings/payment-answers.ts';
import type { RidesDb } from '../../db/rides-db.ts';

/**
 * krom.payments.payment.succeeded.v1 and krom.payments.payment.failed.v1 → the held booking
 * confirmed or expired (bookings/payment-answers.ts), once per event id: the transition and the
 * handled_events row commit together, and the transition is conditional, so a redelivery, or an
 * answer for a booking no longer awaiting payment, changes nothing and is acknowledged.
 */
export function handlePaymentAnswer(db: RidesDb, logger: Logger, outcome: PaymentOutcome): EventRule<PaymentFact> {
  return once(db, {
    inTransaction: (tx, { data }) => answerHeldBooking(tx, data, outcome, new Date()),
    afterCommit: async ({ id, data }, result) => {
      if (!result.first) return;
      const context = { eventId: id, paymentId: data.paymentId, bookingId: data.bookingId, outcome, ...result.value };
      if (result.value.applied) logger.info(context, 'booking answered by its payment');
      // Money taken for a seat rides does not give is for staff (and payments' refunds) to see.
      else if (result.value.why === 'amount differs') logger.error(context, 'payment succeeded for another sum than the booking asked; not confirmed');
      else if (outcome === 'succeeded') logger.warn(context, 'payment succeeded for a booking it could not confirm; nothing changed');
      else logger.debug(context, 'failed payment for a booking no longer awaiting it; nothing changed');
    },
  });
}
