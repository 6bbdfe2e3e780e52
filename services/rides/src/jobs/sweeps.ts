import { departureReminderHours, type RideDepartingSoon, rideDepartingSoon } from '@krom/contracts/events/bookings';
import { rideCompleted } from '@krom/contracts/events/rides';
import { noShowReportHours } from '@krom/contracts/http/booking-values';
import { recordEvent } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import { bookingRows, placeOf } from '../bookings/booking-views.ts';
import { lockRideSeats } from '../bookings/seats.ts';
import { applyTransition } from '../bookings/transitions.ts';
import type { RidesDb } from '../db/rides-db.ts';
import { expireRideRequests } from '../ride-requests/expire-ride-requests.ts';
import { publishDueReviews } from '../reviews/publish-reviews.ts';
import { remindReviewers } from '../reviews/remind-reviewers.ts';
import type { TripLinkKey } from '../trip-shares/trip-link-token.ts';
import { textTripContactsAtDeparture } from '../trip-shares/trip-shares.ts';

/*
 * The scheduled sweeps: what happens because time passed, not because someone acted. Each is a
 * function of the database and a clock (`now`), run every minute by a BullMQ job scheduler
 * (sweep-jobs.ts) and by tests with the clock they choose. Each item is its own transaction of
 * conditional updates, so a sweep run twice, or by two replicas at once, changes each thing once:
 * the second finds the booking's status or the ride's mark already moved and does nothing.
 */

/** How many items one run of a sweep handles at most; the rest wait for the next run a minute later. */
export const sweepBatch = 500;

/** How long after its planned end (departure + duration) a ride is completed: time for a late arrival. */
export const completionGraceHours = 2;

/**
 * A ride's duration when it has none, or none that reads as hours and minutes: 12 hours, about the
 * longest drive within Ghana (Accra to Paga or Bawku). Completing a ride early would complete it
 * while passengers may still be on board; later only delays its completion (and the driver's
 * money, with the payments issue), so the default errs long.
 */
export const defaultRideDurationHours = 12;

/**
 * However long its duration says, a ride is completed at the latest this long after departure:
 * when the driver's window to report a no-show closes (contracts' `noShowReportHours`). A ride
 * whose duration is wrong (`30h` for Accra to Kumasi) is then settled with its unboarded seats a
 * day after it left instead of days later, and boarding by code (active rides only) ends no later
 * than the no-show report does.
 */
export const rideCompletionLatestHours = noShowReportHours;

/**
 * The ride's planned end in SQL, from `r.departure_at` and `r.duration` as the wizard writes it
 * (`4h 40min`; `45min`, `3 h`, `1 hour 5 mins` read too): the hours before an `h`, the minutes
 * before an `m`; a null or unreadable duration counts `defaultRideDurationHours`. The duration is
 * free text: its numbers are read as numeric and capped at `rideCompletionLatestHours` before they
 * become an interval, so no text (`99999999999h` overflowed an int and failed the whole sweep)
 * can keep any ride from completing.
 */
export const ridePlannedEnd = sql.raw(`(r.departure_at + CASE
    WHEN r.duration ~* '\\d+\\s*[hm]' THEN make_interval(
      hours => least(coalesce(substring(r.duration from '(?i)(\\d+)\\s*h')::numeric, 0), ${rideCompletionLatestHours})::int,
      mins => least(coalesce(substring(r.duration from '(?i)(\\d+)\\s*m')::numeric, 0), ${rideCompletionLatestHours * 60})::int)
    ELSE interval '${defaultRideDurationHours} hours' END)`);

/** `completionGraceHours` in minutes: what config RIDE_COMPLETION_GRACE_MINUTES defaults to. */
export const completionGraceMinutes = completionGraceHours * 60;

/**
 * When the ride `r` is due for completion: its planned end plus the grace (`completionGraceHours`
 * unless given, in minutes), and at the latest `rideCompletionLatestHours` after departure.
 */
export const rideCompletionDue = (graceMinutes = completionGraceMinutes) => sql`least(${ridePlannedEnd} + make_interval(mins => ${graceMinutes}::int),
  r.departure_at + make_interval(hours => ${rideCompletionLatestHours}::int))`;

/** What a sweep may be told beside its clock: the service's configuration of it. */
export type SweepOptions = {
  /** How long after a ride's planned end it is completed, in minutes (RIDE_COMPLETION_GRACE_MINUTES); `completionGraceHours` unless given. */
  completionGraceMinutes?: number;
  /** The key trip links are made with (trip-shares/trip-link-token.ts): what the departure texts need. */
  tripLinkKey?: TripLinkKey;
};

export type SweepResult = { changed: number };

