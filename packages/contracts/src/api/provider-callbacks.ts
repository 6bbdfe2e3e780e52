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

const inboundSmsResponses = (ok: { description: string; contentType: string }) => ({
  200: { description: ok.description, content: { [ok.contentType]: { schema: z.string() } } },
  ...errorResponses(400, 401, 403, 404, 413),
});

/**
 * Twilio's incoming message webhook (signed with X-Twilio-Signature; form fields MessageSid, From,
 * To, Body): notifications takes the message once and answers it through the normal SMS queue, so
 * Twilio is given an empty TwiML `<Response/>` (nothing to send back in the answer itself).
 */
export const twilioInboundSmsCallback = defineEndpoint({
  method: 'POST',
  path: '/api/callbacks/twilio/sms-inbound',
  caller: 'webhook',
  summary: "Twilio's incoming SMS webhook: a text to Krom's number, taken once and answered by SMS",
  consumes: ['application/x-www-form-urlencoded'],
  responses: inboundSmsResponses({ description: 'Received (once; a replay changes nothing): an empty TwiML response', contentType: 'text/xml' }),
});

/**
 * Hubtel's two-way SMS callback (a text to Krom's short code and keyword). Hubtel signs nothing,
 * so the URL it is given carries a secret `token` query parameter, checked by notifications.
 */
export const hubtelInboundSmsCallback = defineEndpoint({
  method: 'POST',
  path: '/api/callbacks/hubtel/sms-inbound',
  caller: 'webhook',
  summary: "Hubtel's two-way SMS callback (secret token in the URL): a text to Krom's short code, taken once and answered by SMS",
  consumes: ['application/json', 'application/x-www-form-urlencoded'],
  responses: inboundSmsResponses({ description: 'Received (once; a replay changes nothing); an empty body', contentType: 'text/plain' }),
});

/**
 * The local SMS phone's messages (a page on this machine standing in for any phone), signed with
 * HMAC-SHA256 of the body under the local secret (X-Local-Sms-Signature). Only when no real SMS
 * provider is configured.
 */
export const localInboundSmsCallback = defineEndpoint({
  method: 'POST',
  path: '/api/callbacks/local/sms-inbound',
  caller: 'webhook',
  summary: "The local SMS phone's message to Krom (signed with X-Local-Sms-Signature), taken once and answered by SMS",
  consumes: ['application/json'],
  responses: inboundSmsResponses({ description: 'Received (once; a replay changes nothing); an empty body', contentType: 'text/plain' }),
});

/**
 * The USSD gateways' callbacks: each step of a session dialled on Krom's short code, answered with
 * the menu's next screen (notifications' USSD menu). Africa's Talking and Hubtel sign nothing, so
 * the URL each is given carries a secret `token`; the local USSD simulator signs as the local SMS
 * phone does (X-Local-Sms-Signature).
 */
export const africasTalkingUssdCallback = defineEndpoint({
  method: 'POST',
  path: '/api/callbacks/africastalking/ussd',
  caller: 'webhook',
  summary: "Africa's Talking's USSD callback (secret token in the URL): a step of a session, answered with the next screen",
  consumes: ['application/x-www-form-urlencoded'],
  responses: inboundSmsResponses({ description: 'The next screen: `CON …` to go on, `END …` to close', contentType: 'text/plain' }),
});

export const hubtelUssdCallback = defineEndpoint({
  method: 'POST',
  path: '/api/callbacks/hubtel/ussd',
  caller: 'webhook',
  summary: "Hubtel's USSD (programmable services) callback (secret token in the URL): a step of a session, answered with the next screen",
  consumes: ['application/json'],
  responses: inboundSmsResponses({ description: "The next screen as Hubtel reads it: {SessionId, Type 'response' or 'release', Message, Label, DataType, FieldType}", contentType: 'application/json' }),
});

export const localUssdCallback = defineEndpoint({
  method: 'POST',
  path: '/api/callbacks/local/ussd',
  caller: 'webhook',
  summary: "The local USSD simulator's step (signed with X-Local-Sms-Signature), answered with the next screen",
  consumes: ['application/json'],
  responses: inboundSmsResponses({ description: 'The next screen: `CON …` to go on, `END …` to close', contentType: 'text/plain' }),
});
