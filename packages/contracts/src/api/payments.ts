import { defineEndpoint, defineForwarded, errorResponses } from '../endpoint.ts';
import {
  confirmPaymentMethodRequestSchema,
  paymentMethodCodeSentSchema,
  paymentMethodParams,
  paymentMethodSchema,
} from '../http/payments.ts';
import { issueCodeRefusedSchema } from '../http/verification-codes.ts';
import {
  createPaymentMethodRoute,
  deletePaymentMethodRoute,
  listPaymentMethodsRoute,
  setDefaultPaymentMethodRoute,
  updatePaymentMethodRoute,
} from '../services/payments/payment-methods.ts';

/** The payments screen's calls, as the signed-in user (403: a write sent from another site). */
export const getPaymentMethods = defineForwarded(listPaymentMethodsRoute, {
  summary: "The user's mobile money numbers, masked, the default first, then newest first",
});

export const createPaymentMethod = defineForwarded(createPaymentMethodRoute, {
  responses: { ...createPaymentMethodRoute.responses, ...errorResponses(403) },
});

export const updatePaymentMethod = defineForwarded(updatePaymentMethodRoute, {
  summary: 'A new network and/or a new number for a saved method',
  responses: { ...updatePaymentMethodRoute.responses, ...errorResponses(403) },
});

export const setDefaultPaymentMethod = defineForwarded(setDefaultPaymentMethodRoute, {
  summary: 'Makes this number the default (the others stop being it)',
  responses: { ...setDefaultPaymentMethodRoute.responses, ...errorResponses(403) },
});

export const deletePaymentMethod = defineForwarded(deletePaymentMethodRoute, {
  summary: 'Removes a number; the default may have moved, so read the list again',
  responses: { ...deletePaymentMethodRoute.responses, ...errorResponses(403) },
});

/** A refusal: the seconds to wait when the notifications service's cooldown or cap applies, none from the rate limit. */
const codeRefusedResponseSchema = issueCodeRefusedSchema.partial({ resendAfterSeconds: true });

export const sendPaymentMethodCode = defineEndpoint({
  method: 'POST',
  path: '/api/payment-methods/:id/confirmation',
  caller: 'user',
  summary: 'Texts a code to the number to confirm it for payouts (also Resend); 409 when already confirmed; 429 with the seconds to wait',
  params: paymentMethodParams,
  responses: { 201: paymentMethodCodeSentSchema, 429: codeRefusedResponseSchema, ...errorResponses(401, 403, 404, 409) },
});

export const confirmPaymentMethod = defineEndpoint({
  method: 'POST',
  path: '/api/payment-methods/:id/confirm',
  caller: 'user',
  summary: 'Checks the code texted to the number and marks it confirmed; 400 for a wrong, used or expired code',
  params: paymentMethodParams,
  body: confirmPaymentMethodRequestSchema,
  responses: { 200: paymentMethodSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
});
