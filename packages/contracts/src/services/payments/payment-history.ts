import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { driverEarningsSchema, paymentReceiptParams, paymentReceiptSchema } from '../../http/payment-receipts.ts';
import { paymentsQuerySchema, paymentsResponseSchema } from '../../http/payments.ts';
import { paymentsDataExportSchema } from '../../http/data-export.ts';

/**
 * The payments service's reading routes, reached only from the BFF with an internal assertion
 * that names the user; each answers only with that user's own money.
 */
export const listPaymentsRoute = defineEndpoint({
  method: 'GET',
  path: '/payments',
  caller: 'user',
  summary: "One page of the asserted user's transactions, newest first, and this month's totals",
  query: paymentsQuerySchema,
  responses: { 200: paymentsResponseSchema, ...errorResponses(400, 401) },
});

export const paymentReceiptRoute = defineEndpoint({
  method: 'GET',
  path: '/payments/:id/receipt',
  caller: 'user',
  summary: "A payment's receipt, for the passenger who made it (404 for anyone else)",
  params: paymentReceiptParams,
  responses: { 200: paymentReceiptSchema, ...errorResponses(401, 404) },
});

export const driverEarningsRoute = defineEndpoint({
  method: 'GET',
  path: '/payments/earnings',
  caller: 'user',
  summary: "What the asserted driver was paid out: today, this week, this month, last month and the last 12 weeks",
  responses: { 200: driverEarningsSchema, ...errorResponses(401) },
});

export const exportMemberPaymentsDataRoute = defineEndpoint({
  method: 'GET',
  path: '/members/me/data-export',
  caller: 'user',
  summary: "The asserted member's payments, refunds, payouts and saved numbers (masked), for their data download",
  responses: { 200: paymentsDataExportSchema, ...errorResponses(401) },
});
