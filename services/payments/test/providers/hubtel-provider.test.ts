import { CallbackRefusedError, type ProviderCallback } from '@krom/server-kit/providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubtelFinalStatusWindowMs, type HubtelSettings, hubtelMobileMoneyProvider } from '../../src/providers/mobile-money/hubtel.ts';
import { type HubtelMovementKind, hubtelCallbackUrl, hubtelClientReference } from '../../src/providers/mobile-money/hubtel-callback.ts';
import { type MobileMoneyProvider, MobileMoneyProviderError, type Wallet } from '../../src/providers/mobile-money/port.ts';
import { CallbackInbox } from './callback-inbox.ts';
import { HubtelStandIn } from './hubtel-stand-in.ts';
import { describeMobileMoneyProvider, newReference } from './mobile-money-provider-suite.ts';

const CALLBACK_TOKEN = 'hubtel-callback-secret';

/** The inbox at the URL Hubtel is given: the BFF's callback URL with the callback token in its query. */
class HubtelCallbackInbox extends CallbackInbox {
  override get url(): string {
    return hubtelCallbackUrl(super.url, CALLBACK_TOKEN);
  }
}

const settingsFor = (hubtel: HubtelStandIn, inbox: CallbackInbox, baseUrl = hubtel.baseUrl): HubtelSettings => ({
  clientId: hubtel.clientId,
  clientSecret: hubtel.clientSecret,
  posSalesId: hubtel.posSalesId,
  prepaidDepositId: hubtel.prepaidDepositId,
  callbackUrl: new URL(inbox.url).origin + new URL(inbox.url).pathname,
  callbackToken: CALLBACK_TOKEN,
  receiveBaseUrl: baseUrl,
  sendBaseUrl: baseUrl,
  statusBaseUrl: baseUrl,
  sendStatusBaseUrl: baseUrl,
});

/** A stand-in at an address nothing listens on any more. */
async function closedAddress(): Promise<string> {
  const gone = new HubtelStandIn();
  const url = await gone.start();
  await gone.stop();
  return url;
}

/** The callback at `url` with these bytes, as the BFF would pass it on. */
const callbackTo = (url: string, rawBody: Buffer): ProviderCallback => ({ rawBody, headers: { 'content-type': 'application/json' }, url });

describeMobileMoneyProvider('hubtel', async () => {
  const hubtel = new HubtelStandIn();
  hubtel.settleTransfers = true;
  const callbacks = new HubtelCallbackInbox();
  await Promise.all([hubtel.start(), callbacks.start()]);
  // Krom's own record of the refunds it asked for, as the service keeps it: Hubtel links none of them to their collection. A refund the gateway's record says failed gave nothing back.
  const refunds = new Map<string, { collectionReference: string; amount: number }>();
  const adapter: MobileMoneyProvider = hubtelMobileMoneyProvider({
    ...settingsFor(hubtel, callbacks),
    refundedBefore: async (collectionReference, refundReference) => {
      const earlier = [...refunds].filter(([reference, refund]) => reference !== refundReference && refund.collectionReference === collectionReference);
      const given = await Promise.all(earlier.map(async ([reference, refund]) => ((await adapter.verifyRefund(reference)).status === 'failed' ? 0 : refund.amount)));
      return given.reduce((sum, amount) => sum + amount, 0);
    },
  });
  const provider: MobileMoneyProvider = {
    ...adapter,
    async refund(request) {
      const movement = await adapter.refund(request);
      if (movement.status !== 'failed') refunds.set(request.reference, { collectionReference: request.collectionReference, amount: request.amount });
      return movement;
    },
  };
  const of = (kind: HubtelMovementKind, reference: string) => hubtelClientReference(kind, reference);
  const downUrl = await closedAddress();
  const withoutToken = new URL(callbacks.url);
  withoutToken.searchParams.delete('token');
  return {
    provider,
    gateway: {
      approve: (reference) => hubtel.approve(of('collection', reference)),
      // Hubtel's status check cannot tell a declined prompt from a waiting one until its five minutes are up: the prompt is declined as one sent that long ago.
      decline: (reference) => hubtel.decline(of('collection', reference), hubtelFinalStatusWindowMs),
      failPayouts: async (on) => {
        hubtel.failTransfers = on;
      },
      // Hubtel sends a refund as it sends a payout (Send Money): the networks refuse both alike.
      failRefunds: async (on) => {
        hubtel.failTransfers = on;
      },
      moved: async (reference) => {
        const receipt = hubtel.receipts.get(of('collection', reference));
        if (receipt) return receipt.status === 'Paid' ? receipt.amount : 0;
        const transfer = hubtel.transfers.get(of('payout', reference)) ?? hubtel.transfers.get(of('refund', reference));
        return transfer?.transactionStatus === 'success' ? transfer.amount : 0;
      },
      hangUpAfterNextRequest: () => hubtel.loseNextAnswer('drop'),
    },
    callbacks,
    forger: {
      signed: (rawBody) => callbackTo(callbacks.url, rawBody),
      unsigned: (rawBody) => callbackTo(withoutToken.toString(), rawBody),
      forged: (rawBody) => callbackTo(hubtelCallbackUrl(withoutToken.toString(), `${CALLBACK_TOKEN}-not`), rawBody),
    },
    unreachable: () => hubtelMobileMoneyProvider(settingsFor(hubtel, callbacks, downUrl)),
    close: async () => {
      await Promise.all([hubtel.stop(), callbacks.stop()]);
    },
  };
});

