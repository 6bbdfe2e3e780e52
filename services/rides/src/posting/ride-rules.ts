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
  const [first] = errors;
  if (first) throw new HttpError(400, first.message, errors);
}
