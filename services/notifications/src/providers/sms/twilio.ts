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
};

/** Twilio's HTTP client with every request's origin swapped for `baseUrl` (a test double or a proxy). */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ timeout: 15_000 });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const original = new URL(opts.uri);
    const uri = `${this.baseUrl.replace(/\/+$/, '')}${original.pathname}${original.search}`;
    return super.request({ ...opts, uri });
  }
}

/** SMS through Twilio's Messages API. */
export function twilioSmsProvider(settings: TwilioSettings): SmsProvider {
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient: settings.apiBaseUrl ? new RebasedRequestClient(settings.apiBaseUrl) : new twilio.RequestClient({ timeout: 15_000 }),
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

function asProviderError(error: unknown): SmsProviderError {
  if (error instanceof twilio.RestException) {
    const code = error.code ? ` (code ${error.code})` : '';
    // Twilio's 4xx answers (bad number, unverified sender, bad credentials) repeat on every retry.
    const retryable = error.status === 429 || error.status >= 500;
    return new SmsProviderError(`Twilio answered ${error.status}${code}: ${error.message}`, retryable, { cause: error });
  }
  // Network failures and timeouts: Twilio may be reachable again on the next try.
  return new SmsProviderError(`Twilio unreachable: ${(error as Error).message}`, true, { cause: error });
}
