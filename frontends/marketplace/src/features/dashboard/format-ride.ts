import type { DriverRide, RideSummary } from '@krom/contracts/http/rides';
import { formatRideDate, formatRideTime } from '../../components/ride-card.tsx';

/** "Sat, Nov 28, 2026 · 7:30 AM", written as rides are everywhere (components/ride-card.tsx). */
export const formatDeparture = (ride: Pick<RideSummary, 'departureDate' | 'departureTime'>) =>
  `${formatRideDate(ride.departureDate)} · ${formatRideTime(ride.departureTime)}`;

/**
 * "2 of 3 seats left": the driver sees the free seats against the seats the ride offers
 * passengers, which are the free ones and the booked ones (`totalSeats` is the car's, the
 * driver's own included).
 */
export const seatsLeft = (ride: Pick<DriverRide, 'availableSeats' | 'bookedSeats'>) => {
  const offered = ride.availableSeats + ride.bookedSeats;
  return `${ride.availableSeats} of ${offered} seat${offered === 1 ? '' : 's'} left`;
};