const hubtel = new HubtelStandIn();
const inbox = new HubtelCallbackInbox();
beforeAll(() => Promise.all([hubtel.start(), inbox.start()]));
afterAll(() => Promise.all([hubtel.stop(), inbox.stop()]));

/** How far ahead of the real time the adapter's clock runs (a test moves it past Hubtel's five minutes). */
let clockAhead = 0;

const settings = (overrides: Partial<HubtelSettings> = {}): HubtelSettings => ({
  ...settingsFor(hubtel, inbox),
  now: () => new Date(Date.now() + clockAhead),
  ...overrides,
});
const provider = () => hubtelMobileMoneyProvider(settings());

const mtn: Wallet = { phone: '+233241234567', network: 'mtn' };

const collect = (ref: string, amount = 1234, wallet = mtn) =>
  provider().collect({ reference: ref, wallet, amount, description: 'Krom: Accra to Kumasi, 2 seats', customerName: 'Ama Mensah' });

/** Collects and has the customer approve it. */
async function paid(ref: string, amount = 1234) {
  await collect(ref, amount);
  await hubtel.approve(hubtelClientReference('collection', ref));
}

/** The callback Hubtel posted about a ClientReference, once it has arrived. */
const callbackAbout = (clientReference: string) =>
  inbox.first((callback) => (JSON.parse(callback.rawBody.toString('utf8')) as { Data?: { ClientReference?: string } }).Data?.ClientReference === clientReference);

/** The refusal `verifyWebhook` throws for a callback, or undefined when it accepts it. */
function refusalOf(callback: ProviderCallback) {
  try {
    provider().verifyWebhook(callback);
    return undefined;
  } catch (error) {
    if (!(error instanceof CallbackRefusedError)) throw error;
    return error.statusCode;
  }
}

const withUrl = (callback: ProviderCallback, change: (url: URL) => void): ProviderCallback => {
  const url = new URL(callback.url);
  change(url);
  return { ...callback, url: url.toString() };
};

