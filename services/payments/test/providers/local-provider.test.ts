import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import type { ProviderCallback } from '@krom/server-kit/providers';
import { dropDatabaseWhenIdle, isolatedTestEnv } from '@krom/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalGateway } from '../../src/providers/mobile-money/local-gateway/open-local-gateway.ts';
import { voucherCodeFor } from '../../src/providers/mobile-money/local-gateway/signature.ts';
import { localMobileMoneyProvider } from '../../src/providers/mobile-money/local.ts';
import type { MobileMoneyNetwork } from '../../src/providers/mobile-money/port.ts';
import { CallbackInbox } from './callback-inbox.ts';
import { bodyOf, type LocalServer, listenLocally } from './local-server.ts';
import { describeMobileMoneyProvider, newReference } from './mobile-money-provider-suite.ts';

/** The callbacks' signature, worked out here from the brief (HMAC-SHA256 of the body, hex) rather than with the gateway's code. */
const signed = (secret: string, rawBody: Buffer) => createHmac('sha256', secret).update(rawBody).digest('hex');

/**
 * A real local gateway (its own database on the real PostgreSQL) and Krom's callback inbox; the
 * adapter reaches the gateway through a pass-through that can drop one answer, as a network would.
 * The customer's answers go through the phone page's forms, posted as a browser posts them.
 */
