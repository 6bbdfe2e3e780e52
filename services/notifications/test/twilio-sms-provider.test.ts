import { createDatabase } from '@krom/server-kit/db';
import { eventually } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';
import { INTERRUPTED_SEND } from '../src/messages/deliver-once.ts';
import { SmsProviderError } from '../src/providers/sms/port.ts';
import { twilioSmsProvider } from '../src/providers/sms/twilio.ts';
import { queueSms } from '../src/sms/queue-sms.ts';
import { FakeTwilioApi, twilioStyleSignature } from './fake-twilio-api.ts';
import { smsLogById, useNotificationsService } from './notifications-test-env.ts';
import { describeSmsProvider, postCallback } from './sms-provider-suite.ts';
import { StatusCallbackReceiver } from './status-callback-receiver.ts';

const twilioApi = new FakeTwilioApi();
const callbacks = new StatusCallbackReceiver();
const FROM = '+15005550006';
beforeAll(() => Promise.all([twilioApi.start(), callbacks.start()]));
afterAll(() => Promise.all([twilioApi.stop(), callbacks.stop()]));

const handle = useNotificationsService({
  env: () => ({
    TWILIO_ACCOUNT_SID: twilioApi.accountSid,
    TWILIO_AUTH_TOKEN: twilioApi.authToken,
    TWILIO_FROM_NUMBER: FROM,
    TWILIO_API_BASE_URL: twilioApi.baseUrl,
    SMS_STATUS_CALLBACK_URL: callbacks.url,
  }),
});

const tooManyRequests = { status: 429, code: 20429, message: 'Too Many Requests' };

describeSmsProvider(handle, {
  name: 'twilio',
  deliveries: async () => twilioApi.messages.map(({ sid, to, body }) => ({ id: sid, to, body })),
  breakDelivery: async () => {
    twilioApi.failAlways(tooManyRequests);
    return 'Twilio answered 429 (code 20429): Too Many Requests';
  },
  restoreDelivery: async () => twilioApi.failAlways(undefined),
  callbacks,
  sign: (url, params) => twilioStyleSignature(twilioApi.authToken, url, params),
});

const sendAndWait = async (message: string, until: (status: string) => boolean) => {
  const queued = await queueSms(handle.service.sender, { phoneNumber: '0271234567', message, messageType: 'booking_confirmation' });
  return eventually(async () => {
    const row = await smsLogById(handle.service, queued.id);
    return row && until(row.status) ? row : undefined;
  });
};

