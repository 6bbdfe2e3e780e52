import { type BookingFact, bookingEvents } from '@krom/contracts/events/bookings';
import { envelopeReader, type EventRule, once } from '@krom/server-kit/consumer';
import type { Logger } from '@krom/server-kit/logger';
import type { PaymentsDb } from '../../db/payments-db.ts';
import { insertRequestedPayment, promptForPayment } from '../../payments/request-payment.ts';
import type { MobileMoneyProvider } from '../../providers/mobile-money/port.ts';

/** Reads a raw booking.payment_requested envelope as this service understands it. */
export const readPaymentRequested = envelopeReader(bookingEvents.payment_requested);

/**
 * krom.rides.booking.payment_requested.v1 → the booking's payment row (once, with the event
 * recorded handled), then, after the commit and on every delivery, the prompt to the wallet and
 * the gateway's answer recorded with its fact: a delivery that stopped between the two finishes
 * the prompt when the fact comes again.
 */
export function handlePaymentRequested(db: PaymentsDb, provider: MobileMoneyProvider, clock: () => Date, logger: Logger): EventRule<BookingFact> {
  return once(db, {
    inTransaction: (tx, { data }) => insertRequestedPayment(tx, data, provider.name),
    afterCommit: ({ data }) => promptForPayment(db, provider, data, clock, logger),
  });
}
