import { type DriverRide, rideMessages, type updateRideSchema } from '@krom/contracts/http/rides';
import { uuid } from '@krom/contracts/http/fields';
import { HttpError } from '@krom/server-kit/errors';
import type { Transaction } from '@krom/server-kit/outbox';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RidesDb } from '../db/rides-db.ts';
import { departureInstant } from '../rides/departure.ts';
import { type Pricing, type RouteClaim, routeCapFor } from '../posting/price-cap.ts';
import { recordRideChanged, termsOf } from '../posting/ride-changes.ts';
import { assertRideRules } from '../posting/ride-rules.ts';
import { bookedSeatsOf, isEditable, type RideRow, rideRows, type SqlRunner, toDriverRide } from '../rides/ride-views.ts';

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
 * The driver's own ride, locked for a change until the transaction ends, with the departure it was
 * posted with; another driver's, an unknown and a malformed id are all "not found". Refused with
 * 409 once it may not change.
 */
async function lockEditableRide(tx: Transaction, driverId: string, id: string, now: Date): Promise<RideRow & { postedDepartureAt: Date; version: number }> {
  if (!uuid.safeParse(id).success) throw notFound();
  const { rows: locked } = await tx.execute<{ postedDepartureAt: string; version: number }>(sql`
    SELECT coalesce(posted_departure_at, departure_at) AS "postedDepartureAt", version FROM rides WHERE id = ${id} AND driver_id = ${driverId} FOR UPDATE`);
  const [lock] = locked;
  if (!lock) throw notFound();
  const [row] = await rideRows(tx, sql`WHERE r.id = ${id}`);
  if (!row) throw notFound();
  if (!isEditable(row, now, bookedSeatsOf(row))) throw new HttpError(409, rideMessages.notEditable);
  return { ...row, postedDepartureAt: new Date(lock.postedDepartureAt), version: lock.version };
}

/** Applies a change's SET to the locked ride (version + 1) and writes its ride.changed; answers the ride as changed. */
async function changeRide(tx: Transaction, ride: RideRow, set: SQL, now: Date): Promise<RideRow> {
  const { rows } = await tx.execute<{ version: number }>(sql`
    UPDATE rides SET ${set}, posted_departure_at = coalesce(posted_departure_at, departure_at),
      version = version + 1, updated_at = ${now.toISOString()}::timestamptz
    WHERE id = ${ride.id} RETURNING version`);
  const [updated] = await rideRows(tx, sql`WHERE r.id = ${ride.id}`);
  if (!updated || !rows[0]) throw notFound();
  await recordRideChanged(tx, ride, termsOf(ride), termsOf(updated), rows[0].version, now);
  return updated;
}

/**
 * Changes the editable fields (ride-changes.ts: date, time, seats, price, and the description,
 * kept when left out) of the driver's own future, active, unbooked ride, under the rules of
 * posting (seats for the vehicle, a departure to come, the price cap of its route) and within
 * `maxDepartureMoveDays` of the departure it was posted with. The ride's version goes up by one
 * and ride.changed is written with it.
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
      // The seats of the car it is in (total_seats, kept equal to the vehicle's while the ride is to come: driver-vehicles.ts).
      vehicleSeats: ride.postedVehicleSeats,
      departureAt,
      now,
      pricePerSeat: request.pricePerSeat,
      // The cap of its stored route, placed as at posting; a place no longer where it says counts as unplaced.
      priceCap: { ...routeCapFor(await storedRoute(tx, ride), pricing), misplaced: [] },
      postedDepartureAt: ride.postedDepartureAt,
    });
    // Left out, the description stays; sent blank, it is removed.
    const description = request.description === undefined ? sql`description` : sql`${request.description || null}`;
    const updated = await changeRide(
      tx,
      ride,
      sql`departure_date = ${request.departureDate}::date, departure_time = ${request.departureTime},
        departure_at = ${departureAt.toISOString()}::timestamptz, available_seats = ${request.availableSeats}::int,
        seats_offered = ${request.availableSeats}::int, booking_mode = ${request.bookingMode ?? ride.bookingMode},
        price_per_seat = ${request.pricePerSeat}::numeric, description = ${description}`,
      now,
    );
    return toDriverRide(updated, now);
  });
}

/** Cancels the driver's own future, active, unbooked ride; its version goes up by one and ride.changed is written with it. */
export async function cancelRide(db: RidesDb, driverId: string, id: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const ride = await lockEditableRide(tx, driverId, id, now);
    await changeRide(tx, ride, sql`status = 'cancelled'`, now);
  });
}

/**
 * An account was deleted: its rides still to depart are cancelled, each with its ride.changed
 * (the passengers told of them hear of it); returns how many.
 */
export async function cancelFutureRidesOf(tx: Transaction, driverId: string, now = new Date()): Promise<number> {
  const { rows: ids } = await tx.execute<{ id: string }>(sql`
    SELECT id FROM rides WHERE driver_id = ${driverId} AND status = 'active' AND departure_at > ${now.toISOString()}::timestamptz
    ORDER BY id FOR UPDATE`);
  for (const { id } of ids) {
    const [ride] = await rideRows(tx, sql`WHERE r.id = ${id}`);
    if (ride) await changeRide(tx, ride, sql`status = 'cancelled'`, now);
  }
  return ids.length;
}
