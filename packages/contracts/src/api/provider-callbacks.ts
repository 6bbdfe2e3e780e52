import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../endpoint.ts';

/**
 * Calls a provider makes to the BFF, with no session: each is trusted only once the provider's
 * own adapter (in the service that owns the provider) has checked its signature. Each answers
 * the provider what it expects on success; a missing signature is a 401 and a wrong one a 403.
 */
export const twilioSmsStatusCallback = defineEndpoint({
  method: 'POST',
  path: '/api/callbacks/twilio/sms-status',
  caller: 'webhook',
  summary: "Twilio's message status callback (signed with X-Twilio-Signature): records delivered or failed on the SMS",
  consumes: ['application/x-www-form-urlencoded'],
  responses: {
    200: { description: 'Received (the first time, or again: a replay changes nothing); an empty body, as Twilio expects', content: { 'text/plain': { schema: z.string() } } },
    ...errorResponses(400, 401, 403, 404, 413),
  },
});

/**
 * The mobile money gateway's callbacks (collections, payouts, refunds): one URL whichever gateway
 * payments uses, whose adapter checks the signature (Paystack's x-paystack-signature) or the
 * token in the URL (a gateway that signs nothing).
 */
export const mobileMoneyCallback = defineEndpoint({
  method: 'POST',
  path: '/api/callbacks/payments/mobile-money',
  caller: 'webhook',
  summary: "A mobile money gateway's callback: the payment it names is settled by the gateway's own record, once",
  consumes: ['application/json', 'application/x-www-form-urlencoded'],
  responses: {
    200: { description: 'Received (the first time, or again: a replay changes nothing); an empty body', content: { 'text/plain': { schema: z.string() } } },
    ...errorResponses(400, 401, 403, 404, 413),
  },
});
