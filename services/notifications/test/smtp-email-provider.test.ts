import { eventually } from '@krom/server-kit/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs } from '../src/db/schema.ts';
import { INTERRUPTED_SEND } from '../src/messages/deliver-once.ts';
import { EmailProviderError } from '../src/providers/email/port.ts';
import { queueEmail } from '../src/email/queue-email.ts';
import { smtpEmailProvider } from '../src/providers/email/smtp.ts';
import { describeEmailProvider } from './email-provider-suite.ts';
import { useNotificationsService } from './notifications-test-env.ts';
import { TinySmtpServer } from './tiny-smtp-server.ts';

const smtp = new TinySmtpServer();
const FROM = 'Krom <no-reply@krom.example>';
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const handle = useNotificationsService({ env: () => ({ SMTP_URL: smtp.url, EMAIL_FROM: FROM }) });

const deferred = { code: 451, text: '4.3.0 Mailbox busy, try again later' };

describeEmailProvider(handle, {
  name: 'smtp',
  deliveries: async () =>
    smtp.messages.map((mail) => ({ id: mail.messageId, to: mail.envelopeTo.join(','), subject: mail.subject, text: mail.text })),
  breakDelivery: async () => {
    smtp.refuseAlways(deferred);
    return 'SMTP server answered 451 4.3.0 Mailbox busy, try again later';
  },
  restoreDelivery: async () => smtp.refuseAlways(undefined),
});

const sendAndSettle = async (subject: string) => {
  const queued = await queueEmail(handle.service.emailSender, { to: 'abena@example.com', subject, text: 'Hello Abena.', messageType: 'notification' });
  return eventually(async () => {
    const [row] = await handle.service.db.select().from(emailLogs).where(eq(emailLogs.id, queued.id));
    return row && row.status !== 'pending' ? row : undefined;
  });
};

describe('SMTP specifics', () => {
  it('sends from EMAIL_FROM, in the envelope and the From header', async () => {
    const subject = `From check ${crypto.randomUUID()}`;
    await sendAndSettle(subject);
    const mail = smtp.messages.find((m) => m.subject === subject);
    expect(mail?.envelopeFrom).toBe('no-reply@krom.example');
    expect(mail?.headers.from).toBe('Krom <no-reply@krom.example>');
    expect(mail?.headers.to).toBe('abena@example.com');
  });

  it('retries after the server defers a message and records it as sent on the second try', async () => {
    smtp.refuseNext(deferred);
    const subject = `Second time lucky ${crypto.randomUUID()}`;
    const row = await sendAndSettle(subject);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, provider: 'smtp' });
    expect(row.error).toContain('451 4.3.0 Mailbox busy');
    expect(smtp.messages.filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('treats a server that cannot be reached as worth retrying', async () => {
    const closed = new TinySmtpServer();
    const url = await closed.start();
    await closed.stop();
    const attempt = smtpEmailProvider({ url, from: FROM }).send({ to: 'abena@example.com', subject: 'Hello', text: 'Hello.' });
    await expect(attempt).rejects.toBeInstanceOf(EmailProviderError);
    await expect(attempt).rejects.toMatchObject({ outcome: 'not-sent', retryable: true, message: expect.stringMatching(/^SMTP server unreachable: /) });
  });

  it('does not send again when the connection drops after the server took the message: failed as interrupted, delivered once', async () => {
    smtp.loseAnswerAfterAccepting('drop');
    const subject = `Dropped answer ${crypto.randomUUID()}`;
    const row = await sendAndSettle(subject);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, error: INTERRUPTED_SEND, sentAt: null });
    expect(smtp.messages.filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('calls an answer to DATA that never comes (timeout) unknown', async () => {
    smtp.loseAnswerAfterAccepting('stall');
    const subject = `Slow answer ${crypto.randomUUID()}`;
    const attempt = smtpEmailProvider({ url: smtp.url, from: FROM, socketTimeoutMs: 300 }).send({ to: 'abena@example.com', subject, text: 'Hello.' });
    await expect(attempt).rejects.toMatchObject({ outcome: 'unknown', retryable: false, message: expect.stringMatching(/^SMTP server did not answer: /) });
    expect(smtp.messages.filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('fails at once, without retrying, when the server rejects the message for good', async () => {
    smtp.refuseNext({ code: 550, text: '5.1.1 Mailbox unavailable' });
    const subject = `Rejected ${crypto.randomUUID()}`;
    const row = await sendAndSettle(subject);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.error).toBe('SMTP server answered 550 5.1.1 Mailbox unavailable');
    expect(smtp.messages.some((m) => m.subject === subject)).toBe(false);
  });
});
