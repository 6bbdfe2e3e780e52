import { luggageSizes, nearbyRadiusKm, type RideSearchResponse, type rideSearchQuerySchema } from '@krom/contracts/http/rides';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { routeBoxExpression } from '../db/schema.ts';
import { DESTINATION_ORDER, driverVisible, type RideRow, rideRowsSelect, type SqlRunner, toRideSummary } from '../rides/ride-views.ts';
import { PLACE_SEPARATOR } from './route-search.ts';

export type RideSearch = z.output<typeof rideSearchQuerySchema>;

/*
 * The listing's search, the hot path. A ride's route is its departure (order 0), its stops
 * (1..n) and its destination (after every stop). `from` matches a point a passenger can board at
 * (the departure, or a stop not marked drop-off only), `to` one they can leave at (a stop not
 * marked pick-up only, or the destination), and with both the boarding point must come first: a
 * ride A → B never matches from B to A. A point matches a text when its locality, city or name
 * contains it (any case; the spec's rule), and coordinates when it lies within `nearbyRadiusKm`.
 *
 * Two steps, in one condition: a first cut that every matching ride passes and an index answers
 * on its own (the route's place texts in order, LIKE '%from%<RS>%to%'; with coordinates, the
 * route's box overlapping the searched point's), then the exact rule above on the candidates left.
 * With a date the first cut is read from the date's index alone, no table row visited. Why the
 * indexes are as they are, with measurements: the service's README, "Search".
 *
 * Seats are counted per leg. The searched leg runs from the earliest place matching `from` (the
 * departure without it) to the latest matching `to` (the destination without it), and a ride is
 * listed only when that leg has the seats asked for (one by default): the ride's seats less the
 * most taken on any of its legs. The first cut keeps `available_seats` (the freest leg's, which
 * the indexes hold): a ride without them on any leg has none on the searched one. The exact rule
 * checks the leg; without places it is the whole route, checked from the indexes too (they hold
 * the seats offered and taken per leg).
 *
 * One statement answers a page and the total. Every value is a bound parameter; the statement's
 * text depends only on which filters are present, and it is planned with the actual values (a
 * LIKE pattern's selectivity matters to the plan, which a named statement's generic plan would
 * not know).
 */

type PointFilter = { pattern: string | undefined; near: { latitude: number; longitude: number } | undefined };

/** Where a point's search text and coordinates live, in a table aliased in the query. */
type PointColumns = { text: string; latitude: string; longitude: string };

/** km per degree of latitude (and of longitude at the equator), on the mean Earth radius. */
const KM_PER_DEGREE = (6371.0088 * Math.PI) / 180;

/** LIKE's own characters in a searched text, taken literally. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function pointFilter(text: string | undefined, latitude: number | undefined, longitude: number | undefined): PointFilter | undefined {
  const pattern = text ? likeEscaped(text) : undefined;
  const near = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined;
  return pattern || near ? { pattern, near } : undefined;
}

/** The bounds holding every point within the radius of `near` (its width taken where the circle is widest). */
function nearBounds(near: { latitude: number; longitude: number }) {
  const dLat = nearbyRadiusKm / KM_PER_DEGREE;
  const dLng = nearbyRadiusKm / (KM_PER_DEGREE * Math.cos(((Math.abs(near.latitude) + dLat) * Math.PI) / 180));
  return { south: near.latitude - dLat, north: near.latitude + dLat, west: near.longitude - dLng, east: near.longitude + dLng };
}

/** Those bounds as a geometric box (x is longitude, y latitude). */
function nearBox(near: { latitude: number; longitude: number }): SQL {
  const { south, north, west, east } = nearBounds(near);
  return sql`box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8))`;
}

/** Within the radius of `near`: inside its box first (cheap), then the great-circle distance, as the contracts' haversineKm. */
function nearPoint(columns: PointColumns, near: { latitude: number; longitude: number }): SQL {
  const lat = sql.raw(`${columns.latitude}::float8`);
  const lng = sql.raw(`${columns.longitude}::float8`);
  return sql`(point(${lng}, ${lat}) <@ ${nearBox(near)}
    AND 2 * 6371.0088 * asin(least(1, sqrt(
      power(sin(radians(${lat} - ${near.latitude}::float8) / 2), 2)
      + cos(radians(${near.latitude}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${near.longitude}::float8) / 2), 2)
    ))) <= ${nearbyRadiusKm}::float8)`;
}

function pointMatches(columns: PointColumns, filter: PointFilter): SQL {
  const byText = filter.pattern === undefined ? undefined : sql`${sql.raw(columns.text)} LIKE lower(${`%${filter.pattern}%`})`;
  const byPlace = filter.near === undefined ? undefined : nearPoint(columns, filter.near);
  if (byText && byPlace) return sql`(${byText} OR ${byPlace})`;
  return (byText ?? byPlace) as SQL;
}

