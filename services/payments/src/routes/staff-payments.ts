import {
  staffBookingLedgerRoute,
  staffLatestReconciliationRoute,
  staffMemberPaymentsRoute,
  staffPayoutsNeedingAttentionRoute,
  staffRefundRoute,
  staffRetryPayoutRoute,
  staffRunReconciliationRoute,
  staffSearchPaymentsRoute,
} from '@krom/contracts/services/payments/staff-payments';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireAdmin } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { PaymentsDb } from '../db/payments-db.ts';
import type { MobileMoneyProvider } from '../providers/mobile-money/port.ts';
import { staffBookingLedger } from '../staff/booking-ledger-view.ts';
import { memberPayments } from '../staff/member-payments.ts';
import { latestReconciliation, runReconciliation } from '../staff/reconcile.ts';
import { searchPayments } from '../staff/search-payments.ts';
import { payoutsNeedingAttention, refundAsStaff, retryPayoutAsStaff } from '../staff/staff-money-actions.ts';

/**
 * Staff on payments (the admin area's Payments tab): find payments, read a booking's ledger, give
 * money back with a reason, see and retry payouts needing attention, run and read the reconciliation;
 * and a member's payments, refunds and payouts for the member page.
 */
export async function staffPaymentRoutes(app: FastifyInstance, deps: { db: PaymentsDb; provider: MobileMoneyProvider; clock: () => Date }) {
  const { db } = deps;
  routeEndpoint(app, staffSearchPaymentsRoute, { handler: async (request) => searchPayments(db, request.query) });

  routeEndpoint(app, staffBookingLedgerRoute, { handler: async (request) => staffBookingLedger(db, request.params.id) });

  routeEndpoint(app, staffRunReconciliationRoute, {
    handler: async (request) => runReconciliation(db, deps.provider, { staffId: requireAdmin(request), now: deps.clock() }),
  });

  routeEndpoint(app, staffRefundRoute, {
    handler: async (request) =>
      refundAsStaff(
        db,
        { bookingId: request.params.id, amountPesewas: request.body.amountPesewas, reason: request.body.reason, staffId: requireAdmin(request) },
        { provider: deps.provider, clock: deps.clock, logger: request.log },
      ),
  });

  routeEndpoint(app, staffPayoutsNeedingAttentionRoute, { handler: async () => payoutsNeedingAttention(db) });

  routeEndpoint(app, staffRetryPayoutRoute, { handler: async (request) => retryPayoutAsStaff(db, request.params.id, requireAdmin(request), deps.clock()) });

  routeEndpoint(app, staffMemberPaymentsRoute, { handler: async (request) => memberPayments(db, request.params.id) });

  routeEndpoint(app, staffLatestReconciliationRoute, { handler: async () => ({ reconciliation: await latestReconciliation(db) }) });
}
