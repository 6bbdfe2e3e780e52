import { formatClockTime, formatRideDate } from '@krom/contracts/ghana-time';
import type { RideDetails } from '@krom/contracts/http/rides';
import { formatCedis } from '@krom/contracts/money';

/**
 * What a shared link to a ride says before it is opened (the page's title and its Open Graph
 * title and description, written by the web server): the route, then when, the price and the
 * seats left on the leg the link names (the whole route without one), in the words the preview itself uses.
 */
export function ridePreviewHead(ride: RideDetails): { title: string; description: string } {
  const { seatsLeft } = ride.leg;
  const seats = seatsLeft === 1 ? '1 seat left' : `${seatsLeft} seats left`;
  return {
    title: `${ride.fromCity} → ${ride.toCity} · Krom`,
    description: `${formatRideDate(ride.departureDate)} at ${formatClockTime(ride.departureTime)} · ${formatCedis(ride.leg.pricePerSeat)} per seat · ${seats}`,
  };
}
