import { createTransport } from 'nodemailer';
import { type EmailProvider, EmailProviderError } from './port.ts';

export type SmtpSettings = {
  /** smtp://user:pass@host:587 or smtps://…:465, as nodemailer reads it. */
  url: string;
  /** The From header of every message. */
  from: string;
};

/** E-mail through an SMTP server (nodemailer), one connection per message. */
export function smtpEmailProvider(settings: SmtpSettings): EmailProvider {
  // Short timeouts: a hung server should cost one retry, not minutes of a worker slot.
  const transport = createTransport({ url: settings.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
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

type SmtpFailure = Error & { code?: string; responseCode?: number; response?: string };

function asProviderError(error: unknown): EmailProviderError {
  const failure = error as SmtpFailure;
  if (typeof failure.responseCode === 'number') {
    // 5xx replies (no such mailbox, refused sender) and refused credentials repeat on every try;
    // 4xx replies are the server asking to come back later.
    const retryable = failure.responseCode < 500 && failure.code !== 'EAUTH';
    const reply = (failure.response ?? failure.message).trim();
    return new EmailProviderError(`SMTP server answered ${reply}`, retryable, { cause: error });
  }
  if (failure.code === 'EAUTH' || failure.code === 'ENOAUTH' || failure.code === 'ECONFIG') {
    return new EmailProviderError(`SMTP settings refused: ${failure.message}`, false, { cause: error });
  }
  // Connection refused, timeouts, dropped sockets: the server may be back on the next try.
  return new EmailProviderError(`SMTP server unreachable: ${failure.message}`, true, { cause: error });
}
