import { type ProviderCallback, ProviderError } from '@krom/server-kit/providers';

/**
 * What a provider's status callback says about one message. `deliveryId` names this report (the
 * same report delivered twice has the same id); `delivery` is the outcome it settles, or null for
 * a step on the way (queued, sent) that changes nothing here.
 */
export type SmsStatusReport = {
  deliveryId: string;
  providerId: string;
  status: string;
  delivery: 'delivered' | 'failed' | null;
  /** The provider's error code, when it gave one for a failed delivery. */
  errorCode?: string | undefined;
};

/**
 * Something that delivers a text message and reports how it went. Twilio in production; the local
 * outbox otherwise. Both pass test/sms-provider-suite.ts.
 */
export interface SmsProvider {
  /** Recorded on each sms_logs row ('twilio', 'local'). */
  readonly name: string;
  /**
   * Sends `body` to `to` (E.164); resolves with the provider's id for the message. A provider
   * that honours `deliveryKey` (the local one) sends once per key however often it is asked.
   */
  send(to: string, body: string, deliveryKey?: string): Promise<{ providerId: string }>;
  /**
   * The message sent under `deliveryKey`, if any: how a send cut off before its outcome was
   * recorded is settled. A provider without it (Twilio takes no idempotency key) cannot say, so
   * such a send is never made again: at most once (messages/deliver-once.ts).
   */
  findSent?(deliveryKey: string): Promise<{ providerId: string } | undefined>;
  /**
   * Checks a status callback's signature and reads it: throws `CallbackRefusedError` (401 when
   * unsigned, 403 when the signature does not match the URL and body, 400 when unreadable).
   */
  verifyWebhook(callback: ProviderCallback): SmsStatusReport;
}

/** A delivery the provider refused; retryable or final (a number the carrier rejects, bad credentials). */
export class SmsProviderError extends ProviderError {}

/** A text someone sent to Krom, as its provider's callback names it. */
export type InboundSms = {
  /** The provider's id for the message: the same message delivered twice has the same id. */
  providerMessageId: string;
  /** The sender's number, as the provider gives it. */
  from: string;
  /** Krom's number or short code it was sent to. */
  to: string;
  text: string;
};

/**
 * Something texts reach Krom through (Twilio's incoming webhook, Hubtel's two-way SMS, the local
 * SMS phone). Replies go out through the outbound SmsProvider and the queue, never in the answer.
 */
export interface InboundSmsProvider {
  /** Recorded on each inbound_sms row, with the provider's message id. */
  readonly name: 'twilio' | 'hubtel' | 'local';
  /**
   * Checks the callback came from the provider (its signature, or the secret token in the URL of
   * a provider that signs nothing) and reads the message: throws `CallbackRefusedError` (401
   * unsigned or without token, 403 wrong, 400 unreadable).
   */
  verifyInbound(callback: ProviderCallback): InboundSms;
}

/** The ways texts reach Krom in one deployment, by provider name. */
export type InboundSmsProviders = Partial<Record<InboundSmsProvider['name'], InboundSmsProvider>>;
