import type { BookingFact } from '@krom/contracts/events/bookings';
import { type EventRule, once } from '@krom/server-kit/consumer';
import type { Logger } from '@krom/server-kit/logger';
import type { PaymentsDb } from '../../db/payments-db.ts';
import { releaseBooking } from '../../payouts/release-booking.ts';

/**
 * krom.rides.booking.completed.v1 and .no_show.v1 → the booking's money released to the driver
 * and Krom (once, with the event recorded handled; the entry's reference makes a second fact
 * post nothing more). The payout itself is the sweep's, from the ledger (jobs/sweep-payouts.ts).
 */
export function handleBookingDone(db: PaymentsDb, logger: Logger): EventRule<BookingFact> {
  return once(db, {
    inTransaction: async (tx, { data }) => {
      await releaseBooking(tx, data, logger);
    },
  });
}
