import { defineForwarded, errorResponses } from '../endpoint.ts';
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
