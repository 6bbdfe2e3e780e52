import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { type SmsProvider, SmsProviderError } from './port.ts';
import { readTwilioStatusCallback } from './twilio-signature.ts';

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** Sends requests here instead of https://api.twilio.com, path and query kept. */
  apiBaseUrl?: string | undefined;
  /** Where Twilio posts each message's status changes (the BFF's public callback URL); none asked for when unset. */
  statusCallbackUrl?: string | undefined;
  /** How long one request may take before it is given up (default 15 s). */
  timeoutMs?: number | undefined;
};

/** Twilio's HTTP client with every request's origin swapped for `baseUrl` (a test double or a proxy). */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(
    private readonly baseUrl: string,
    timeout: number,
  ) {
    super({ timeout });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const original = new URL(opts.uri);
    const uri = `${this.baseUrl.replace(/\/+$/, '')}${original.pathname}${original.search}`;
    return super.request({ ...opts, uri });
  }
}

/** SMS through Twilio's Messages API. */
export function twilioSmsProvider(settings: TwilioSettings): SmsProvider {
  const timeout = settings.timeoutMs ?? 15_000;
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient: settings.apiBaseUrl ? new RebasedRequestClient(settings.apiBaseUrl, timeout) : new twilio.RequestClient({ timeout }),
  });
  return {
    name: 'twilio',
    async send(to, body) {
      try {
        const statusCallback = settings.statusCallbackUrl ? { statusCallback: settings.statusCallbackUrl } : {};
        const message = await client.messages.create({ to, from: settings.fromNumber, body, ...statusCallback });
        return { providerId: message.sid };
      } catch (error) {
        throw asProviderError(error);
      }
    },
    verifyWebhook: (callback) => readTwilioStatusCallback(settings.authToken, callback, settings.accountSid),
  };
}

/** Network failures that happen before a request is written: Twilio cannot have received it. */
const BEFORE_REQUEST = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID']);

/**
 * Says whether the message may have gone out. A 4xx is Twilio refusing it (429: come back later;
 * the others repeat on every try); a 5xx is Twilio failing after it read the request, which may
 * have queued the message, so it is as unknown as a timeout or a connection dropped after the
 * request was written. Only a connection never made proves nothing was sent.
 */
function asProviderError(error: unknown): SmsProviderError {
  if (error instanceof twilio.RestException) {
    const code = error.code ? ` (code ${error.code})` : '';
    const message = `Twilio answered ${error.status}${code}: ${error.message}`;
    if (error.status >= 500) return new SmsProviderError(message, false, { cause: error, outcome: 'unknown' });
    return new SmsProviderError(message, error.status === 429, { cause: error });
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== undefined && BEFORE_REQUEST.has(code)) {
    return new SmsProviderError(`Twilio unreachable: ${(error as Error).message}`, true, { cause: error });
  }
  return new SmsProviderError(`Twilio did not answer: ${(error as Error).message}`, false, { cause: error, outcome: 'unknown' });
}
