import {
  staffBookingLedgerRoute,
  staffLatestReconciliationRoute,
  staffRunReconciliationRoute,
  staffSearchPaymentsRoute,
} from '@krom/contracts/services/payments/staff-payments';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireAdmin } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { PaymentsDb } from '../db/payments-db.ts';
import type { MobileMoneyProvider } from '../providers/mobile-money/port.ts';
import { staffBookingLedger } from '../staff/booking-ledger-view.ts';
import { latestReconciliation, runReconciliation } from '../staff/reconcile.ts';
import { searchPayments } from '../staff/search-payments.ts';

/** Staff on payments (the admin area's Payments tab): find payments, read a booking's ledger, run and read the reconciliation. */
export async function staffPaymentRoutes(app: FastifyInstance, deps: { db: PaymentsDb; provider: MobileMoneyProvider; clock: () => Date }) {
  const { db } = deps;
  routeEndpoint(app, staffSearchPaymentsRoute, { handler: async (request) => searchPayments(db, request.query) });

  routeEndpoint(app, staffBookingLedgerRoute, { handler: async (request) => staffBookingLedger(db, request.params.id) });

  routeEndpoint(app, staffRunReconciliationRoute, {
    handler: async (request) => runReconciliation(db, deps.provider, { staffId: requireAdmin(request), now: deps.clock() }),
  });

  routeEndpoint(app, staffLatestReconciliationRoute, { handler: async () => ({ reconciliation: await latestReconciliation(db) }) });
}