const rideFrom: PointColumns = { text: 'r.from_search', latitude: 'r.from_latitude', longitude: 'r.from_longitude' };
const rideTo: PointColumns = { text: 'r.to_search', latitude: 'r.to_latitude', longitude: 'r.to_longitude' };
const stop: PointColumns = { text: 's.search_text', latitude: 's.latitude', longitude: 's.longitude' };

/** The earliest point of the ride a passenger can board at matching `filter`, or null. */
const boardingOrder = (filter: PointFilter) => sql`(CASE WHEN ${pointMatches(rideFrom, filter)} THEN 0 ELSE (
    SELECT min(s.stop_order) FROM ride_stops s WHERE s.ride_id = r.id AND s.stop_type <> 'dropoff' AND ${pointMatches(stop, filter)}) END)`;

/** The latest point of the ride a passenger can leave at matching `filter`, or null. */
const leavingOrder = (filter: PointFilter) => sql`(CASE WHEN ${pointMatches(rideTo, filter)} THEN ${sql.raw(String(DESTINATION_ORDER))} ELSE (
    SELECT max(s.stop_order) FROM ride_stops s WHERE s.ride_id = r.id AND s.stop_type <> 'pickup' AND ${pointMatches(stop, filter)}) END)`;

/**
 * The first cut for one filter: some place of the route may match it, by its text (`byTextCut`)
 * or by lying in the searched point's box (the route's box overlaps it). With a date, the box is
 * compared as the numbers the date's index holds; without one, as the box its GiST index holds.
 */
function mayPass(filter: PointFilter, byTextCut: (text: string) => SQL, withDate: boolean): SQL {
  const byText = filter.pattern === undefined ? undefined : byTextCut(filter.pattern);
  const byPlace = filter.near === undefined ? undefined : routeBoxOverlaps(filter.near, withDate);
  if (byText && byPlace) return sql`(${byText} OR ${byPlace})`;
  return (byText ?? byPlace) as SQL;
}

function routeBoxOverlaps(near: { latitude: number; longitude: number }, withDate: boolean): SQL {
  if (!withDate) return sql`${routeBoxExpression} && ${nearBox(near)}`;
  const { south, north, west, east } = nearBounds(near);
  return sql`(r.route_south <= ${north}::float8 AND r.route_north >= ${south}::float8 AND r.route_west <= ${east}::float8 AND r.route_east >= ${west}::float8)`;
}

/**
 * The first cut for the route, on the route's place texts in order, joined by chr(30): `from`
 * must be found before a later place ('%from%<RS>%': not in the destination alone), `to` after an
 * earlier one ('%<RS>%to%': not in the departure alone), and with both texts alone, in two places
 * in that order ('%from%<RS>%to%'). With a date it reads route_key, which the date's index holds
 * (checked in the index, no row visited; a null key, a rare over-long route, passes on to the
 * exact rule); without one, route_search, which the trigram index answers.
 */
function routeFirstCut(from: PointFilter | undefined, to: PointFilter | undefined, withDate: boolean): SQL[] {
  const contains = (pattern: string) =>
    withDate ? sql`(r.route_key LIKE lower(${pattern}) OR r.route_key IS NULL)` : sql`r.route_search LIKE lower(${pattern})`;
  if (from?.pattern !== undefined && to?.pattern !== undefined && !from.near && !to.near) {
    return [contains(`%${from.pattern}%${PLACE_SEPARATOR}%${to.pattern}%`)];
  }
  const cuts: SQL[] = [];
  if (from) cuts.push(mayPass(from, (text) => contains(`%${text}%${PLACE_SEPARATOR}%`), withDate));
  if (to) cuts.push(mayPass(to, (text) => contains(`%${PLACE_SEPARATOR}%${text}%`), withDate));
  return cuts;
}

/** The searched leg's ends: where the passenger boards (0, the departure, without `from`) and leaves (the destination without `to`). */
function searchedLeg(from: PointFilter | undefined, to: PointFilter | undefined): { board: SQL; alight: SQL } {
  return { board: from ? boardingOrder(from) : sql`0`, alight: to ? leavingOrder(to) : sql.raw(String(DESTINATION_ORDER)) };
}

/**
 * Whether every leg from place `board` to place `alight` (stop orders, the destination's beyond
 * the array) has `seats` free: none has more taken than the seats offered less those. Leg i is at
 * position i + 1 of leg_seats_taken; a leg past its end has none taken (ALL of nothing holds). An
 * array comparison, no subquery: it runs for every candidate, and for every ride of an
 * unfiltered listing's count. A ride nobody booked (`'{}'`, most rides) has `available_seats`
 * free on every leg, which the first cut checked: said first, it spares the comparison, and it
 * gives the planner an estimate from the column's statistics (it has none for `>= ALL` of a
 * column and guesses one row, which turned an unfiltered listing's page into a full sort).
 */
