import type { Transaction } from '@krom/server-kit/outbox';
import { cancelFutureBookingsOf, type MemberBookingsEnding } from '../../bookings/booking-actions.ts';
import { cancelFutureRidesOf } from '../../driver/driver-rides.ts';
import { cancelRideRequestsOf } from '../../ride-requests/passenger-ride-requests.ts';

/**
 * A member's part in trips still to come ends (their account deleted or suspended, `ending.reason`):
 * their rides still to depart cancelled, each passenger's booking cancelled for the driver and
 * refunded in full (booking.cancelled_by_driver); their open ride requests cancelled; their own
 * bookings as passenger ended by `ending`. Past and completed rides stay as they were.
 */
export async function endTripsToCome(tx: Transaction, userId: string, ending: MemberBookingsEnding) {
  return {
    cancelledRides: await cancelFutureRidesOf(tx, userId, ending.reason),
    cancelledRideRequests: await cancelRideRequestsOf(tx, userId),
    cancelledBookings: await cancelFutureBookingsOf(tx, userId, ending),
  };
}
