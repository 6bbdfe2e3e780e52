import type autocannon from 'autocannon';
import pg from 'pg';
import { rideSearchQuerySchema } from '@krom/contracts/http/rides';
import { seedRides } from '@krom/rides-service/seed-rides';
import { searchRides } from '@krom/rides-service/search-rides';
import { drizzle } from 'drizzle-orm/node-postgres';
import { renewedAssertion } from './renewed-assertion.ts';
import { type KeptAnswersFigures, measureKeptAnswers } from './search-cache-bench.ts';

export type LoadFigures = { name: string; rps: number; p50: number; p95: number; p99: number; non2xx: number };
export type Load = (name: string, options: autocannon.Options) => Promise<LoadFigures>;

type Options = { bffUrl: string; ridesUrl: string; ridesDatabaseUrl: string; secret: string; load: Load; count: number };

/** Words people type into the location picker, a few letters at a time, typos included. */
const typedPlaces = ['kum', 'kuma', 'accr', 'acra', 'tema', 'kaso', 'takor', 'nkawk', 'kejet', 'cape c', 'tamal', 'sunya', 'kofori', 'techim', 'winne', 'obuas', 'madin', 'circl', 'legon', 'ho m'];

/**
 * What the search itself costs, with no kept answer: its statement (planning included) run by
 * the service's own searchRides, one at a time, 200 times after 20 to warm up; sorted durations
 * in ms. The HTTP figures below are answered from the kept answer after the first (the service's
 * search cache, services/rides/README.md), so this is what a search nobody made in the last
 * seconds costs.
 */
async function timeSearchQuery(pool: pg.Pool, search: string): Promise<number[]> {
  const db = drizzle(pool);
  const query = rideSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
  const times: number[] = [];
  for (let i = 0; i < 220; i++) {
    const began = performance.now();
    await searchRides(db, query);
    if (i >= 20) times.push(performance.now() - began);
  }
  return times.sort((a, b) => a - b);
}

/**
 * The marketplace's read paths on a database holding `count` rides and their stops: the listing's
 * search for a popular route and date through the BFF and straight from the rides service in one
 * run, the same search at a fixed 300 requests/s, and the gazetteer's autocomplete at a fixed 100
 * requests/s with a different query each time.
 */
export async function benchMarketplace({ bffUrl, ridesUrl, ridesDatabaseUrl, secret, load, count }: Options) {
  const pool = new pg.Pool({ connectionString: ridesDatabaseUrl, max: 4 });
  const seedingBegan = Date.now();
  let seeded: { rides: number; stops: number };
  // The busiest day ahead for the busiest corridor: the listing's most expensive honest query.
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const search = `from=Accra&to=Kumasi&date=${day}&seats=1`;
  let seedSeconds: number;
  let queryMs: number[];
  let kept: KeptAnswersFigures;
  try {
    seeded = await seedRides(pool, { count, drivers: 400, days: 30 });
    // What autovacuum does soon after a bulk load in production: statistics for the planner, and
    // the visibility map that lets the search answer from its covering index without reading rows.
    await pool.query('VACUUM ANALYZE');
    seedSeconds = (Date.now() - seedingBegan) / 1000;
    queryMs = await timeSearchQuery(pool, search);
    kept = await measureKeptAnswers(pool, { search, seconds: 10 });
  } finally {
    await pool.end();
  }
  const probe = await fetch(`${bffUrl}/api/rides?${search}`);
  if (!probe.ok) throw new Error(`GET /api/rides answered ${probe.status}: ${await probe.text()}`);
  const found = ((await probe.json()) as { total: number }).total;

  const rows: LoadFigures[] = [];
  rows.push(await load(`GET /api/rides Accra→Kumasi via BFF`, { url: `${bffUrl}/api/rides?${search}` }));
  const asGuest = await renewedAssertion(secret, { kind: 'public' }, 'rides');
  try {
    rows.push(
      await load('GET /rides Accra→Kumasi direct', {
        url: `${ridesUrl}/rides?${search}`,
        requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...asGuest.headers() } }) }],
      }),
    );
  } finally {
    asGuest.stop();
  }
  rows.push(await load('GET /api/rides via BFF at a fixed 300 req/s', { url: `${bffUrl}/api/rides?${search}`, overallRate: 300 }));
  let typed = 0;
  rows.push(
    await load('GET /api/places/autocomplete at 100 req/s', {
      url: `${bffUrl}/api/places/autocomplete?q=kum`,
      overallRate: 100,
      connections: 10,
      requests: [{ setupRequest: (request) => ({ ...request, path: `/api/places/autocomplete?q=${encodeURIComponent(typedPlaces[typed++ % typedPlaces.length]!)}` }) }],
    }),
  );
  return { rows, seeded, seedSeconds, found, day, search, queryMs, kept };
}
