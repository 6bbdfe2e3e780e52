import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  createPaymentMethodRequestSchema,
  deletePaymentMethodResponseSchema,
  paymentMethodListSchema,
  paymentMethodParams,
  paymentMethodSchema,
  updatePaymentMethodRequestSchema,
} from '../../http/payments.ts';

/**
 * The payments service's routes for a member's saved mobile money numbers, reached only from the
 * BFF with an internal assertion that names the user; every route acts on that user's own numbers
 * (another member's id is answered 404, like one that does not exist).
 */
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
