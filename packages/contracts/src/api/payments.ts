import { defineEndpoint, errorResponses } from '../endpoint.ts';
import {
  createPaymentMethodRequestSchema,
  deletePaymentMethodResponseSchema,
  paymentMethodListSchema,
  paymentMethodParams,
  paymentMethodSchema,
  paymentsResponseSchema,
  updatePaymentMethodRequestSchema,
} from '../http/payments.ts';

/** The payments screen's calls, as the signed-in user (403: a write sent from another site). */
export const getPayments = defineEndpoint({
  method: 'GET',
  path: '/api/payments',
  caller: 'user',
  summary: "Every payment of the signed-in user, newest first, and this month's totals",
  responses: { 200: paymentsResponseSchema, ...errorResponses(401) },
});

export const getPaymentMethods = defineEndpoint({
  method: 'GET',
  path: '/api/payment-methods',
  caller: 'user',
  summary: "The user's mobile money numbers, masked, the default first, then newest first",
  responses: { 200: paymentMethodListSchema, ...errorResponses(401) },
});

export const createPaymentMethod = defineEndpoint({
  method: 'POST',
  path: '/api/payment-methods',
  caller: 'user',
  summary: 'Adds a mobile money number (the first one becomes the default)',
  body: createPaymentMethodRequestSchema,
  responses: { 201: paymentMethodSchema, ...errorResponses(400, 401, 403, 409) },
});

export const updatePaymentMethod = defineEndpoint({
  method: 'PUT',
  path: '/api/payment-methods/:id',
  caller: 'user',
  summary: 'A new network and/or a new number for a saved method',
  params: paymentMethodParams,
  body: updatePaymentMethodRequestSchema,
  responses: { 200: paymentMethodSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const setDefaultPaymentMethod = defineEndpoint({
  method: 'POST',
  path: '/api/payment-methods/:id/default',
  caller: 'user',
  summary: 'Makes this number the default (the others stop being it)',
  params: paymentMethodParams,
  responses: { 200: paymentMethodSchema, ...errorResponses(401, 403, 404) },
});

export const deletePaymentMethod = defineEndpoint({
  method: 'DELETE',
  path: '/api/payment-methods/:id',
  caller: 'user',
  summary: 'Removes a number; the default may have moved, so read the list again',
  params: paymentMethodParams,
  responses: { 200: deletePaymentMethodResponseSchema, ...errorResponses(401, 403, 404) },
});
