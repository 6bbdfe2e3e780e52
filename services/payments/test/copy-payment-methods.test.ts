import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createDatabase, ensureDatabase, migrateDatabase } from '@krom/server-kit/db';
import { dropDatabaseWhenIdle, isolatedTestEnv } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyPaymentMethods } from '../scripts/copy-payment-methods.ts';
import { openPaymentsDatabase } from './payments-test-env.ts';

/** Rides' own migrations (read as files, not imported): its database exactly as production has it. */
const ridesMigrations = fileURLToPath(new URL('../../rides/src/db/migrations', import.meta.url));

let rides: ReturnType<typeof createDatabase<Record<string, never>>>;
let ridesUrl: string;
let payments: Awaited<ReturnType<typeof openPaymentsDatabase>>;

beforeAll(async () => {
  ridesUrl = isolatedTestEnv('ridescopy').databaseUrl;
  await ensureDatabase(ridesUrl);
  rides = createDatabase(ridesUrl, {}, 2);
  await migrateDatabase(rides, ridesMigrations);
  payments = await openPaymentsDatabase(2);
});
afterAll(async () => {
  await rides?.$client.end();
  await dropDatabaseWhenIdle(ridesUrl);
  await payments?.drop();
});

const inRides = (userId: string, provider: string, number: string, isDefault: boolean, createdAt: string) =>
  rides.$client
    .query<{ id: string }>('INSERT INTO payment_methods (user_id, provider, number, is_default, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
      userId,
      provider,
      number,
      isDefault,
      createdAt,
    ])
    .then(({ rows }) => rows[0]!.id);

const inPayments = async (userId: string) =>
  (
    await payments.db.$client.query(
      'SELECT id, network, number, is_default, verified_at, created_at FROM payment_methods WHERE user_id = $1 ORDER BY created_at',
      [userId],
    )
  ).rows;

describe('copying the saved numbers from rides', () => {
  it('copies every row keeping its id, network, number, default and date, unconfirmed, and a second run copies nothing more', async () => {
    const ama = randomUUID();
    const kofi = randomUUID();
    const amaFirst = await inRides(ama, 'mtn', '0241234567', true, '2026-10-01T08:00:00Z');
    const amaSecond = await inRides(ama, 'vodafone', '0501112222', false, '2026-10-02T08:00:00Z');
    const kofiOnly = await inRides(kofi, 'airteltigo', '0271112222', true, '2026-10-03T08:00:00Z');

    const first = await copyPaymentMethods(rides.$client, payments.db);
    expect(first).toEqual({ read: 3, copied: 3 });
    expect(await inPayments(ama)).toEqual([
      { id: amaFirst, network: 'mtn', number: '0241234567', is_default: true, verified_at: null, created_at: new Date('2026-10-01T08:00:00Z') },
      { id: amaSecond, network: 'vodafone', number: '0501112222', is_default: false, verified_at: null, created_at: new Date('2026-10-02T08:00:00Z') },
    ]);
    expect((await inPayments(kofi)).map((row) => [row.id, row.is_default])).toEqual([[kofiOnly, true]]);

    const second = await copyPaymentMethods(rides.$client, payments.db);
    expect(second).toEqual({ read: 3, copied: 0 });
    expect((await inPayments(ama)).map((row) => row.id)).toEqual([amaFirst, amaSecond]);
  });

  it('keeps one default per member when the member saved numbers here before the copy ran', async () => {
    const esi = randomUUID();
    const oldDefault = await inRides(esi, 'mtn', '0249990001', true, '2026-09-01T08:00:00Z');
    const sameNumber = await inRides(esi, 'mtn', '0249990002', false, '2026-09-02T08:00:00Z');
    // Since the switch Esi saved a new default here, and again one of her old numbers.
    await payments.db.$client.query("INSERT INTO payment_methods (user_id, network, number, is_default) VALUES ($1, 'vodafone', '0509990003', true)", [esi]);
    await payments.db.$client.query("INSERT INTO payment_methods (user_id, network, number) VALUES ($1, 'mtn', '0249990002')", [esi]);

    await copyPaymentMethods(rides.$client, payments.db);
    await copyPaymentMethods(rides.$client, payments.db);

    const rows = await inPayments(esi);
    expect(rows.map((row) => [row.number, row.is_default])).toEqual([
      ['0249990001', false],
      ['0509990003', true],
      ['0249990002', false],
    ]);
    expect(rows.map((row) => row.id)).toContain(oldDefault);
    expect(rows.map((row) => row.id)).not.toContain(sameNumber);
  });

  it('copies more rows than one batch', async () => {
    const busy = randomUUID();
    for (let i = 0; i < 520; i += 1) await inRides(busy, 'mtn', `024${String(i).padStart(7, '0')}`, i === 0, '2026-08-01T08:00:00Z');
    const result = await copyPaymentMethods(rides.$client, payments.db);
    expect(result.copied).toBe(520);
    const defaults = await payments.db.$client.query('SELECT count(*)::int AS n FROM payment_methods WHERE user_id = $1 AND is_default', [busy]);
    expect(defaults.rows[0].n).toBe(1);
    expect((await inPayments(busy)).length).toBe(520);
  });
});
