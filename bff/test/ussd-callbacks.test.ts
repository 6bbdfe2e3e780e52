import { randomInt, randomUUID } from 'node:crypto';
import { africasTalkingUssdCallback, hubtelUssdCallback, localUssdCallback } from '@krom/contracts/api/provider-callbacks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SMS_SIGNATURE_HEADER, localSmsSignature } from '../../services/notifications/src/providers/sms/local-inbound.ts';
import { buildLocalPhone } from '../../services/notifications/src/providers/sms/local-phone/phone-app.ts';
import { type BffSystem, startBff } from './bff-test-env.ts';

/*
 * USSD steps through the BFF's public callback routes to the real notifications service: the local
 * simulator's signed step, Africa's Talking's and Hubtel's with their URL tokens, and the
 * simulator page's own step route.
 */

const LOCAL_SECRET = 'local-sms-phone-secret-for-the-bff-test-0123';
const AT_TOKEN = 'africastalking-token-for-the-bff-test-0123';
const HUBTEL_TOKEN = 'hubtel-ussd-token-for-the-bff-test-0123';
let system: BffSystem;

beforeAll(async () => {
  system = await startBff({
    services: ['notifications'],
    notificationsEnv: { LOCAL_SMS_PHONE_SECRET: LOCAL_SECRET, USSD_AFRICASTALKING_TOKEN: AT_TOKEN, USSD_HUBTEL_TOKEN: HUBTEL_TOKEN, PUBLIC_ORIGIN: 'https://krom.example' },
  });
});
afterAll(async () => {
  await system?.close();
});

const newNumber = () => `+23324${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
const post = (url: string, headers: Record<string, string>, payload: string) => system.bff.inject({ method: 'POST', url, headers, payload, remoteAddress: '10.9.0.3' });
const localStep = (phone: string, text: string, sessionId = randomUUID(), secret = LOCAL_SECRET) => {
  const body = JSON.stringify({ sessionId, serviceCode: '*713#', phoneNumber: phone, text });
  return { body, headers: { 'content-type': 'application/json', [LOCAL_SMS_SIGNATURE_HEADER]: localSmsSignature(secret, body) } };
};

describe('USSD through the BFF', () => {
  it("answers the local simulator's signed step with the screen as text, and refuses an unsigned (401) or forged (403) one", async () => {
    const phone = newNumber();
    const { body, headers } = localStep(phone, '');
    const answer = await post(localUssdCallback.path, headers, body);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.body).toMatch(/^END This number is not on Krom\. Sign up at .+ to book rides by SMS\.$/);
    expect((await post(localUssdCallback.path, { 'content-type': 'application/json' }, body)).statusCode).toBe(401);
    const forged = localStep(phone, '', randomUUID(), 'a-secret-the-phone-does-not-share-0123456');
    expect((await post(localUssdCallback.path, forged.headers, forged.body)).statusCode).toBe(403);
  });

  it("answers Africa's Talking's form post and Hubtel's JSON only with the token in the URL", async () => {
    const form = new URLSearchParams({ sessionId: `AT-${randomUUID()}`, serviceCode: '*713#', phoneNumber: newNumber(), networkCode: '62001', text: '' }).toString();
    const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await post(africasTalkingUssdCallback.path, formHeaders, form)).statusCode).toBe(401);
    expect((await post(`${africasTalkingUssdCallback.path}?token=not-the-token-0123456789abcdef`, formHeaders, form)).statusCode).toBe(403);
    const at = await post(`${africasTalkingUssdCallback.path}?token=${AT_TOKEN}`, formHeaders, form);
    expect(at.statusCode).toBe(200);
    expect(at.body).toMatch(/^END This number is not on Krom/);

    const json = { 'content-type': 'application/json' };
    const hubtel = JSON.stringify({ Type: 'Initiation', Mobile: newNumber().slice(1), SessionId: `H-${randomUUID()}`, ServiceCode: '713', Message: '*713#', Operator: 'mtn', Sequence: 1 });
    expect((await post(hubtelUssdCallback.path, json, hubtel)).statusCode).toBe(401);
    const taken = await post(`${hubtelUssdCallback.path}?token=${HUBTEL_TOKEN}`, json, hubtel);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ Type: 'release', Label: 'Krom' });
  });

  it('lets the simulator page dial the short code, and shows the screen Krom answers', async () => {
    const bffUrl = await system.bff.listen({ port: 0, host: '127.0.0.1' });
    const phoneApp = buildLocalPhone({ secret: LOCAL_SECRET, inboundUrl: `${bffUrl}/api/callbacks/local/sms-inbound`, outboxDir: system.outboxDir, logLevel: 'silent' });
    try {
      const page = await phoneApp.inject({ method: 'GET', url: '/ussd' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('*713#');
      const step = await phoneApp.inject({ method: 'POST', url: '/ussd/step', payload: { number: '0241234567', sessionId: randomUUID(), text: '' } });
      expect(step.statusCode).toBe(200);
      expect(step.json()).toMatchObject({ end: true, text: expect.stringMatching(/^This number is not on Krom/) });
      const refused = await phoneApp.inject({ method: 'POST', url: '/ussd/step', payload: { number: '12', sessionId: randomUUID(), text: '' } });
      expect(refused.statusCode).toBe(400);
    } finally {
      await phoneApp.close();
    }
  });
});
