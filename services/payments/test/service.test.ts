import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { administratorCaller, dropDatabaseWhenIdle } from '@krom/server-kit/testing';
import { migrateDatabase } from '@krom/server-kit/db';
import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openPaymentsService } from '../src/open-payments.ts';
import { paymentsTestConfig } from './payments-test-env.ts';

const { config, as } = paymentsTestConfig();
let service: Awaited<ReturnType<typeof openPaymentsService>>;

beforeAll(async () => {
  service = await openPaymentsService(config);
});
afterAll(async () => {
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabaseWhenIdle(config.DATABASE_URL);
});

describe('the payments service', () => {
  it('reports ready once its database and the broker answer', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', nats: 'ok' } });
  });

  it('refuses every other request without a valid internal assertion addressed to it', async () => {
    const bare = await service.app.inject({ method: 'GET', url: '/ledger/check' });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({ message: 'Internal assertion required' });

    // Signed for another service: a token the BFF gave rides is no use here.
    const forRides = signAssertion(config.INTERNAL_AUTH_SECRET, administratorCaller('a1'), 'rides');
    const misaddressed = await service.app.inject({ method: 'GET', url: '/ledger/check', headers: { [ASSERTION_HEADER]: forRides } });
    expect(misaddressed.statusCode).toBe(401);
    expect(misaddressed.json()).toEqual({ message: 'Internal assertion invalid or expired' });

    // A valid one gets past the check to the router (no such route yet).
    const asserted = await service.app.inject({ method: 'GET', url: '/ledger/check', headers: await as(administratorCaller('a1')) });
    expect(asserted.statusCode).toBe(404);
  });

  it('finds nothing to do when its migrations run again, as at every later start and by replicas at once', async () => {
    // 0001 creates functions and triggers: applied a second time, it would fail.
    await migrateDatabase(service.db, migrationsFolder);
    await Promise.all([migrateDatabase(service.db, migrationsFolder), migrateDatabase(service.db, migrationsFolder)]);

    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = await service.db.$client.query('SELECT hash FROM drizzle.__drizzle_migrations');
    expect(applied.rows).toHaveLength(journal.entries.length);
    const triggers = await service.db.$client.query<{ name: string }>("SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE 'ledger_%' ORDER BY 1");
    expect(triggers.rows.map((row) => row.name)).toEqual([
      'ledger_accounts_append_only',
      'ledger_accounts_no_truncate',
      'ledger_entries_append_only',
      'ledger_entries_balanced',
      'ledger_entries_no_truncate',
      'ledger_lines_append_only',
      'ledger_lines_balanced',
      'ledger_lines_no_truncate',
    ]);
  });
});
