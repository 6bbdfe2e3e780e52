import { dropDatabaseWhenIdle, isolatedServiceConfig } from '@krom/server-kit/testing';
import { afterAll, beforeAll } from 'vitest';
import { readRidesConfig } from '../src/config.ts';
import { openRidesService } from '../src/open-rides.ts';

/** A fresh, isolated rides-service configuration on the real PostgreSQL and NATS. */
export const ridesTestConfig = (overrides: Record<string, string> = {}) => isolatedServiceConfig('rides', readRidesConfig, overrides);

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
    await dropDatabaseWhenIdle(config.DATABASE_URL);
  });
  return handle;
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
