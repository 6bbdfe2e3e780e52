import { CallbackRefusedError, formParams, type ProviderCallback } from '@krom/server-kit/providers';
import twilio from 'twilio';
import type { SmsStatusReport } from './port.ts';

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
  const signature = callback.headers[TWILIO_SIGNATURE_HEADER];
  if (!signature) throw new CallbackRefusedError(401, 'The callback is not signed');
  const params = formParams(callback.rawBody);
  if (!twilio.validateRequest(authToken, signature, callback.url, params)) throw new CallbackRefusedError(403, 'The callback signature does not match');
  if (accountSid !== undefined && params.AccountSid !== accountSid) throw new CallbackRefusedError(403, 'The callback is for another account');
  const { MessageSid: providerId, MessageStatus: status, ErrorCode: errorCode } = params;
  if (!providerId || !status) throw new CallbackRefusedError(400, 'The callback names no message or status');
  return { deliveryId: `${providerId}:${status}`, providerId, status, delivery: settled[status] ?? null, errorCode: errorCode || undefined };
}

/** The X-Twilio-Signature for a callback to `url` with these form parameters. */
export const twilioSignature = (authToken: string, url: string, params: Record<string, string>): string =>
  twilio.getExpectedTwilioSignature(authToken, url, params);
