import { type DriverRide, rideMessages, type updateRideSchema } from '@krom/contracts/http/rides';
import { uuid } from '@krom/contracts/http/fields';
import { HttpError } from '@krom/server-kit/errors';
import type { Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RidesDb } from '../db/rides-db.ts';
import { departureInstant } from './departure.ts';
import { type Pricing, type RouteClaim, routeCapFor } from './price-cap.ts';
import { assertRideRules } from './ride-rules.ts';
import { bookedSeatsOf, isEditable, type RideRow, rideRows, type SqlRunner, toDriverRide } from './ride-views.ts';

export type UpdateRideRequest = z.output<typeof updateRideSchema>;

/** How many rides one tab of "my rides" lists at most (the contract has no pages). */
export const myRidesLimit = 100;

/** Upcoming: active and still to depart, soonest first. Past: departed or cancelled, latest first. */
export const upcomingOf = (driverId: string, now: Date) =>
  sql`WHERE r.driver_id = ${driverId} AND r.status = 'active' AND r.departure_at > ${now.toISOString()}::timestamptz ORDER BY r.departure_at, r.id`;
export const pastOf = (driverId: string, now: Date) =>
  sql`WHERE r.driver_id = ${driverId} AND (r.status <> 'active' OR r.departure_at <= ${now.toISOString()}::timestamptz) ORDER BY r.departure_at DESC, r.id DESC`;

/** The driver's own rides, upcoming or past, as they see them (with booked seats and whether editable). */
export async function myRides(db: SqlRunner, driverId: string, when: 'upcoming' | 'past', now = new Date(), limit = myRidesLimit): Promise<DriverRide[]> {
  const tail = when === 'upcoming' ? upcomingOf(driverId, now) : pastOf(driverId, now);
  const rows = await rideRows(db, sql`${tail} LIMIT ${limit}::int`);
  return rows.map((row) => toDriverRide(row, now));
}

const notFound = () => new HttpError(404, rideMessages.notFound);

/** A stored ride's places, as the price cap reads them: the row's names and points with the place ids posted. */
async function storedRoute(tx: Transaction, ride: RideRow): Promise<RouteClaim> {
  const { rows } = await tx.execute<{ fromPlaceId: string | null; toPlaceId: string | null; stopPlaceIds: (string | null)[] }>(sql`
    SELECT r.from_place_id AS "fromPlaceId", r.to_place_id AS "toPlaceId",
      ARRAY(SELECT s.place_id FROM ride_stops s WHERE s.ride_id = r.id ORDER BY s.stop_order) AS "stopPlaceIds"
    FROM rides r WHERE r.id = ${ride.id}`);
  const ids = rows[0];
  return {
    from: { location: ride.fromLocation, city: ride.fromCity, localityArea: ride.fromLocalityArea, placeId: ids?.fromPlaceId, latitude: ride.fromLatitude, longitude: ride.fromLongitude },
    stops: ride.stops.map((stop, index) => ({ ...stop, placeId: ids?.stopPlaceIds[index] })),
    to: { location: ride.toLocation, city: ride.toCity, localityArea: ride.toLocalityArea, placeId: ids?.toPlaceId, latitude: ride.toLatitude, longitude: ride.toLongitude },
  };
}

/**
 * The driver's own ride, locked for a change until the transaction ends; another driver's, an
 * unknown and a malformed id are all "not found". Refused with 409 once it may not change.
 */
async function lockEditableRide(tx: Transaction, driverId: string, id: string, now: Date): Promise<RideRow> {
  if (!uuid.safeParse(id).success) throw notFound();
  const { rows: locked } = await tx.execute(sql`SELECT id FROM rides WHERE id = ${id} AND driver_id = ${driverId} FOR UPDATE`);
  if (locked.length === 0) throw notFound();
  const [row] = await rideRows(tx, sql`WHERE r.id = ${id}`);
  if (!row) throw notFound();
  if (!isEditable(row, now, bookedSeatsOf(row))) throw new HttpError(409, rideMessages.notEditable);
  return row;
}

/**
 * Changes the date, time, seats, price and description (kept when left out) of the driver's own future, active, unbooked
 * ride, under the rules of posting (seats for the vehicle, a departure to come, the price cap of
 * its route); the ride's version goes up by one.
 */
export async function updateRide(
  db: RidesDb,
  driverId: string,
  id: string,
  request: UpdateRideRequest,
  pricing: Pricing,
  now = new Date(),
): Promise<DriverRide> {
  return db.transaction(async (tx) => {
    const ride = await lockEditableRide(tx, driverId, id, now);
    const departureAt = departureInstant(request.departureDate, request.departureTime);
    assertRideRules({
      availableSeats: request.availableSeats,
      // The seats of the car it was posted with (the driver takes one), whatever the vehicle says today.
      vehicleSeats: ride.postedVehicleSeats,
      departureAt,
      now,
      pricePerSeat: request.pricePerSeat,
      // The cap of its stored route, placed as at posting; a place no longer where it says counts as unplaced.
      priceCap: { ...routeCapFor(await storedRoute(tx, ride), pricing), misplaced: [] },
    });
    // Left out, the description stays; sent blank, it is removed.
    const description = request.description === undefined ? sql`description` : sql`${request.description || null}`;
    await tx.execute(sql`
      UPDATE rides SET departure_date = ${request.departureDate}::date, departure_time = ${request.departureTime},
        departure_at = ${departureAt.toISOString()}::timestamptz, available_seats = ${request.availableSeats}::int,
        price_per_seat = ${request.pricePerSeat}::numeric, description = ${description},
        version = version + 1, updated_at = ${now.toISOString()}::timestamptz
      WHERE id = ${id}`);
    const [updated] = await rideRows(tx, sql`WHERE r.id = ${id}`);
    if (!updated) throw notFound();
    return toDriverRide(updated, now);
  });
}

/** Cancels the driver's own future, active, unbooked ride; its version goes up by one. */
export async function cancelRide(db: RidesDb, driverId: string, id: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await lockEditableRide(tx, driverId, id, now);
    await tx.execute(sql`UPDATE rides SET status = 'cancelled', version = version + 1, updated_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`);
  });
}

/** An account was deleted: its rides still to depart are cancelled; returns how many. */
export async function cancelFutureRidesOf(tx: Transaction, driverId: string, now = new Date()): Promise<number> {
  const { rowCount } = await tx.execute(sql`
    UPDATE rides SET status = 'cancelled', version = version + 1, updated_at = ${now.toISOString()}::timestamptz
    WHERE driver_id = ${driverId} AND status = 'active' AND departure_at > ${now.toISOString()}::timestamptz`);
  return rowCount ?? 0;
}
