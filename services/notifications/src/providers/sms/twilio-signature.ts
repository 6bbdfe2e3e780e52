import { CallbackRefusedError, formParams, type ProviderCallback } from '@krom/server-kit/providers';
import twilio from 'twilio';
import type { InboundSms, InboundSmsProvider, SmsStatusReport } from './port.ts';

export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

/** Twilio's message statuses that settle a delivery; the others (queued, sending, sent, …) are steps on the way. */
const settled: Record<string, SmsStatusReport['delivery']> = { delivered: 'delivered', undelivered: 'failed', failed: 'failed' };

/**
 * Reads a message status callback signed as Twilio signs (X-Twilio-Signature: HMAC-SHA1 of the
 * full URL followed by each POST parameter's name and value, sorted by name, base64, keyed with
 * the auth token), checked with the twilio library's own `validateRequest`. The local provider
 * signs its callbacks the same way with its own token, so one reader serves both.
 */
export function readTwilioStatusCallback(authToken: string, callback: ProviderCallback, accountSid?: string): SmsStatusReport {
  const params = signedTwilioParams(authToken, callback, accountSid);
  const { MessageSid: providerId, MessageStatus: status, ErrorCode: errorCode } = params;
  if (!providerId || !status) throw new CallbackRefusedError(400, 'The callback names no message or status');
  return { deliveryId: `${providerId}:${status}`, providerId, status, delivery: settled[status] ?? null, errorCode: errorCode || undefined };
}

/** The form parameters of a callback signed as Twilio signs, checked with the twilio library's `validateRequest` (and its account, when given). */
function signedTwilioParams(authToken: string, callback: ProviderCallback, accountSid: string | undefined): Record<string, string> {
  const signature = callback.headers[TWILIO_SIGNATURE_HEADER];
  if (!signature) throw new CallbackRefusedError(401, 'The callback is not signed');
  const params = formParams(callback.rawBody);
  if (!twilio.validateRequest(authToken, signature, callback.url, params)) throw new CallbackRefusedError(403, 'The callback signature does not match');
  if (accountSid !== undefined && params.AccountSid !== accountSid) throw new CallbackRefusedError(403, 'The callback is for another account');
  return params;
}

/**
 * Twilio's incoming message webhook (MessageSid, From, To, Body, form-encoded), signed as its
 * status callbacks are: the same check with the account's auth token.
 */
export function twilioInboundSms(authToken: string, accountSid: string): InboundSmsProvider {
  return {
    name: 'twilio',
    verifyInbound(callback): InboundSms {
      const { MessageSid: providerMessageId, From: from, To: to, Body: text } = signedTwilioParams(authToken, callback, accountSid);
      if (!providerMessageId || !from || !to || text === undefined) throw new CallbackRefusedError(400, 'The message names no sid, sender, recipient or body');
      return { providerMessageId, from, to, text };
    },
  };
}

/** The X-Twilio-Signature for a callback to `url` with these form parameters. */
export const twilioSignature = (authToken: string, url: string, params: Record<string, string>): string =>
  twilio.getExpectedTwilioSignature(authToken, url, params);
