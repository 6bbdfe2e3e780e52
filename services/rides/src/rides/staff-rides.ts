import { uuid } from '@krom/contracts/http/fields';
import {
  type StaffRide,
  type StaffRideList,
  staffRideCountedBookingStatuses,
  staffRideMessages,
  staffRidePageSize,
  type staffRideListQuerySchema,
} from '@krom/contracts/http/staff-rides';
import { HttpError } from '@krom/server-kit/errors';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fallbackDriverName, isoInstant, type SqlRunner } from './ride-views.ts';

/*
 * The admin area's Rides tab: every ride, whatever its status, newest departure first, a page at
 * a time. The page ends on a cursor of the last ride's departure and id, so rides sharing one
 * departure at a page's edge are neither skipped nor repeated.
 */

type Position = { departureAt: Date; id: string };

/** A page's end as the next page's `before`: opaque to callers. */
const cursorOf = (ride: { departureAt: string; id: string }) => Buffer.from(`${ride.departureAt}|${ride.id}`).toString('base64url');

/** The departure and id a `before` cursor names; one that is not ours is a 400, as any bad filter. */
function readCursor(cursor: string): Position {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const departureAt = new Date(at ?? '');
  if (Number.isNaN(departureAt.getTime()) || !uuid.safeParse(id).success) throw new HttpError(400, staffRideMessages.cursor);
  return { departureAt, id: id as string };
}

/** Whether the city or the location begins with `text`, any case. */
const placeBegins = (city: SQL, location: SQL, text: string) => {
  const lowered = text.toLowerCase();
  return sql`(starts_with(lower(${city}), ${lowered}) OR starts_with(lower(${location}), ${lowered}))`;
};

/** One page of rides matching the filters, in one statement (the driver and the bookings count with each). */
export async function listStaffRides(db: SqlRunner, query: z.output<typeof staffRideListQuerySchema>): Promise<StaffRideList> {
  const filters: SQL[] = [sql`TRUE`];
  if (query.status) filters.push(sql`r.status = ${query.status}`);
  if (query.from) filters.push(placeBegins(sql`r.from_city`, sql`r.from_location`, query.from));
  if (query.to) filters.push(placeBegins(sql`r.to_city`, sql`r.to_location`, query.to));
  // Ghana days are UTC days: a day runs from its midnight to the next's.
  if (query.departureFrom) filters.push(sql`r.departure_at >= ${`${query.departureFrom}T00:00:00Z`}::timestamptz`);
  if (query.departureTo) filters.push(sql`r.departure_at < ${`${query.departureTo}T00:00:00Z`}::timestamptz + interval '1 day'`);
  if (query.driverId) filters.push(sql`r.driver_id = ${query.driverId}::uuid`);
  if (query.before) {
    const after = readCursor(query.before);
    filters.push(sql`(r.departure_at, r.id) < (${after.departureAt.toISOString()}::timestamptz, ${after.id}::uuid)`);
  }
  const counted = sql.raw(staffRideCountedBookingStatuses.map((status) => `'${status}'`).join(', '));
  const { rows } = await db.execute<Omit<StaffRide, 'departureAt'> & { departureAt: string | Date }>(sql`
    SELECT r.id, r.from_city AS "fromCity", r.from_location AS "fromLocation", r.to_city AS "toCity", r.to_location AS "toLocation",
      r.departure_at AS "departureAt", r.status, r.driver_id AS "driverId",
      coalesce(dp.first_name, ${fallbackDriverName}) AS "driverFirstName",
      r.seats_offered AS "seatsOffered", r.available_seats AS "availableSeats", r.price_per_seat::text AS "pricePerSeat", r.currency,
      (SELECT count(*) FROM bookings b WHERE b.ride_id = r.id AND b.status IN (${counted}))::int AS "bookingsCount"
    FROM rides r
    LEFT JOIN user_profiles dp ON dp.user_id = r.driver_id
    WHERE ${sql.join(filters, sql` AND `)}
    ORDER BY r.departure_at DESC, r.id DESC
    LIMIT ${staffRidePageSize + 1}`);
  const rides = rows.slice(0, staffRidePageSize).map((row) => ({ ...row, departureAt: isoInstant(row.departureAt) }));
  const last = rides.at(-1);
  return { rides, nextCursor: rows.length > staffRidePageSize && last ? cursorOf(last) : null };
}
