import { HttpError } from '@krom/server-kit/errors';
import { eventually } from '@krom/server-kit/testing';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailLogs } from '../src/db/schema.ts';
import { queueEmail } from '../src/email/queue-email.ts';
import type { useNotificationsService } from './notifications-test-env.ts';

export type EmailDelivery = { id: string; to: string; subject: string; text: string };

/** How the suite sees one e-mail provider from the outside: what it delivered, and how to make it fail. */
export type EmailProviderUnderTest = {
  name: string;
  deliveries: () => Promise<EmailDelivery[]>;
  /** Makes every delivery fail until restored; resolves with a fragment of the error to expect. */
  breakDelivery: () => Promise<string>;
  restoreDelivery: () => Promise<void>;
};

type Handle = ReturnType<typeof useNotificationsService>;

const unique = (label: string) => `${label} ${crypto.randomUUID()}`;

const settled = (handle: Handle, id: string) =>
  eventually(async () => {
    const [row] = await handle.service.db.select().from(emailLogs).where(eq(emailLogs.id, id));
    return row && row.status !== 'pending' ? row : undefined;
  });

/**
 * What a developer notices about an e-mail provider, whichever it is: the service picks it from
 * its settings, a queued e-mail arrives with its subject and text and its log row says sent with
 * the provider's id, bad addresses are refused, a secret leaves the log once delivered, and a
 * provider that keeps failing leaves a failed row with its error.
 */
export function describeEmailProvider(handle: Handle, target: EmailProviderUnderTest) {
  describe(`the ${target.name} e-mail provider`, () => {
    it('is the one the service picks from its settings', () => {
      expect(handle.service.emailProvider.name).toBe(target.name);
    });

    it('delivers a queued e-mail to the address and records it as sent with the provider id', async () => {
      const subject = unique('Your Krom booking');
      const text = 'Hello Ama,\n\nYour seat from Accra to Kumasi is booked.\n\nThe Krom team\n';
      const queued = await queueEmail(handle.service.emailSender, { to: 'Ama.Mensah@Example.com', subject, text, messageType: 'notification' });
      expect(queued).toMatchObject({ status: 'pending', email: 'ama.mensah@example.com', provider: target.name });

      const sent = await settled(handle, queued.id);
      expect(sent).toMatchObject({ status: 'sent', provider: target.name, attempts: 1, error: null });
      expect(sent.sentAt).toBeInstanceOf(Date);
      const delivered = (await target.deliveries()).filter((d) => d.subject === subject);
      expect(delivered).toHaveLength(1);
      expect(delivered[0]).toMatchObject({ id: sent.providerId, to: 'ama.mensah@example.com' });
      expect(delivered[0]?.text.trimEnd()).toBe(text.trimEnd());
    });

    it('returns the id under which it delivered a direct send', async () => {
      const subject = unique('Direct');
      const { providerId } = await handle.service.emailProvider.send({ to: 'kofi@example.com', subject, text: 'Plain text.' });
      expect(providerId).toMatch(/\S{8,}/);
      const delivered = (await target.deliveries()).find((d) => d.subject === subject);
      expect(delivered).toMatchObject({ id: providerId, to: 'kofi@example.com' });
    });

    it('keeps a code out of the log once the e-mail is delivered', async () => {
      const subject = unique('Your Krom password reset code');
      const queued = await queueEmail(handle.service.emailSender, {
        to: 'efua@example.com',
        subject,
        text: 'Your code is 4821.',
        redactedText: 'Your code is ****.',
        messageType: 'verification',
      });
      const sent = await settled(handle, queued.id);
      expect(sent).toMatchObject({ status: 'sent', text: 'Your code is ****.', redactedText: null });
      expect((await target.deliveries()).find((d) => d.subject === subject)?.text.trimEnd()).toBe('Your code is 4821.');
    });

    it.each(['not-an-address', 'ama@', ''])('refuses %j with the spec message and records nothing', async (to) => {
      const subject = unique('Not for anyone');
      const attempt = queueEmail(handle.service.emailSender, { to, subject, text: 'x', messageType: 'notification' });
      await expect(attempt).rejects.toBeInstanceOf(HttpError);
      await expect(attempt).rejects.toMatchObject({ statusCode: 400, message: 'Please enter a valid email address' });
      const [rows] = await handle.service.db.select({ n: count() }).from(emailLogs).where(eq(emailLogs.subject, subject));
      expect(rows?.n).toBe(0);
    });

    it('marks the e-mail failed with the provider error after EMAIL_RETRY_ATTEMPTS tries', async () => {
      const expectedError = await target.breakDelivery();
      try {
        const subject = unique('Will not arrive');
        const queued = await queueEmail(handle.service.emailSender, {
          to: 'yaw@example.com',
          subject,
          text: 'Your code is 1234.',
          redactedText: 'Your code is ****.',
          messageType: 'verification',
        });
        const failed = await settled(handle, queued.id);
        expect(failed.status).toBe('failed');
        expect(failed.attempts).toBe(handle.config.EMAIL_RETRY_ATTEMPTS);
        expect(failed.error).toContain(expectedError);
        expect(failed.text).toBe('Your code is ****.');
        expect(failed.sentAt).toBeNull();
        expect((await target.deliveries()).some((d) => d.subject === subject)).toBe(false);
      } finally {
        await target.restoreDelivery();
      }
    });
  });
}