describe('Hubtel collections (Direct Receive Money)', () => {
  it('sends the prompt pending, and reads it succeeded with the exact pesewas once the customer approves', async () => {
    const ref = newReference();
    const clientReference = hubtelClientReference('collection', ref);
    const pending = await collect(ref, 1234);
    expect(pending).toMatchObject({ reference: ref, status: 'pending', amount: 1234, gatewayFee: 13, displayText: null });

    const receipt = hubtel.receipts.get(clientReference);
    expect(receipt).toMatchObject({ msisdn: '233241234567', channel: 'mtn-gh', amount: 1234, customerName: 'Ama Mensah', description: 'Krom: Accra to Kumasi, 2 seats' });
    expect(pending.providerReference).toBe(receipt?.transactionId);
    expect(JSON.parse(receipt!.rawRequest)).toMatchObject({ Amount: 12.34, ClientReference: clientReference });
    expect(receipt!.rawRequest).toContain('"Amount":12.34,');

    expect(await provider().verifyCollection(ref)).toMatchObject({ status: 'pending', amount: 1234 });
    await hubtel.approve(clientReference);
    expect(await provider().verifyCollection(ref)).toEqual({ reference: ref, status: 'succeeded', amount: 1234, providerReference: receipt?.transactionId, gatewayFee: 13, displayText: null });
  });

  it('reads a declined prompt as failed once Hubtel has had its five minutes to settle it, and pending until then', async () => {
    const ref = newReference();
    await collect(ref);
    await hubtel.decline(hubtelClientReference('collection', ref));
    const callback = await callbackAbout(hubtelClientReference('collection', ref));
    expect(JSON.parse(callback.rawBody.toString())).toMatchObject({ ResponseCode: '2001' });

    // Hubtel's status check says Unpaid for a declined prompt as for a waiting one.
    expect(await provider().verifyCollection(ref)).toMatchObject({ status: 'pending' });
    clockAhead = hubtelFinalStatusWindowMs;
    try {
      expect(await provider().verifyCollection(ref)).toMatchObject({ status: 'failed', amount: 1234, displayText: 'The payment was not approved' });
    } finally {
      clockAhead = 0;
    }
  });

  it('charges once when one reference is collected twice: the second ask answers with the first prompt', async () => {
    const ref = newReference();
    const first = await collect(ref);
    const again = await collect(ref);
    expect(again).toEqual(first);
    expect([...hubtel.receipts.values()].filter((r) => r.clientReference === hubtelClientReference('collection', ref))).toHaveLength(1);

    await hubtel.approve(hubtelClientReference('collection', ref));
    expect(await collect(ref)).toMatchObject({ status: 'succeeded', amount: 1234 });
    await expect(hubtel.approve(hubtelClientReference('collection', ref))).rejects.toThrow(/No prompt waiting/);
  });

  it("sends each network's channel, and writes out the characters Hubtel fails a prompt for", async () => {
    const telecel = newReference();
    await provider().collect({ reference: telecel, wallet: { phone: '+233201234567', network: 'telecel' }, amount: 500, description: 'Tema & Ho, 100% sure ^', customerName: 'Kofi' });
    const airteltigo = newReference();
    await collect(airteltigo, 500, { phone: '+233271234567', network: 'airteltigo' });
    expect(hubtel.receipts.get(hubtelClientReference('collection', telecel))).toMatchObject({ channel: 'vodafone-gh', msisdn: '233201234567', description: 'Tema and Ho, 100 sure' });
    expect(hubtel.receipts.get(hubtelClientReference('collection', airteltigo))).toMatchObject({ channel: 'tigo-gh', msisdn: '233271234567' });
  });

  it('never asks for an OTP, and refuses one', async () => {
    const attempt = provider().submitOtp(newReference(), '123456');
    await expect(attempt).rejects.toBeInstanceOf(MobileMoneyProviderError);
    await expect(attempt).rejects.toMatchObject({ outcome: 'not-sent', retryable: false });
  });

  it('refuses to verify a reference Hubtel never saw', async () => {
    await expect(provider().verifyCollection(newReference())).rejects.toMatchObject({ message: expect.stringMatching(/^Hubtel has no collection under reference /), retryable: false });
  });
});

describe('amounts between pesewas and Hubtel cedis', () => {
  it.each([
    [1, 0.01, '"Amount":0.01,'],
    [1234, 12.34, '"Amount":12.34,'],
    [1230, 12.3, '"Amount":12.3,'],
    [100_000, 1000, '"Amount":1000,'],
    [1_999_999_999, 19_999_999.99, '"Amount":19999999.99,'],
  ])('%i pesewas are sent as %s cedis and read back as the same pesewas', async (pesewas, cedis, written) => {
    const ref = newReference();
    await paid(ref, pesewas);
    const receipt = hubtel.receipts.get(hubtelClientReference('collection', ref))!;
    expect(receipt.rawRequest).toContain(written);
    expect(JSON.parse(receipt.rawRequest).Amount).toBe(cedis);
    expect(await provider().verifyCollection(ref)).toMatchObject({ status: 'succeeded', amount: pesewas, gatewayFee: Math.ceil(pesewas / 100) });
  });

  it('refuses an amount that is not whole pesewas, before asking Hubtel', async () => {
    const before = hubtel.requests.length;
    await expect(collect(newReference(), 12.5)).rejects.toMatchObject({ outcome: 'not-sent', retryable: false });
    expect(hubtel.requests.length).toBe(before);
  });
});

