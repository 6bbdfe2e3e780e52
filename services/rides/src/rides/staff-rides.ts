import {
  type StaffRide,
  type StaffRideList,
  staffRideCountedBookingStatuses,
  staffRideMessages,
  staffRidePageSize,
  type staffRideListQuerySchema,
} from '@krom/contracts/http/staff-rides';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterDepartureCursor, departureDays, pageOf } from './departure-cursor.ts';
import { fallbackDriverName, isoInstant, type SqlRunner } from './ride-views.ts';

/*
 * The admin area's Rides tab: every ride, whatever its status, newest departure first, a page at
 * a time, paged by the cursor of departure-cursor.ts.
 */

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
  filters.push(...departureDays(sql`r.departure_at`, query));
  if (query.driverId) filters.push(sql`r.driver_id = ${query.driverId}::uuid`);
  if (query.before) filters.push(afterDepartureCursor(query.before, { departureAt: sql`r.departure_at`, id: sql`r.id` }, staffRideMessages.cursor));
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
  const { page, nextCursor } = pageOf(
    rows.map((row) => ({ ...row, departureAt: isoInstant(row.departureAt) })),
    staffRidePageSize,
  );
  return { rides: page, nextCursor };
}
