import { HttpError } from '@krom/server-kit/errors';
import { eventually } from '@krom/server-kit/testing';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsLogs } from '../src/db/schema.ts';
import { queueSms } from '../src/sms/queue-sms.ts';
import { smsLogById, type useNotificationsService } from './notifications-test-env.ts';

export type Delivery = { id: string; to: string; body: string };

/** How the suite sees one provider from the outside: what it delivered, and how to make it fail. */
export type ProviderUnderTest = {
  name: string;
  deliveries: () => Promise<Delivery[]>;
  /** Makes every delivery fail until restored; resolves with a fragment of the error to expect. */
  breakDelivery: () => Promise<string>;
  restoreDelivery: () => Promise<void>;
};

const uniqueBody = (label: string) => `${label} ${crypto.randomUUID()}`;

/**
 * What a developer notices about an SMS provider, whichever it is: the service picks it from its
 * settings, an SMS goes out to the +233 number and its log row says sent with the provider's id,
 * bad numbers are refused, and a provider that keeps failing leaves a failed row with its error.
 */
export function describeSmsProvider(handle: ReturnType<typeof useNotificationsService>, target: ProviderUnderTest) {
  describe(`the ${target.name} SMS provider`, () => {
    it('is the one the service picks from its settings', () => {
      expect(handle.service.provider.name).toBe(target.name);
    });

    it('sends a queued SMS to the E.164 number and records it as sent with the provider id', async () => {
      const message = uniqueBody('Your Krom code is 4821.');
      const queued = await queueSms(handle.service.sender, { phoneNumber: '0241234567', message, messageType: 'verification' });
      expect(queued).toMatchObject({ status: 'pending', phoneNumber: '+233241234567', provider: target.name, messageType: 'verification' });

      const sent = await eventually(async () => {
        const row = await smsLogById(handle.service, queued.id);
        return row?.status === 'sent' ? row : undefined;
      });
      const delivered = (await target.deliveries()).filter((d) => d.body === message);
      expect(delivered).toHaveLength(1);
      expect(delivered[0]).toMatchObject({ to: '+233241234567', id: sent.providerId });
      expect(sent).toMatchObject({ provider: target.name, attempts: 1, error: null });
      expect(sent.sentAt).toBeInstanceOf(Date);
    });

    it('returns the id under which it delivered a direct send', async () => {
      const body = uniqueBody('Direct send');
      const { providerId } = await handle.service.provider.send('+233201234567', body);
      expect(providerId).toMatch(/\S{8,}/);
      expect(await target.deliveries()).toContainEqual({ id: providerId, to: '+233201234567', body });
    });

    it.each(['0901234567', '+14155550100', '024123456'])('refuses %s with a 400 and records nothing', async (phoneNumber) => {
      const message = uniqueBody('Not for you');
      const attempt = queueSms(handle.service.sender, { phoneNumber, message, messageType: 'notification' });
      await expect(attempt).rejects.toBeInstanceOf(HttpError);
      await expect(attempt).rejects.toMatchObject({ statusCode: 400 });
      const [rows] = await handle.service.db.select({ n: count() }).from(smsLogs).where(eq(smsLogs.message, message));
      expect(rows?.n).toBe(0);
      expect((await target.deliveries()).some((d) => d.body === message)).toBe(false);
    });

    it('marks the SMS failed with the provider error after SMS_RETRY_ATTEMPTS tries', async () => {
      const expectedError = await target.breakDelivery();
      try {
        const message = uniqueBody('Will not arrive');
        const queued = await queueSms(handle.service.sender, { phoneNumber: '0551234567', message, messageType: 'reminder' });
        const failed = await eventually(async () => {
          const row = await smsLogById(handle.service, queued.id);
          return row?.status === 'failed' ? row : undefined;
        });
        expect(failed.attempts).toBe(handle.config.SMS_RETRY_ATTEMPTS);
        expect(failed.error).toContain(expectedError);
        expect(failed.sentAt).toBeNull();
        expect((await target.deliveries()).some((d) => d.body === message)).toBe(false);
      } finally {
        await target.restoreDelivery();
      }
    });
  });
}
