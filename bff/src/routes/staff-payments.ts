import {
  getLatestReconciliation,
  getPayoutsNeedingAttention,
  getStaffBookingLedger,
  refundAsStaff,
  retryPayout,
  runReconciliation,
  searchStaffPayments,
} from '@krom/contracts/api/staff-payments';
import {
  staffBookingLedgerRoute,
  staffLatestReconciliationRoute,
  staffPayoutsNeedingAttentionRoute,
  staffRefundRoute,
  staffRetryPayoutRoute,
  staffRunReconciliationRoute,
  staffSearchPaymentsRoute,
} from '@krom/contracts/services/payments/staff-payments';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireAdminCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * The admin area's Payments tab, forwarded to the payments service as the signed-in staff member
 * (whose id a reconciliation, a refund or a payout's retry records). Staff sessions only. A reconciliation reads the gateway up
 * to 200 times, so running one is held to the public rate per client as well.
 */
export async function staffPaymentRoutes(app: FastifyInstance, { directory, publicRateLimit }: RouteOptions) {
  const asStaff = { service: 'payments' as const, caller: requireAdminCaller };
  await forward(app, directory, { ...asStaff, endpoint: searchStaffPayments, to: staffSearchPaymentsRoute });
  await forward(app, directory, { ...asStaff, endpoint: getStaffBookingLedger, to: staffBookingLedgerRoute });
  await forward(app, directory, { ...asStaff, endpoint: runReconciliation, to: staffRunReconciliationRoute, rateLimit: publicRateLimit });
  await forward(app, directory, { ...asStaff, endpoint: getLatestReconciliation, to: staffLatestReconciliationRoute });
  await forward(app, directory, { ...asStaff, endpoint: refundAsStaff, to: staffRefundRoute });
  await forward(app, directory, { ...asStaff, endpoint: getPayoutsNeedingAttention, to: staffPayoutsNeedingAttentionRoute });
  await forward(app, directory, { ...asStaff, endpoint: retryPayout, to: staffRetryPayoutRoute });
}
