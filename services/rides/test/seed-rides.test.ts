import { randomUUID } from 'node:crypto';
import { haversineKm } from '@krom/contracts/http/places';
import { nearbyRadiusKm, rideSearchResponseSchema } from '@krom/contracts/http/rides';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedRides } from '../src/cli/seed/seed-rides.ts';
import { dayFromNow, insertUserProfile, useRidesService } from './rides-test-env.ts';

const handle = useRidesService();
const seeded = { rides: 0, stops: 0, drivers: [] as string[] };

beforeAll(async () => {
  const result = await seedRides(handle.service.db.$client, { count: 1200, drivers: 25, days: 4, batchSize: 500, cancelledShare: 0.05, fullShare: 0.05 });
  seeded.rides = result.rides;
  seeded.stops = result.stops;
  seeded.drivers = result.driverIds;
});

type Point = { order: number; text: string; latitude: number | null; longitude: number | null; board: boolean; leave: boolean };
type Candidate = { id: string; departureAt: Date; departureDate: string; seats: number; status: string; points: Point[] };

/** Every ride and its route, read straight from the tables, for a search written independently of the service's SQL. */
async function everyRide(): Promise<Candidate[]> {
  const { rows } = await handle.service.db.$client.query(`
    SELECT r.id, r.departure_at, r.departure_date::text AS departure_date, r.available_seats, r.status,
      coalesce(r.from_locality_area, '') || chr(31) || r.from_city || chr(31) || r.from_location AS from_text,
      coalesce(r.to_locality_area, '') || chr(31) || r.to_city || chr(31) || r.to_location AS to_text,
      r.from_latitude::float8 AS from_lat, r.from_longitude::float8 AS from_lng, r.to_latitude::float8 AS to_lat, r.to_longitude::float8 AS to_lng,
      coalesce(json_agg(json_build_object('order', s.stop_order, 'type', s.stop_type,
        'text', coalesce(s.locality_area, '') || chr(31) || coalesce(s.city, '') || chr(31) || s.location,
        'latitude', s.latitude::float8, 'longitude', s.longitude::float8) ORDER BY s.stop_order) FILTER (WHERE s.id IS NOT NULL), '[]') AS stops
    FROM rides r LEFT JOIN ride_stops s ON s.ride_id = r.id GROUP BY r.id`);
  return rows.map((row) => ({
    id: row.id,
    departureAt: new Date(row.departure_at),
    departureDate: row.departure_date,
    seats: row.available_seats,
    status: row.status,
    points: [
      { order: 0, text: row.from_text, latitude: row.from_lat, longitude: row.from_lng, board: true, leave: false },
      ...row.stops.map((stop: { order: number; type: string; text: string; latitude: number | null; longitude: number | null }) => ({
        order: stop.order,
        text: stop.text,
        latitude: stop.latitude,
        longitude: stop.longitude,
        board: stop.type !== 'dropoff',
        leave: stop.type !== 'pickup',
      })),
      { order: 1000, text: row.to_text, latitude: row.to_lat, longitude: row.to_lng, board: false, leave: true },
    ],
  }));
}

type Query = { from?: string; to?: string; fromLatitude?: number; fromLongitude?: number; toLatitude?: number; toLongitude?: number; date?: string; seats?: number };

function matches(point: Point, text: string | undefined, latitude: number | undefined, longitude: number | undefined): boolean {
  if (text !== undefined && point.text.toLowerCase().includes(text.toLowerCase())) return true;
  if (latitude === undefined || longitude === undefined || point.latitude === null || point.longitude === null) return false;
  return haversineKm({ latitude, longitude }, { latitude: point.latitude, longitude: point.longitude }) <= nearbyRadiusKm;
}

/** The spec's rule, plainly: what the search must answer. */
function expected(rides: Candidate[], query: Query, now: Date): string[] {
  const hasFrom = query.from !== undefined || query.fromLatitude !== undefined;
  const hasTo = query.to !== undefined || query.toLatitude !== undefined;
  return rides
    .filter((ride) => ride.status === 'active' && ride.departureAt > now && ride.seats >= (query.seats ?? 1))
    .filter((ride) => query.date === undefined || ride.departureDate === query.date)
    .filter((ride) => {
      const boards = ride.points.filter((p) => p.board && (!hasFrom || matches(p, query.from, query.fromLatitude, query.fromLongitude)));
      const leaves = ride.points.filter((p) => p.leave && (!hasTo || matches(p, query.to, query.toLatitude, query.toLongitude)));
      if (hasFrom && hasTo) return boards.some((b) => leaves.some((l) => b.order < l.order));
      if (hasFrom) return boards.length > 0;
      if (hasTo) return leaves.length > 0;
      return true;
    })
    .sort((a, b) => a.departureAt.getTime() - b.departureAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((ride) => ride.id);
}

async function searchAll(query: Query): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const params = new URLSearchParams(Object.entries({ ...query, page, pageSize: 50 }).map(([k, v]): [string, string] => [k, String(v)]));
    const response = await handle.service.app.inject({ method: 'GET', url: `/rides?${params}`, headers: await handle.as({ kind: 'public' }) });
    expect(response.statusCode).toBe(200);
    const body = rideSearchResponseSchema.parse(response.json());
    total = body.total;
    ids.push(...body.rides.map((ride) => ride.id));
    if (body.rides.length < 50) return { ids, total };
  }
}

