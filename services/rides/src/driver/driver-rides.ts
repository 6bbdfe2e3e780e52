import { type DriverRide, rideMessages, type updateRideSchema, womenOnlyMessages } from '@krom/contracts/http/rides';
import { seatHoldingStatuses, ticketedStatuses } from '@krom/contracts/http/booking-values';
import { uuid } from '@krom/contracts/http/fields';
import { HttpError } from '@krom/server-kit/errors';
import type { Transaction } from '@krom/server-kit/outbox';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RidesDb } from '../db/rides-db.ts';
import { departureInstant } from '../rides/departure.ts';
import { type Pricing, type RouteClaim, routeCapFor } from '../posting/price-cap.ts';
import { recordRideChanged, termsOf } from '../posting/ride-changes.ts';
import { assertMayPostWomenOnly } from '../posting/posting-rights.ts';
import { assertRideRules } from '../posting/ride-rules.ts';
import { statusIn } from '../bookings/booking-views.ts';
import { lockRideSeats } from '../bookings/seats.ts';
import { applyTransition, type TransitionBy } from '../bookings/transitions.ts';
import { isEditable, noBookings, type RideBookingFigures, type RideRow, rideRows, type SqlRunner, toDriverRide } from '../rides/ride-views.ts';

export type UpdateRideRequest = z.output<typeof updateRideSchema>;

/** How many rides one tab of "my rides" lists at most (the contract has no pages). */
export const myRidesLimit = 100;

/** Upcoming: active and still to depart, soonest first. Past: departed or cancelled, latest first. */
export const upcomingOf = (driverId: string, now: Date) =>
  sql`WHERE r.driver_id = ${driverId} AND r.status = 'active' AND r.departure_at > ${now.toISOString()}::timestamptz ORDER BY r.departure_at, r.id`;
export const pastOf = (driverId: string, now: Date) =>
  sql`WHERE r.driver_id = ${driverId} AND (r.status <> 'active' OR r.departure_at <= ${now.toISOString()}::timestamptz) ORDER BY r.departure_at DESC, r.id DESC`;

/** The driver's own rides, upcoming or past, as they see them (with their bookings' figures and whether editable). */
export async function myRides(db: SqlRunner, driverId: string, when: 'upcoming' | 'past', now = new Date(), limit = myRidesLimit): Promise<DriverRide[]> {
  const tail = when === 'upcoming' ? upcomingOf(driverId, now) : pastOf(driverId, now);
  return driverRidesOf(db, await rideRows(db, sql`${tail} LIMIT ${limit}::int`), now);
}

/** Rows as their driver sees them, with their bookings' figures (one query for them all). */
export async function driverRidesOf(db: SqlRunner, rows: RideRow[], now: Date): Promise<DriverRide[]> {
  const figures = await bookingFiguresOf(db, rows.map((row) => row.id));
  return rows.map((row) => toDriverRide(row, now, figures.get(row.id)));
}

/** Statuses whose seat is the passenger's; `cashDue` those whose cash the driver is still to collect at the car. */
export const soldStatuses = statusIn(ticketedStatuses);
export const cashDueStatuses = statusIn(['confirmed', 'boarded']);

