import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export type Database<S extends Record<string, unknown>> = NodePgDatabase<S> & { $client: pg.Pool };

/** Creates the service's database if it does not exist yet (a fresh machine or a test run). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[\w-]+$/.test(name)) throw new Error(`Unsupported database name "${name}"`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
      } catch (error) {
        // Two processes racing to create the same database: the loser sees 42P04 or 23505.
        const code = (error as { code?: string }).code;
        if (code !== '42P04' && code !== '23505') throw error;
      }
    }
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export function createDatabase<S extends Record<string, unknown>>(
  databaseUrl: string,
  schema: S,
  poolSize = 10,
): Database<S> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle connection the server drops (restart, failover, DROP DATABASE … FORCE) must not crash
  // the process: the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`[db] idle connection lost: ${error.message}`));
  return drizzle(pool, { schema }) as Database<S>;
}

/** The migration lock's key, from a name no other lock of a Krom database uses. */
const MIGRATION_LOCK = "hashtextextended('krom:migrations', 0)";

/**
 * Applies the drizzle-kit migrations in `folder`; safe to run on every start, and by several
 * replicas starting at once: each waits for a session advisory lock (per database) on a client
 * of its own, so one applies the migrations and the others then find nothing left to do. The
 * lock goes with the session if the process dies holding it.
 */
export async function migrateDatabase(db: { $client: pg.Pool }, folder: string): Promise<void> {
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`).catch((error: Error) => {
        // A session that cannot unlock must not go back to the pool still holding the lock.
        broken = error;
      });
    }
  } finally {
    client.release(broken);
  }
}

/**
 * Whether a query failed on its data (SQLSTATE class 22: a date out of range, a number too big):
 * the same statement with the same values fails the same way every time, so retrying is no use.
 * drizzle wraps the driver's error; the code is on its cause.
 */
export function isDataException(error: unknown): boolean {
  const { code } = ((error as { cause?: unknown } | undefined)?.cause ?? error ?? {}) as { code?: unknown };
  return typeof code === 'string' && code.startsWith('22');
}
