import { type RideDetails, rideMessages } from '@krom/contracts/http/rides';
import { ticketedStatuses } from '@krom/contracts/http/bookings';
import { uuid } from '@krom/contracts/http/fields';
import { HttpError } from '@krom/server-kit/errors';
import { sql } from 'drizzle-orm';
import { statusIn } from '../bookings/booking-views.ts';
import { askedLeg, rideLegOf } from './legs.ts';
import { driverVisible, rideRows, ridesCompletedBy, type SqlRunner, toRideDetails } from './ride-views.ts';

/** The leg the details answer for, as the caller asked (`?board=&alight=`): each end defaults to the route's. */
export type AskedLeg = { board?: number | undefined; alight?: number | undefined };

/**
 * One ride with its driver, vehicle, stops and coordinates, whatever its status (a cancelled or
 * past ride's page still opens: a passenger may hold its link). A suspended or deleted driver's
 * rides are hidden from everyone but that driver (`ownerId`, the caller: it also says whether the
 * caller drives the ride). The leg block is `leg`'s (400 when the ride has no such leg).
 */
export async function readRideDetails(
  db: SqlRunner,
  id: string,
  options: { now: Date; ownerId?: string | undefined; leg?: AskedLeg | undefined },
): Promise<RideDetails | undefined> {
  if (!uuid.safeParse(id).success) return undefined;
  const visible = options.ownerId ? sql`(r.driver_id = ${options.ownerId} OR ${driverVisible})` : driverVisible;
  const [row] = await rideRows(db, sql`WHERE r.id = ${id} AND ${visible}`);
  if (!row) return undefined;
  const plateInFull = options.ownerId !== undefined && (row.driverId === options.ownerId || (await holdsTicket(db, id, options.ownerId)));
  const details = toRideDetails(row, await ridesCompletedBy(db, row.driverId, options.now), options.ownerId, plateInFull);
  return options.leg ? { ...details, leg: rideLegOf(row, ...askedLeg(row, options.leg)) } : details;
}

/** Whether `passengerId` holds a ticket (a booking confirmed, boarded or completed) on the ride: they see its plate whole. */
export async function holdsTicket(db: SqlRunner, rideId: string, passengerId: string): Promise<boolean> {
  const { rows } = await db.execute<{ held: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM bookings WHERE ride_id = ${rideId} AND passenger_id = ${passengerId} AND status IN ${statusIn(ticketedStatuses)}) AS held`,
  );
  return rows[0]?.held === true;
}

/** The ride, or 404 `Ride not found` for an unknown, malformed or hidden id. */
export async function getRide(
  db: SqlRunner,
  id: string,
  options: { now?: Date; ownerId?: string | undefined; leg?: AskedLeg | undefined } = {},
): Promise<RideDetails> {
  const details = await readRideDetails(db, id, { now: options.now ?? new Date(), ownerId: options.ownerId, leg: options.leg });
  if (!details) throw new HttpError(404, rideMessages.notFound);
  return details;
}
