import { randomInt, randomUUID } from 'node:crypto';
import { twilioInboundSmsCallback } from '@krom/contracts/api/provider-callbacks';
import { eventually } from '@krom/server-kit/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundSms } from '../../services/notifications/src/db/schema.ts';
import { twilioSignature } from '../../services/notifications/src/providers/sms/twilio-signature.ts';
import { FakeTwilioApi } from '../../services/notifications/test/fake-twilio-api.ts';
import { type BffSystem, startBff } from './bff-test-env.ts';

/*
 * Twilio's incoming message webhook through the BFF to notifications set up with Twilio (its
 * Messages API a local stand-in): signed over the public URL as Twilio signs, answered with an
 * empty TwiML response, and the reply sent through Twilio's API.
 */

const twilio = new FakeTwilioApi();
let system: BffSystem;

beforeAll(async () => {
  const apiBaseUrl = await twilio.start();
  system = await startBff({
    services: ['notifications'],
    notificationsEnv: { TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM_NUMBER: '+15005550006', TWILIO_API_BASE_URL: apiBaseUrl },
  });
});
afterAll(async () => {
  await system?.close();
  await twilio.stop();
});

describe("Twilio's incoming SMS webhook", () => {
  it('takes a text signed over the public URL, answers an empty TwiML response, and sends the reply through Twilio', async () => {
    const from = `+23324${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
    const params = { AccountSid: twilio.accountSid, MessageSid: `SM${randomUUID().replaceAll('-', '')}`, From: from, To: '+15005550006', Body: 'stop' };
    const url = `${new URL(system.config.PUBLIC_ORIGIN).origin}${twilioInboundSmsCallback.path}`;
    const send = (signature: string) =>
      system.bff.inject({
        method: 'POST',
        url: twilioInboundSmsCallback.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: new URLSearchParams(params).toString(),
      });

    const junk = await system.bff.inject({ method: 'POST', url: twilioInboundSmsCallback.path, headers: { 'content-type': 'application/json', 'x-twilio-signature': 'c2lnbmVk' }, payload: '{}' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toBe('An incoming message is form-encoded');
    const forged = await send(twilioSignature('not-the-auth-token', url, params));
    expect(forged.statusCode).toBe(403);
    const answer = await send(twilioSignature(twilio.authToken, url, params));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/xml/);
    expect(answer.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');

    const rows = await system.notifications!.db.select().from(inboundSms).where(eq(inboundSms.phone, from));
    expect(rows.map((row) => [row.provider, row.outcome])).toEqual([['twilio', 'stop']]);
    const reply = await eventually(async () => twilio.messages.find((message) => message.to === from));
    expect(reply.body).toBe('Krom: SMS notices are off. Send START to turn them back on.');
  });
});
