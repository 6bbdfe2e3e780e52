import type { DriverRide, RideSummary } from '@krom/contracts/http/rides';
import { formatCedis, formatRideDate, formatRideTime } from '../../components/ride-card.tsx';

/** "Sat, Nov 28, 2026 · 7:30 AM", written as rides are everywhere (components/ride-card.tsx). */
export const formatDeparture = (ride: Pick<RideSummary, 'departureDate' | 'departureTime'>) =>
  `${formatRideDate(ride.departureDate)} · ${formatRideTime(ride.departureTime)}`;

/** "GH₵1,250.00"; a currency other than cedis (none exists yet) by its code. */
export const formatMoney = (amount: string, currency = 'GHS') =>
  currency === 'GHS' ? formatCedis(amount) : `${currency} ${Number(amount).toFixed(2)}`;

/**
 * "2 of 3 seats left": the driver sees the free seats against the seats the ride offers
 * passengers, which are the free ones and the booked ones (`totalSeats` is the car's, the
 * driver's own included).
 */
export const seatsLeft = (ride: Pick<DriverRide, 'availableSeats' | 'bookedSeats'>) => {
  const offered = ride.availableSeats + ride.bookedSeats;
  return `${ride.availableSeats} of ${offered} seat${offered === 1 ? '' : 's'} left`;
};

/** The greeting for the hour in Ghana (UTC all year, no daylight saving). */
export function greetingAt(now: Date): string {
  const hour = now.getUTCHours();
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** "4.8" from an average rating. */
export const formatRating = (rating: number) => rating.toFixed(1);