describe('Hubtel payouts (Direct Send Money)', () => {
  const payout = (ref: string, amount = 4520) =>
    provider().payout({ reference: ref, wallet: { phone: '+233551234567', network: 'mtn' }, amount, recipientName: 'Yaw Boateng', reason: 'Krom: trip Accra to Kumasi' });

  it('sends the money pending from the Prepaid Deposit account, and reads it succeeded once the wallet is credited', async () => {
    const ref = newReference();
    const clientReference = hubtelClientReference('payout', ref);
    expect(await payout(ref)).toMatchObject({ reference: ref, status: 'pending', amount: 4520, gatewayFee: 46 });
    expect(hubtel.transfers.get(clientReference)).toMatchObject({ recipientName: 'Yaw Boateng', msisdn: '233551234567', channel: 'mtn-gh', amount: 4520 });
    expect(hubtel.transfers.get(clientReference)!.rawRequest).toContain('"Amount":45.2,');

    await hubtel.completeTransfer(clientReference);
    expect(await provider().verifyPayout(ref)).toEqual({
      reference: ref,
      status: 'succeeded',
      amount: 4520,
      providerReference: hubtel.transfers.get(clientReference)!.transactionId,
      gatewayFee: 46,
      displayText: null,
    });
  });

  it('reads a transfer Hubtel failed as failed, and the same reference asked again answers with it instead of sending again', async () => {
    const ref = newReference();
    const clientReference = hubtelClientReference('payout', ref);
    await payout(ref);
    await hubtel.failTransfer(clientReference);
    expect(await provider().verifyPayout(ref)).toMatchObject({ status: 'failed', amount: 4520 });

    expect(await payout(ref)).toMatchObject({ status: 'failed', amount: 4520 });
    expect([...hubtel.transfers.keys()].filter((key) => key === clientReference)).toHaveLength(1);
  });

  it('sends once when a payout is retried with its reference after its answer was lost', async () => {
    const ref = newReference();
    hubtel.loseNextAnswer('drop');
    await expect(payout(ref)).rejects.toMatchObject({ outcome: 'unknown', retryable: false });
    expect(hubtel.transfers.has(hubtelClientReference('payout', ref))).toBe(true);

    expect(await payout(ref)).toMatchObject({ reference: ref, status: 'pending', amount: 4520 });
    expect([...hubtel.transfers.values()].filter((t) => t.clientReference === hubtelClientReference('payout', ref))).toHaveLength(1);
  });

  it('refuses a payout when no Prepaid Deposit account is configured, without asking Hubtel', async () => {
    const before = hubtel.requests.length;
    const attempt = hubtelMobileMoneyProvider(settings({ prepaidDepositId: undefined })).payout({
      reference: newReference(),
      wallet: mtn,
      amount: 100,
      recipientName: 'Yaw',
      reason: 'Trip',
    });
    await expect(attempt).rejects.toMatchObject({ outcome: 'not-sent', retryable: false, message: expect.stringContaining('Prepaid Deposit') });
    expect(hubtel.requests.length).toBe(before);
  });
});

