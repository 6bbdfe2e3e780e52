import { defineForwarded, errorResponses } from '../endpoint.ts';
import {
  staffBookingLedgerRoute,
  staffLatestReconciliationRoute,
  staffRunReconciliationRoute,
  staffPayoutsNeedingAttentionRoute,
  staffRefundRoute,
  staffRetryPayoutRoute,
  staffSearchPaymentsRoute,
} from '../services/payments/staff-payments.ts';

/** The admin area's Payments tab, under /api/admin like the rest of the staff area. Staff sessions only. */
export const searchStaffPayments = defineForwarded(staffSearchPaymentsRoute, {
  path: '/api/admin/payments',
  summary: 'Payments by status, booking id and wallet phone (local or +233 form), newest first, 50 a page',
});

export const getStaffBookingLedger = defineForwarded(staffBookingLedgerRoute, {
  path: '/api/admin/payments/bookings/:id',
  summary: "One booking's ledger: entries with lines, net per account, and its payments",
});

export const runReconciliation = defineForwarded(staffRunReconciliationRoute, {
  path: '/api/admin/payments/reconciliations',
  summary: "Runs the reconciliation (books balance; the last 30 days' payments, at most 200, read again at the gateway) and answers its result",
  responses: { ...staffRunReconciliationRoute.responses, ...errorResponses(403, 429) },
});

export const getLatestReconciliation = defineForwarded(staffLatestReconciliationRoute, {
  path: '/api/admin/payments/reconciliations/latest',
  summary: 'The last reconciliation run, or null',
});

export const refundAsStaff = defineForwarded(staffRefundRoute, {
  path: '/api/admin/payments/bookings/:id/refunds',
  summary: "Gives back money of a booking's payment with a reason (the amount, or all still held); 409 when there is nothing or not that much to give back",
  responses: { ...staffRefundRoute.responses, ...errorResponses(403) },
});

export const getPayoutsNeedingAttention = defineForwarded(staffPayoutsNeedingAttentionRoute, {
  path: '/api/admin/payments/payouts/attention',
  summary: 'Payouts that need attention, longest waiting first, at most 100',
});

export const retryPayout = defineForwarded(staffRetryPayoutRoute, {
  path: '/api/admin/payments/payouts/:id/retry',
  summary: 'Asks again for a payout that failed or needs attention; 404 unknown, 409 when it cannot be tried again',
  responses: { ...staffRetryPayoutRoute.responses, ...errorResponses(403) },
});
