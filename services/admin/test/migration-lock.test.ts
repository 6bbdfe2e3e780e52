import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, ensureDatabase, migrateDatabase } from '@krom/server-kit/db';
import { dropDatabaseWhenIdle, isolatedTestEnv } from '@krom/server-kit/testing';
import { afterAll, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';
import { migrationsFolder } from '../src/open-admin.ts';

/** Several replicas start at once against one fresh database: each migrates, the schema is applied once. */
const env = isolatedTestEnv('admin');
const replicas = [createDatabase(env.databaseUrl, schema, 2), createDatabase(env.databaseUrl, schema, 2)];

afterAll(async () => {
  await Promise.all(replicas.map((db) => db.$client.end()));
  await dropDatabaseWhenIdle(env.databaseUrl);
});

it('lets two instances migrate the same fresh database at the same time', async () => {
  await ensureDatabase(env.databaseUrl);

  await Promise.all(replicas.map((db) => migrateDatabase(db, migrationsFolder)));

  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  const [first] = replicas;
  const applied = await first!.$client.query('SELECT hash FROM drizzle.__drizzle_migrations');
  expect(applied.rows).toHaveLength(journal.entries.length);
  const tables = await first!.$client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
  expect(tables.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['admin_users', 'handled_events', 'outbox', 'waitlist_signups']));
  // Both released the lock: nothing is left holding it.
  const locks = await first!.$client.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())");
  expect(locks.rows).toHaveLength(0);
});