/**
 * Requests nobody answered by their `expires_at` become expired (`expire`), and mobile-money
 * holds past theirs lapse (`lapseHold`, the payments issue sets them); their seats come back and
 * each has its booking.expired event. The expiry is read again under the locks (ride, then
 * booking: every booking transaction's order), so a hold renewed meanwhile is left alone.
 */
export async function expireBookings(db: RidesDb, now: Date): Promise<SweepResult> {
  const at = now.toISOString();
  const { rows: due } = await db.execute<{ id: string; rideId: string }>(sql`
    SELECT id, ride_id AS "rideId" FROM bookings
    WHERE status IN ('requested', 'awaiting_payment') AND expires_at <= ${at}::timestamptz
    ORDER BY expires_at, id LIMIT ${sweepBatch}::int`);
  let changed = 0;
  for (const booking of due) {
    const moved = await db.transaction(async (tx) => {
      const ride = await lockRideSeats(tx, booking.rideId);
      const { rows } = await tx.execute<{ status: string }>(sql`
        SELECT status FROM bookings WHERE id = ${booking.id} AND expires_at <= ${at}::timestamptz FOR UPDATE`);
      const status = rows[0]?.status;
      if (status !== 'requested' && status !== 'awaiting_payment') return undefined;
      return applyTransition(tx, booking.id, status === 'requested' ? 'expire' : 'lapseHold', { actor: 'system', now }, ride);
    });
    if (moved) changed += 1;
  }
  return { changed };
}

/**
 * Active rides whose planned end plus the grace (`completionGraceHours` unless configured) has passed become completed (version
 * + 1, ride.completed), and their boarded bookings complete (`complete`, booking.completed), in
 * one transaction per ride. Confirmed passengers never boarded are left as they are: the driver
 * may still report them as no-shows within the contract's window (closeUnboardedBookings ends
 * those left when it closes).
 */
export async function completeRides(db: RidesDb, now: Date, { completionGraceMinutes: grace = completionGraceMinutes }: SweepOptions = {}): Promise<SweepResult> {
  const at = now.toISOString();
  // Every ride's end is at least its departure, so the index on active departures bounds the scan.
  const { rows: due } = await db.execute<{ id: string }>(sql`
    SELECT r.id FROM rides r
    WHERE r.status = 'active' AND r.departure_at <= ${at}::timestamptz - make_interval(mins => ${grace}::int)
      AND ${rideCompletionDue(grace)} <= ${at}::timestamptz
    ORDER BY r.departure_at, r.id LIMIT ${sweepBatch}::int`);
  let changed = 0;
  for (const { id } of due) {
    const completed = await db.transaction(async (tx) => {
      await lockRideSeats(tx, id);
      const { rows } = await tx.execute<{ driverId: string; departureAt: string; version: number }>(sql`
        UPDATE rides SET status = 'completed', version = version + 1, updated_at = ${at}::timestamptz
        WHERE id = ${id} AND status = 'active'
        RETURNING driver_id AS "driverId", departure_at AS "departureAt", version`);
      const ride = rows[0];
      if (!ride) return false;
      const { rows: boarded } = await tx.execute<{ id: string }>(sql`
        SELECT id FROM bookings WHERE ride_id = ${id} AND status = 'boarded' ORDER BY created_at, id`);
      for (const booking of boarded) await applyTransition(tx, booking.id, 'complete', { actor: 'system', now });
      await recordEvent(tx, rideCompleted, {
        rideId: id,
        driverId: ride.driverId,
        departureAt: new Date(ride.departureAt).toISOString(),
        bookingsCompleted: boarded.length,
        completedAt: at,
        version: ride.version,
      });
      return true;
    });
    if (completed) changed += 1;
  }
  return { changed };
}

/**
 * Confirmed seats whose ride left more than `noShowReportHours` ago end `not_boarded` (the
 * `notBoarded` transition, booking.not_boarded, actor system, the fare as its refund): never
 * boarded by their code, never reported as a no-show, so nothing says the trip happened and the
 * driver let the window to say otherwise close. Payments gives the passenger everything back,
 * the fee included, as when a driver cancels; a cash seat ends the same way with no money to
 * move. Without this, such a seat stayed confirmed and its money held for ever. The window is
 * read again under the ride's lock (a departure moved meanwhile leaves the seat for its own time).
 */