const seatsFreeBetween = (board: SQL, alight: SQL, seats: number) =>
  sql`(r.leg_seats_taken = '{}' OR r.seats_offered - ${seats}::int >= ALL (r.leg_seats_taken[${board} + 1:${alight}]))`;

/** The same over the whole route (what the indexes answer for a search without places). */
const seatsFreeOnRoute = (seats: number) => sql`(r.leg_seats_taken = '{}' OR r.seats_offered - ${seats}::int >= ALL (r.leg_seats_taken))`;

/**
 * The exact route rule: boarding before leaving when both are asked for, and the seats asked for
 * on every leg between. Each end is worked out once per candidate (OFFSET 0 keeps the planner
 * from copying the subqueries into both comparisons).
 */
function exactRoute(from: PointFilter | undefined, to: PointFilter | undefined, seats: number): SQL | undefined {
  if (!from && !to) return undefined;
  const { board, alight } = searchedLeg(from, to);
  return sql`EXISTS (SELECT 1 FROM (SELECT ${board} AS board, ${alight} AS alight OFFSET 0) leg
    WHERE leg.board < leg.alight AND ${seatsFreeBetween(sql`leg.board`, sql`leg.alight`, seats)})`;
}

/**
 * The listing's preference filters: each one set keeps only the rides whose driver stated it
 * (a ride that states nothing, posted before they were asked, matches none). Luggage is a
 * minimum: asking for medium lists medium and large.
 */
function preferenceFilters(query: RideSearch): SQL[] {
  const held: SQL[] = [];
  if (query.luggage !== undefined) {
    const fits = luggageSizes.slice(luggageSizes.indexOf(query.luggage));
    held.push(sql`r.luggage IN (${sql.join(fits.map((size) => sql`${size}`), sql`, `)})`);
  }
  if (query.noSmoking) held.push(sql`r.smoking = false`);
  if (query.pets) held.push(sql`r.pets`);
  if (query.airConditioning) held.push(sql`r.air_conditioning`);
  if (query.maxTwoInBack) held.push(sql`r.max_two_in_back`);
  if (query.womenOnly) held.push(sql`r.women_only`);
  return held;
}

/**
 * The rides of `rides r` a search matches. The candidates are what the search's indexes answer
 * on their own (the index predicates written out so the partial indexes apply): with a date, read
 * from the date's index alone, no row visited. Only they are then held to the exact route rule,
 * which reads each candidate's places and stops.
 */
export function searchCondition(query: RideSearch, now: Date, apartFrom: readonly string[] = []): SQL {
  const withDate = query.date !== undefined;
  const from = pointFilter(query.from, query.fromLatitude, query.fromLongitude);
  const to = pointFilter(query.to, query.toLatitude, query.toLongitude);
  const candidate: SQL[] = [
    sql`r.status = 'active'`,
    sql`r.available_seats > 0`,
    sql`r.departure_at > ${now.toISOString()}::timestamptz`,
    driverVisible,
  ];
  const seats = query.seats ?? 1;
  if (seats > 1) candidate.push(sql`r.available_seats >= ${seats}::int`);
  if (withDate) candidate.push(sql`r.departure_date = ${query.date}::date`);
  candidate.push(...routeFirstCut(from, to, withDate));
  // Without places the leg is the whole route, whose seats the indexes hold: part of the first cut.
  if (!from && !to) candidate.push(seatsFreeOnRoute(seats));
  const exact = exactRoute(from, to, seats);
  const preferences = preferenceFilters(query);
  // The drivers kept apart from the caller by a block (blocks/): held on the rows too, like the preferences.
  if (apartFrom.length > 0) preferences.push(sql`r.driver_id <> ALL (${`{${apartFrom.join(',')}}`}::uuid[])`);
  // The preferences are held on the rows the first cut leaves (a day's, or a route's), never in
  // the indexes' part: a search without them runs exactly as before, and one with them reads
  // only its candidates' rows.
  if (preferences.length > 0) {
    const held = sql.join(preferences, sql` AND `);
    const route = exact ? sql`${exact} AND ${held}` : held;
    const candidates = sql.join(candidate, sql` AND `);
    return withDate ? sql`r.id IN (SELECT r.id FROM rides r WHERE ${candidates}) AND ${route}` : sql`${candidates} AND ${route}`;
  }
  const candidates = sql.join(candidate, sql` AND `);
  if (!exact) return candidates;
  // A day's candidates come from its index alone and only they are fetched (the inner `r` is the
  // candidate, the outer one the ride held to the exact rule). Without a date, candidates are
  // read from the table anyway (the trigram index points at rows), so the rule runs on the same row.
  return withDate ? sql`r.id IN (SELECT r.id FROM rides r WHERE ${candidates}) AND ${exact}` : sql`${candidates} AND ${exact}`;
}

