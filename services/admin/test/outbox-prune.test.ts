import { randomUUID } from 'node:crypto';
import { createDatabase, type Database, ensureDatabase, migrateDatabase } from '@krom/server-kit/db';
import { pruneEventTables, pruneStatements } from '@krom/server-kit/outbox';
import { dropDatabaseWhenIdle, isolatedTestEnv } from '@krom/server-kit/testing';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';
import { migrationsFolder, openAdminService } from '../src/open-admin.ts';
import { adminTestConfig } from './admin-test-env.ts';

/**
 * The outbox and handled_events do not grow forever: relayed rows and handled ids past their
 * retention are deleted, unrelayed rows never. A fixed "now" stands in for the clock.
 */
const HOUR = 3_600_000;
const now = new Date('2031-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const settings = { outboxRetentionMs: 24 * HOUR, handledEventsRetentionMs: 7 * 24 * HOUR, batchSize: 2 };

const env = isolatedTestEnv('admin');
let db: Database<typeof schema>;

beforeAll(async () => {
  await ensureDatabase(env.databaseUrl);
  db = createDatabase(env.databaseUrl, schema, 2);
  await migrateDatabase(db, migrationsFolder);
});

afterAll(async () => {
  await db?.$client.end();
  await dropDatabaseWhenIdle(env.databaseUrl);
});

beforeEach(async () => {
  await db.$client.query('TRUNCATE outbox, handled_events');
});

async function outboxRow(createdAt: Date, publishedAt: Date | null): Promise<string> {
  const id = randomUUID();
  await db.$client.query('INSERT INTO outbox (id, subject, envelope, created_at, published_at) VALUES ($1, $2, $3, $4, $5)', [
    id,
    'krom.test.thing.happened.v1',
    { id },
    createdAt,
    publishedAt,
  ]);
  return id;
}

async function handledEvent(handledAt: Date): Promise<string> {
  const id = randomUUID();
  await db.$client.query('INSERT INTO handled_events (event_id, subject, handled_at) VALUES ($1, $2, $3)', [id, 'krom.test.thing.happened.v1', handledAt]);
  return id;
}

const ids = async (query: string) => (await db.$client.query<{ id: string }>(query)).rows.map((row) => row.id).sort();

it('deletes relayed outbox rows and handled ids past their retention, in batches, and keeps the rest', async () => {
  const oldRelayed = [
    await outboxRow(ago(30 * 24 * HOUR), ago(30 * 24 * HOUR)),
    await outboxRow(ago(3 * 24 * HOUR), ago(3 * 24 * HOUR)),
    await outboxRow(ago(26 * HOUR), ago(25 * HOUR)),
  ];
  const recentRelayed = await outboxRow(ago(2 * HOUR), ago(HOUR));
  // Written long ago and still not relayed (the broker has been away): it must survive.
  const unrelayed = await outboxRow(ago(30 * 24 * HOUR), null);
  const oldHandled = [await handledEvent(ago(30 * 24 * HOUR)), await handledEvent(ago(8 * 24 * HOUR)), await handledEvent(ago(7 * 24 * HOUR + 1000))];
  const recentHandled = await handledEvent(ago(6 * 24 * HOUR));

  const deleted = await pruneEventTables(db.$client, settings, now);

  expect(deleted).toEqual({ outbox: oldRelayed.length, handledEvents: oldHandled.length });
  expect(await ids('SELECT id FROM outbox')).toEqual([recentRelayed, unrelayed].sort());
  expect(await ids('SELECT event_id AS id FROM handled_events')).toEqual([recentHandled]);
});

it('finds the rows to delete through an index, not by reading the whole table', async () => {
  const client = await db.$client.connect();
  try {
    // On a near-empty table the planner would scan it anyway; forbid that to see which index serves.
    await client.query('SET enable_seqscan = off');
    const plan = async (statement: string) =>
      (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement}`, [now, 2])).rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(await plan(pruneStatements.outbox)).toMatch(/Index Scan using outbox_published_idx/);
    expect(await plan(pruneStatements.handledEvents)).toMatch(/Index Scan using handled_events_handled_at_idx/);
  } finally {
    await client.query('RESET enable_seqscan');
    client.release();
  }
});

it("prunes with the service's own settings through its relay", async () => {
  const { config } = adminTestConfig({ OUTBOX_RETENTION_HOURS: '2', EVENT_RETENTION_HOURS: '48' });
  const service = await openAdminService(config);
  try {
    const sql = service.db.$client;
    const row = (id: string, at: Date) => [id, 'krom.test.thing.happened.v1', { id }, at, at];
    const insert = 'INSERT INTO outbox (id, subject, envelope, created_at, published_at) VALUES ($1, $2, $3, $4, $5)';
    const [older, newer] = [randomUUID(), randomUUID()];
    await sql.query(insert, row(older, ago(3 * HOUR)));
    await sql.query(insert, row(newer, ago(HOUR)));
    const handled = 'INSERT INTO handled_events (event_id, subject, handled_at) VALUES ($1, $2, $3)';
    const [olderEvent, newerEvent] = [randomUUID(), randomUUID()];
    await sql.query(handled, [olderEvent, 'krom.test.thing.happened.v1', ago(49 * HOUR)]);
    await sql.query(handled, [newerEvent, 'krom.test.thing.happened.v1', ago(47 * HOUR)]);

    await service.relay.prune(now);

    expect((await sql.query('SELECT id FROM outbox')).rows.map((r) => r.id)).toEqual([newer]);
    expect((await sql.query('SELECT event_id FROM handled_events')).rows.map((r) => r.event_id)).toEqual([newerEvent]);
  } finally {
    await service.bus.jsm.streams.delete(service.bus.streamName).catch(() => undefined);
    await service.app.close();
    await dropDatabaseWhenIdle(config.DATABASE_URL);
  }
});
