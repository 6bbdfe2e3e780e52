import { createHttpApp } from '@krom/server-kit/http-app';
import { internalAuth } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from './db/rides-db.ts';
import { paymentMethodRoutes } from './routes/payment-methods.ts';
import { paymentRoutes } from './routes/payments.ts';

export type RidesAppDeps = {
  db: RidesDb;
  internalSecret: string;
  logLevel?: string;
  checks?: Record<string, () => Promise<void>>;
};

/** The rides service as a Fastify app: internal auth, then routes. Tests call it with inject. */
export async function buildRidesApp(deps: RidesAppDeps): Promise<FastifyInstance> {
  const app = createHttpApp({ service: 'rides', logLevel: deps.logLevel ?? 'info', checks: deps.checks });
  await app.register(internalAuth, { secret: deps.internalSecret, audience: 'rides' });
  await app.register(paymentRoutes, { db: deps.db });
  await app.register(paymentMethodRoutes, { db: deps.db });
  return app;
}
