import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { repoRoot } from './lib/infra.ts';
import { describeKeptAnswers, measureKeptAnswers } from './lib/search-cache-bench.ts';

/**
 * `npx tsx scripts/search-cache-bench.ts`: the search's kept answers while seats are taken on
 * other days at 20 writes/s, on a database of its own seeded by the rides service's own command
 * (BENCH_RIDES rides, 20,000 by default), without starting the system; `npm run bench` prints the
 * same line on its 100,000 rides.
 */
const PG = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COUNT = Number(process.env.BENCH_RIDES ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const database = `krom_search_cache_bench_${process.pid}`;
const url = new URL(PG);
url.pathname = `/${database}`;

const admin = new pg.Client({ connectionString: PG });
await admin.connect();
try {
  const seeded = spawnSync('npm', ['run', 'seed-rides', '-w', '@krom/rides-service', '--', '--count', String(COUNT), '--drivers', '400', '--days', '30'], {
    cwd: repoRoot,
    stdio: 'inherit',
    // The command reads the service's whole configuration; it signs nothing, so any secret does.
    env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex') },
  });
  if (seeded.status !== 0) throw new Error(`seeding answered ${seeded.status}`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  // An idle connection still closing when the database is dropped reports its end here; a query's error rejects the query.
  pool.on('error', () => {});
  try {
    await pool.query('VACUUM ANALYZE');
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    console.log(describeKeptAnswers(await measureKeptAnswers(pool, { search: `from=Accra&to=Kumasi&date=${day}&seats=1`, seconds: SECONDS })));
  } finally {
    await pool.end();
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
}