async function startLocalGateway() {
  const { databaseUrl, tag } = isolatedTestEnv('local_momo');
  const secret = `local-momo-test-secret-${tag}-0123456789`;
  const callbacks = new CallbackInbox();
  await callbacks.start();
  const app: FastifyInstance = await openLocalGateway({ databaseUrl, secret, callbackUrl: callbacks.url, logLevel: 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  let hangUp = false;
  const passThrough: LocalServer = await listenLocally(async (req, res) => {
    const body = await bodyOf(req);
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type']) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
    const upstream = await fetch(`${origin}${req.url}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : body });
    const answer = Buffer.from(await upstream.arrayBuffer());
    if (hangUp) {
      hangUp = false;
      req.socket.destroy();
      return;
    }
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(answer);
  });

  const books = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  /** Posts a phone page form as a browser does (url-encoded, not following the redirect). */
  const postForm = (path: string, fields: Record<string, string>) =>
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
  const submitted = async (path: string, fields: Record<string, string>) => {
    const response = await postForm(path, fields);
    if (response.status !== 303) throw new Error(`The phone page answered ${path} with ${response.status}`);
  };
  const closedAddress = async () => {
    const gone = await listenLocally(() => undefined);
    await gone.close();
    return gone.origin;
  };
  const downUrl = await closedAddress();

  return {
    origin,
    secret,
    callbacks,
    provider: localMobileMoneyProvider({ baseUrl: passThrough.origin, secret }),
    unreachable: () => localMobileMoneyProvider({ baseUrl: downUrl, secret }),
    hangUpAfterNextRequest: () => {
      hangUp = true;
    },
    postForm,
    approve: (reference: string, pin = '1234') => submitted(`/prompts/${reference}/approve`, { pin }),
    decline: (reference: string) => submitted(`/prompts/${reference}/decline`, {}),
    failPayouts: (on: boolean) => submitted('/phone/switches', { failPayouts: on ? 'on' : 'off' }),
    failRefunds: (on: boolean) => submitted('/phone/switches', { failRefunds: on ? 'on' : 'off' }),
    moved: async (reference: string) => {
      const { rows } = await books.query<{ amount: number }>("SELECT amount FROM movements WHERE reference = $1 AND status = 'succeeded'", [reference]);
      return rows[0]?.amount ?? 0;
    },
    phonePage: async (phone: string) => {
      const response = await fetch(`${origin}/phone/${phone}`);
      return { status: response.status, html: await response.text() };
    },
    close: async () => {
      await Promise.all([app.close(), passThrough.close(), callbacks.stop(), books.end()]);
      await dropDatabaseWhenIdle(databaseUrl);
    },
  };
}

describeMobileMoneyProvider('local', async () => {
  const gateway = await startLocalGateway();
  const callbackTo = (rawBody: Buffer, headers: Record<string, string>): ProviderCallback => ({
    rawBody,
    headers: { 'content-type': 'application/json', ...headers },
    url: gateway.callbacks.url,
  });
  return {
    provider: gateway.provider,
    gateway: {
      approve: (reference, pin) => gateway.approve(reference, pin),
      decline: (reference) => gateway.decline(reference),
      otpFor: (reference) => voucherCodeFor(gateway.secret, reference),
      failPayouts: (on) => gateway.failPayouts(on),
      failRefunds: (on) => gateway.failRefunds(on),
      moved: (reference) => gateway.moved(reference),
      hangUpAfterNextRequest: () => gateway.hangUpAfterNextRequest(),
    },
    callbacks: gateway.callbacks,
    forger: {
      signed: (rawBody) => callbackTo(rawBody, { 'x-local-momo-signature': signed(gateway.secret, rawBody) }),
      unsigned: (rawBody) => callbackTo(rawBody, {}),
      forged: (rawBody) => callbackTo(rawBody, { 'x-local-momo-signature': signed(`${gateway.secret}-not`, rawBody) }),
    },
    unreachable: gateway.unreachable,
    close: gateway.close,
  };
});

describe('the mobile money phone page', () => {
  let gateway: Awaited<ReturnType<typeof startLocalGateway>>;
  beforeAll(async () => {
    gateway = await startLocalGateway();
  });
  afterAll(() => gateway?.close());

  /** A number of its own per test, so one test's prompts never show on another's page. */
  const aNumber = () => `+23324${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const collect = async (phone: string, network: MobileMoneyNetwork = 'mtn', amount = 4_550) => {
    const reference = newReference();
    const description = `Krom: Accra to Tamale ${reference.slice(0, 8)}`;
    await gateway.provider.collect({ reference, wallet: { phone, network }, amount, description, customerName: 'Ama Mensah' });
    return { reference, description };
  };

  it("lists a pending prompt with its amount and description, on its own number's page only", async () => {
    const phone = aNumber();
    const other = aNumber();
    const { reference, description } = await collect(phone);

    const own = await gateway.phonePage(phone);
    expect(own.status).toBe(200);
    expect(own.html).toContain(description);
    expect(own.html).toContain('Pay GH₵45.50 to Krom');
    expect(own.html).toContain(`action="/prompts/${reference}/approve"`);
    expect(own.html).toContain(`action="/prompts/${reference}/decline"`);
    expect(own.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');

    const theirs = await gateway.phonePage(other);
    expect(theirs.status).toBe(200);
    expect(theirs.html).not.toContain(description);
    expect(theirs.html).toContain('No payment prompts.');

    // Approved, it leaves the prompts and stays in the history.
    await gateway.approve(reference);
    const after = await gateway.phonePage(phone);
    expect(after.html).not.toContain(`/prompts/${reference}/approve`);
    expect(after.html).toContain('No payment prompts.');
    expect(after.html).toMatch(/Paid GH₵45\.50: Krom: Accra to Tamale \w+, done/);
  });

  it.each(['123', '12345', '12a4', ''])('refuses the PIN %j on the page, and the prompt keeps waiting', async (pin) => {
    const phone = aNumber();
    const { reference } = await collect(phone);
    const refused = await gateway.postForm(`/prompts/${reference}/approve`, { pin });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('Your PIN is 4 digits.');
    expect(html).toContain(`action="/prompts/${reference}/approve"`);
    expect(await gateway.provider.verifyCollection(reference)).toMatchObject({ status: 'pending' });
    expect(gateway.callbacks.received.some((callback) => callback.rawBody.toString().includes(reference))).toBe(false);

    await gateway.approve(reference, '0000');
    expect(await gateway.provider.verifyCollection(reference)).toMatchObject({ status: 'succeeded', amount: 4_550 });
  });

  it('shows the voucher code Telecel "texted", and takes it typed on the page before the PIN', async () => {
    const phone = aNumber();
    const { reference } = await collect(phone, 'telecel', 2_000);
    const code = voucherCodeFor(gateway.secret, reference);
    const page = await gateway.phonePage(phone);
    expect(page.html).toContain(`Telecel texted you a voucher code: <strong>${code}</strong>`);
    expect(page.html).not.toContain(`action="/prompts/${reference}/approve"`);

    const wrong = await gateway.postForm(`/prompts/${reference}/voucher`, { voucher: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('That is not the voucher code Telecel texted.');
    expect((await gateway.provider.verifyCollection(reference)).status).toBe('needs_otp');

    expect((await gateway.postForm(`/prompts/${reference}/voucher`, { voucher: code })).status).toBe(303);
    expect((await gateway.provider.verifyCollection(reference)).status).toBe('pending');
    expect((await gateway.phonePage(phone)).html).toContain(`action="/prompts/${reference}/approve"`);
  });

  it('shows payouts and refunds received, and a refused payout only in the history', async () => {
    const phone = aNumber();
    await gateway.provider.payout({ reference: newReference(), wallet: { phone, network: 'airteltigo' }, amount: 8_800, recipientName: 'Kofi Boateng', reason: 'Krom fares, week 48' });
    const { reference } = await collect(phone, 'mtn', 3_000);
    await gateway.approve(reference);
    await gateway.provider.refund({ reference: newReference(), collectionReference: reference, wallet: { phone, network: 'mtn' }, amount: 1_250, reason: 'Cancelled within 24 hours' });
    await gateway.failPayouts(true);
    try {
      await gateway.provider.payout({ reference: newReference(), wallet: { phone, network: 'airteltigo' }, amount: 999, recipientName: 'Kofi Boateng', reason: 'Refused fares' });
    } finally {
      await gateway.failPayouts(false);
    }

    const { html } = await gateway.phonePage(phone);
    const received = html.slice(html.indexOf('id="received"'), html.indexOf('id="history"'));
    expect(received).toContain('<strong>GH₵88.00</strong> from Krom: Krom fares, week 48');
    expect(received).toContain('<strong>GH₵12.50</strong> refunded by Krom: Cancelled within 24 hours');
    expect(received).not.toContain('Refused fares');
    expect(html.slice(html.indexOf('id="history"'))).toContain('Received GH₵9.99: Refused fares, failed (The network refused the payout)');
  });

  it('opens the phone of a number typed in any usual form, and refuses what is not a Ghana number', async () => {
    const typed = await fetch(`${gateway.origin}/phone?number=${encodeURIComponent('024 123 4567')}`, { redirect: 'manual' });
    expect(typed.status).toBe(303);
    expect(typed.headers.get('location')).toBe('/phone/+233241234567');
    const wrong = await fetch(`${gateway.origin}/phone?number=12345`);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Type a Ghana mobile number');
  });

  it('refuses the API without the secret', async () => {
    const response = await fetch(`${gateway.origin}/v1/collections/${newReference()}`, { headers: { authorization: 'Bearer not-the-secret' } });
    expect(response.status).toBe(401);
    const stranger = localMobileMoneyProvider({ baseUrl: gateway.origin, secret: `${gateway.secret}-not` });
    await expect(stranger.verifyCollection(newReference())).rejects.toMatchObject({ outcome: 'not-sent', retryable: false });
  });
});
