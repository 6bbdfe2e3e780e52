import {
  boardingOpensHoursBeforeDeparture,
  type Booking,
  bookingMessages,
  cancellableStatuses,
  cancellationRefund,
  noShowReportHours,
  type RideBooking,
  seatHoldingStatuses,
} from '@krom/contracts/http/bookings';
import { uuid } from '@krom/contracts/http/fields';
import { memberSafetyMessages } from '@krom/contracts/http/member-safety';
import { type MemberRating, ratingAverage } from '@krom/contracts/http/reviews';
import { HttpError } from '@krom/server-kit/errors';
import type { Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import { blockBetween } from '../blocks/member-blocks.ts';
import type { RidesDb, TransactionRunner } from '../db/rides-db.ts';
import type { SqlRunner } from '../rides/ride-views.ts';
import { type BookingRow, bookingRows, statusIn, toBooking, toRideBooking } from './booking-views.ts';
import { lockRideSeats, type RideSeats } from './seats.ts';
import { applyTransition, type BookingAction } from './transitions.ts';

/*
 * What a passenger and a driver do with a booking. Each acts only on what is theirs: a passenger
 * on their own bookings, a driver on the bookings of their own rides; anything else is a 404, as
 * if it did not exist (nobody learns another member's booking ids).
 */

const HOUR_MS = 3_600_000;
const notFound = () => new HttpError(404, bookingMessages.notFound);

/** The booking with its row locked, if `userId` may act on it as `as`. */
async function ownBooking(tx: Transaction, bookingId: string, userId: string, as: 'passenger' | 'driver'): Promise<BookingRow> {
  if (!uuid.safeParse(bookingId).success) throw notFound();
  const owner = as === 'passenger' ? sql`b.passenger_id` : sql`r.driver_id`;
  const [row] = await bookingRows(tx, sql`WHERE b.id = ${bookingId} AND ${owner} = ${userId}`);
  if (!row) throw notFound();
  return row;
}

async function move(
  tx: Transaction,
  row: BookingRow,
  action: BookingAction,
  by: Parameters<typeof applyTransition>[3],
  refused: string,
  lockedRide?: RideSeats,
) {
  const moved = await applyTransition(tx, row.id, action, by, lockedRide);
  if (!moved) throw new HttpError(409, refused);
  return moved;
}

/** The passenger's bookings, upcoming (the ride still to leave and the booking live or settled, soonest first) or past. */
export async function myBookings(db: SqlRunner, passengerId: string, when: 'upcoming' | 'past', now = new Date()): Promise<Booking[]> {
  return (await myBookingRows(db, passengerId, when, now)).map(toBooking);
}

/** The same bookings as rows (with their ride's code: an SMS answer's). */
export async function myBookingRows(db: SqlRunner, passengerId: string, when: 'upcoming' | 'past', now = new Date()): Promise<BookingRow[]> {
  const at = now.toISOString();
  const tail =
    when === 'upcoming'
      ? sql`WHERE b.passenger_id = ${passengerId} AND r.departure_at > ${at}::timestamptz
              AND b.status IN ${statusIn(seatHoldingStatuses)}
            ORDER BY r.departure_at, b.id LIMIT 100`
      : sql`WHERE b.passenger_id = ${passengerId} AND (r.departure_at <= ${at}::timestamptz
              OR b.status NOT IN ${statusIn(seatHoldingStatuses)})
            ORDER BY r.departure_at DESC, b.id DESC LIMIT 100`;
  return bookingRows(db, tail);
}

export async function passengerBooking(db: SqlRunner, passengerId: string, bookingId: string): Promise<Booking> {
  if (!uuid.safeParse(bookingId).success) throw notFound();
  const [row] = await bookingRows(db, sql`WHERE b.id = ${bookingId} AND b.passenger_id = ${passengerId}`);
  if (!row) throw notFound();
  return toBooking(row);
}

/** How the passenger's side ends a booking: a confirmed seat is cancelled by the policy (its refund), anything earlier withdrawn. */
function passengerCancel(row: BookingRow, now: Date): { action: BookingAction; refundAmount: string | null } {
  if (row.status !== 'confirmed') return { action: 'withdraw', refundAmount: null };
  return { action: 'cancelByPassenger', refundAmount: cancellationRefund(new Date(row.departureAt), now, row.totalAmount).amount };
}

/**
 * The passenger cancels: a request (or a seat not yet secured) is withdrawn; a confirmed seat is
 * cancelled by the policy, whose refund the event carries (paid back by the payments issue).
 * After departure the policy gives nothing back, and once the ride is completed nothing is
 * cancelled any more: a seat never boarded stays as it was for the driver's no-show report and
 * the payments issue's settling, instead of being turned into a cancellation after the fact.
 */
export async function cancelAsPassenger(db: TransactionRunner, passengerId: string, bookingId: string, now = new Date()): Promise<Booking> {
  return db.transaction(async (tx) => {
    const row = await ownBooking(tx, bookingId, passengerId, 'passenger');
    // The ride locked first (every booking transaction's order), so the completion sweep cannot complete it meanwhile.
    const ride = await lockRideSeats(tx, row.rideId);
    if (ride?.status === 'completed') throw new HttpError(409, bookingMessages.rideCompleted);
    const { action, refundAmount } = passengerCancel(row, now);
    const by = { actor: 'passenger' as const, actorId: passengerId, refundAmount, now };
    return toBooking(await move(tx, row, action, by, bookingMessages.transition.cancel, ride));
  });
}

/**
 * How a member's own bookings end when their account does (`reason`): `policy`, as if they
 * cancelled (deleted: a request or unsecured seat is withdrawn, a confirmed seat cancelled by the
 * policy's refund); `full`, as when a driver cancels (suspended: Krom ends every live booking, the
 * passenger gets everything back and the driver nothing, booking.cancelled with actor system).
 */
export type MemberBookingsEnding = { reason: string; refund: 'policy' | 'full' };

/**
 * A deleted or suspended account's live bookings on rides still to come end by `ending` and their
 * seats come back, in `tx`, each with its event (actor system). Rides in the order of their ids:
 * the lock order every transaction touching several rides keeps.
 */
export async function cancelFutureBookingsOf(tx: Transaction, passengerId: string, ending: MemberBookingsEnding, now = new Date()): Promise<number> {
  const rows = await bookingRows(
    tx,
    sql`WHERE b.passenger_id = ${passengerId} AND r.departure_at > ${now.toISOString()}::timestamptz
          AND b.status IN ${statusIn(cancellableStatuses)} ORDER BY b.ride_id, b.id`,
  );
  for (const row of rows) {
    const { action, refundAmount } = ending.refund === 'full' ? { action: 'staffCancel' as const, refundAmount: row.totalAmount } : passengerCancel(row, now);
    await applyTransition(tx, row.id, action, { actor: 'system', reason: ending.reason, refundAmount, now });
  }
  return rows.length;
}

/**
 * The driver accepts a request; a cash booking is then confirmed at once, a mobile money one held
 * for its payment (`awaitPayment`: a fresh hold from now, the `payment_requested` fact), both in
 * the accept's transaction.
 */
export async function acceptAsDriver(db: RidesDb, driverId: string, bookingId: string, now = new Date()): Promise<RideBooking> {
  return db.transaction(async (tx) => {
    const row = await ownBooking(tx, bookingId, driverId, 'driver');
    // A block either way since the request was made: the seat is not given (declining stays open to the driver).
    if (await blockBetween(tx, driverId, row.passengerId)) throw new HttpError(409, memberSafetyMessages.acceptBlocked);
    // Lapsed but not yet swept (the sweep runs every minute, and not while Redis is away): too late all the same.
    if (row.expiresAt !== null && new Date(row.expiresAt).getTime() <= now.getTime()) throw new HttpError(409, bookingMessages.transition.accept);
    const by = { actor: 'driver' as const, actorId: driverId, now };
    await move(tx, row, 'accept', by, bookingMessages.transition.accept);
    const next = row.paymentMethod === 'mobile_money' ? 'awaitPayment' : 'confirm';
    return toRideBooking(await move(tx, row, next, by, bookingMessages.transition.accept));
  });
}

export async function declineAsDriver(db: RidesDb, driverId: string, bookingId: string, now = new Date()): Promise<RideBooking> {
  return db.transaction(async (tx) => {
    const row = await ownBooking(tx, bookingId, driverId, 'driver');
    return toRideBooking(await move(tx, row, 'decline', { actor: 'driver', actorId: driverId, now }, bookingMessages.transition.decline));
  });
}

/** The driver reports a confirmed passenger who did not come: from departure until `noShowReportHours` after it. */
export async function reportNoShowAsDriver(db: RidesDb, driverId: string, bookingId: string, now = new Date()): Promise<RideBooking> {
  return db.transaction(async (tx) => {
    const row = await ownBooking(tx, bookingId, driverId, 'driver');
    const departure = new Date(row.departureAt).getTime();
    if (now.getTime() < departure) throw new HttpError(409, bookingMessages.noShowTooEarly);
    if (now.getTime() > departure + noShowReportHours * HOUR_MS) throw new HttpError(409, bookingMessages.noShowTooLate);
    return toRideBooking(await move(tx, row, 'noShow', { actor: 'driver', actorId: driverId, now }, bookingMessages.transition.noShow));
  });
}

/** The driver boards the passenger whose booking on this ride has `code`. */
export async function boardByCode(db: RidesDb, driverId: string, rideId: string, code: string, now = new Date()): Promise<RideBooking> {
  return db.transaction(async (tx) => {
    // The ride locked first (every booking transaction's order): a Cancel Ride meanwhile waits, then sees the boarded passenger.
    const ride = uuid.safeParse(rideId).success ? await lockRideSeats(tx, rideId) : undefined;
    if (!ride || ride.driverId !== driverId) throw new HttpError(404, bookingMessages.rideNotFound);
    if (ride.status !== 'active') throw new HttpError(409, bookingMessages.transition.board);
    if (now.getTime() < ride.departureAt.getTime() - boardingOpensHoursBeforeDeparture * HOUR_MS) throw new HttpError(409, bookingMessages.boardTooEarly);
    const [row] = await bookingRows(tx, sql`WHERE b.ride_id = ${rideId} AND b.boarding_code = ${code}`);
    if (!row) throw new HttpError(404, bookingMessages.wrongCode);
    return toRideBooking(await move(tx, row, 'board', { actor: 'driver', actorId: driverId, now }, bookingMessages.transition.board));
  });
}

/** The bookings on the driver's ride, requests first, then by when they were made. */
export async function bookingsOnRide(db: SqlRunner, driverId: string, rideId: string): Promise<RideBooking[]> {
  await assertOwnRide(db, driverId, rideId);
  const rows = await bookingRows(db, sql`WHERE b.ride_id = ${rideId} ORDER BY (b.status = 'requested') DESC, b.created_at, b.id`);
  const ratings = await passengerRatings(db, [...new Set(rows.map((row) => row.passengerId))]);
  return rows.map((row) => ({ ...toRideBooking(row), passengerRating: ratings.get(row.passengerId) ?? { average: null, count: 0 } }));
}

/** How drivers rated each of `passengerIds` as a passenger (published reviews only, as member_ratings keeps them). */
export async function passengerRatings(db: SqlRunner, passengerIds: string[]): Promise<Map<string, MemberRating>> {
  if (passengerIds.length === 0) return new Map();
  const { rows } = await db.execute<{ userId: string; count: number; sum: number }>(sql`
    SELECT user_id AS "userId", review_count AS count, rating_sum AS sum FROM member_ratings
    WHERE review_type = 'passenger' AND user_id IN (${sql.join(passengerIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
  return new Map(rows.map((row) => [row.userId, { average: ratingAverage(row.count, row.sum), count: row.count }]));
}

async function assertOwnRide(db: SqlRunner, driverId: string, rideId: string) {
  if (!uuid.safeParse(rideId).success) throw new HttpError(404, bookingMessages.rideNotFound);
  const { rows } = await db.execute(sql`SELECT 1 FROM rides WHERE id = ${rideId} AND driver_id = ${driverId}`);
  if (rows.length === 0) throw new HttpError(404, bookingMessages.rideNotFound);
}

