import { ProviderError } from '@krom/server-kit/providers';

/** One plain-text e-mail as the product writes it. */
export type EmailMessage = { to: string; subject: string; text: string };

/** Something that delivers e-mail. SMTP when configured; the local outbox otherwise. */
export interface EmailProvider {
  /** Recorded on each email_logs row ('smtp', 'local'). */
  readonly name: string;
  /** Sends the message; resolves with the provider's id for it. Once per `deliveryKey` where the provider honours one (the local one). */
  send(message: EmailMessage, deliveryKey?: string): Promise<{ providerId: string }>;
  /** The message sent under `deliveryKey`, if the provider can say (see SmsProvider.findSent); SMTP cannot. */
  findSent?(deliveryKey: string): Promise<{ providerId: string } | undefined>;
  /** Releases connections the provider holds (at shutdown). */
  close?(): Promise<void>;
}

/** A delivery the provider refused; retryable or final (a mailbox the server rejects, bad credentials). */
export class EmailProviderError extends ProviderError {}
