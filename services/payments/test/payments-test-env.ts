import { createDatabase, ensureDatabase, migrateDatabase } from '@krom/server-kit/db';
import { dropDatabaseWhenIdle, isolatedServiceConfig, isolatedTestEnv } from '@krom/server-kit/testing';
import { readPaymentsConfig } from '../src/config.ts';
import type { PaymentsDb } from '../src/db/payments-db.ts';
import * as schema from '../src/db/schema.ts';
import { afterAll, beforeAll } from 'vitest';
import { migrationsFolder, openPaymentsService } from '../src/open-payments.ts';

/** A fresh, isolated payments-service configuration on the real PostgreSQL and NATS. */
export const paymentsTestConfig = (overrides: Record<string, string> = {}) => isolatedServiceConfig('payments', readPaymentsConfig, overrides);

/**
 * A fresh payments database of its own, migrated, for tests of the ledger that need no bus or
 * HTTP. `drop` closes the pool and removes the database.
 */
export async function openPaymentsDatabase(poolSize = 10): Promise<{ db: PaymentsDb; databaseUrl: string; drop: () => Promise<void> }> {
  const { databaseUrl } = isolatedTestEnv('payments');
  await ensureDatabase(databaseUrl);
  const db = createDatabase(databaseUrl, schema, poolSize);
  await migrateDatabase(db, migrationsFolder);
  return {
    db,
    databaseUrl,
    drop: async () => {
      await db.$client.end();
      await dropDatabaseWhenIdle(databaseUrl);
    },
  };
}

/**
 * The whole payments service (app, bus, consumers) on an isolated database for the test file,
 * with no scheduled sweep; `as(caller)` gives the BFF's assertion for a request.
 */
export function usePaymentsService(overrides: Record<string, string> = {}) {
  const { config, as } = paymentsTestConfig({ SWEEP_INTERVAL_SECONDS: '0', ...overrides });
  const handle = { config, as, service: undefined as unknown as Awaited<ReturnType<typeof openPaymentsService>> };
  beforeAll(async () => {
    handle.service = await openPaymentsService(config);
  });
  afterAll(async () => {
    await handle.service?.bus.jsm.streams.delete(handle.service.bus.streamName);
    await handle.service?.app.close();
    await dropDatabaseWhenIdle(config.DATABASE_URL);
  });
  return handle;
}