describe('Hubtel refunds (Send Money back to the wallet paid from)', () => {
  const refund = (ref: string, collectionReference: string, amount: number) =>
    provider().refund({ reference: ref, collectionReference, wallet: mtn, amount, reason: 'Driver cancelled' });

  it("sends the refund to the collection's wallet under the refund's own reference, and reads it by that reference", async () => {
    const collection = newReference();
    await paid(collection, 5000);
    const ref = newReference();
    const clientReference = hubtelClientReference('refund', ref);
    expect(await refund(ref, collection, 2500)).toMatchObject({ reference: ref, status: 'pending', amount: 2500 });
    expect(hubtel.transfers.get(clientReference)).toMatchObject({ msisdn: '233241234567', channel: 'mtn-gh', amount: 2500, recipientName: '233241234567', description: 'Driver cancelled' });

    await hubtel.completeTransfer(clientReference);
    expect(await provider().verifyRefund(ref)).toMatchObject({ reference: ref, status: 'succeeded', amount: 2500 });
    // The same refund asked again sends nothing more.
    expect(await refund(ref, collection, 2500)).toMatchObject({ status: 'succeeded', amount: 2500 });
    expect([...hubtel.transfers.values()].filter((t) => t.clientReference === clientReference)).toHaveLength(1);
  });

  it('refuses to give back a collection that was never paid, or more than it collected', async () => {
    const unpaid = newReference();
    await collect(unpaid, 5000);
    await expect(refund(newReference(), unpaid, 5000)).rejects.toMatchObject({ outcome: 'not-sent', retryable: false });
    const collection = newReference();
    await paid(collection, 5000);
    await expect(refund(newReference(), collection, 5001)).rejects.toMatchObject({ message: expect.stringContaining('more than the 5000 left of the 5000 collected') });
  });
});

describe('Hubtel callbacks', () => {
  async function approvedCallback() {
    const ref = newReference();
    await paid(ref);
    return { ref, callback: await callbackAbout(hubtelClientReference('collection', ref)) };
  }

  it('gives Hubtel the callback URL with the token in it, and reads the movement back from the ClientReference alone; a replay reads the same', async () => {
    const { ref, callback } = await approvedCallback();
    expect(new URL(callback.url).searchParams.get('token')).toBe(CALLBACK_TOKEN);
    expect(callback.headers['content-type']).toMatch(/^application\/json/);
    expect(provider().verifyWebhook(callback)).toEqual({ kind: 'collection', reference: ref });
    expect(provider().verifyWebhook({ ...callback, rawBody: Buffer.from(callback.rawBody) })).toEqual({ kind: 'collection', reference: ref });
  });

  it('tells a payout callback from a refund callback, both Send Money alike', async () => {
    const collection = newReference();
    await paid(collection, 2000);
    const payout = newReference();
    const refund = newReference();
    await provider().payout({ reference: payout, wallet: mtn, amount: 700, recipientName: 'Yaw', reason: 'Trip' });
    await provider().refund({ reference: refund, collectionReference: collection, wallet: mtn, amount: 700, reason: 'Trip' });
    await hubtel.completeTransfer(hubtelClientReference('payout', payout));
    await hubtel.completeTransfer(hubtelClientReference('refund', refund));
    expect(provider().verifyWebhook(await callbackAbout(hubtelClientReference('payout', payout)))).toEqual({ kind: 'payout', reference: payout });
    expect(provider().verifyWebhook(await callbackAbout(hubtelClientReference('refund', refund)))).toEqual({ kind: 'refund', reference: refund });
  });

  it('refuses a callback without the token (401), with another token or the token twice (403)', async () => {
    const { callback } = await approvedCallback();
    expect(refusalOf(withUrl(callback, (url) => url.searchParams.delete('token')))).toBe(401);
    expect(refusalOf({ ...callback, url: 'not a url' })).toBe(401);
    expect(refusalOf(withUrl(callback, (url) => url.searchParams.set('token', `${CALLBACK_TOKEN}x`)))).toBe(403);
    expect(refusalOf(withUrl(callback, (url) => url.searchParams.append('token', CALLBACK_TOKEN)))).toBe(403);
    expect(() => hubtelMobileMoneyProvider(settings({ callbackToken: 'another-secret' })).verifyWebhook(callback)).toThrow(CallbackRefusedError);
    expect(refusalOf(callback)).toBeUndefined();
  });

  it('refuses a callback with the token but a body that is not Hubtel JSON (400), and reads one about nothing Krom made as null', async () => {
    const { callback } = await approvedCallback();
    expect(refusalOf({ ...callback, rawBody: Buffer.from('ResponseCode=0000') })).toBe(400);
    expect(refusalOf({ ...callback, rawBody: Buffer.from('{"ResponseCode":"0000","Data":{}}') })).toBe(400);
    const foreign = (clientReference: string) => ({ ...callback, rawBody: Buffer.from(JSON.stringify({ ResponseCode: '0000', Data: { ClientReference: clientReference } })) });
    expect(provider().verifyWebhook(foreign('3jL2KlUy3vt21'))).toBeNull();
    expect(provider().verifyWebhook(foreign('Cnothex'))).toBeNull();
  });
});

