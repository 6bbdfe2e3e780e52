import { type ReviewReminderDue, reviewReminderDue } from '@krom/contracts/events/reviews';
import { ghanaTimeZone } from '@krom/contracts/ghana-time';
import { reviewWindowDays } from '@krom/contracts/http/reviews';
import { recordEvent } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import type { RidesDb } from '../db/rides-db.ts';
import { ridePlannedEnd } from '../jobs/sweeps.ts';
import { fallbackDriverName } from '../rides/ride-views.ts';
import { reviewableStatuses } from './publish-reviews.ts';

/*
 * The reminder to review, the day after the trip: at 09:00 Ghana time on the day after the ride's
 * arrival (its planned end), a morning hour rather than a text in the night, once the ride is
 * completed and none of its seats is still confirmed (a no-show the driver may still report is
 * settled within a day of departure; until then the sweep waits). The passengers of its completed
 * bookings who have not reviewed the driver, and the driver if they have passengers (completed or
 * no-show) still to rate, are due one reminder. A no-show passenger may still rate the driver from
 * My Rides (reviews go both ways after a no-show), but is not asked how a trip they did not take
 * was; not_boarded and cancelled seats are nobody's to review: one review.reminder_due per ride, written in the
 * transaction whose conditional update sets `rides.review_reminded_at`, so replays, restarts and
 * two sweeps at once write it once. Past the review window, or more than `reviewReminderLatestDays`
 * after it was due, nothing is sent (nor marked).
 */

/** The hour of the morning after arrival, in Ghana time, at which reviews are due a reminder. */
export const reviewReminderHour = 9;

/**
 * How late a reminder may still go out: a reminder days after the trip is noise, and rides
 * completed before the sweep first ran (or while it was stopped) would otherwise all be texted at once.
 */
export const reviewReminderLatestDays = 2;

/** How many rides one run of the sweep reminds at most; the rest wait for the next run. */
const reminderBatch = 500;

/**
 * When the ride `r`'s reviews are due a reminder: `reviewReminderHour` on the Ghana day after its
 * arrival. A function, as what it is built of is: sweeps.ts, which runs this sweep, defines `ridePlannedEnd`.
 */
export const reviewReminderDueAt = () => sql`((date_trunc('day', ${ridePlannedEnd} AT TIME ZONE ${sql.raw(`'${ghanaTimeZone}'`)})
  + make_interval(days => 1, hours => ${reviewReminderHour}::int)) AT TIME ZONE ${sql.raw(`'${ghanaTimeZone}'`)})`;

/** The ride `r`'s review window's end, as review-views.ts's `reviewWindowEnd` (not imported: that module reads sweeps.ts when loaded, and sweeps.ts loads this one). */
const windowEnd = () => sql`(${ridePlannedEnd} + make_interval(days => ${reviewWindowDays}::int))`;

const reviewable = () => sql.raw(`(${reviewableStatuses.map((status) => `'${status}'`).join(', ')})`);

type DueRide = Omit<ReviewReminderDue, 'passengersToRate' | 'passengers' | 'remindedAt'>;

/** The sweep: completed rides whose reminder is due by `now` and whose window is still open are reminded, each once, in its own transaction. */
export async function remindReviewers(db: RidesDb, now: Date): Promise<{ changed: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // A planned end is at most two days after departure (sweeps.ts caps each of its numbers), so the window ends within this bound of departure: the scan stays on recent rides.
  const { rows: due } = await db.execute<{ id: string }>(sql`
    SELECT r.id FROM rides r
    WHERE r.status = 'completed' AND r.review_reminded_at IS NULL
      AND r.departure_at > ${at} - make_interval(days => ${reviewWindowDays + 2}::int)
      AND ${reviewReminderDueAt()} <= ${at} AND ${at} <= ${windowEnd()}
      AND ${at} <= ${reviewReminderDueAt()} + make_interval(days => ${reviewReminderLatestDays}::int)
      AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.ride_id = r.id AND b.status = 'confirmed')
    ORDER BY r.departure_at, r.id LIMIT ${reminderBatch}::int`);
  let changed = 0;
  for (const { id } of due) {
    const reminded = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<DueRide>(sql`
        UPDATE rides r SET review_reminded_at = ${at}
        WHERE r.id = ${id} AND r.status = 'completed' AND r.review_reminded_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.ride_id = r.id AND b.status = 'confirmed')
        RETURNING r.id AS "rideId", r.driver_id AS "driverId",
          coalesce((SELECT p.first_name FROM user_profiles p WHERE p.user_id = r.driver_id), '${sql.raw(fallbackDriverName)}') AS "driverFirstName",
          r.from_city AS "fromLocation", r.to_city AS "toLocation", r.departure_date::text AS "departureDate", ${windowEnd()} AS "reviewBy"`);
      const ride = rows[0];
      if (!ride) return false;
      const { rows: bookings } = await tx.execute<{ bookingId: string; passengerId: string; travelled: boolean; passengerReviewed: boolean; driverReviewed: boolean }>(sql`
        SELECT b.id AS "bookingId", b.passenger_id AS "passengerId", b.status = 'completed' AS "travelled",
          EXISTS (SELECT 1 FROM reviews v WHERE v.booking_id = b.id AND v.review_type = 'driver') AS "passengerReviewed",
          EXISTS (SELECT 1 FROM reviews v WHERE v.booking_id = b.id AND v.review_type = 'passenger') AS "driverReviewed"
        FROM bookings b WHERE b.ride_id = ${id} AND b.status IN ${reviewable()}
        ORDER BY b.created_at, b.id`);
      // A no-show passenger did not travel: the driver may rate them, but they are not asked how their trip was.
      const passengers = bookings.filter((booking) => booking.travelled && !booking.passengerReviewed).map(({ bookingId, passengerId }) => ({ bookingId, passengerId }));
      const passengersToRate = bookings.filter((booking) => !booking.driverReviewed).length;
      // Marked either way: a ride with nobody left to remind is not looked at again.
      if (passengers.length === 0 && passengersToRate === 0) return false;
      await recordEvent(tx, reviewReminderDue, {
        ...ride,
        reviewBy: new Date(ride.reviewBy).toISOString(),
        passengersToRate,
        passengers,
        remindedAt: now.toISOString(),
      });
      return true;
    });
    if (reminded) changed += 1;
  }
  return { changed };
}
