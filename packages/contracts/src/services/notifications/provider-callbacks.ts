import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { callbackOutcomeSchema, providerCallbackSchema } from '../../http/provider-callbacks.ts';

/**
 * The SMS provider's status callback, passed on by the BFF as it came: the service's SMS provider
 * checks the signature (401 missing, 403 wrong), and each delivery is applied once. 404 when it
 * names a message this service has not recorded as sent (yet).
 */
export const smsStatusCallbackRoute = defineEndpoint({
  method: 'POST',
  path: '/provider-callbacks/sms-status',
  caller: 'webhook',
  summary: "Records the SMS provider's delivery report on the message, once per delivery",
  body: providerCallbackSchema,
  responses: { 200: callbackOutcomeSchema, ...errorResponses(400, 401, 403, 404) },
});

/** The SMS providers a text to Krom may come through: each one's own callback route below. */
export const inboundSmsProviders = ['twilio', 'hubtel', 'local'] as const;
export type InboundSmsProviderName = (typeof inboundSmsProviders)[number];

/** What notifications did with an incoming text: `handled` it now, or found it `replayed` (the provider's message id taken before). */
export const inboundSmsOutcomeSchema = z.object({ outcome: z.enum(['handled', 'replayed']) });

const inboundSmsRoute = (provider: InboundSmsProviderName) =>
  defineEndpoint({
    method: 'POST',
    path: `/provider-callbacks/${provider}/sms-inbound`,
    caller: 'webhook',
    summary: `Takes a text to Krom that came through ${provider}, once per provider message id, after the provider's check`,
    body: providerCallbackSchema,
    responses: { 200: inboundSmsOutcomeSchema, ...errorResponses(400, 401, 403, 404) },
  });

/**
 * A text to Krom, passed on by the BFF as it came: the provider's inbound reader checks it (401
 * unsigned or without its token, 403 forged, 400 unreadable; 404 when that provider is not in use
 * here), then it is handled once per provider message id (`replayed` after that).
 */
export const inboundSmsRoutes = {
  twilio: inboundSmsRoute('twilio'),
  hubtel: inboundSmsRoute('hubtel'),
  local: inboundSmsRoute('local'),
} as const;

/** The USSD gateways a session may come through: each one's own callback route below. */
export const ussdProviders = ['africastalking', 'hubtel', 'local'] as const;
export type UssdProviderName = (typeof ussdProviders)[number];

/** The gateway's answer as the BFF sends it back: Africa's Talking's and the local simulator's text/plain `CON …`/`END …`, Hubtel's JSON. */
export const ussdAnswerSchema = z.object({ contentType: z.string(), body: z.string() });

const ussdRoute = (provider: UssdProviderName) =>
  defineEndpoint({
    method: 'POST',
    path: `/provider-callbacks/${provider}/ussd`,
    caller: 'webhook',
    summary: `Answers a USSD step that came through ${provider} with the menu's next screen, after the gateway's check`,
    body: providerCallbackSchema,
    responses: { 200: ussdAnswerSchema, ...errorResponses(400, 401, 403, 404) },
  });

/**
 * A USSD step, passed on by the BFF as it came: checked (Africa's Talking and Hubtel sign nothing,
 * so their callback URL carries a secret token: 401 without it, 403 wrong; the local simulator
 * signs with the local SMS phone's secret), then answered with the screen, the same screen again
 * for a retried step. 404 when that gateway is not in use here.
 */
export const ussdRoutes = {
  africastalking: ussdRoute('africastalking'),
  hubtel: ussdRoute('hubtel'),
  local: ussdRoute('local'),
} as const;
