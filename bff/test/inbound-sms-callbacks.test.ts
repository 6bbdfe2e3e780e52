import { randomInt, randomUUID } from 'node:crypto';
import { hubtelInboundSmsCallback, localInboundSmsCallback, twilioInboundSmsCallback } from '@krom/contracts/api/provider-callbacks';
import { eventually } from '@krom/server-kit/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundSms } from '../../services/notifications/src/db/schema.ts';
import { LOCAL_SMS_SIGNATURE_HEADER, localSmsSignature } from '../../services/notifications/src/providers/sms/local-inbound.ts';
import { readLocalOutbox } from '../../services/notifications/src/providers/sms/local.ts';
import { buildLocalPhone } from '../../services/notifications/src/providers/sms/local-phone/phone-app.ts';
import { type BffSystem, startBff } from './bff-test-env.ts';

/*
 * Texts to Krom through the BFF's public callback routes to the real notifications service: the
 * local SMS phone's signed text, Hubtel's with its URL token, and Twilio's route where Twilio is not
 * the provider in use.
 */

const LOCAL_SECRET = 'local-sms-phone-secret-for-the-bff-test-0123';
const HUBTEL_TOKEN = 'hubtel-token-for-the-bff-test-0123456789';
let system: BffSystem;

beforeAll(async () => {
  system = await startBff({ services: ['notifications'], notificationsEnv: { LOCAL_SMS_PHONE_SECRET: LOCAL_SECRET, HUBTEL_SMS_CALLBACK_TOKEN: HUBTEL_TOKEN } });
});
afterAll(async () => {
  await system?.close();
});

const newNumber = () => `+23324${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
const post = (url: string, headers: Record<string, string>, payload: string) => system.bff.inject({ method: 'POST', url, headers, payload, remoteAddress: '10.9.0.2' });
const localText = (from: string, text: string, id = randomUUID()) => {
  const body = JSON.stringify({ id, from, to: 'Krom', text });
  return { body, headers: { 'content-type': 'application/json', [LOCAL_SMS_SIGNATURE_HEADER]: localSmsSignature(LOCAL_SECRET, body) } };
};
const rowsFrom = (phone: string) => system.notifications!.db.select().from(inboundSms).where(eq(inboundSms.phone, phone));

describe('texts to Krom through the BFF', () => {
  it('takes a signed text from the local phone once, answers it 200 with an empty body, and texts the reply', async () => {
    const phone = newNumber();
    const { body, headers } = localText(phone, 'HELP');
    const first = await post(localInboundSmsCallback.path, headers, body);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('');
    // The phone sending the same message again (it did not hear the answer) changes nothing.
    expect((await post(localInboundSmsCallback.path, headers, body)).statusCode).toBe(200);
    expect(await rowsFrom(phone)).toHaveLength(1);
    const replies = await eventually(async () => {
      const texts = (await readLocalOutbox(system.outboxDir).catch(() => [])).filter((sms) => sms.to === phone);
      return texts.length > 0 ? texts : undefined;
    });
    expect(replies.map((sms) => sms.body)).toEqual([
      'Krom: FIND <from> <to> [date], BOOK <ride code> <seats> [CASH], MY (your bookings), CANCEL <booking code>, STOP or START (SMS notices).',
    ]);
  });

  it('refuses an unsigned text (401) and a forged one (403), taking nothing', async () => {
    const phone = newNumber();
    const { body } = localText(phone, 'MY');
    expect((await post(localInboundSmsCallback.path, { 'content-type': 'application/json' }, body)).statusCode).toBe(401);
    const forged = { 'content-type': 'application/json', [LOCAL_SMS_SIGNATURE_HEADER]: localSmsSignature('a-secret-the-phone-does-not-share-0123456', body) };
    expect((await post(localInboundSmsCallback.path, forged, body)).statusCode).toBe(403);
    expect(await rowsFrom(phone)).toEqual([]);
  });

  it('takes a Hubtel text only with the token in its URL', async () => {
    const phone = newNumber();
    const body = JSON.stringify({ MessageId: randomUUID(), From: phone.slice(1), To: '1234', Content: 'START' });
    const json = { 'content-type': 'application/json' };
    expect((await post(hubtelInboundSmsCallback.path, json, body)).statusCode).toBe(401);
    expect((await post(`${hubtelInboundSmsCallback.path}?token=not-the-token-0123456789abcdef`, json, body)).statusCode).toBe(403);
    expect(await rowsFrom(phone)).toEqual([]);
    const taken = await post(`${hubtelInboundSmsCallback.path}?token=${HUBTEL_TOKEN}`, json, body);
    expect(taken.statusCode).toBe(200);
    expect((await rowsFrom(phone)).map((row) => row.outcome)).toEqual(['start']);
  });

  it("answers 404 to Twilio's webhook where Twilio is not the SMS provider", async () => {
    const form = new URLSearchParams({ MessageSid: `SM${randomUUID().replaceAll('-', '')}`, From: newNumber(), To: '+233302000000', Body: 'MY' }).toString();
    const response = await post(twilioInboundSmsCallback.path, { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'c2lnbmVk' }, form);
    expect(response.statusCode).toBe(404);
  });
});

describe('the local SMS phone', () => {
  it('texts Krom from any number typed on its page, through the BFF, and shows that number’s conversation with Krom’s reply', async () => {
    const bffUrl = await system.bff.listen({ port: 0, host: '127.0.0.1' });
    const phoneApp = buildLocalPhone({ secret: LOCAL_SECRET, inboundUrl: `${bffUrl}${localInboundSmsCallback.path}`, outboxDir: system.outboxDir, logLevel: 'silent' });
    try {
      const local = `024${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
      const phone = `+233${local.slice(1)}`;
      const refused = await phoneApp.inject({ method: 'POST', url: '/sms', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'number=12&text=STOP' });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Type a Ghana mobile number, such as 024 123 4567.');

      const sent = await phoneApp.inject({ method: 'POST', url: '/sms', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `number=${local}&text=STOP` });
      expect(sent.statusCode).toBe(303);
      expect(sent.headers.location).toBe(`/sms/${phone}`);
      expect((await rowsFrom(phone)).map((row) => row.outcome)).toEqual(['stop']);
      const page = await eventually(async () => {
        const response = await phoneApp.inject({ method: 'GET', url: `/sms/${phone}` });
        return response.body.includes('Krom: SMS notices are off. Send START to turn them back on.') ? response.body : undefined;
      });
      expect(page).toContain('STOP');
      expect(page).toContain('delivered');
    } finally {
      await phoneApp.close();
    }
  });
});
