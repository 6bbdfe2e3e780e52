import { cancellationRefund } from '@krom/contracts/http/booking-values';
import type { Booking } from '@krom/contracts/http/bookings';
import { formatMoney } from '@krom/contracts/money';

/** The passenger rides screen's texts: the spec's tabs and empty states ("My rides (passenger)"), the rest Krom's own. */
export const passengerRidesTexts = {
  title: 'My Rides',
  lead: 'Seats you book as a passenger',
  tabs: 'Ride sections',
  upcoming: 'Upcoming',
  past: 'Past',
  emptyUpcomingTitle: 'No upcoming rides',
  emptyUpcomingText: 'Seats you book will appear here.',
  emptyPastTitle: 'No past rides',
  emptyPastText: 'Trips you have taken will appear here.',
  findARide: 'Find a Ride',
  loadFailed: 'Your bookings could not be loaded.',
  boardingAt: 'Boarding at',
  meetingPoint: 'Meeting point',
  boardingCode: 'Boarding code',
  boardingCodeHint: 'Show this code to the driver at pickup, or let them scan it.',
  /** The booking's own short code: what the passenger texts after CANCEL (SMS). */
  bookingCode: 'Booking code',
  lapses: (when: string) => `The driver has until ${when} to answer.`,
  viewRide: 'View Ride',
  /** The driver's number (/call/{id}): shared from 24 hours before departure, the screen says when otherwise. */
  callDriver: 'Call Driver',
  payNow: 'Pay now',
  paymentLapses: (when: string) => `Approve the mobile money prompt on your phone by ${when}, or the seats are released.`,
  cancel: 'Cancel Booking',
  keep: 'Keep Booking',
  cancelling: 'Cancelling...',
  cancelTitle: 'Cancel this booking?',
  cancelled: 'Booking Cancelled',
  cancelledText: (route: string) => `Your booking for ${route} is cancelled.`,
  cancelFailedTitle: 'Error',
  cancelFailed: 'Failed to cancel the booking. Please try again.',
  /** A seat the driver neither boarded with its code nor reported missing within the no-show window (contracts' `not_boarded`). */
  notBoarded: (paymentMethod: Booking['paymentMethod']) =>
    paymentMethod === 'mobile_money'
      ? 'The driver did not record you on board, so everything you paid, the service fee included, goes back to your mobile money.'
      : 'The driver did not record you on board. You paid nothing through Krom, so nothing is charged.',
} as const;

/**
 * What cancelling now gives back, said before the tap (contracts' cancellation policy: more than
 * 24 hours before departure the fare in full, less than 24 hours half of it, after departure
 * nothing). A cash fare has not been paid yet, so nothing is given back and nothing is charged;
 * the text says so rather than promising a refund of money the passenger never paid.
 */
export function cancellationText(booking: Pick<Booking, 'status' | 'departureAt' | 'totalAmount' | 'currency' | 'paymentMethod'>, now: Date): string {
  if (booking.status === 'requested' || booking.status === 'accepted') {
    return 'Your seats are not confirmed yet, so nothing has been paid and no charge applies.';
  }
  const refund = cancellationRefund(new Date(booking.departureAt), now, booking.totalAmount);
  const money = (amount: string) => formatMoney(amount, booking.currency);
  const policy =
    refund.rule === 'full'
      ? `More than 24 hours before departure, the policy gives back the full fare of ${money(refund.amount)}.`
      : refund.rule === 'half'
        ? `Less than 24 hours before departure, the policy gives back half the fare: ${money(refund.amount)} of ${money(booking.totalAmount)}.`
        : 'The ride has already left, so the policy gives nothing back.';
  return booking.paymentMethod === 'cash' ? `${policy} You pay the driver in cash and have paid nothing yet, so no charge applies.` : policy;
}
