import { createTransport } from 'nodemailer';
import { type EmailProvider, EmailProviderError } from './port.ts';

export type SmtpSettings = {
  /** smtp://user:pass@host:587 or smtps://…:465, as nodemailer reads it. */
  url: string;
  /** The From header of every message. */
  from: string;
  /** How long the server may stay silent once connected (default 30 s). */
  socketTimeoutMs?: number | undefined;
};

/** E-mail through an SMTP server (nodemailer), one connection per message. */
export function smtpEmailProvider(settings: SmtpSettings): EmailProvider {
  // Short timeouts: a hung server should cost one retry, not minutes of a worker slot.
  const transport = createTransport({ url: settings.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: settings.socketTimeoutMs ?? 30_000 });
  return {
    name: 'smtp',
    async send({ to, subject, text }) {
      try {
        const info = await transport.sendMail({ from: settings.from, to, subject, text });
        return { providerId: info.messageId };
      } catch (error) {
        throw asProviderError(error);
      }
    },
    async close() {
      transport.close();
    },
  };
}

type SmtpFailure = Error & { code?: string; originalCode?: string; responseCode?: number; response?: string; timeoutType?: string };

/** Failures before the server could have been handed the message: no connection, no greeting. */
const BEFORE_MESSAGE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/**
 * Says whether the e-mail may have gone out. A reply is the server's verdict: 4xx (at any step,
 * including the end of DATA) is "not now, nothing kept", 5xx and refused credentials are final.
 * Without a reply, only a failure before the conversation began (DNS, connection refused, TLS,
 * no greeting) proves nothing was sent; a timeout or dropped connection later may come after the
 * server took the message, so the outcome is unknown and the e-mail is not sent again.
 */
function asProviderError(error: unknown): EmailProviderError {
  const failure = error as SmtpFailure;
  if (typeof failure.responseCode === 'number') {
    const retryable = failure.responseCode < 500 && failure.code !== 'EAUTH';
    const reply = (failure.response ?? failure.message).trim();
    return new EmailProviderError(`SMTP server answered ${reply}`, retryable, { cause: error });
  }
  if (failure.code === 'EAUTH' || failure.code === 'ENOAUTH' || failure.code === 'ECONFIG') {
    return new EmailProviderError(`SMTP settings refused: ${failure.message}`, false, { cause: error });
  }
  const beforeMessage =
    failure.code === 'EDNS' ||
    failure.code === 'ETLS' ||
    BEFORE_MESSAGE.has(failure.originalCode ?? '') ||
    failure.timeoutType === 'CONNECT_TIMEOUT' ||
    failure.timeoutType === 'GREETING_TIMEOUT';
  if (beforeMessage) return new EmailProviderError(`SMTP server unreachable: ${failure.message}`, true, { cause: error });
  return new EmailProviderError(`SMTP server did not answer: ${failure.message}`, false, { cause: error, outcome: 'unknown' });
}
