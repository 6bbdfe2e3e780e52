import { rideRequestInvited } from '@krom/contracts/events/rides';
import { uuid } from '@krom/contracts/http/fields';
import { maxRequestedRidesRides, type RequestedRide, type RequestFit, requestedRideMessages } from '@krom/contracts/http/ride-requests';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import { passengerRatings } from '../bookings/booking-actions.ts';
import type { RidesDb } from '../db/rides-db.ts';
import { departureInstant } from '../rides/departure.ts';
import { requestsTheRideServes } from './match-ride-requests.ts';

/*
 * Requested Rides: a driver sees the open requests their upcoming rides fit (the matching rule of
 * match-ride-requests.ts, run from the requests' side), invites a passenger to book one of those
 * rides (accept), or hides a request from themself (decline). A request between members kept apart
 * by a block, declined by the driver, expired or cancelled is never shown nor accepted, and a
 * member's saved search (kind saved_search, a private alert) is neither.
 */

const notFound = () => new HttpError(404, requestedRideMessages.requestNotFound);
const doesNotFit = () => new HttpError(400, requestedRideMessages.rideDoesNotFit, [{ field: 'rideId', message: requestedRideMessages.rideDoesNotFit }]);

type DriverRide = Omit<RequestFit, 'invited'>;

/** Requests the driver may see: requests (never a member's saved search), open, not declined by them, no block between them and the passenger. */
const shownTo = (driverId: string) => sql`q.kind = 'request' AND q.status = 'active'
  AND NOT EXISTS (SELECT 1 FROM ride_request_declines d WHERE d.request_id = q.id AND d.driver_id = ${driverId}::uuid)
  AND NOT EXISTS (SELECT 1 FROM member_blocks b WHERE (b.blocker_id = ${driverId}::uuid AND b.blocked_id = q.user_id)
    OR (b.blocker_id = q.user_id AND b.blocked_id = ${driverId}::uuid))`;

type RequestRow = Omit<RequestedRide, 'passengerRating' | 'fits'> & { passengerId: string };

const requestColumns = sql`q.id AS "requestId", q.user_id AS "passengerId", coalesce(p.first_name, 'Krom passenger') AS "passengerFirstName",
  q.passengers AS seats, q.from_location AS "fromLocation", q.to_location AS "toLocation",
  q.preferred_departure_date::text AS "preferredDepartureDate", q.flexible_dates AS "flexibleDates",
  q.max_price_per_seat::text AS "maxPricePerSeat", q.notes`;

/**
 * The open requests the driver's soonest `maxRequestedRidesRides` upcoming bookable rides fit, each
 * with those rides (soonest first) and whether the passenger was invited to each; requests in the
 * order of their soonest fitting ride.
 */
export async function listRequestedRides(db: RidesDb, driverId: string, now = new Date()): Promise<RequestedRide[]> {
  return db.transaction(async (tx) => {
    const { rows: rides } = await tx.execute<DriverRide>(sql`
      SELECT r.id AS "rideId", r.from_city AS "fromCity", r.to_city AS "toCity", r.departure_date::text AS "departureDate",
        r.departure_time AS "departureTime", r.price_per_seat::text AS "pricePerSeat", r.currency, r.available_seats AS "availableSeats"
      FROM rides r
      WHERE r.driver_id = ${driverId}::uuid AND r.status = 'active' AND r.available_seats > 0 AND r.departure_at > ${now.toISOString()}::timestamptz
      ORDER BY r.departure_at, r.id LIMIT ${maxRequestedRidesRides}::int`);
    const fitsOf = new Map<string, DriverRide[]>();
    for (const ride of rides) {
      for (const requestId of await requestsTheRideServes(tx, ride.rideId, now)) fitsOf.set(requestId, [...(fitsOf.get(requestId) ?? []), ride]);
    }
    if (fitsOf.size === 0) return [];
    const ids = sql`${`{${[...fitsOf.keys()].join(',')}}`}::uuid[]`;
    const { rows } = await tx.execute<RequestRow>(sql`
      SELECT ${requestColumns}
      FROM ride_requests q LEFT JOIN user_profiles p ON p.user_id = q.user_id
      WHERE q.id = ANY(${ids}) AND ${shownTo(driverId)}`);
    const { rows: invites } = await tx.execute<{ requestId: string; rideId: string }>(sql`
      SELECT request_id AS "requestId", ride_id AS "rideId" FROM ride_request_invites WHERE request_id = ANY(${ids})`);
    const invited = new Set(invites.map((invite) => `${invite.requestId}:${invite.rideId}`));
    const ratings = await passengerRatings(tx, [...new Set(rows.map((row) => row.passengerId))]);
    const order = [...fitsOf.keys()];
    return rows
      .sort((a, b) => order.indexOf(a.requestId) - order.indexOf(b.requestId))
      .map(({ passengerId, ...row }) => ({
        ...row,
        passengerRating: ratings.get(passengerId) ?? { average: null, count: 0 },
        fits: (fitsOf.get(row.requestId) ?? []).map((ride) => ({ ...ride, invited: invited.has(`${row.requestId}:${ride.rideId}`) })),
      }));
  });
}

