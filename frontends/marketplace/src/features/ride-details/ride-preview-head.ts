import { formatClockTime, formatRideDate } from '@krom/contracts/ghana-time';
import type { RideDetails } from '@krom/contracts/http/rides';
import { formatCedis } from '@krom/contracts/money';

/**
 * What a shared link to a ride says before it is opened (the page's title and its Open Graph
 * title and description, written by the web server): the route, then when, the price and the
 * seats left, in the words the preview itself uses.
 */
export function ridePreviewHead(ride: RideDetails): { title: string; description: string } {
  const seats = ride.availableSeats === 1 ? '1 seat left' : `${ride.availableSeats} seats left`;
  return {
    title: `${ride.fromCity} → ${ride.toCity} · Krom`,
    description: `${formatRideDate(ride.departureDate)} at ${formatClockTime(ride.departureTime)} · ${formatCedis(ride.pricePerSeat)} per seat · ${seats}`,
  };
}
