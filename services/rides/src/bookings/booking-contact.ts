import { type BookingContact, bookingMessages, contactMessages, contactWindowHours, ticketedStatuses } from '@krom/contracts/http/bookings';
import { uuid } from '@krom/contracts/http/fields';
import { HttpError } from '@krom/server-kit/errors';
import { sql } from 'drizzle-orm';
import type { SqlRunner } from '../rides/ride-views.ts';
import { statusIn } from './booking-views.ts';
import { fallbackDriverName } from '../rides/ride-views.ts';

type ContactRow = {
  passengerId: string;
  driverId: string;
  status: string;
  departureAt: string;
  passengerFirstName: string;
  passengerPhone: string;
  passengerShowsPhone: boolean;
  driverFirstName: string;
  driverPhone: string | null;
  driverShowsPhone: boolean;
};

const HOUR_MS = 3_600_000;

/** An instant as the message names it, in Ghana time (UTC): `2026-11-27 07:30`. */
const ghanaMinute = (at: Date) => `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)}`;

/**
 * The other party's phone number on a booking `userId` is party to: the driver's (their account's)
 * to the passenger, the passenger's (the one they gave for this booking) to the driver. Only for a
 * booking holding a ticket (confirmed, boarded, completed), from 24 hours before departure until
 * 24 hours after (both ends included), and only while that member's "show phone to drivers" toggle
 * is on. 404 to anyone else, whatever the booking; 403 naming the reason (and when the number will
 * be shared) otherwise.
 */
export async function bookingContact(db: SqlRunner, userId: string, bookingId: string, now: Date): Promise<BookingContact> {
  if (!uuid.safeParse(bookingId).success) throw new HttpError(404, bookingMessages.notFound);
  const { rows } = await db.execute<ContactRow>(sql`
    SELECT b.passenger_id AS "passengerId", r.driver_id AS "driverId", b.status, r.departure_at AS "departureAt",
      coalesce(pp.first_name, split_part(b.passenger_name, ' ', 1)) AS "passengerFirstName", b.passenger_phone AS "passengerPhone",
      coalesce(pp.show_phone, true) AS "passengerShowsPhone",
      coalesce(dp.first_name, ${fallbackDriverName}) AS "driverFirstName", dp.phone AS "driverPhone", coalesce(dp.show_phone, true) AS "driverShowsPhone"
    FROM bookings b
    JOIN rides r ON r.id = b.ride_id
    LEFT JOIN user_profiles pp ON pp.user_id = b.passenger_id
    LEFT JOIN user_profiles dp ON dp.user_id = r.driver_id
    WHERE b.id = ${bookingId}`);
  const [row] = rows;
  if (!row || (row.passengerId !== userId && row.driverId !== userId)) throw new HttpError(404, bookingMessages.notFound);
  if (!(ticketedStatuses as readonly string[]).includes(row.status)) throw new HttpError(403, contactMessages.notConfirmed);
  const departure = new Date(row.departureAt).getTime();
  const opens = new Date(departure - contactWindowHours * HOUR_MS);
  const closes = new Date(departure + contactWindowHours * HOUR_MS);
  if (now < opens) throw new HttpError(403, contactMessages.tooEarly(ghanaMinute(opens)));
  if (now > closes) throw new HttpError(403, contactMessages.tooLate);

  const callerDrives = row.driverId === userId;
  if (callerDrives) {
    if (!row.passengerShowsPhone) throw new HttpError(403, contactMessages.passengerHidden);
    return { role: 'passenger', firstName: row.passengerFirstName, phone: row.passengerPhone, availableUntil: closes.toISOString() };
  }
  if (!row.driverShowsPhone) throw new HttpError(403, contactMessages.driverHidden);
  if (row.driverPhone === null) throw new HttpError(403, contactMessages.noPhone);
  return { role: 'driver', firstName: row.driverFirstName, phone: row.driverPhone, availableUntil: closes.toISOString() };
}

/**
 * The booking of `passengerId` on a ride of `driverId` whose /call page would show them the
 * driver's number now (bookingContact's rules: a ticket, within 24 hours either side of departure,
 * the driver sharing a number), the departure nearest now first; null when there is none. The
 * driver profile's Call button leads to it.
 */
export async function callableBookingWith(db: SqlRunner, passengerId: string, driverId: string, now: Date): Promise<string | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const window = sql`make_interval(hours => ${contactWindowHours}::int)`;
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT b.id FROM bookings b
    JOIN rides r ON r.id = b.ride_id
    JOIN user_profiles dp ON dp.user_id = r.driver_id
    WHERE b.passenger_id = ${passengerId} AND r.driver_id = ${driverId} AND b.status IN ${statusIn(ticketedStatuses)}
      AND r.departure_at BETWEEN ${at} - ${window} AND ${at} + ${window}
      AND dp.show_phone AND dp.phone IS NOT NULL
    ORDER BY abs(extract(epoch FROM r.departure_at - ${at})), b.id
    LIMIT 1`);
  return rows[0]?.id ?? null;
}
