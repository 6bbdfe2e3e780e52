import { smsStatusCallbackRoute } from '@krom/contracts/services/notifications/provider-callbacks';
import { HttpError } from '@krom/server-kit/errors';
import { CallbackRefusedError, formParams, type ProviderCallback } from '@krom/server-kit/providers';
import { createLogger } from '@krom/server-kit/logger';
import { eventually } from '@krom/server-kit/testing';
import type { Job } from 'bullmq';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { providerCallbacks, smsLogs } from '../src/db/schema.ts';
import { queueSms } from '../src/sms/queue-sms.ts';
import { recordSms } from '../src/sms/record-sms.ts';
import type { SmsJobData } from '../src/jobs/queues/sms-queue.ts';
import { deliverSms } from '../src/jobs/workers/sms.worker.ts';
import { assertionFor, smsLogById, type useNotificationsService } from './notifications-test-env.ts';
import type { StatusCallbackReceiver } from './status-callback-receiver.ts';

export type Delivery = { id: string; to: string; body: string };

/** How the suite sees one provider from the outside: what it delivered, and how to make it fail. */
export type ProviderUnderTest = {
  name: string;
  deliveries: () => Promise<Delivery[]>;
  /** Makes every delivery fail until restored; resolves with a fragment of the error to expect. */
  breakDelivery: () => Promise<string>;
  restoreDelivery: () => Promise<void>;
  /** Where the provider was told to post its status callbacks (SMS_STATUS_CALLBACK_URL). */
  callbacks: StatusCallbackReceiver;
  /** Signs a callback as the provider does (with its token), to make one up. */
  sign: (url: string, params: Record<string, string>) => string;
};

const uniqueBody = (label: string) => `${label} ${crypto.randomUUID()}`;

type Handle = ReturnType<typeof useNotificationsService>;

/** A callback as the BFF passes it on to the service. */
const forwarded = (callback: ProviderCallback) => ({
  url: callback.url,
  headers: Object.fromEntries(Object.entries(callback.headers).filter((entry): entry is [string, string] => entry[1] !== undefined)),
  rawBody: callback.rawBody.toString('base64'),
});

export const postCallback = async (handle: Handle, callback: ProviderCallback) =>
  handle.service.app.inject({
    method: smsStatusCallbackRoute.method,
    url: smsStatusCallbackRoute.path,
    headers: await assertionFor(handle.config, { kind: 'public' }),
    payload: forwarded(callback),
  });

/** The refusal `verifyWebhook` throws for a callback, or undefined when it accepts it. */
const refusalOf = (verify: () => unknown) => {
  try {
    verify();
    return undefined;
  } catch (error) {
    if (!(error instanceof CallbackRefusedError)) throw error;
    return error.statusCode;
  }
};

/** The same callback with its body's `name` changed to `value`, as if altered on the way. */
const altered = (callback: ProviderCallback, name: string, value: string): ProviderCallback => {
  const params = new URLSearchParams(callback.rawBody.toString('utf8'));
  params.set(name, value);
  return { ...callback, rawBody: Buffer.from(params.toString()) };
};

/**
 * What a developer notices about an SMS provider, whichever it is: the service picks it from its
 * settings, an SMS goes out to the +233 number and its log row says sent with the provider's id,
 * bad numbers are refused, a provider that keeps failing leaves a failed row with its error, and
 * each delivery is reported to the status callback URL signed so that only the provider's own
 * check accepts it, and recorded on the message once.
 */