export async function closeUnboardedBookings(db: RidesDb, now: Date): Promise<SweepResult> {
  const windowClosed = sql`${now.toISOString()}::timestamptz - make_interval(hours => ${noShowReportHours}::int)`;
  // Strictly before: a report at the window's last instant is still the driver's to make.
  const { rows: due } = await db.execute<{ id: string; rideId: string }>(sql`
    SELECT b.id, b.ride_id AS "rideId" FROM bookings b JOIN rides r ON r.id = b.ride_id
    WHERE b.status = 'confirmed' AND r.departure_at < ${windowClosed}
    ORDER BY r.departure_at, b.id LIMIT ${sweepBatch}::int`);
  let changed = 0;
  for (const booking of due) {
    const moved = await db.transaction(async (tx) => {
      const ride = await lockRideSeats(tx, booking.rideId);
      const [row] = await bookingRows(tx, sql`WHERE b.id = ${booking.id} AND b.status = 'confirmed' AND r.departure_at < ${windowClosed}`);
      if (!row) return undefined;
      return applyTransition(tx, row.id, 'notBoarded', { actor: 'system', refundAmount: row.totalAmount, now }, ride);
    });
    if (moved) changed += 1;
  }
  return { changed };
}

/**
 * Active rides departing within `departureReminderHours` (and not yet departed) that have
 * confirmed bookings get their reminder once: `reminded_at` is set by a conditional update, and
 * only the transaction that set it writes ride.departing_soon. A ride without a confirmed seat is
 * not marked, so a seat confirmed later, still before departure, is reminded then.
 */
export async function remindDepartures(db: RidesDb, now: Date): Promise<SweepResult> {
  const at = now.toISOString();
  const { rows: due } = await db.execute<{ id: string }>(sql`
    SELECT r.id FROM rides r
    WHERE r.status = 'active' AND r.reminded_at IS NULL AND r.departure_at > ${at}::timestamptz
      AND r.departure_at <= ${at}::timestamptz + make_interval(hours => ${departureReminderHours}::int)
      AND EXISTS (SELECT 1 FROM bookings b WHERE b.ride_id = r.id AND b.status = 'confirmed')
    ORDER BY r.departure_at, r.id LIMIT ${sweepBatch}::int`);
  let changed = 0;
  for (const { id } of due) {
    const reminded = await db.transaction(async (tx) => {
      const bookings = await bookingRows(tx, sql`WHERE b.ride_id = ${id} AND b.status = 'confirmed' ORDER BY b.created_at, b.id`);
      const [first] = bookings;
      if (!first) return false;
      const { rows } = await tx.execute<{ version: number }>(sql`
        UPDATE rides SET reminded_at = ${at}::timestamptz
        WHERE id = ${id} AND status = 'active' AND reminded_at IS NULL RETURNING version`);
      const ride = rows[0];
      if (!ride) return false;
      const data: RideDepartingSoon = {
        rideId: id,
        driverId: first.driverId,
        driverFirstName: first.driverFirstName,
        vehicle: first.vehicle,
        fromLocation: first.rideFrom,
        toLocation: first.rideTo,
        departureDate: first.departureDate,
        departureTime: first.departureTime,
        departureAt: new Date(first.departureAt).toISOString(),
        passengers: bookings.map((booking) => ({
          bookingId: booking.id,
          passengerId: booking.passengerId,
          passengerFirstName: booking.passengerFirstName,
          passengerPhone: booking.passengerPhone,
          seats: booking.seats,
          board: placeOf(booking, booking.boardAt),
          alight: placeOf(booking, booking.alightAt),
          boardingCode: booking.boardingCode,
        })),
        remindedAt: at,
        version: ride.version,
      };
      await recordEvent(tx, rideDepartingSoon, data);
      return true;
    });
    if (reminded) changed += 1;
  }
  return { changed };
}

/** How long a booking's Idempotency-Key is kept: a phone retries within minutes, never a day later. */
export const idempotencyKeyRetentionHours = 24;

/** Forgets Idempotency-Keys older than `idempotencyKeyRetentionHours` (answered, or claims long dead). */
export async function pruneIdempotencyKeys(db: RidesDb, now: Date): Promise<SweepResult> {
  const before = new Date(now.getTime() - idempotencyKeyRetentionHours * 3_600_000).toISOString();
  const { rows } = await db.execute(sql`
    DELETE FROM idempotency_keys WHERE (user_id, key) IN (
      SELECT user_id, key FROM idempotency_keys WHERE created_at < ${before}::timestamptz ORDER BY created_at LIMIT 5000)
    RETURNING key`);
  return { changed: rows.length };
}

const sweepsByName = {
  expireBookings,
  remindDepartures,
  completeRides,
  closeUnboardedBookings,
  pruneIdempotencyKeys,
  publishDueReviews,
  remindReviewers,
  textTripContactsAtDeparture,
  expireRideRequests,
} as const;
export type SweepName = keyof typeof sweepsByName;
/** Every sweep by name: what the scheduled job names and runs, with the clock's time and the service's options. */
export const sweeps: Record<SweepName, (db: RidesDb, now: Date, options?: SweepOptions) => Promise<SweepResult>> = sweepsByName;
