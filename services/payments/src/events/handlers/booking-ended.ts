import { type BookingFact, bookingEvents } from '@krom/contracts/events/bookings';
import { envelopeReader, type EventRule, once } from '@krom/server-kit/consumer';
import type { Logger } from '@krom/server-kit/logger';
import type { PaymentsDb } from '../../db/payments-db.ts';
import type { MobileMoneyProvider } from '../../providers/mobile-money/port.ts';
import { refundEndedBooking } from '../../refunds/refund-ended-booking.ts';
import type { BookingEndingFact } from '../../refunds/refund-transitions.ts';
import { sendWaitingRefunds } from '../../refunds/send-refund.ts';

/** Reads a raw booking-ending envelope (cancelled_by_passenger, …) as this service understands it. */
export const readBookingEnded = (ending: BookingEndingFact) => envelopeReader(bookingEvents[ending]);

/**
 * krom.rides.booking.<cancelled_by_passenger|cancelled_by_driver|cancelled|declined|expired|not_boarded>.v1 →
 * the booking's paid money settled by the policy (once, with the event recorded handled; a
 * second delivery under another id finds the payment refunded already), then, after the commit
 * and on every delivery, the refund asked of the gateway and its answer recorded.
 */
export function handleBookingEnded(db: PaymentsDb, provider: MobileMoneyProvider, ending: BookingEndingFact, clock: () => Date, logger: Logger): EventRule<BookingFact> {
  return once(db, {
    inTransaction: (tx, { data }) => refundEndedBooking(tx, data, ending, clock(), logger),
    afterCommit: ({ data }) => sendWaitingRefunds(db, provider, { bookingId: data.bookingId }, clock, logger),
  });
}
