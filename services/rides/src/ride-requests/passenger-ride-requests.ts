import {
  type MatchedRide,
  maxMatchedRidesShown,
  maxOpenRideRequests,
  type MyRideRequest,
  type RideRequest,
  type RideRequestKind,
  rideRequestLifetimeDays,
  rideRequestMessages,
  type rideRequestInputSchema,
} from '@krom/contracts/http/ride-requests';
import { placeTown } from '@krom/contracts/http/places';
import { uuid } from '@krom/contracts/http/fields';
import { HttpError } from '@krom/server-kit/errors';
import type { Transaction } from '@krom/server-kit/outbox';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RidesDb } from '../db/rides-db.ts';
import { type RideRequestRow, rideRequests } from '../db/schema.ts';
import { driverVisible } from '../rides/ride-views.ts';

/*
 * A passenger's ride requests. Every function takes the signed-in user's id and touches only that
 * user's requests: another user's request is "not found", never "forbidden", so ids are not
 * confirmed. Ghana keeps GMT all year, so its dates are UTC dates.
 */

export type RideRequestInput = z.output<typeof rideRequestInputSchema>;

/** How many open requests "my requests" lists at most (the contract has no pages). */
export const myRideRequestsLimit = 100;

const DAY_MS = 24 * 60 * 60 * 1000;
const notFound = () => new HttpError(404, rideRequestMessages.notFound);


/**
 * When a request stops being matched: the end of its preferred date in Ghana (the passenger's
 * day is over), else `rideRequestLifetimeDays` after it was filed.
 */
export function rideRequestExpiry(preferredDate: string | undefined, now: Date): Date {
  if (preferredDate) return new Date(`${preferredDate}T23:59:59.999Z`);
  return new Date(now.getTime() + rideRequestLifetimeDays * DAY_MS);
}

/** Coordinates are kept as a pair or not at all (half a point places nothing), at the columns' 8 decimals. */
export function pair(latitude: number | undefined, longitude: number | undefined): { latitude: string | null; longitude: string | null } {
  if (latitude === undefined || longitude === undefined) return { latitude: null, longitude: null };
  return { latitude: latitude.toFixed(8), longitude: longitude.toFixed(8) };
}

/** Optional text as stored: absent or blank is null. */
const textOrNull = (value: string | undefined) => (value ? value : null);
const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

export const toRideRequest = (row: RideRequestRow): RideRequest => ({
  id: row.id,
  fromLocation: row.fromLocation,
  toLocation: row.toLocation,
  fromLocalityArea: row.fromLocalityArea,
  toLocalityArea: row.toLocalityArea,
  fromRegion: row.fromRegion,
  toRegion: row.toRegion,
  fromLatitude: numberOrNull(row.fromLatitude),
  fromLongitude: numberOrNull(row.fromLongitude),
  toLatitude: numberOrNull(row.toLatitude),
  toLongitude: numberOrNull(row.toLongitude),
  preferredDepartureDate: row.preferredDepartureDate,
  flexibleDates: row.flexibleDates,
  passengers: row.passengers,
  maxPricePerSeat: row.maxPricePerSeat,
  notes: row.notes,
  notifyByEmail: row.notifyByEmail,
  notifyBySMS: row.notifyBySms,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastNotifiedAt: row.lastNotifiedAt?.toISOString() ?? null,
});

/**
 * Files a request for the user. Its preferred date is within the window the contract allows
 * (today in Ghana to 12 months ahead), so it can be matched and stored.
 */
export async function fileRideRequest(db: RidesDb, userId: string, input: RideRequestInput, now = new Date()): Promise<RideRequest> {
  const from = pair(input.fromLatitude, input.fromLongitude);
  const to = pair(input.toLatitude, input.toLongitude);
  return db.transaction(async (tx) => {
    // One user's requests are filed one at a time, so two taps cannot both pass the checks below.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`krom:ride-requests:${userId}`}, 0))`);
    const open = await tx
      .select({ from: sql<string>`lower(coalesce(${rideRequests.fromLocalityArea}, ${rideRequests.fromLocation}))`, to: sql<string>`lower(coalesce(${rideRequests.toLocalityArea}, ${rideRequests.toLocation}))`, date: rideRequests.preferredDepartureDate })
      .from(rideRequests)
      .where(openOf(userId, 'request', now));
    // The same two towns on the same day (or both for any day) would only tell the passenger twice.
    const [fromTown, toTown] = [placeTown(input.fromLocation, input.fromLocalityArea), placeTown(input.toLocation, input.toLocalityArea)];
    if (open.some((other) => other.from === fromTown && other.to === toTown && other.date === (input.preferredDepartureDate ?? null))) {
      throw new HttpError(409, rideRequestMessages.duplicate);
    }
    if (open.length >= maxOpenRideRequests) throw new HttpError(409, rideRequestMessages.tooMany);
    return toRideRequest(await insertRideRequest(tx, userId, input, { from, to }, now));
  });
}

/** A user's open rows of one kind: active and not yet expired. */
export const openOf = (userId: string, kind: RideRequestKind, now: Date) =>
  and(eq(rideRequests.userId, userId), eq(rideRequests.kind, kind), eq(rideRequests.status, 'active'), gt(rideRequests.expiresAt, now));

