import { isLegOf, parseLegKey } from '@krom/contracts/http/leg-prices';
import { availableSeatsProblem, passengerSeatsOf, rideMessages } from '@krom/contracts/http/rides';
import { toPesewas } from '@krom/contracts/money';
import { HttpError } from '@krom/server-kit/errors';
import type { RouteCap } from './price-cap.ts';
import { departureWithinMoveBound } from './ride-changes.ts';

type FieldError = { field: string; message: string };

/**
 * The rules a ride's seats, departure and price must meet when posted or changed, beyond what the
 * contract's schema checks alone: the driver takes one of the vehicle's seats, the departure is
 * still to come, the places are where they are said to be, and the price shares the trip's fuel
 * rather than profits from it.
 */
export function assertRideRules(ride: {
  availableSeats: number;
  vehicleSeats: number;
  departureAt: Date;
  now: Date;
  pricePerSeat: string;
  priceCap: RouteCap;
  /** For a change: the departure the ride was posted with, which it may move only so far from. */
  postedDepartureAt?: Date;
  /** The driver's leg prices (`"1-3"` → cedis) and the route's place names in order, departure to destination. */
  legPrices?: { prices: Record<string, string>; places: readonly string[] };
}): void {
  const errors: FieldError[] = [];
  const { cap, unplaced, misplaced } = ride.priceCap;
  for (const place of misplaced) errors.push({ field: place.field, message: rideMessages.placeElsewhere(place.name) });
  const seats = availableSeatsProblem(ride.availableSeats, passengerSeatsOf(ride.vehicleSeats));
  if (seats) errors.push({ field: 'availableSeats', message: seats });
  if (ride.departureAt.getTime() <= ride.now.getTime()) errors.push({ field: 'departureDate', message: rideMessages.pastDeparture });
  else if (ride.postedDepartureAt && !departureWithinMoveBound(ride.postedDepartureAt, ride.departureAt)) {
    errors.push({ field: 'departureDate', message: rideMessages.departureMovedTooFar });
  }
  // In whole pesewas, so no float rounding decides a refusal.
  if (toPesewas(ride.pricePerSeat) > toPesewas(cap)) {
    errors.push({ field: 'pricePerSeat', message: unplaced ? rideMessages.priceAboveShortTripCap(cap, unplaced) : rideMessages.priceAboveCap(cap) });
  }
  if (ride.legPrices) errors.push(...legPriceProblems(ride.legPrices.prices, ride.legPrices.places, cap));
  const [first] = errors;
  if (first) throw new HttpError(400, first.message, errors);
}

/**
 * A driver's leg prices must name parts of this route (from one place to a later one, not the
 * whole route, which is the ride's price) and, as the ride's price, stay within the route's cap.
 */
function legPriceProblems(prices: Record<string, string>, places: readonly string[], cap: string): FieldError[] {
  return Object.entries(prices).flatMap(([key, price]): FieldError[] => {
    const field = `legPrices.${key}`;
    const [board, alight] = parseLegKey(key) ?? [-1, -1];
    if (!isLegOf(places.length, board, alight) || (board === 0 && alight === places.length - 1)) return [{ field, message: rideMessages.legKey }];
    if (toPesewas(price) > toPesewas(cap)) return [{ field, message: rideMessages.legPriceAboveCap(places[board] as string, places[alight] as string, cap) }];
    return [];
  });
}
