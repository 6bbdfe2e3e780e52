import { type LegPlace, type LegPrices, isLegOf, legPrice } from '@krom/contracts/http/leg-prices';
import type { RideLeg } from '@krom/contracts/http/rides';
import { bookingMessages } from '@krom/contracts/http/bookings';
import { HttpError } from '@krom/server-kit/errors';
import { sql } from 'drizzle-orm';
import type { SqlRunner } from './ride-views.ts';

/*
 * A passenger's part of a ride. Places are numbered along the route: 0 the departure, 1..n the
 * stops (stop_order), n + 1 the destination; leg i runs from place i to place i + 1. Seats are
 * counted per leg (rides.leg_seats_taken), prices per part of the route (contracts' leg-prices.ts,
 * with the driver's own in rides.leg_prices).
 */

/** What a leg's price is read from: a ride row, its details, or a booking's read of the ride. */
export type LegPricedRide = {
  pricePerSeat: string;
  legPrices: LegPrices | null;
  fromLatitude: number | null;
  fromLongitude: number | null;
  toLatitude: number | null;
  toLongitude: number | null;
  stops: readonly LegPlace[];
};

/** What a leg's seats are read from. */
export type LegSeatedRide = { seatsOffered: number; legSeatsTaken: readonly number[] };

/** The route's places in order, with their coordinates (null where the place has none). */
export const routePlacesOf = (ride: LegPricedRide): LegPlace[] => [
  { latitude: ride.fromLatitude, longitude: ride.fromLongitude },
  ...ride.stops.map((stop) => ({ latitude: stop.latitude, longitude: stop.longitude })),
  { latitude: ride.toLatitude, longitude: ride.toLongitude },
];

/** The destination's place index: the route's last place. */
export const destinationIndexOf = (ride: { stops: readonly unknown[] }) => ride.stops.length + 1;

/**
 * The price per seat from place `boardAt` to place `alightAt`, as decimal cedis: the driver's for
 * that leg, else the ride's price times the leg's share of the route's distance, friendly; the
 * whole route is the ride's price. What a booking charges. Throws a RangeError for a leg the ride
 * does not have (check with `isRideLeg` first).
 */
export const legPricePerSeat = (ride: LegPricedRide, boardAt: number, alightAt: number): string =>
  legPrice({ pricePerSeat: ride.pricePerSeat, places: routePlacesOf(ride), legPrices: ride.legPrices }, boardAt, alightAt);

/** Whether the ride has a leg from `boardAt` to `alightAt`. */
export const isRideLeg = (ride: { stops: readonly unknown[] }, boardAt: number, alightAt: number) => isLegOf(ride.stops.length + 2, boardAt, alightAt);

/** Seats free on every leg from place `boardAt` to place `alightAt`: the seats offered less the most taken on any of them. */
export function seatsLeftOn(ride: LegSeatedRide, boardAt: number, alightAt: number): number {
  const taken = ride.legSeatsTaken.slice(boardAt, alightAt);
  return ride.seatsOffered - Math.max(0, ...taken);
}

/** The leg block a ride answers with: seats left and price from `boardAt` to `alightAt` (the whole route by default). */
export function rideLegOf(ride: LegPricedRide & LegSeatedRide, boardAt = 0, alightAt = destinationIndexOf(ride)): RideLeg {
  return { boardAt, alightAt, seatsLeft: seatsLeftOn(ride, boardAt, alightAt), pricePerSeat: legPricePerSeat(ride, boardAt, alightAt) };
}

/** The leg a caller asked for (`board`, `alight`; each defaults to the route's end), or 400 when the ride has no such leg. */
export function askedLeg(ride: { stops: readonly unknown[] }, asked: { board?: number | undefined; alight?: number | undefined }): [number, number] {
  const boardAt = asked.board ?? 0;
  const alightAt = asked.alight ?? destinationIndexOf(ride);
  if (!isRideLeg(ride, boardAt, alightAt)) throw new HttpError(400, alightAt <= boardAt ? bookingMessages.placesOrder : bookingMessages.places);
  return [boardAt, alightAt];
}

/** What a leg's price is read from, for one ride: its price, the driver's leg prices and its places' coordinates. */
export async function readLegPricedRide(db: SqlRunner, rideId: string): Promise<LegPricedRide | undefined> {
  const { rows } = await db.execute<LegPricedRide>(sql`
    SELECT r.price_per_seat::text AS "pricePerSeat", r.leg_prices AS "legPrices",
      r.from_latitude::float8 AS "fromLatitude", r.from_longitude::float8 AS "fromLongitude",
      r.to_latitude::float8 AS "toLatitude", r.to_longitude::float8 AS "toLongitude",
      coalesce((SELECT json_agg(json_build_object('latitude', s.latitude::float8, 'longitude', s.longitude::float8) ORDER BY s.stop_order)
                FROM ride_stops s WHERE s.ride_id = r.id), '[]'::json) AS stops
    FROM rides r WHERE r.id = ${rideId}`);
  return rows[0];
}