/** Writes a request, or a saved search (`kind`), as filed now; answers its row. */
export async function insertRideRequest(
  tx: Transaction,
  userId: string,
  input: RideRequestInput,
  { from, to }: { from: ReturnType<typeof pair>; to: ReturnType<typeof pair> },
  now: Date,
  kind: RideRequestKind = 'request',
): Promise<RideRequestRow> {
  const [row] = await tx
    .insert(rideRequests)
    .values({
      userId,
      kind,
      fromLocation: input.fromLocation,
      fromLatitude: from.latitude,
      fromLongitude: from.longitude,
      fromLocalityArea: textOrNull(input.fromLocalityArea),
      fromRegion: textOrNull(input.fromRegion),
      fromPlaceId: textOrNull(input.fromPlaceId),
      toLocation: input.toLocation,
      toLatitude: to.latitude,
      toLongitude: to.longitude,
      toLocalityArea: textOrNull(input.toLocalityArea),
      toRegion: textOrNull(input.toRegion),
      toPlaceId: textOrNull(input.toPlaceId),
      preferredDepartureDate: input.preferredDepartureDate ?? null,
      flexibleDates: input.flexibleDates,
      passengers: input.passengers,
      maxPricePerSeat: input.maxPricePerSeat ?? null,
      notes: textOrNull(input.notes),
      notifyByEmail: input.notifyByEmail,
      notifyBySms: input.notifyBySMS,
      createdAt: now,
      expiresAt: rideRequestExpiry(input.preferredDepartureDate, now),
    })
    .returning();
  if (!row) throw new Error('ride request insert returned no row');
  return row;
}

/** The user's requests still open (active and not expired), newest first, each with the rides it matched that can still be booked. */
export async function listOpenRideRequests(db: RidesDb, userId: string, now = new Date(), limit = myRideRequestsLimit): Promise<MyRideRequest[]> {
  const rows = await db
    .select()
    .from(rideRequests)
    .where(openOf(userId, 'request', now))
    .orderBy(desc(rideRequests.createdAt), desc(rideRequests.id))
    .limit(limit);
  const matched = await matchedRidesOf(db, rows.map((row) => row.id), now);
  return rows.map((row) => ({ ...toRideRequest(row), matchedRides: matched.get(row.id) ?? [] }));
}

/**
 * The rides each request was told of (ride_request_matches) that a passenger can still book:
 * active, to depart, a seat free, the driver not suspended or deleted; the soonest
 * `maxMatchedRidesShown` of each, in one statement for all the requests.
 */
export async function matchedRidesOf(db: RidesDb, requestIds: string[], now: Date): Promise<Map<string, MatchedRide[]>> {
  const byRequest = new Map<string, MatchedRide[]>();
  if (requestIds.length === 0) return byRequest;
  const { rows } = await db.execute<MatchedRide & { requestId: string }>(sql`
    SELECT q.id AS "requestId", x.*
    FROM unnest(${`{${requestIds.join(',')}}`}::uuid[]) AS q(id)
    CROSS JOIN LATERAL (
      SELECT r.id, r.from_city AS "fromCity", r.to_city AS "toCity", r.departure_date::text AS "departureDate",
        r.departure_time AS "departureTime", r.price_per_seat::text AS "pricePerSeat", r.currency, r.available_seats AS "availableSeats"
      FROM ride_request_matches m JOIN rides r ON r.id = m.ride_id
      WHERE m.request_id = q.id AND r.status = 'active' AND r.available_seats > 0
        AND r.departure_at > ${now.toISOString()}::timestamptz AND ${driverVisible}
      ORDER BY r.departure_at, r.id
      LIMIT ${maxMatchedRidesShown}::int
    ) x
    ORDER BY x."departureDate", x."departureTime", x.id`);
  for (const { requestId, ...ride } of rows) {
    const list = byRequest.get(requestId);
    if (list) list.push(ride);
    else byRequest.set(requestId, [ride]);
  }
  return byRequest;
}

/**
 * Cancels one of the user's requests: it is matched no more. Cancelling one that is no longer
 * active (cancelled already, a second tap) changes nothing and answers the same; another user's,
 * an unknown and a malformed id are "not found" (`missing`). A saved search is deleted the same
 * way (`kind` saved_search): one kind's id never cancels a row of the other.
 */
export async function cancelRideRequest(db: RidesDb, userId: string, id: string, kind: RideRequestKind = 'request', missing = notFound): Promise<void> {
  if (!uuid.safeParse(id).success) throw missing();
  const own = and(eq(rideRequests.id, id), eq(rideRequests.userId, userId), eq(rideRequests.kind, kind));
  const cancelled = await db
    .update(rideRequests)
    .set({ status: 'cancelled', version: sql`${rideRequests.version} + 1` })
    .where(and(own, eq(rideRequests.status, 'active')))
    .returning({ id: rideRequests.id });
  if (cancelled.length > 0) return;
  const [existing] = await db.select({ id: rideRequests.id }).from(rideRequests).where(own);
  if (!existing) throw missing();
}

/** An account was deleted: its active requests and saved searches are cancelled (matched no more); returns how many. */
export async function cancelRideRequestsOf(tx: Transaction, userId: string): Promise<number> {
  const cancelled = await tx
    .update(rideRequests)
    .set({ status: 'cancelled', version: sql`${rideRequests.version} + 1` })
    .where(and(eq(rideRequests.userId, userId), eq(rideRequests.status, 'active')))
    .returning({ id: rideRequests.id });
  return cancelled.length;
}
