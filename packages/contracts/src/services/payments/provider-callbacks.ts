import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { callbackOutcomeSchema, providerCallbackSchema } from '../../http/provider-callbacks.ts';

/**
 * The mobile money gateway's callback, passed on by the BFF as it came: the service's gateway
 * adapter checks it (401 unsigned, 403 forged, 400 unreadable), then the payment is settled by
 * the gateway's own record of it, once (`replayed` after that).
 */
export const mobileMoneyCallbackRoute = defineEndpoint({
  method: 'POST',
  path: '/provider-callbacks/mobile-money',
  caller: 'webhook',
  summary: "Settles the payment a mobile money gateway's callback names, by the gateway's own record of it",
  body: providerCallbackSchema,
  responses: { 200: callbackOutcomeSchema, ...errorResponses(400, 401, 403) },
});