describe('ClientReferences', () => {
  it('carries a UUID in 33 characters and a reference of letters and digits as it is, each behind its kind', () => {
    const uuid = '3f2a9c1e-0b4d-4e8f-9a6b-1c2d3e4f5a6b';
    expect(hubtelClientReference('collection', uuid)).toBe('C3f2a9c1e0b4d4e8f9a6b1c2d3e4f5a6b');
    expect(hubtelClientReference('refund', uuid)).toBe('R3f2a9c1e0b4d4e8f9a6b1c2d3e4f5a6b');
    expect(hubtelClientReference('payout', 'payout2026w48kofi')).toBe('ppayout2026w48kofi');
  });

  it('refuses a reference Hubtel could not carry, before asking Hubtel', async () => {
    const before = hubtel.requests.length;
    const attempt = collect('booking-42-collection-of-a-long-name');
    await expect(attempt).rejects.toMatchObject({ outcome: 'not-sent', retryable: false, message: expect.stringContaining('at most 36 letters and digits') });
    expect(hubtel.requests.length).toBe(before);
  });
});

describe('when Hubtel fails', () => {
  it('calls a Hubtel that cannot be reached not sent, and retryable', async () => {
    const closed = new HubtelStandIn();
    const closedUrl = await closed.start();
    await closed.stop();
    const attempt = hubtelMobileMoneyProvider(settings({ receiveBaseUrl: closedUrl })).collect({
      reference: newReference(),
      wallet: mtn,
      amount: 1234,
      description: 'Trip',
      customerName: 'Ama',
    });
    await expect(attempt).rejects.toBeInstanceOf(MobileMoneyProviderError);
    await expect(attempt).rejects.toMatchObject({ outcome: 'not-sent', retryable: true, message: expect.stringMatching(/^Hubtel unreachable: /) });
  });

  it('calls a connection dropped after the request was written unknown: the prompt went out, and asking again sends no second one', async () => {
    const ref = newReference();
    hubtel.loseNextAnswer('drop');
    await expect(collect(ref)).rejects.toMatchObject({ outcome: 'unknown', retryable: false, message: expect.stringMatching(/^Hubtel did not answer: /) });
    expect(hubtel.receipts.get(hubtelClientReference('collection', ref))).toMatchObject({ status: 'Unpaid', amount: 1234 });
    expect(await collect(ref)).toMatchObject({ status: 'pending', amount: 1234 });
  });

  it('calls an answer that never comes unknown', async () => {
    const ref = newReference();
    hubtel.loseNextAnswer('stall');
    const attempt = hubtelMobileMoneyProvider(settings({ timeoutMs: 300 })).collect({ reference: ref, wallet: mtn, amount: 1234, description: 'Trip', customerName: 'Ama' });
    await expect(attempt).rejects.toMatchObject({ outcome: 'unknown', retryable: false });
    expect(hubtel.receipts.has(hubtelClientReference('collection', ref))).toBe(true);
  });

  it("calls Hubtel's own 5xx unknown, and refused keys not sent and final", async () => {
    hubtel.failNext(503, { Message: 'Service Unavailable' });
    await expect(collect(newReference())).rejects.toMatchObject({ outcome: 'unknown', retryable: false, message: 'Hubtel answered 503: Service Unavailable' });

    const wrongKeys = hubtelMobileMoneyProvider(settings({ clientSecret: 'wrong' })).collect({ reference: newReference(), wallet: mtn, amount: 100, description: 'Trip', customerName: 'Ama' });
    await expect(wrongKeys).rejects.toMatchObject({ outcome: 'not-sent', retryable: false, message: expect.stringContaining('(code 4101)') });
  });

  it('lets a status check that could not be read be asked again', async () => {
    hubtel.failNext(502, { message: 'Bad Gateway' });
    await expect(provider().verifyPayout(newReference())).rejects.toMatchObject({ outcome: 'not-sent', retryable: true });
  });
});
