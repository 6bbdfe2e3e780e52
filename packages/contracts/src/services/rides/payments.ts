import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { paymentsResponseSchema } from '../../http/payments.ts';

/**
 * The rides service's payments routes, reached only from the BFF with an internal assertion that
 * names the user; it acts on that user's own payments (the saved numbers are the payments service's).
 */
export const listPaymentsRoute = defineEndpoint({
  method: 'GET',
  path: '/payments',
  caller: 'user',
  summary: "The asserted user's payments, newest first, and this month's totals",
  responses: { 200: paymentsResponseSchema, ...errorResponses(401) },
});