type Invitation = { requestId: string; rideId: string; invitedAt: string };

/** The request as the driver may act on it, locked; 404 when they may not see it (or it is closed). */
async function lockShownRequest(tx: Transaction, driverId: string, requestId: string, now: Date) {
  const { rows } = await tx.execute<{ passengerId: string; seats: number }>(sql`
    SELECT q.user_id AS "passengerId", q.passengers AS seats FROM ride_requests q
    WHERE q.id = ${requestId}::uuid AND q.expires_at > ${now.toISOString()}::timestamptz AND ${shownTo(driverId)}
    FOR UPDATE OF q`);
  const [request] = rows;
  if (!request) throw notFound();
  return request;
}

/**
 * The driver invites the request's passenger to book `rideId`: one of their rides, still to
 * depart, that the request fits (400 otherwise) with its seats free (409). Once per request and
 * ride: accepting again answers the first invitation and tells nobody twice. The invitation, the
 * request's next version and `ride_request.invited` are written in one transaction.
 */
export async function acceptRequestedRide(db: RidesDb, driverId: string, requestId: string, rideId: string, now = new Date()): Promise<Invitation> {
  if (!uuid.safeParse(requestId).success) throw notFound();
  return db.transaction(async (tx) => {
    const request = await lockShownRequest(tx, driverId, requestId, now);
    const { rows: earlier } = await tx.execute<{ invitedAt: Date | string }>(sql`
      SELECT invited_at AS "invitedAt" FROM ride_request_invites WHERE request_id = ${requestId}::uuid AND ride_id = ${rideId}::uuid`);
    if (earlier[0]) return { requestId, rideId, invitedAt: new Date(earlier[0].invitedAt).toISOString() };
    const { rows: rides } = await tx.execute<{
      fromLocation: string;
      toLocation: string;
      departureDate: string;
      departureTime: string;
      availableSeats: number;
      pricePerSeat: string;
      currency: string;
      driverFirstName: string;
    }>(sql`
      SELECT r.from_location AS "fromLocation", r.to_location AS "toLocation", r.departure_date::text AS "departureDate",
        r.departure_time AS "departureTime", r.available_seats AS "availableSeats", r.price_per_seat::text AS "pricePerSeat", r.currency,
        coalesce(p.first_name, 'Krom driver') AS "driverFirstName"
      FROM rides r LEFT JOIN user_profiles p ON p.user_id = r.driver_id
      WHERE r.id = ${rideId}::uuid AND r.driver_id = ${driverId}::uuid AND r.status = 'active' AND r.departure_at > ${now.toISOString()}::timestamptz
      FOR SHARE OF r`);
    const [ride] = rides;
    if (!ride) throw doesNotFit();
    if (ride.availableSeats < request.seats) throw new HttpError(409, requestedRideMessages.noSeatsLeft);
    if (!(await requestsTheRideServes(tx, rideId, now, requestId)).includes(requestId)) throw doesNotFit();
    const invitedAt = now.toISOString();
    await tx.execute(sql`INSERT INTO ride_request_invites (request_id, ride_id, invited_at) VALUES (${requestId}::uuid, ${rideId}::uuid, ${invitedAt}::timestamptz)`);
    const { rows: bumped } = await tx.execute<{ version: number }>(sql`
      UPDATE ride_requests SET version = version + 1 WHERE id = ${requestId}::uuid RETURNING version`);
    await recordEvent(tx, rideRequestInvited, {
      requestId,
      passengerId: request.passengerId,
      rideId,
      driverId,
      driverFirstName: ride.driverFirstName,
      fromLocation: ride.fromLocation,
      toLocation: ride.toLocation,
      departureDate: ride.departureDate,
      departureTime: ride.departureTime,
      departureAt: departureInstant(ride.departureDate, ride.departureTime).toISOString(),
      seats: request.seats,
      pricePerSeat: ride.pricePerSeat,
      currency: ride.currency,
      invitedAt,
      version: bumped[0]?.version ?? 1,
    });
    return { requestId, rideId, invitedAt };
  });
}

/** The driver hides the request from themself (others still see it); again changes nothing. 404 for a request they may not see. */
export async function declineRequestedRide(db: RidesDb, driverId: string, requestId: string, now = new Date()): Promise<void> {
  if (!uuid.safeParse(requestId).success) throw notFound();
  const { rows } = await db.execute<{ known: boolean }>(sql`
    WITH shown AS (SELECT q.id FROM ride_requests q WHERE q.id = ${requestId}::uuid AND q.kind = 'request' AND q.user_id <> ${driverId}::uuid),
    hidden AS (
      INSERT INTO ride_request_declines (request_id, driver_id, declined_at)
      SELECT id, ${driverId}::uuid, ${now.toISOString()}::timestamptz FROM shown
      ON CONFLICT (driver_id, request_id) DO NOTHING RETURNING 1)
    SELECT EXISTS (SELECT 1 FROM shown) AS known`);
  if (!rows[0]?.known) throw notFound();
}
