/** Something that delivers a text message. Twilio in production; the local outbox otherwise. */
export interface SmsProvider {
  /** Recorded on each sms_logs row ('twilio', 'local'). */
  readonly name: string;
  /** Sends `body` to `to` (E.164); resolves with the provider's id for the message. */
  send(to: string, body: string): Promise<{ providerId: string }>;
}

/**
 * A delivery the provider refused. `retryable` false means trying again cannot help (a number
 * the carrier rejects, bad credentials), so the SMS fails at once instead of after every retry.
 */
export class SmsProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SmsProviderError';
  }
}
