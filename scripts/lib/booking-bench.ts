import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import pg from 'pg';
import type { Load, LoadFigures } from './marketplace-bench.ts';
import { renewedAssertion } from './renewed-assertion.ts';

/*
 * Booking seats (issue 21's figures): POST /api/bookings through the BFF and the same call
 * straight to the rides service in one run, each request a fresh Idempotency-Key and a seat on a
 * ride nobody has booked yet (so every answer is a real booking, not a refusal); the oversell run
 * (200 members at once for a ride's last 3 seats, through the BFF); and the listing's search at a
 * fixed 300 requests/s, first alone (the baseline), then while bookings are made at 20/s on the
 * very day it searches (a booking moves its whole day's search generation, whatever the route, so
 * this is the kept answers' worst case).
 */

type Member = { id: string; cookie: string };
type Options = {
  bffUrl: string;
  ridesUrl: string;
  ridesDatabaseUrl: string;
  secret: string;
  origin: string;
  load: Load;
  /** A new member signed in through the BFF (their id and session cookie). */
  newMember: () => Promise<Member>;
  /** The listing's search (`from=…&to=…&date=…`) whose day the concurrent bookings land on. */
  search: string;
  day: string;
};

export type BookableRide = { id: string; stops: number };

/** Rides still to leave with a free seat on every leg, not yet booked by anyone, on `day` (or any day). */
export async function bookableRides(pool: pg.Pool, limit: number, day?: string): Promise<BookableRide[]> {
  const { rows } = await pool.query<BookableRide>(
    `SELECT r.id, (SELECT count(*)::int FROM ride_stops s WHERE s.ride_id = r.id) AS stops
     FROM rides r
     WHERE r.status = 'active' AND r.departure_at > now() + interval '3 hours' AND r.seats_offered >= 1 AND r.leg_seats_taken = '{}'
       AND ($2::date IS NULL OR r.departure_date = $2::date)
     ORDER BY r.departure_at DESC, r.id LIMIT $1`,
    [limit, day ?? null],
  );
  return rows;
}

const bookingBody = (ride: BookableRide) =>
  JSON.stringify({ rideId: ride.id, seats: 1, boardAt: 0, alightAt: ride.stops + 1, passengerName: 'Bench Rider', passengerPhone: '0245550101' });

/** Requests that each book the next ride of `rides` with a key of their own. */
function bookingRequests(rides: BookableRide[], headers: () => Record<string, string>): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: 'POST',
      setupRequest: (request) => {
        const ride = rides[next++ % rides.length]!;
        return { ...request, headers: { ...request.headers, ...headers(), 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: bookingBody(ride) };
      },
    },
  ];
}

export async function benchBookings(options: Options) {
  const pool = new pg.Pool({ connectionString: options.ridesDatabaseUrl, max: 4 });
  try {
    const rows: LoadFigures[] = [];
    // 1. One member books through the BFF, another directly, each a seat on rides nobody has booked.
    const viaBff = await options.newMember();
    const rides = await bookableRides(pool, 20_000);
    const half = Math.floor(rides.length / 2);
    rows.push(
      await options.load('POST /api/bookings via BFF', {
        url: `${options.bffUrl}/api/bookings`,
        requests: bookingRequests(rides.slice(0, half), () => ({ cookie: viaBff.cookie, origin: options.origin })),
      }),
    );
    const direct = await options.newMember();
    const asDirect = await renewedAssertion(options.secret, { kind: 'user', userId: direct.id }, 'rides');
    try {
      rows.push(
        await options.load('POST /bookings direct to rides', { url: `${options.ridesUrl}/bookings`, requests: bookingRequests(rides.slice(half), asDirect.headers) }),
      );
    } finally {
      asDirect.stop();
    }

    // 2. The oversell run: 200 members at once for the last 3 seats of one ride.
    const [target] = await bookableRides(pool, 1);
    if (!target) throw new Error('no ride left to book');
    await pool.query(`UPDATE rides SET seats_offered = 3, available_seats = 3, leg_seats_taken = '{}' WHERE id = $1`, [target.id]);
    const members = await Promise.all(Array.from({ length: 200 }, () => options.newMember()));
    const answers = await Promise.all(
      members.map((member) =>
        fetch(`${options.bffUrl}/api/bookings`, {
          method: 'POST',
          headers: { cookie: member.cookie, origin: options.origin, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: bookingBody(target),
        }).then((response) => response.status),
      ),
    );
    const { rows: sold } = await pool.query<{ seats: number }>('SELECT coalesce(sum(seats), 0)::int AS seats FROM bookings WHERE ride_id = $1', [target.id]);
    const oversell = {
      free: 3,
      sold: sold[0]?.seats ?? 0,
      accepted: answers.filter((status) => status === 201).length,
      refused: answers.filter((status) => status === 409).length,
      other: answers.filter((status) => status !== 201 && status !== 409).length,
    };

    // 3. The search at a fixed 300 req/s alone, then while bookings land at 20/s on the searched day
    // (rides of any route that day, each booked once: every booking a real one that moves the day).
    rows.push(await options.load('GET /api/rides at 300 req/s, no bookings', { url: `${options.bffUrl}/api/rides?${options.search}`, overallRate: 300 }));
    const onTheDay = await bookableRides(pool, 2_000, options.day);
    const booker = await options.newMember();
    const [search, bookings] = await Promise.all([
      options.load('GET /api/rides at 300 req/s, bookings at 20/s', { url: `${options.bffUrl}/api/rides?${options.search}`, overallRate: 300 }),
      options.load('POST /api/bookings at 20 req/s (same day)', {
        url: `${options.bffUrl}/api/bookings`,
        overallRate: 20,
        connections: 5,
        requests: bookingRequests(onTheDay, () => ({ cookie: booker.cookie, origin: options.origin })),
      }),
    ]);
    rows.push(search, bookings);
    return { rows, oversell };
  } finally {
    await pool.end();
  }
}