describe('seedRides', () => {
  it('writes the rides, their stops and their approved drivers with a vehicle each', async () => {
    expect(seeded).toMatchObject({ rides: 1200, stops: expect.any(Number) });
    expect(seeded.stops).toBeGreaterThan(0);
    const { rows } = await handle.service.db.$client.query(
      `SELECT (SELECT count(*)::int FROM rides) AS rides, (SELECT count(*)::int FROM ride_stops) AS stops,
              (SELECT count(DISTINCT driver_id)::int FROM vehicles WHERE driver_id = ANY($1::uuid[])) AS drivers,
              (SELECT count(*)::int FROM user_profiles WHERE user_id = ANY($1::uuid[]) AND driver_verification_status = 'approved') AS approved,
              (SELECT min(departure_date)::text FROM rides) AS first, (SELECT max(departure_date)::text FROM rides) AS last`,
      [seeded.drivers],
    );
    expect(rows[0]).toEqual({ rides: 1200, stops: seeded.stops, drivers: 25, approved: 25, first: dayFromNow(1), last: dayFromNow(4) });
  });

  it('stores each route as posting does (route_search agrees with the rides and their stops)', async () => {
    // One ride posted through the API, checked alongside the seeded ones.
    const driver = randomUUID();
    await insertUserProfile(handle.service, driver);
    const headers = await handle.as({ kind: 'user', userId: driver });
    const vehicle = await handle.service.app.inject({ method: 'POST', url: '/vehicles', headers, payload: { make: 'Kia', model: 'Rio', year: 2020, color: 'Red', licensePlate: 'NR-9191-20', seats: 4 } });
    const posted = await handle.service.app.inject({
      method: 'POST',
      url: '/rides',
      headers,
      payload: {
        vehicleId: vehicle.json().id, fromCity: 'Tamale', toCity: 'Bolgatanga', fromLocation: 'Tamale STC Station', fromLocalityArea: 'Tamale Central',
        toLocation: 'Bolga Main Station', stops: [{ location: 'Walewale Junction', city: 'Walewale' }, { location: 'Savelugu Market' }],
        departureDate: dayFromNow(2), departureTime: '06:00', availableSeats: 2, pricePerSeat: '120',
      },
    });
    expect(posted.statusCode).toBe(201);
    const { rows } = await handle.service.db.$client.query(`
      SELECT count(*)::int AS disagreeing FROM rides r
      WHERE r.route_search <> lower(concat_ws(chr(30),
        coalesce(r.from_locality_area, '') || chr(31) || r.from_city || chr(31) || r.from_location,
        (SELECT string_agg(coalesce(s.locality_area, '') || chr(31) || coalesce(s.city, '') || chr(31) || s.location, chr(30) ORDER BY s.stop_order)
         FROM ride_stops s WHERE s.ride_id = r.id),
        coalesce(r.to_locality_area, '') || chr(31) || r.to_city || chr(31) || r.to_location))`);
    expect(rows[0].disagreeing).toBe(0);
  });

  it('gives rides the search finds exactly as the spec says, filter by filter', async () => {
    const rides = await everyRide();
    const queries: Query[] = [
      { from: 'Accra', to: 'Kumasi' },
      { from: 'accra', to: 'kumasi', date: dayFromNow(2) },
      { from: 'Kumasi', to: 'Accra', seats: 3 },
      { from: 'Circle', to: 'Asafo' },
      { from: 'Nkawkaw', to: 'Kumasi' },
      { from: 'Kumasi', to: 'Nkawkaw' },
      { from: 'Tamale' },
      { from: 'Tamale', date: dayFromNow(1) },
      { to: 'Accra', date: dayFromNow(2), seats: 2 },
      { from: 'Nkawkaw', date: dayFromNow(3) },
      { to: 'Cape Coast', date: dayFromNow(3) },
      { from: 'Madina', to: 'Tafo', seats: 2 },
      { fromLatitude: 5.6, fromLongitude: -0.2, toLatitude: 6.69, toLongitude: -1.62 },
      { from: 'Accra', fromLatitude: 5.1, fromLongitude: -1.25, date: dayFromNow(1) },
      { toLatitude: 9.4, toLongitude: -0.84 },
      { date: dayFromNow(4), seats: 4 },
    ];
    const now = new Date();
    for (const query of queries) {
      const want = expected(rides, query, now);
      const got = await searchAll(query);
      expect({ query, ids: got.ids, total: got.total }).toEqual({ query, ids: want, total: want.length });
    }
    // The data makes the checks meaningful: popular routes have rides, some queries narrow to a few.
    expect(expected(rides, { from: 'Accra', to: 'Kumasi' }, now).length).toBeGreaterThan(30);
  });
});