export function describeSmsProvider(handle: Handle, target: ProviderUnderTest) {
  /** Sends an SMS and waits for its `delivered` report to arrive at the callback URL. */
  const deliveredReport = async (label: string) => {
    const queued = await queueSms(handle.service.sender, { phoneNumber: '0241234567', message: uniqueBody(label), messageType: 'notification' });
    const sent = await eventually(async () => {
      const row = await smsLogById(handle.service, queued.id);
      return row?.status === 'sent' && row.providerId ? row : undefined;
    });
    const callback = await eventually(async () =>
      target.callbacks.about(sent.providerId!).find((received) => formParams(received.rawBody).MessageStatus === 'delivered'),
    );
    return { sent, callback };
  };

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
      // Shaped as Twilio's message sids, as the BFF checks a status report's MessageSid before passing it on.
      expect(providerId).toMatch(/^SM[0-9a-f]{32}$/);
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

    it('reports a delivered SMS to the status callback URL, signed so that its own check reads it', async () => {
      const { sent, callback } = await deliveredReport('Reported');
      expect(callback.url).toBe(target.callbacks.url);
      expect(callback.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
      expect(handle.service.provider.verifyWebhook(callback)).toEqual({
        deliveryId: `${sent.providerId}:delivered`,
        providerId: sent.providerId,
        status: 'delivered',
        delivery: 'delivered',
        errorCode: undefined,
      });
    });

    it('refuses its callback unsigned (401), signed wrongly or for another URL (403), and altered after signing (403)', async () => {
      const { callback } = await deliveredReport('Tampered');
      const verify = (candidate: ProviderCallback) => () => handle.service.provider.verifyWebhook(candidate);
      const { 'x-twilio-signature': signature, ...unsigned } = callback.headers;
      expect(refusalOf(verify({ ...callback, headers: unsigned }))).toBe(401);
      expect(refusalOf(verify({ ...callback, headers: { ...unsigned, 'x-twilio-signature': `${signature?.slice(0, -4)}AAA=` } }))).toBe(403);
      expect(refusalOf(verify({ ...callback, url: `${callback.url}?again=1` }))).toBe(403);
      expect(refusalOf(verify(altered(callback, 'MessageStatus', 'failed')))).toBe(403);
      expect(refusalOf(verify(altered(callback, 'MessageSid', 'SM0000')))).toBe(403);
      expect(refusalOf(verify({ ...callback, rawBody: Buffer.concat([callback.rawBody, Buffer.from('&MessageStatus=failed')]) }))).toBe(400);
      expect(refusalOf(verify(callback))).toBeUndefined();
    });

    it('records the delivery on the message once: the same report again is answered 200 and changes nothing', async () => {
      const { sent, callback } = await deliveredReport('Recorded once');
      const first = await postCallback(handle, callback);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ outcome: 'applied' });
      const recorded = await smsLogById(handle.service, sent.id);
      expect(recorded).toMatchObject({ status: 'sent', deliveryStatus: 'delivered', deliveryError: null });
      expect(recorded?.deliveryReportedAt).toBeInstanceOf(Date);

      const replay = await postCallback(handle, callback);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ outcome: 'replayed' });
      expect(await smsLogById(handle.service, sent.id)).toEqual(recorded);
      const deliveryId = `${sent.providerId}:delivered`;
      const [kept] = await handle.service.db
        .select({ n: count() })
        .from(providerCallbacks)
        .where(and(eq(providerCallbacks.provider, target.name), eq(providerCallbacks.deliveryId, deliveryId)));
      expect(kept?.n).toBe(1);
    });

    it('keeps a delivery report that overtakes the record of its send, and applies it once the message is recorded as sent', async () => {
      const { callback } = await deliveredReport('Template');
      const { 'x-twilio-signature': _signature, ...unsigned } = callback.headers;
      const reportOf = (providerId: string): ProviderCallback => {
        const params = { ...formParams(callback.rawBody), MessageSid: providerId };
        return { ...callback, rawBody: Buffer.from(new URLSearchParams(params).toString()), headers: { ...unsigned, 'x-twilio-signature': target.sign(callback.url, params) } };
      };
      const row = await recordSms(
        handle.service.db,
        { phoneNumber: '+233241234567', message: uniqueBody('Overtaken'), messageType: 'notification', provider: target.name },
        handle.service.sender.limits,
      );
      const provider = handle.service.provider;
      const answers: unknown[] = [];
      // The report arrives between the provider's answer and the worker's record of it.
      const racing = {
        ...provider,
        send: async (to: string, body: string, key?: string) => {
          const sent = await provider.send(to, body, key);
          answers.push((await postCallback(handle, reportOf(sent.providerId))).json());
          return sent;
        },
      };
      const job = { data: { smsLogId: row.id }, attemptsMade: 0, opts: { attempts: 3 } } as Job<SmsJobData>;

      await deliverSms({ db: handle.service.db, provider: racing, logger: createLogger('sms-provider-suite', 'silent') }, job);

      expect(answers).toEqual([{ outcome: 'held' }]);
      expect(await smsLogById(handle.service, row.id)).toMatchObject({ status: 'sent', deliveryStatus: 'delivered' });
    });

    it('records nothing for a callback that is unsigned, wrongly signed or altered, or names no message it sent', async () => {
      const { sent, callback } = await deliveredReport('Refused');
      const { 'x-twilio-signature': _signature, ...unsigned } = callback.headers;
      expect((await postCallback(handle, { ...callback, headers: unsigned })).statusCode).toBe(401);
      expect((await postCallback(handle, { ...callback, headers: { ...unsigned, 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' } })).statusCode).toBe(403);
      expect((await postCallback(handle, altered(callback, 'MessageStatus', 'undelivered'))).statusCode).toBe(403);
      expect((await smsLogById(handle.service, sent.id))?.deliveryStatus).toBeNull();

      const params = { ...formParams(callback.rawBody), MessageSid: `${sent.providerId}-never-sent` };
      const neverSent = { ...callback, rawBody: Buffer.from(new URLSearchParams(params).toString()), headers: { ...unsigned, 'x-twilio-signature': target.sign(callback.url, params) } };
      expect(refusalOf(() => handle.service.provider.verifyWebhook(neverSent))).toBeUndefined();
      const held = await postCallback(handle, neverSent);
      expect(held.statusCode).toBe(200);
      expect(held.json()).toEqual({ outcome: 'held' });
      expect((await smsLogById(handle.service, sent.id))?.deliveryStatus).toBeNull();

      const unreadable = await handle.service.app.inject({
        method: smsStatusCallbackRoute.method,
        url: smsStatusCallbackRoute.path,
        headers: await assertionFor(handle.config, { kind: 'public' }),
        payload: { ...forwarded(callback), rawBody: 'not base64!' },
      });
      expect(unreadable.statusCode).toBe(400);
    });
  });
}
