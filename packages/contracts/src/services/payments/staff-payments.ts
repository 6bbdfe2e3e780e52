import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { memberPaymentsSchema } from '../../http/member-page.ts';
import {
  latestReconciliationSchema,
  reconciliationSchema,
  staffBookingLedgerParams,
  staffBookingLedgerSchema,
  staffPaymentListSchema,
  staffPaymentSearchQuerySchema,
  staffPayoutListSchema,
  staffPayoutParams,
  staffPayoutSchema,
  staffRefundRequestSchema,
  staffRefundSchema,
} from '../../http/staff-payments.ts';

/** The payments service's staff routes (the admin area's Payments tab). Asserted staff only. */
export const staffSearchPaymentsRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/payments',
  caller: 'staff',
  roles: ['finance'],
  summary: 'Payments by status, booking id and wallet phone (any of them), newest first, 50 a page',
  query: staffPaymentSearchQuerySchema,
  responses: { 200: staffPaymentListSchema, ...errorResponses(400, 401) },
});

export const staffBookingLedgerRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/payments/bookings/:id',
  caller: 'staff',
  roles: ['finance'],
  summary: "One booking's ledger: its entries with their lines, the net per account, and its payments",
  params: staffBookingLedgerParams,
  responses: { 200: staffBookingLedgerSchema, ...errorResponses(400, 401) },
});

export const staffRunReconciliationRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/payments/reconciliations',
  caller: 'staff',
  roles: ['finance'],
  summary: "Checks the books balance and reads the last 30 days' payments (at most 200) again at the gateway; stores and answers the result",
  responses: { 200: reconciliationSchema, ...errorResponses(401, 409) },
});

export const staffLatestReconciliationRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/payments/reconciliations/latest',
  caller: 'staff',
  roles: ['finance'],
  summary: 'The last reconciliation run (null before the first)',
  responses: { 200: latestReconciliationSchema, ...errorResponses(401) },
});

export const staffRefundRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/payments/bookings/:id/refunds',
  caller: 'staff',
  roles: ['finance'],
  summary: "Gives back money of a booking's payment with staff's reason: the amount, or all that is still held; 409 when there is nothing (or not that much) to give back",
  params: staffBookingLedgerParams,
  body: staffRefundRequestSchema,
  responses: { 200: staffRefundSchema, ...errorResponses(400, 401, 409) },
});

export const staffPayoutsNeedingAttentionRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/payments/payouts/attention',
  caller: 'staff',
  roles: ['finance'],
  summary: 'Payouts that need attention (kept failing, or the driver has no confirmed number), longest waiting first, at most 100',
  responses: { 200: staffPayoutListSchema, ...errorResponses(401) },
});

export const staffRetryPayoutRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/payments/payouts/:id/retry',
  caller: 'staff',
  roles: ['finance'],
  summary: 'Asks again for a payout that failed or needs attention (the next sweep sends it); 404 unknown, 409 when it cannot be tried again',
  params: staffPayoutParams,
  responses: { 200: staffPayoutSchema, ...errorResponses(401, 404, 409) },
});

export const staffMemberPaymentsParams = z.object({ id: z.string().uuid().describe('The member (user) id') });

/** The payments service's part of the admin area's member page: money, so finance (and administrators) only. */
export const staffMemberPaymentsRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/members/:id/payments',
  caller: 'staff',
  roles: ['finance'],
  summary: "A member's payments as passenger, refunds to them and payouts to them as driver: how many of each, and the latest ten of each, newest first",
  params: staffMemberPaymentsParams,
  responses: { 200: memberPaymentsSchema, ...errorResponses(400, 401, 403) },
});
