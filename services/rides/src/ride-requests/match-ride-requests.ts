import { rideRequestMatched } from '@krom/contracts/events/rides';
import type { RideRequestKind } from '@krom/contracts/http/ride-requests';
import { nearbyRadiusKm } from '@krom/contracts/http/rides';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { type SQL, sql } from 'drizzle-orm';
import type { RidesDb } from '../db/rides-db.ts';
import { departureInstant } from '../rides/departure.ts';
import { type RideSearch, searchCondition } from '../search/search-rides.ts';

/*
 * A posted ride against the open ride requests (and saved searches, ride_requests of kind
 * saved_search, matched by the same rule): each request it matches is told once (a
 * ride_request_matches row, unique per request and ride) by a `ride_request.matched` event written
 * in the same transaction, and its last_notified_at set.
 *
 * The rule is the listing's search (search-rides.ts), the request read as the search a passenger
 * would make for it: `from` and `to` are the places' locality, else their name (what the listing
 * searches by), with their coordinates (a point within nearbyRadiusKm matches too); boarding
 * before leaving; at least `passengers` free seats. Beyond the search: the price at most the
 * request's maximum; the date the preferred one (±1 day when flexible), or any departure before
 * the request expires when it has none; never the passenger's own ride; never a passenger kept
 * apart from the driver by a block, whoever blocked whom (blocks/member-blocks.ts); and a passenger
 * the service hides (suspended, deleted) is not told.
 *
 * Two steps, as the search does: a first cut over the requests (its indexes: the dated requests
 * of the ride's day and the days beside it, the undated ones open at its departure; then, per
 * row, seats, price, and whether the request's places can be on the route at all — its text in
 * the route's text, its point in the box around a route point), then the search's exact rule for
 * the ride, once per distinct search the requests make, in batched statements.
 */

/** How many distinct searches one statement holds to the exact rule. */
const EXACT_BATCH = 50;
/** km per degree of latitude (and of longitude at the equator), on the mean Earth radius. */
const KM_PER_DEGREE = (6371.0088 * Math.PI) / 180;
const DAY_MS = 24 * 60 * 60 * 1000;

type PostedRide = {
  id: string;
  driverId: string;
  /** Its short code: the match SMS ends with how to book it by SMS. */
  rideCode: string;
  fromLocation: string;
  toLocation: string;
  departureDate: string;
  departureTime: string;
  availableSeats: number;
  pricePerSeat: string;
  currency: string;
  routeSearch: string;
  /** Only verified members who stated "woman" may book it: nobody else's request is told of it. */
  womenOnly: boolean;
  /** The route's points that have coordinates, and whether passengers may board or leave at each. */
  points: RoutePoint[];
};

type RoutePoint = { latitude: number; longitude: number; boarding: boolean; leaving: boolean };

type Candidate = {
  id: string;
  fromText: string;
  toText: string;
  fromLatitude: number | null;
  fromLongitude: number | null;
  toLatitude: number | null;
  toLongitude: number | null;
  passengers: number;
};

type Told = { id: string; kind: RideRequestKind; userId: string; version: number; notifyByEmail: boolean; notifyBySms: boolean };