describe('Twilio specifics', () => {
  it('signs in with the account sid and token and sends from TWILIO_FROM_NUMBER', async () => {
    const message = `Booking confirmed ${crypto.randomUUID()}`;
    await sendAndWait(message, (status) => status === 'sent');
    const request = twilioApi.messages.find((m) => m.body === message);
    expect(request).toMatchObject({ to: '+233271234567', from: FROM });
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${twilioApi.accountSid}:${twilioApi.authToken}`).toString('base64')}`);
  });

  it('retries after Twilio asks to slow down (429) and records the SMS as sent on the second try', async () => {
    twilioApi.failNext(tooManyRequests);
    const message = `Second time lucky ${crypto.randomUUID()}`;
    const row = await sendAndWait(message, (status) => status !== 'pending');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, provider: 'twilio' });
    expect(row.error).toContain('Too Many Requests');
    expect(twilioApi.messages.filter((m) => m.body === message)).toHaveLength(1);
  });

  it('does not send again after a Twilio 5xx, which may have come after the message was queued: failed as interrupted', async () => {
    const before = twilioApi.requests;
    twilioApi.failNext({ status: 503, code: 20503, message: 'Service Unavailable' });
    const row = await sendAndWait(`Outage ${crypto.randomUUID()}`, (status) => status !== 'pending');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, error: INTERRUPTED_SEND, sentAt: null });
    expect(twilioApi.requests - before).toBe(1);
  });

  it('does not send again when the connection drops after Twilio accepted the message: failed as interrupted, sent once', async () => {
    twilioApi.loseAnswerAfterAccepting('drop');
    const message = `Dropped answer ${crypto.randomUUID()}`;
    const row = await sendAndWait(message, (status) => status !== 'pending');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, error: INTERRUPTED_SEND, sentAt: null });
    expect(twilioApi.messages.filter((m) => m.body === message)).toHaveLength(1);
  });

  it('calls an answer that never comes (timeout after the request was written) unknown, and one that cannot connect not sent', async () => {
    const settings = { accountSid: twilioApi.accountSid, authToken: twilioApi.authToken, fromNumber: FROM, timeoutMs: 300 };
    twilioApi.loseAnswerAfterAccepting('stall');
    const message = `Slow answer ${crypto.randomUUID()}`;
    const stalled = twilioSmsProvider({ ...settings, apiBaseUrl: twilioApi.baseUrl }).send('+233271234567', message);
    await expect(stalled).rejects.toMatchObject({ outcome: 'unknown', retryable: false });
    expect(twilioApi.messages.filter((m) => m.body === message)).toHaveLength(1);

    const closed = new FakeTwilioApi();
    const closedUrl = await closed.start();
    await closed.stop();
    const refused = twilioSmsProvider({ ...settings, apiBaseUrl: closedUrl }).send('+233271234567', message);
    await expect(refused).rejects.toBeInstanceOf(SmsProviderError);
    await expect(refused).rejects.toMatchObject({ outcome: 'not-sent', retryable: true, message: expect.stringMatching(/^Twilio unreachable: /) });
  });

  it('fails at once, without retrying, when Twilio refuses the number', async () => {
    const before = twilioApi.requests;
    twilioApi.failNext({ status: 400, code: 21211, message: "Invalid 'To' Phone Number: +233271234567" });
    const row = await sendAndWait(`Refused ${crypto.randomUUID()}`, (status) => status !== 'pending');
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.error).toBe("Twilio answered 400 (code 21211): Invalid 'To' Phone Number: +233271234567");
    expect(twilioApi.requests - before).toBe(1);
  });

  it("records what Twilio reports: 'sent' changes nothing, 'undelivered' marks the message failed with Twilio's error code", async () => {
    twilioApi.unreachable.add('+233201112223');
    const queued = await queueSms(handle.service.sender, { phoneNumber: '0201112223', message: `Unreachable ${crypto.randomUUID()}`, messageType: 'notification' });
    const sent = await eventually(async () => {
      const row = await smsLogById(handle.service, queued.id);
      return row?.providerId ? row : undefined;
    });
    const [stepOnTheWay, settled] = await eventually(async () => {
      const reports = callbacks.about(sent.providerId!);
      return reports.length === 2 ? reports : undefined;
    });
    expect((await postCallback(handle, stepOnTheWay!)).json()).toEqual({ outcome: 'ignored' });
    expect((await smsLogById(handle.service, queued.id))?.deliveryStatus).toBeNull();
    expect((await postCallback(handle, settled!)).json()).toEqual({ outcome: 'applied' });
    expect(await smsLogById(handle.service, queued.id)).toMatchObject({ status: 'sent', deliveryStatus: 'failed', deliveryError: '30003' });
  });

  // Last in this file: it closes the service.
  it('on shutdown lets the SMS being sent finish and records it as sent', async () => {
    const answer = twilioApi.holdAnswers();
    const arrived = twilioApi.nextRequest();
    const queued = await queueSms(handle.service.sender, {
      phoneNumber: '0201234567',
      message: `In flight ${crypto.randomUUID()}`,
      messageType: 'notification',
    });
    await arrived;
    // Twilio answers only once the shutdown has reached the SMS worker.
    const closed = handle.close();
    try {
      await eventually(async () => (handle.service.worker.closing ? true : undefined));
    } finally {
      answer();
    }
    await closed;

    // The service's pool is closed now; read the row through a connection of our own.
    const db = createDatabase(handle.config.DATABASE_URL, schema, 1);
    try {
      const { rows } = await db.$client.query('SELECT status, provider_id FROM sms_logs WHERE id = $1', [queued.id]);
      expect(rows[0]).toMatchObject({ status: 'sent', provider_id: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    } finally {
      await db.$client.end();
    }
  });
});