/** Each ride's bookings figures: seats held (the most taken on a leg), bookings and seats sold, cash to collect. */
export async function bookingFiguresOf(db: SqlRunner, rideIds: string[]): Promise<Map<string, RideBookingFigures>> {
  if (rideIds.length === 0) return new Map();
  const ids = sql.join(
    rideIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = await db.execute<RideBookingFigures & { rideId: string }>(sql`
    SELECT r.id AS "rideId",
      coalesce((SELECT max(taken) FROM unnest(r.leg_seats_taken) taken), 0)::int AS "bookedSeats",
      count(b.id) FILTER (WHERE b.status IN ${soldStatuses})::int AS bookings,
      coalesce(sum(b.seats) FILTER (WHERE b.status IN ${soldStatuses}), 0)::int AS "seatsSold",
      coalesce(sum(b.total_amount) FILTER (WHERE b.status IN ${cashDueStatuses} AND b.payment_method = 'cash'), 0)::numeric(12, 2)::text AS "expectedCash"
    FROM rides r LEFT JOIN bookings b ON b.ride_id = r.id
    WHERE r.id IN (${ids})
    GROUP BY r.id`);
  return new Map(rows.map(({ rideId, ...figures }) => [rideId, figures]));
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
  if (!isEditable(row, now)) throw new HttpError(409, rideMessages.notEditable);
  return { ...row, postedDepartureAt: new Date(lock.postedDepartureAt), version: lock.version };
}

/** Applies a change's SET to the locked ride (version + 1) and writes its ride.changed; answers the ride as changed. */
async function changeRide(tx: Transaction, ride: RideRow, set: SQL, now: Date, cancelledBy: 'driver' | 'krom' = 'driver'): Promise<RideRow> {
  const { rows } = await tx.execute<{ version: number }>(sql`
    UPDATE rides SET ${set}, posted_departure_at = coalesce(posted_departure_at, departure_at),
      version = version + 1, updated_at = ${now.toISOString()}::timestamptz
    WHERE id = ${ride.id} RETURNING version`);
  const [updated] = await rideRows(tx, sql`WHERE r.id = ${ride.id}`);
  if (!updated || !rows[0]) throw notFound();
  await recordRideChanged(tx, ride, termsOf(ride), termsOf(updated), rows[0].version, now, cancelledBy);
  return updated;
}

/**
 * Changes the editable fields (ride-changes.ts: date, time, seats, price, and the description,
 * booking mode, leg prices, preferences and women-only, each kept when left out; women-only made
 * on only by whom may post one, and fixed once a seat is booked or requested) of the driver's own future, active, unbooked ride, under the rules of
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
    const seats = await lockRideSeats(tx, id);
    if (!seats) throw notFound();
    await assertKeepsBookings(tx, ride, seats.taken, request);
    if (request.womenOnly && !ride.womenOnly) await assertMayPostWomenOnly(tx, driverId);
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
      legPrices: { prices: request.legPrices ?? ride.legPrices, places: [ride.fromLocation, ...ride.stops.map((stop) => stop.location), ride.toLocation] },
    });
    // Left out, the leg prices stay; given, they replace the ride's.
    const legPrices = request.legPrices === undefined ? sql`leg_prices` : sql`${JSON.stringify(request.legPrices)}::jsonb`;
    // Left out, the description stays; sent blank, it is removed.
    const description = request.description === undefined ? sql`description` : sql`${request.description || null}`;
    // Left out, the preferences and women-only stay as they are.
    const preferences = request.preferences
      ? sql`, luggage = ${request.preferences.luggage}, smoking = ${request.preferences.smoking}, pets = ${request.preferences.pets},
        air_conditioning = ${request.preferences.airConditioning}, max_two_in_back = ${request.preferences.maxTwoInBack}`
      : sql``;
    const womenOnly = request.womenOnly === undefined ? sql`` : sql`, women_only = ${request.womenOnly}`;
    const updated = await changeRide(
      tx,
      ride,
      sql`departure_date = ${request.departureDate}::date, departure_time = ${request.departureTime},
        departure_at = ${departureAt.toISOString()}::timestamptz, available_seats = ${request.availableSeats - Math.min(...seats.taken)}::int,
        seats_offered = ${request.availableSeats}::int, booking_mode = ${request.bookingMode ?? ride.bookingMode},
        price_per_seat = ${request.pricePerSeat}::numeric, leg_prices = ${legPrices}, description = ${description}${preferences}${womenOnly}`,
      now,
    );
    const [view] = await driverRidesOf(tx, [updated], now);
    return view ?? toDriverRide(updated, now, noBookings);
  });
}

/**
 * What a ride's bookings rely on (ride-changes.ts `editableRideFields`), kept once a seat is taken:
 * the date and time, seats no fewer than the most taken on any leg, and the booking mode while
 * requests wait for the driver. A new price applies to later bookings only (each booking keeps
 * the price it was made at). The route never changes (the update body has none).
 */
async function assertKeepsBookings(tx: Transaction, ride: RideRow, taken: number[], request: UpdateRideRequest): Promise<void> {
  const booked = Math.max(0, ...taken);
  if (booked > 0 && (request.departureDate !== ride.departureDate || request.departureTime !== ride.departureTime)) {
    throw new HttpError(409, rideMessages.bookedScheduleFixed);
  }
  if (request.availableSeats < booked) throw new HttpError(409, rideMessages.seatsBelowBooked(booked));
  if (request.womenOnly !== undefined && request.womenOnly !== ride.womenOnly) {
    const { rows } = await tx.execute(sql`SELECT 1 FROM bookings WHERE ride_id = ${ride.id} AND status IN ${statusIn(seatHoldingStatuses)} LIMIT 1`);
    if (rows.length > 0) throw new HttpError(409, ride.womenOnly ? womenOnlyMessages.keptOnceBooked : womenOnlyMessages.notOnceBooked);
  }
  if (request.bookingMode !== undefined && request.bookingMode !== ride.bookingMode) {
    const { rows } = await tx.execute(sql`SELECT 1 FROM bookings WHERE ride_id = ${ride.id} AND status = 'requested' LIMIT 1`);
    if (rows.length > 0) throw new HttpError(409, rideMessages.bookingModeWithRequests);
  }
}

/**
 * Cancels every live booking of the ride (`cancelByDriver`, the fare refunded in full in the
 * event) in `tx`, the ride locked by the caller. The driver may not cancel a ride whose
 * passengers have boarded; the system (a deleted account) cancels what it can.
 */
async function cancelBookingsOf(tx: Transaction, rideId: string, by: Omit<TransitionBy, 'refundAmount'>): Promise<number> {
  const { rows } = await tx.execute<{ id: string; status: string; totalAmount: string }>(sql`
    SELECT id, status, total_amount::text AS "totalAmount" FROM bookings
    WHERE ride_id = ${rideId} AND status IN ${statusIn(seatHoldingStatuses)} ORDER BY created_at, id`);
  if (by.actor === 'driver' && rows.some((row) => row.status === 'boarded')) throw new HttpError(409, rideMessages.cancelAfterBoarding);
  // Read and locked once for every booking (the caller holds the row already).
  const ride = await lockRideSeats(tx, rideId);
  for (const booking of rows.filter((row) => row.status !== 'boarded')) {
    const cancelled = await applyTransition(tx, booking.id, 'cancelByDriver', { ...by, refundAmount: booking.totalAmount }, ride);
    // Moved meanwhile (boarded by code, say): the driver's cancel is refused rather than leave a passenger on a cancelled ride.
    if (!cancelled && by.actor === 'driver') throw new HttpError(409, rideMessages.cancelAfterBoarding);
  }
  return rows.length;
}

/**
 * Cancels the driver's own active ride still to depart: every live booking is cancelled by the
 * driver (booking.cancelled_by_driver, refunded in full), and the ride's version goes up by one
 * with its ride.changed, all in one transaction. Refused once it departed or a passenger boarded.
 * Cancelling a ride that had bookings counts against the driver (driver-profile.ts).
 */
export async function cancelRide(db: RidesDb, driverId: string, id: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const ride = await lockEditableRide(tx, driverId, id, now);
    await cancelBookingsOf(tx, id, { actor: 'driver', actorId: driverId, now });
    await changeRide(tx, ride, sql`status = 'cancelled'`, now);
  });
}

/**
 * An account was deleted or suspended (`reason`): its rides still to depart are cancelled, each
 * with its ride.changed (the passengers told of them hear of it) and its live bookings cancelled
 * (by the system, for the driver: booking.cancelled_by_driver with `reason`, refunded in full);
 * returns how many rides.
 */
export async function cancelFutureRidesOf(tx: Transaction, driverId: string, reason: string, now = new Date()): Promise<number> {
  const { rows: ids } = await tx.execute<{ id: string }>(sql`
    SELECT id FROM rides WHERE driver_id = ${driverId} AND status = 'active' AND departure_at > ${now.toISOString()}::timestamptz
    ORDER BY id FOR UPDATE`);
  for (const { id } of ids) {
    const [ride] = await rideRows(tx, sql`WHERE r.id = ${id}`);
    if (!ride) continue;
    await cancelBookingsOf(tx, id, { actor: 'system', reason, now });
    await changeRide(tx, ride, sql`status = 'cancelled'`, now, 'krom');
  }
  return ids.length;
}
