import { createDatabase, dropDatabase } from '@krom/server-kit/db';
import { ASSERTION_HEADER, type Caller, signAssertion } from '@krom/server-kit/internal-auth';
import { eventually, isolatedTestEnv } from '@krom/server-kit/testing';
import { afterAll, beforeAll } from 'vitest';
import { readRidesConfig } from '../src/config.ts';
import { openRidesService } from '../src/open-rides.ts';

/** A fresh, isolated rides-service configuration on the real PostgreSQL and NATS. */
export function ridesTestConfig(overrides: Record<string, string> = {}) {
  const env = isolatedTestEnv('rides');
  const config = readRidesConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL: env.databaseUrl,
    NATS_URL: env.natsUrl,
    BUS_PREFIX: env.busPrefix,
    INTERNAL_AUTH_SECRET: env.internalSecret,
    ...overrides,
  });
  const as = async (caller: Caller) => ({ [ASSERTION_HEADER]: await signAssertion(config.INTERNAL_AUTH_SECRET, caller, 'rides') });
  return { env, config, as };
}

export type RidesService = Awaited<ReturnType<typeof openRidesService>>;

/** Opens the rides service for this test file and removes its database and stream afterwards. */
export function useRidesService() {
  const { config, as } = ridesTestConfig();
  const handle = { config, as, service: undefined as unknown as RidesService };
  beforeAll(async () => {
    handle.service = await openRidesService(config);
  });
  afterAll(async () => {
    await handle.service?.bus.jsm.streams.delete(handle.service.bus.streamName);
    await handle.service?.app.close();
    await dropDatabaseWhenClosed(config.DATABASE_URL);
  });
  return handle;
}

/**
 * A closed pg pool has asked its connections to end but may not have seen them go; dropping the
 * database WITH (FORCE) before then kills them mid-goodbye and the client reports an uncaught error.
 */
export async function dropDatabaseWhenClosed(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const maintenance = createDatabase(url.toString(), {}, 1);
  try {
    await eventually(async () => {
      const { rows } = await maintenance.$client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      return rows[0]?.n === 0 ? true : undefined;
    }, 5000).catch(() => undefined);
  } finally {
    await maintenance.$client.end();
  }
  await dropDatabase(databaseUrl);
}

/** A payment row written straight into the table, as the booking flow will write them later. */
export type PaymentSeed = {
  payerId: string;
  recipientId: string;
  amount: string;
  status?: 'completed' | 'pending' | 'failed' | 'refunded';
  currency?: string;
  createdAt?: string;
  processedAt?: string | null;
  transactionId?: string | null;
  paymentMethod?: string;
  paymentProvider?: string;
};

export async function insertPayment(service: RidesService, seed: PaymentSeed): Promise<string> {
  const { rows } = await service.db.$client.query<{ id: string }>(
    `INSERT INTO payments (payer_id, recipient_id, amount, currency, payment_method, payment_provider, transaction_id, status, processed_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10::timestamptz, now())) RETURNING id`,
    [
      seed.payerId,
      seed.recipientId,
      seed.amount,
      seed.currency ?? 'GHS',
      seed.paymentMethod ?? 'mobile_money',
      seed.paymentProvider ?? 'mtn',
      seed.transactionId ?? null,
      seed.status ?? 'completed',
      seed.processedAt ?? null,
      seed.createdAt ?? null,
    ],
  );
  return rows[0]!.id;
}
