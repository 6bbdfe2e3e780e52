import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSmsStatusCallback } from '@krom/contracts/api/provider-callbacks';
import { PROVIDER_CALLBACKS_PER_MINUTE_PER_IP } from '../src/plugins/provider-callbacks.ts';
import { eventually } from '@krom/server-kit/testing';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerCallbacks, smsLogs } from '../../services/notifications/src/db/schema.ts';
import { queueSms } from '../../services/notifications/src/sms/queue-sms.ts';
import { twilioStyleSignature } from '../../services/notifications/test/fake-twilio-api.ts';
import { type BffSystem, startBff } from './bff-test-env.ts';

/*
 * Twilio's SMS status callback through the BFF, with the local SMS provider sending the same signed
 * report Twilio would. The BFF sits behind a web server of its own here (as behind the shell's or
 * a load balancer), at PUBLIC_ORIGIN: that is the URL the provider is given, and signs.
 */

/** What the web server passed to the BFF and what it answered. */
type Passed = { url: string; headers: Record<string, string>; rawBody: Buffer; status: number; answer: string };

let system: BffSystem;
let front: Server;
const passed: Passed[] = [];
const callbackToken = randomBytes(24).toString('base64url');

/** Forwards each request to the in-process BFF as it came, and keeps a copy. */
async function startFront(bff: () => FastifyInstance) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
    const rawBody = Buffer.concat(chunks);
    const answer = await bff().inject({ method: req.method as 'POST', url: req.url ?? '/', headers, payload: rawBody, remoteAddress: '10.9.0.1' });
    passed.push({ url: req.url ?? '/', headers, rawBody, status: answer.statusCode, answer: answer.body });
    res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'text/plain') }).end(answer.rawPayload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const origin = () => `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
const callbackUrl = () => `${origin()}${twilioSmsStatusCallback.path}`;

beforeAll(async () => {
  front = await startFront(() => system.bff);
  system = await startBff({
    services: ['notifications'],
    overrides: { PUBLIC_ORIGIN: origin() },
    notificationsEnv: { SMS_STATUS_CALLBACK_URL: callbackUrl(), LOCAL_SMS_CALLBACK_TOKEN: callbackToken },
  });
});
afterAll(async () => {
  front?.closeAllConnections();
  await new Promise((resolve) => front?.close(resolve));
  await system?.close();
});

const smsRow = async (id: string) => {
  const [row] = await system.notifications!.db.select().from(smsLogs).where(eq(smsLogs.id, id));
  return row;
};

/** Sends an SMS through notifications and waits until the local provider's signed report has marked it delivered. */
async function deliveredSms() {
  const queued = await queueSms(system.notifications!.sender, { phoneNumber: '0241234567', message: `Your seat is booked ${randomUUID()}`, messageType: 'notification' });
  const row = await eventually(async () => {
    const current = await smsRow(queued.id);
    return current?.deliveryStatus ? current : undefined;
  });
  // The web server keeps its copy once the BFF has answered; a report that came before the SMS was
  // recorded as sent was answered 404 and sent again, as the local provider does.
  const report = await eventually(async () =>
    passed.find((call) => call.status === 200 && new URLSearchParams(call.rawBody.toString()).get('MessageSid') === row.providerId),
  );
  return { row, report };
}

/** Posts to the callback route as the provider would, without a session or a browser's Origin. */
const callback = (rawBody: Buffer | string, headers: Record<string, string>, remoteAddress = '10.9.0.2') =>
  system.bff.inject({ method: 'POST', url: twilioSmsStatusCallback.path, payload: rawBody, headers, remoteAddress });

/** A message sid shaped as Twilio's: SM and 32 hex digits. */
const messageSid = () => `SM${randomUUID().replaceAll('-', '')}`;

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe("Twilio's SMS status callback", () => {
  it("takes the local provider's signed report once, with an empty 200, and marks the SMS delivered", async () => {
    const { row, report } = await deliveredSms();
    expect(row).toMatchObject({ status: 'sent', provider: 'local', deliveryStatus: 'delivered', deliveryError: null });
    expect(report).toMatchObject({ url: twilioSmsStatusCallback.path, status: 200, answer: '' });
    expect(report.headers['x-twilio-signature']).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(report.headers.cookie).toBeUndefined();
  });

  it('answers a replay 200 and changes nothing, whatever Origin or cookie it carries', async () => {
    const { row, report } = await deliveredSms();
    const extras: Record<string, string>[] = [{}, { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site', cookie: 'krom_session=forged' }];
    for (const extra of extras) {
      const replay = await callback(report.rawBody, { ...form, 'x-twilio-signature': report.headers['x-twilio-signature']!, ...extra });
      expect(replay.statusCode).toBe(200);
      expect(replay.body).toBe('');
    }
    expect(await smsRow(row.id)).toEqual(row);
    const [kept] = await system
      .notifications!.db.select({ n: count() })
      .from(providerCallbacks)
      .where(and(eq(providerCallbacks.provider, 'local'), eq(providerCallbacks.deliveryId, `${row.providerId}:delivered`)));
    expect(kept?.n).toBe(1);
  });

  it('refuses a report without a signature with 401, and one with a wrong signature with 403', async () => {
    const { row, report } = await deliveredSms();
    const failed = Buffer.from(new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(report.rawBody.toString())), MessageStatus: 'failed' }).toString());
    const unsigned = await callback(failed, form);
    expect(unsigned.statusCode).toBe(401);
    const wronglySigned = await callback(failed, { ...form, 'x-twilio-signature': twilioStyleSignature('not-the-token-at-all', callbackUrl(), {}) });
    expect(wronglySigned.statusCode).toBe(403);
    const signedWithAnotherToken = await callback(failed, {
      ...form,
      'x-twilio-signature': twilioStyleSignature(randomBytes(24).toString('base64url'), callbackUrl(), Object.fromEntries(new URLSearchParams(failed.toString()))),
    });
    expect(signedWithAnotherToken.statusCode).toBe(403);
    expect(await smsRow(row.id)).toEqual(row);
  });

  it('refuses with 403 a report whose body was altered after signing, and records nothing', async () => {
    const queued = await queueSms(system.notifications!.sender, { phoneNumber: '0201234567', message: `Altered ${randomUUID()}`, messageType: 'notification' });
    const row = await eventually(async () => {
      const current = await smsRow(queued.id);
      return current?.deliveryStatus ? current : undefined;
    });
    // A report for it signed as the provider signs, a status it has not had yet, then changed on the way.
    const params = { AccountSid: 'local', MessageSid: row.providerId!, MessageStatus: 'undelivered', ErrorCode: '30003' };
    const signature = twilioStyleSignature(callbackToken, callbackUrl(), params);
    const alteredBody = new URLSearchParams({ ...params, ErrorCode: '30005' }).toString();
    const altered = await callback(alteredBody, { ...form, 'x-twilio-signature': signature });
    expect(altered.statusCode).toBe(403);
    const asSigned = await callback(new URLSearchParams(params).toString(), { ...form, 'x-twilio-signature': signature });
    expect(asSigned.statusCode).toBe(200);
    // The first settled report stays: a later one is taken (200) but does not overwrite it.
    expect(await smsRow(row.id)).toEqual(row);
  });

  it('answers 200 for a signed report about no message recorded as sent yet (notifications holds it), and 4xx, never 5xx, for junk', async () => {
    const params = { AccountSid: 'local', MessageSid: messageSid(), MessageStatus: 'delivered' };
    const unknown = await callback(new URLSearchParams(params).toString(), { ...form, 'x-twilio-signature': twilioStyleSignature(callbackToken, callbackUrl(), params) });
    expect(unknown.statusCode).toBe(200);
    for (const [body, headers] of [
      ['{"MessageSid":"x"}', { 'content-type': 'application/json', 'x-twilio-signature': 'abc=' }],
      [randomBytes(300), { 'content-type': 'application/octet-stream', 'x-twilio-signature': 'abc=' }],
      ['', { 'x-twilio-signature': 'abc=' }],
      ['a=1&a=2', { ...form, 'x-twilio-signature': 'abc=' }],
      ['x'.repeat(70_000), { ...form, 'x-twilio-signature': 'abc=' }],
    ] as const) {
      const response = await callback(body, headers);
      expect(response.statusCode, String(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, String(body).slice(0, 40)).toBeLessThan(500);
    }
  });

  it('answers 400, before asking notifications, a signed body not shaped as a status report', async () => {
    const signed = (params: Record<string, string>) => ({ ...form, 'x-twilio-signature': twilioStyleSignature(callbackToken, callbackUrl(), params) });
    const report = { AccountSid: 'local', MessageSid: messageSid(), MessageStatus: 'delivered' };
    for (const [body, headers] of [
      [new URLSearchParams(report).toString(), { ...signed(report), 'content-type': 'text/plain' }],
      ['AccountSid=local&MessageStatus=delivered', signed({ AccountSid: 'local', MessageStatus: 'delivered' })],
      ['MessageSid=local-123&MessageStatus=delivered', signed({ MessageSid: 'local-123', MessageStatus: 'delivered' })],
      [`MessageSid=${report.MessageSid}z&MessageStatus=delivered`, signed({ MessageSid: `${report.MessageSid}z`, MessageStatus: 'delivered' })],
      [`MessageSid=${report.MessageSid}&MessageSid=${messageSid()}&MessageStatus=delivered`, { ...form, 'x-twilio-signature': 'abc=' }],
    ] as const) {
      const response = await callback(body, headers);
      expect(response.statusCode, body).toBe(400);
      // The BFF's own answer: notifications would have refused a wrong signature with 403, and held a report about an unknown sid.
      expect(response.json().message, body).toMatch(/^A status report /);
    }
    // The same report, well shaped, reaches notifications (which knows no such message yet, and holds the report).
    expect((await callback(new URLSearchParams(report).toString(), signed(report))).statusCode).toBe(200);
    expect((await callback(new URLSearchParams({ ...report, MessageSid: report.MessageSid.replace('SM', 'MM') }).toString(), { ...form, 'x-twilio-signature': 'abc=' })).statusCode).toBe(403);
  });

  it('holds one address to its limit a minute, answering 429, while others go on', async () => {
    const junk = 'MessageSid=x';
    const flooding = '10.9.7.1';
    const answers = [];
    for (let sent = 0; sent < PROVIDER_CALLBACKS_PER_MINUTE_PER_IP; sent += 1) {
      answers.push((await callback(junk, { ...form, 'x-twilio-signature': 'abc=' }, flooding)).statusCode);
    }
    expect(new Set(answers)).toEqual(new Set([400]));
    expect((await callback(junk, { ...form, 'x-twilio-signature': 'abc=' }, flooding)).statusCode).toBe(429);
    const { report } = await deliveredSms();
    expect((await callback(report.rawBody, { ...form, 'x-twilio-signature': report.headers['x-twilio-signature']! }, flooding)).statusCode).toBe(429);
    expect((await callback(report.rawBody, { ...form, 'x-twilio-signature': report.headers['x-twilio-signature']! }, '10.9.7.2')).statusCode).toBe(200);
  });
});
