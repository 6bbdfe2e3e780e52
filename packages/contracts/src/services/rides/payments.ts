import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  createPaymentMethodRequestSchema,
  deletePaymentMethodResponseSchema,
  paymentMethodListSchema,
  paymentMethodParams,
  paymentMethodSchema,
  paymentsResponseSchema,
  updatePaymentMethodRequestSchema,
} from '../../http/payments.ts';

/**
 * The rides service's payments routes, reached only from the BFF with an internal assertion that
 * names the user; every route acts on that user's own payments and numbers.
 */
export const listPaymentsRoute = defineEndpoint({
  method: 'GET',
  path: '/payments',
  caller: 'user',
  summary: "The asserted user's payments, newest first, and this month's totals",
  responses: { 200: paymentsResponseSchema, ...errorResponses(401) },
});

export const listPaymentMethodsRoute = defineEndpoint({
  method: 'GET',
  path: '/payment-methods',
  caller: 'user',
  summary: "The asserted user's mobile money numbers, masked, the default first",
  responses: { 200: paymentMethodListSchema, ...errorResponses(401) },
});

export const createPaymentMethodRoute = defineEndpoint({
  method: 'POST',
  path: '/payment-methods',
  caller: 'user',
  summary: 'Adds a mobile money number (the first one becomes the default)',
  body: createPaymentMethodRequestSchema,
  responses: { 201: paymentMethodSchema, ...errorResponses(400, 401, 409) },
});

export const updatePaymentMethodRoute = defineEndpoint({
  method: 'PUT',
  path: '/payment-methods/:id',
  caller: 'user',
  summary: 'Changes the network and/or the number of a saved method',
  params: paymentMethodParams,
  body: updatePaymentMethodRequestSchema,
  responses: { 200: paymentMethodSchema, ...errorResponses(400, 401, 404, 409) },
});

export const setDefaultPaymentMethodRoute = defineEndpoint({
  method: 'POST',
  path: '/payment-methods/:id/default',
  caller: 'user',
  summary: 'Makes this number the default',
  params: paymentMethodParams,
  responses: { 200: paymentMethodSchema, ...errorResponses(401, 404) },
});

export const deletePaymentMethodRoute = defineEndpoint({
  method: 'DELETE',
  path: '/payment-methods/:id',
  caller: 'user',
  summary: 'Removes a number; removing the default moves it to the newest remaining one',
  params: paymentMethodParams,
  responses: { 200: deletePaymentMethodResponseSchema, ...errorResponses(401, 404) },
});
