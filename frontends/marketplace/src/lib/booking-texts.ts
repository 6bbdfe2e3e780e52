import type { BookingStatus } from '@krom/contracts/http/booking-values';
import type { Booking } from '@krom/contracts/http/bookings';
import { formatClockTime, formatRideDate, ghanaDate } from '@krom/contracts/ghana-time';

/*
 * How a booking is written wherever it appears (the booking screen's answer, the passenger's rides,
 * the dashboard): its state in words and the moments it names, in Ghana's time; its places and
 * seats also as the driver's bookings write them.
 */

/** A booking's state as its passenger reads it. */
export const bookingStatusText: Record<BookingStatus, string> = {
  requested: 'Waiting for the driver',
  accepted: 'Accepted',
  declined: 'Declined by the driver',
  expired: 'Request expired',
  cancelled: 'Request cancelled',
  awaiting_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  boarded: 'Boarded',
  completed: 'Completed',
  cancelled_by_passenger: 'Cancelled by you',
  cancelled_by_driver: 'Cancelled by the driver',
  no_show: 'Marked as no-show',
  not_boarded: 'Not boarded',
};

/** `Sat, Nov 28, 2026 at 7:30 AM`: an instant (a request's lapse) in Ghana, where it is GMT all year. */
export function formatMoment(instant: string): string {
  const iso = new Date(instant).toISOString();
  return `${formatRideDate(ghanaDate(iso))} at ${formatClockTime(iso.slice(11, 16))}`;
}

/** Where a booking boards or leaves, by its town (the place's own name when it has no town). */
export const placeTown = (place: Pick<Booking['board'], 'city' | 'location'>) => place.city ?? place.location;

/** `2 seats`. */
export const seatsText = (seats: number) => `${seats} seat${seats === 1 ? '' : 's'}`;
