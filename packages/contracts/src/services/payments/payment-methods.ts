import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  createPaymentMethodRequestSchema,
  deletePaymentMethodResponseSchema,
  markPaymentMethodVerifiedRequestSchema,
  paymentMethodListSchema,
  paymentMethodNumberSchema,
  paymentMethodParams,
  paymentMethodSchema,
  paymentMethodWalletSchema,
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

/**
 * The full number of one of the user's unconfirmed methods, for the BFF to text a confirmation
 * code to it (409 when it is already confirmed). Internal: never forwarded to a browser.
 */
export const paymentMethodNumberRoute = defineEndpoint({
  method: 'GET',
  path: '/payment-methods/:id/number',
  caller: 'user',
  summary: 'The full number of an unconfirmed method, to text a confirmation code to',
  params: paymentMethodParams,
  responses: { 200: paymentMethodNumberSchema, ...errorResponses(401, 404, 409) },
});

/**
 * One of the user's methods as the wallet a booking is paid from (network and full number), for
 * the BFF to book with a saved number the browser only saw masked. Confirmed or not: paying from a
 * number needs no code (the prompt goes to that phone); only payouts do. Internal.
 */
export const paymentMethodWalletRoute = defineEndpoint({
  method: 'GET',
  path: '/payment-methods/:id/wallet',
  caller: 'user',
  summary: "One of the user's methods as a wallet to pay a booking from (full number)",
  params: paymentMethodParams,
  responses: { 200: paymentMethodWalletSchema, ...errorResponses(401, 404) },
});

/** Marks the method confirmed once its code was verified, only if its number is still `number` (409 otherwise). */
export const markPaymentMethodVerifiedRoute = defineEndpoint({
  method: 'POST',
  path: '/payment-methods/:id/verified',
  caller: 'user',
  summary: 'Marks the method confirmed if its number is unchanged since the code was sent',
  params: paymentMethodParams,
  body: markPaymentMethodVerifiedRequestSchema,
  responses: { 200: paymentMethodSchema, ...errorResponses(400, 401, 404, 409) },
});
