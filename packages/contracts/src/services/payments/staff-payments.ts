import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  latestReconciliationSchema,
  reconciliationSchema,
  staffBookingLedgerParams,
  staffBookingLedgerSchema,
  staffPaymentListSchema,
  staffPaymentSearchQuerySchema,
} from '../../http/staff-payments.ts';

/** The payments service's staff routes (the admin area's Payments tab). Asserted staff only. */
export const staffSearchPaymentsRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/payments',
  caller: 'staff',
  summary: 'Payments by status, booking id and wallet phone (any of them), newest first, 50 a page',
  query: staffPaymentSearchQuerySchema,
  responses: { 200: staffPaymentListSchema, ...errorResponses(400, 401) },
});

export const staffBookingLedgerRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/payments/bookings/:id',
  caller: 'staff',
  summary: "One booking's ledger: its entries with their lines, the net per account, and its payments",
  params: staffBookingLedgerParams,
  responses: { 200: staffBookingLedgerSchema, ...errorResponses(400, 401) },
});

export const staffRunReconciliationRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/payments/reconciliations',
  caller: 'staff',
  summary: "Checks the books balance and reads the last 30 days' payments (at most 200) again at the gateway; stores and answers the result",
  responses: { 200: reconciliationSchema, ...errorResponses(401, 409) },
});

export const staffLatestReconciliationRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/payments/reconciliations/latest',
  caller: 'staff',
  summary: 'The last reconciliation run (null before the first)',
  responses: { 200: latestReconciliationSchema, ...errorResponses(401) },
});
