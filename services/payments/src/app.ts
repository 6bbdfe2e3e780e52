import { createHttpApp } from '@krom/server-kit/http-app';
import { internalAuth } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { PaymentsDb } from './db/payments-db.ts';
import { bookingPaymentRoutes } from './routes/booking-payments.ts';
import type { MobileMoneyProvider } from './providers/mobile-money/port.ts';
import { paymentHistoryRoutes } from './routes/payment-history.ts';
import { paymentMethodRoutes } from './routes/payment-methods.ts';
import { providerCallbackRoutes } from './routes/provider-callbacks.ts';
import { staffPaymentRoutes } from './routes/staff-payments.ts';

export type PaymentsAppDeps = {
  db: PaymentsDb;
  internalSecret: string;
  mobileMoney: MobileMoneyProvider;
  clock?: () => Date;
  logLevel?: string;
  checks?: Record<string, () => Promise<void>>;
};

/**
 * The payments service as a Fastify app: the internal assertion first, so every route (the
 * gateway's callbacks, and the refunds, payouts and staff's ledger views of later slices) is
 * closed to anyone but the BFF. Tests call it with inject.
 */
export async function buildPaymentsApp(deps: PaymentsAppDeps): Promise<FastifyInstance> {
  const app = createHttpApp({ service: 'payments', logLevel: deps.logLevel ?? 'info', checks: deps.checks });
  await app.register(internalAuth, { secret: deps.internalSecret, audience: 'payments' });
  const clock = deps.clock ?? (() => new Date());
  await app.register(providerCallbackRoutes, { db: deps.db, provider: deps.mobileMoney, clock });
  await app.register(paymentMethodRoutes, { db: deps.db });
  await app.register(bookingPaymentRoutes, { db: deps.db, provider: deps.mobileMoney, clock });
  await app.register(staffPaymentRoutes, { db: deps.db, provider: deps.mobileMoney, clock });
  await app.register(paymentHistoryRoutes, { db: deps.db, clock });
  return app;
}
