import { createHttpApp } from '@krom/server-kit/http-app';
import { internalAuth } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { PaymentsDb } from './db/payments-db.ts';

export type PaymentsAppDeps = {
  db: PaymentsDb;
  internalSecret: string;
  logLevel?: string;
  checks?: Record<string, () => Promise<void>>;
};

/**
 * The payments service as a Fastify app: the internal assertion first, so every route the later
 * slices add (payments, refunds, payouts, the staff's ledger views) is closed to anyone but the BFF.
 * Tests call it with inject.
 */
export async function buildPaymentsApp(deps: PaymentsAppDeps): Promise<FastifyInstance> {
  const app = createHttpApp({ service: 'payments', logLevel: deps.logLevel ?? 'info', checks: deps.checks });
  await app.register(internalAuth, { secret: deps.internalSecret, audience: 'payments' });
  return app;
}