type SearchRow = RideRow & { total: number };

/**
 * The searched leg's ends of the page's rides (`page`): worked out again for those rides only
 * (a page at most), rather than carried for every candidate. None without places (the whole route).
 */
function pageLegs(query: RideSearch): SQL | undefined {
  const from = pointFilter(query.from, query.fromLatitude, query.fromLongitude);
  const to = pointFilter(query.to, query.toLatitude, query.toLongitude);
  if (!from && !to) return undefined;
  const { board, alight } = searchedLeg(from, to);
  return sql`SELECT r.id, ${board} AS "boardOrder", ${alight} AS "alightOrder" FROM rides r WHERE r.id IN (SELECT id FROM page)`;
}

/**
 * The one statement a search runs: a page of rides (with vehicle, driver, stops and the searched
 * leg's ends) and the total.
 *
 * With a date the matching rides are few (a day's): one scan finds them, counts them (a window
 * count) and sorts them; a page past the end answers no row, and the total is counted apart.
 * Without one they may be tens of thousands: the count and the page are separate scans, so the
 * page can walk the departure index and stop after its rides; a row always comes back.
 */
export function searchStatement(query: RideSearch, now: Date, apartFrom: readonly string[] = []): SQL {
  const where = searchCondition(query, now, apartFrom);
  const window = sql`LIMIT ${query.pageSize}::int OFFSET ${(query.page - 1) * query.pageSize}::int`;
  const legs = pageLegs(query);
  const legsWith = legs ? sql`, legs AS (${legs})` : sql``;
  const legColumns = legs ? sql`, legs."boardOrder", legs."alightOrder"` : sql``;
  const legsJoin = legs ? sql`LEFT JOIN legs ON legs.id = ride.id` : sql``;
  if (query.date !== undefined) {
    return sql`
      WITH page AS (SELECT r.id, count(*) OVER ()::int AS total FROM rides r WHERE ${where} ORDER BY r.departure_at, r.id ${window})${legsWith}
      SELECT page.total, ride.*${legColumns} FROM page JOIN (${rideRowsSelect}) ride ON ride.id = page.id ${legsJoin}
      ORDER BY ride."departureAt", ride.id`;
  }
  return sql`
    WITH matched AS (SELECT count(*)::int AS total FROM rides r WHERE ${where}),
    page AS (SELECT r.id FROM rides r WHERE ${where} ORDER BY r.departure_at, r.id ${window})${legsWith}
    SELECT matched.total, ride.*${legColumns} FROM matched LEFT JOIN (${rideRowsSelect} WHERE r.id IN (SELECT id FROM page)) ride ON true ${legsJoin}
    ORDER BY ride."departureAt", ride.id`;
}

/**
 * Future, active rides with enough free seats on the searched leg matching the filters, by departure then id, a page
 * at a time, with how many match in all. Past the last page the answer has no rides and the total.
 * `apartFrom`: drivers whose rides the caller does not see (a block either way).
 */
export async function searchRides(db: SqlRunner, query: RideSearch, now = new Date(), apartFrom: readonly string[] = []): Promise<RideSearchResponse> {
  const { rows, total: pageTotal } = await searchRideRows(db, query, now, apartFrom);
  const rides = rows.map(toRideSummary);
  const total = pageTotal ?? (query.page === 1 ? 0 : await countMatches(db, query, now, apartFrom));
  return { rides, total, page: query.page, pageSize: query.pageSize };
}

/**
 * The same search's page as rows (with the searched leg's ends, `boardOrder`/`alightOrder`), for
 * a caller that needs more of a ride than its summary (an SMS answer: its code); the total when
 * the page had a row to carry it.
 */
export async function searchRideRows(db: SqlRunner, query: RideSearch, now = new Date(), apartFrom: readonly string[] = []) {
  const { rows } = await db.execute<SearchRow>(searchStatement(query, now, apartFrom));
  return { rows: rows.filter((row) => row.id !== null), total: rows[0]?.total };
}

/** How many rides match, for a dated search whose page came back empty past the first. */
async function countMatches(db: SqlRunner, query: RideSearch, now: Date, apartFrom: readonly string[]): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM rides r WHERE ${searchCondition(query, now, apartFrom)}`);
  return rows[0]?.total ?? 0;
}