const dayBeside = (date: string, days: number) => new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The ride, if it can still be booked (active, to depart, a seat free); locked against changes
 * until the transaction commits unless `lock` is false (a driver's list only reads).
 */
async function bookableRide(tx: Transaction, rideId: string, now: Date, lock = true): Promise<PostedRide | undefined> {
  const { rows } = await tx.execute<Omit<PostedRide, 'points'> & { points: RoutePoint[] | null }>(sql`
    SELECT r.id, r.driver_id AS "driverId", r.ride_code AS "rideCode", r.from_location AS "fromLocation", r.to_location AS "toLocation",
      r.departure_date::text AS "departureDate", r.departure_time AS "departureTime", r.available_seats AS "availableSeats",
      r.price_per_seat::text AS "pricePerSeat", r.currency, r.route_search AS "routeSearch", r.women_only AS "womenOnly",
      (SELECT json_agg(json_build_object('latitude', p.latitude, 'longitude', p.longitude, 'boarding', p.boarding, 'leaving', p.leaving))
       FROM (
         SELECT r.from_latitude::float8 AS latitude, r.from_longitude::float8 AS longitude, true AS boarding, false AS leaving
         UNION ALL
         SELECT s.latitude::float8, s.longitude::float8, s.stop_type <> 'dropoff', s.stop_type <> 'pickup' FROM ride_stops s WHERE s.ride_id = r.id
         UNION ALL
         SELECT r.to_latitude::float8, r.to_longitude::float8, false, true
       ) p WHERE p.latitude IS NOT NULL AND p.longitude IS NOT NULL) AS points
    FROM rides r
    WHERE r.id = ${rideId}::uuid AND r.status = 'active' AND r.available_seats > 0 AND r.departure_at > ${now.toISOString()}::timestamptz
    ${lock ? sql`FOR SHARE OF r` : sql``}`);
  const [row] = rows;
  return row && { ...row, points: row.points ?? [] };
}

/**
 * Whether a request's place may be where a passenger boards (`from`) or leaves (`to`) the ride:
 * its text is in the route's places' text (lower-cased there), or its point lies in the box around
 * the radius of a route point they may board or leave at. True of every request the exact rule
 * matches, and cheap: it runs on every candidate row.
 */
function mayBeOnRoute(ride: PostedRide, side: 'from' | 'to'): SQL {
  const text = sql.raw(`coalesce(q.${side}_locality_area, q.${side}_location)`);
  const byText = sql`strpos(${ride.routeSearch}, lower(${text})) > 0`;
  const points = ride.points.filter((point) => (side === 'from' ? point.boarding : point.leaving));
  if (points.length === 0) return byText;
  const latitude = sql.raw(`q.${side}_latitude::float8`);
  const longitude = sql.raw(`q.${side}_longitude::float8`);
  const dLat = nearbyRadiusKm / KM_PER_DEGREE;
  const boxes = points.map((point) => {
    // A degree of longitude is shortest at the box's edge furthest from the equator.
    const dLng = nearbyRadiusKm / (KM_PER_DEGREE * Math.cos((Math.min(89, Math.abs(point.latitude) + dLat) * Math.PI) / 180));
    return sql`(${latitude} BETWEEN ${point.latitude - dLat}::float8 AND ${point.latitude + dLat}::float8
      AND ${longitude} BETWEEN ${point.longitude - dLng}::float8 AND ${point.longitude + dLng}::float8)`;
  });
  return sql`(${byText} OR ${sql.join(boxes, sql` OR `)})`;
}

/** Which requests the first cut considers: those not yet told of the ride (matching), or every one (a driver's list), or one. */
type CandidateScope = { untold: true } | { untold: false; requestId?: string };

/** The first cut: open requests of other passengers the ride could serve by date, seats and price (in `scope`). */
async function candidatesFor(tx: Transaction, ride: PostedRide, now: Date, scope: CandidateScope): Promise<Candidate[]> {
  const inScope = scope.untold
    ? sql`NOT EXISTS (SELECT 1 FROM ride_request_matches m WHERE m.request_id = q.id AND m.ride_id = ${ride.id}::uuid)`
    : scope.requestId
      ? sql`q.id = ${scope.requestId}::uuid`
      : sql`true`;
  const departureAt = departureInstant(ride.departureDate, ride.departureTime);
  const { rows } = await tx.execute<Candidate>(sql`
    SELECT q.id, coalesce(q.from_locality_area, q.from_location) AS "fromText", coalesce(q.to_locality_area, q.to_location) AS "toText",
      q.from_latitude::float8 AS "fromLatitude", q.from_longitude::float8 AS "fromLongitude",
      q.to_latitude::float8 AS "toLatitude", q.to_longitude::float8 AS "toLongitude", q.passengers
    FROM ride_requests q
    WHERE q.status = 'active' AND q.expires_at > ${now.toISOString()}::timestamptz
      AND (
        (q.preferred_departure_date IS NOT NULL
          AND q.preferred_departure_date BETWEEN ${dayBeside(ride.departureDate, -1)}::date AND ${dayBeside(ride.departureDate, 1)}::date
          AND (q.flexible_dates OR q.preferred_departure_date = ${ride.departureDate}::date))
        OR (q.preferred_departure_date IS NULL AND q.expires_at >= ${departureAt.toISOString()}::timestamptz)
      )
      AND q.user_id <> ${ride.driverId}::uuid
      AND q.passengers <= ${ride.availableSeats}::int
      AND (q.max_price_per_seat IS NULL OR q.max_price_per_seat >= ${ride.pricePerSeat}::numeric)
      AND ${mayBeOnRoute(ride, 'from')} AND ${mayBeOnRoute(ride, 'to')}
      AND ${inScope}
      AND NOT EXISTS (SELECT 1 FROM user_profiles hidden WHERE hidden.user_id = q.user_id AND (hidden.suspended OR hidden.deleted))
      AND NOT EXISTS (SELECT 1 FROM member_blocks b WHERE (b.blocker_id = ${ride.driverId}::uuid AND b.blocked_id = q.user_id)
        OR (b.blocker_id = q.user_id AND b.blocked_id = ${ride.driverId}::uuid))
      AND (NOT ${ride.womenOnly}::boolean OR EXISTS (SELECT 1 FROM user_profiles w WHERE w.user_id = q.user_id AND w.stated_woman AND w.is_verified))
    ORDER BY q.id`);
  return rows;
}

/** The search a passenger would make for the request: its places' text and coordinates, its passengers. */
function searchOf(request: Candidate): RideSearch {
  const point = (latitude: number | null, longitude: number | null) =>
    latitude === null || longitude === null ? { latitude: undefined, longitude: undefined } : { latitude, longitude };
  const from = point(request.fromLatitude, request.fromLongitude);
  const to = point(request.toLatitude, request.toLongitude);
  return {
    from: request.fromText,
    to: request.toText,
    fromLatitude: from.latitude,
    fromLongitude: from.longitude,
    toLatitude: to.latitude,
    toLongitude: to.longitude,
    seats: request.passengers,
    page: 1,
    pageSize: 1,
  };
}

/**
 * The candidates the listing's search for them would list the ride in. Requests that make the
 * same search (the same towns picked, as on a popular route) are checked once.
 */
async function matchingExactly(tx: Transaction, ride: PostedRide, candidates: Candidate[], now: Date): Promise<string[]> {
  const bySearch = new Map<string, { search: RideSearch; ids: string[] }>();
  for (const request of candidates) {
    const search = searchOf(request);
    const key = JSON.stringify(search);
    const same = bySearch.get(key);
    if (same) same.ids.push(request.id);
    else bySearch.set(key, { search, ids: [request.id] });
  }
  const searches = [...bySearch.values()];
  const matched: string[] = [];
  for (let start = 0; start < searches.length; start += EXACT_BATCH) {
    const checks = searches
      .slice(start, start + EXACT_BATCH)
      .map(({ search }, index) => sql`(SELECT ${start + index}::int AS search FROM rides r WHERE r.id = ${ride.id}::uuid AND ${searchCondition(search, now)})`);
    const { rows } = await tx.execute<{ search: number }>(sql.join(checks, sql` UNION ALL `));
    for (const row of rows) matched.push(...(searches[row.search]?.ids ?? []));
  }
  return matched;
}

/**
 * Records that each request was told of the ride, once: requests still open are locked in id
 * order (two rides matched at once cannot deadlock on them), a match row is claimed for each, and
 * those whose row is new get last_notified_at and their next version. Answers those.
 */
async function claimMatches(tx: Transaction, rideId: string, requestIds: string[], now: Date): Promise<Told[]> {
  const at = now.toISOString();
  const { rows } = await tx.execute<Told>(sql`
    WITH still_open AS (
      SELECT id FROM ride_requests
      WHERE id = ANY(${`{${requestIds.join(',')}}`}::uuid[]) AND status = 'active' AND expires_at > ${at}::timestamptz
      ORDER BY id FOR UPDATE
    ), told AS (
      INSERT INTO ride_request_matches (request_id, ride_id, matched_at)
      SELECT id, ${rideId}::uuid, ${at}::timestamptz FROM still_open
      ON CONFLICT (request_id, ride_id) DO NOTHING
      RETURNING request_id
    )
    UPDATE ride_requests q SET last_notified_at = ${at}::timestamptz, version = q.version + 1
    FROM told WHERE q.id = told.request_id
    RETURNING q.id, q.kind, q.user_id AS "userId", q.version, q.notify_by_email AS "notifyByEmail", q.notify_by_sms AS "notifyBySms"`);
  return rows.sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Matches a posted ride against the open ride requests and tells each match once, in one
 * transaction: a repeated call (ride.posted delivered again) tells nobody twice. A ride no
 * longer bookable (cancelled, departed, full) matches nothing. Answers the requests told.
 */
export async function matchRideRequests(db: RidesDb, rideId: string, now = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ride = await bookableRide(tx, rideId, now);
    if (!ride) return [];
    const candidates = await candidatesFor(tx, ride, now, { untold: true });
    if (candidates.length === 0) return [];
    const matched = await matchingExactly(tx, ride, candidates, now);
    if (matched.length === 0) return [];
    const told = await claimMatches(tx, ride.id, matched, now);
    const departureAt = departureInstant(ride.departureDate, ride.departureTime).toISOString();
    // A passenger with several requests or saved searches the ride matches (the same trip asked on
    // two days, say) is told once, by every channel any of them asked for, as of a request when
    // one of them is (else of a saved search); each still records the match.
    const byPassenger = new Map<string, Told>();
    for (const request of told) {
      const first = byPassenger.get(request.userId);
      if (!first) byPassenger.set(request.userId, { ...request });
      else {
        first.notifyByEmail ||= request.notifyByEmail;
        first.notifyBySms ||= request.notifyBySms;
        if (first.kind === 'saved_search' && request.kind === 'request') Object.assign(first, { id: request.id, kind: request.kind, version: request.version });
      }
    }
    for (const request of byPassenger.values()) {
      await recordEvent(tx, rideRequestMatched, {
        requestId: request.id,
        passengerId: request.userId,
        rideId: ride.id,
        driverId: ride.driverId,
        rideCode: ride.rideCode,
        fromLocation: ride.fromLocation,
        toLocation: ride.toLocation,
        departureDate: ride.departureDate,
        departureTime: ride.departureTime,
        departureAt,
        availableSeats: ride.availableSeats,
        pricePerSeat: ride.pricePerSeat,
        currency: ride.currency,
        notifyByEmail: request.notifyByEmail,
        notifyBySMS: request.notifyBySms,
        kind: request.kind,
        matchedAt: now.toISOString(),
        version: request.version,
      });
    }
    return told.map((request) => request.id);
  });
}

/**
 * The matching rule run from the requests' side: the open requests the ride serves (every one, told
 * of it or not, or only `requestId`), by the same first cut and exact rule as matching. Empty for a
 * ride no longer bookable. Reads only: a driver's Requested Rides and the check of an acceptance.
 */
export async function requestsTheRideServes(tx: Transaction, rideId: string, now: Date, requestId?: string): Promise<string[]> {
  const ride = await bookableRide(tx, rideId, now, false);
  if (!ride) return [];
  const candidates = await candidatesFor(tx, ride, now, { untold: false, ...(requestId ? { requestId } : {}) });
  if (candidates.length === 0) return [];
  return matchingExactly(tx, ride, candidates, now);
}
