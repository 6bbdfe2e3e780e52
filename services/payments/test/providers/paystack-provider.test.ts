import { createHmac } from 'node:crypto';
import { CallbackRefusedError, type ProviderCallback } from '@krom/server-kit/providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paystackMobileMoneyProvider, referenceInRefundNote } from '../../src/providers/mobile-money/paystack.ts';
import { MobileMoneyProviderError } from '../../src/providers/mobile-money/port.ts';
import { CallbackInbox } from './callback-inbox.ts';
import { describeMobileMoneyProvider, newReference } from './mobile-money-provider-suite.ts';
import { PaystackStandIn } from './paystack-stand-in.ts';

/** Paystack's webhook signature, worked out here from its documentation rather than with the adapter's code. */
/** A refund no page of Paystack's list names: nothing moved under it. */
const expectNoRecordOf = async (check: Promise<{ status: string; amount: number }>) => expect(await check).toMatchObject({ status: 'failed', amount: 0 });

const signed = (secretKey: string, rawBody: Buffer) => createHmac('sha512', secretKey).update(rawBody).digest('hex');

/** A stand-in at an address nothing listens on any more. */
async function closedAddress(): Promise<string> {
  const gone = new PaystackStandIn();
  const url = await gone.start();
  await gone.stop();
  return url;
}

describeMobileMoneyProvider('paystack', async () => {
  const paystack = new PaystackStandIn();
  const callbacks = new CallbackInbox();
  await Promise.all([paystack.start(), callbacks.start()]);
  paystack.webhookUrl = callbacks.url;
  const settings = { secretKey: paystack.secretKey, apiBaseUrl: paystack.baseUrl };
  const callbackTo = (rawBody: Buffer, headers: Record<string, string>): ProviderCallback => ({
    rawBody,
    headers: { 'content-type': 'application/json', ...headers },
    url: callbacks.url,
  });
  const downUrl = await closedAddress();
  return {
    provider: paystackMobileMoneyProvider(settings),
    gateway: {
      approve: (reference) => paystack.approve(reference),
      decline: (reference) => paystack.decline(reference),
      otpFor: (reference) => paystack.otpFor(reference),
      failPayouts: async (on) => paystack.failPayouts(on),
      failRefunds: async (on) => paystack.endRefunds(on ? 'failed' : 'processed'),
      moved: async (reference) => {
        const charge = paystack.charges.get(reference);
        if (charge) return charge.step === 'success' ? charge.amount : 0;
        const transfer = paystack.transfers.get(reference);
        if (transfer) return transfer.status === 'success' ? transfer.amount : 0;
        return paystack.refunds.filter((r) => r.status === 'processed' && referenceInRefundNote(r.merchantNote) === reference).reduce((sum, r) => sum + r.amount, 0);
      },
      hangUpAfterNextRequest: () => paystack.hangUpAfterNextRequest(),
    },
    callbacks,
    forger: {
      signed: (rawBody) => callbackTo(rawBody, { 'x-paystack-signature': signed(paystack.secretKey, rawBody) }),
      unsigned: (rawBody) => callbackTo(rawBody, {}),
      forged: (rawBody) => callbackTo(rawBody, { 'x-paystack-signature': signed(`${paystack.secretKey}-not`, rawBody) }),
    },
    unreachable: () => paystackMobileMoneyProvider({ ...settings, apiBaseUrl: downUrl }),
    close: async () => {
      await Promise.all([paystack.stop(), callbacks.stop()]);
    },
  };
});

describe('Paystack specifics', () => {
  const paystack = new PaystackStandIn();
  const callbacks = new CallbackInbox();
  let provider: ReturnType<typeof paystackMobileMoneyProvider>;
  beforeAll(async () => {
    await Promise.all([paystack.start(), callbacks.start()]);
    paystack.webhookUrl = callbacks.url;
    provider = paystackMobileMoneyProvider({ secretKey: paystack.secretKey, apiBaseUrl: paystack.baseUrl, customerEmailFor: (phone) => `momo+${phone.slice(1)}@krom.example` });
  });
  afterAll(() => Promise.all([paystack.stop(), callbacks.stop()]));

  const lastRequest = (path: string) => paystack.requests.filter((r) => r.path === path).at(-1);
  const refusalOf = (callback: ProviderCallback) => {
    try {
      provider.verifyWebhook(callback);
      return undefined;
    } catch (error) {
      return error instanceof CallbackRefusedError ? error.statusCode : error;
    }
  };

  it('charges in GHS with the secret key as Bearer, the wallet in national format, the telco as Paystack names it and the customer e-mail given', async () => {
    const sent: Record<string, string> = {};
    for (const [network, phone] of [['mtn', '+233241234567'], ['telecel', '+233201234567'], ['airteltigo', '+233571234567']] as const) {
      const reference = newReference();
      await provider.collect({ reference, wallet: { phone, network }, amount: 1_500, description: 'Krom: Accra to Ho', customerName: 'Esi Owusu' });
      const request = lastRequest('/charge')!;
      expect(request.authorization).toBe(`Bearer ${paystack.secretKey}`);
      expect(request.body).toMatchObject({ reference, amount: 1_500, currency: 'GHS', email: `momo+${phone.slice(1)}@krom.example`, mobile_money: { phone: `0${phone.slice(4)}` } });
      sent[network] = (request.body as { mobile_money: { provider: string } }).mobile_money.provider;
    }
    expect(sent).toEqual({ mtn: 'mtn', telecel: 'vod', airteltigo: 'atl' });
  });

  it("takes Telecel through send_otp: the voucher instructions shown, a wrong code kept waiting, the right one on to the customer's approval", async () => {
    const reference = newReference();
    const started = await provider.collect({ reference, wallet: { phone: '+233501234567', network: 'telecel' }, amount: 2_000, description: 'Krom', customerName: 'Yaw Asante' });
    expect(started).toMatchObject({ status: 'needs_otp', displayText: expect.stringContaining('*110#') });
    const wrong = await provider.submitOtp(reference, '000000');
    expect(wrong).toMatchObject({ status: 'needs_otp', displayText: expect.stringContaining('Invalid voucher') });
    const code = paystack.otpFor(reference);
    expect(await provider.submitOtp(reference, code)).toMatchObject({ status: 'pending', amount: 2_000 });
    expect(lastRequest('/charge/submit_otp')?.body).toEqual({ otp: code, reference });
  });

  it('pays out through a mobile_money transfer recipient with the network as bank_code and Krom reference on the transfer', async () => {
    const reference = newReference();
    await provider.payout({ reference, wallet: { phone: '+233201112223', network: 'telecel' }, amount: 4_200, recipientName: 'Kwame Mensah', reason: 'Krom fares' });
    expect(lastRequest('/transferrecipient')?.body).toEqual({ type: 'mobile_money', name: 'Kwame Mensah', account_number: '0201112223', bank_code: 'VOD', currency: 'GHS' });
    expect(lastRequest('/transfer')?.body).toMatchObject({ source: 'balance', amount: 4_200, reference, currency: 'GHS', recipient: expect.stringMatching(/^RCP_/) });
  });

  it('reads an event only under x-paystack-signature, the HMAC-SHA512 in hex of the exact bytes with the secret key', async () => {
    const reference = newReference();
    await provider.collect({ reference, wallet: { phone: '+233241234567', network: 'mtn' }, amount: 1_000, description: 'Krom', customerName: 'Ama' });
    await paystack.approve(reference);
    const callback = await callbacks.first((received) => JSON.parse(received.rawBody.toString()).data.reference === reference);
    expect(callback.headers['x-paystack-signature']).toBe(signed(paystack.secretKey, callback.rawBody));
    expect(JSON.parse(callback.rawBody.toString())).toMatchObject({ event: 'charge.success', data: { reference, status: 'success', amount: 1_000, currency: 'GHS', channel: 'mobile_money' } });
    expect(provider.verifyWebhook(callback)).toEqual({ kind: 'collection', reference });

    // The same event laid out again (as a JSON re-serialisation would) no longer matches its signature.
    const relaid = Buffer.from(JSON.stringify(JSON.parse(callback.rawBody.toString()), null, 1));
    expect(refusalOf({ ...callback, rawBody: relaid })).toBe(403);
    const altered = Buffer.from(callback.rawBody.toString().replace('"amount":1000', '"amount":9000'));
    expect(refusalOf({ ...callback, rawBody: altered })).toBe(403);
    expect(refusalOf({ ...callback, headers: { ...callback.headers, 'x-paystack-signature': callback.headers['x-paystack-signature']!.toUpperCase() } })).toBe(403);
  });

  it('reads refund events by the collection refunded, and answers null for an event about nothing it starts', () => {
    const sign = (body: object): ProviderCallback => {
      const rawBody = Buffer.from(JSON.stringify(body));
      return { rawBody, headers: { 'x-paystack-signature': signed(paystack.secretKey, rawBody) }, url: callbacks.url };
    };
    const collectionReference = newReference();
    expect(provider.verifyWebhook(sign({ event: 'refund.processed', data: { status: 'processed', transaction_reference: collectionReference, refund_reference: 'RFN1', amount: '500' } }))).toEqual({
      kind: 'refund',
      reference: collectionReference,
      collectionReference,
    });
    expect(provider.verifyWebhook(sign({ event: 'transfer.reversed', data: { reference: 'payout-0000000001', status: 'reversed' } }))).toEqual({ kind: 'payout', reference: 'payout-0000000001' });
    expect(provider.verifyWebhook(sign({ event: 'subscription.create', data: { subscription_code: 'SUB_1' } }))).toBeNull();
    expect(refusalOf(sign({ event: 'charge.success', data: { status: 'success' } }))).toBe(400);
  });

  it('keeps the refund reference in the merchant note, where its status check finds it again', async () => {
    const reference = newReference();
    await provider.collect({ reference, wallet: { phone: '+233241234567', network: 'mtn' }, amount: 3_000, description: 'Krom', customerName: 'Ama' });
    await paystack.approve(reference);
    const refundReference = newReference();
    await provider.refund({ reference: refundReference, collectionReference: reference, wallet: { phone: '+233241234567', network: 'mtn' }, amount: 1_000, reason: 'Cancelled early' });
    expect(lastRequest('/refund')?.body).toEqual({ transaction: reference, amount: 1_000, currency: 'GHS', customer_note: 'Cancelled early', merchant_note: `krom-refund:${refundReference} Cancelled early` });
    expect((await provider.verifyRefund(refundReference)).providerReference).toBe(String(paystack.refunds.at(-1)?.id));
  });

  it("finds a refund's reference again past the first page of Paystack's refunds, newest first", async () => {
    const reference = newReference();
    const wallet = { phone: '+233241234567', network: 'mtn' as const };
    await provider.collect({ reference, wallet, amount: 2_000, description: 'Krom', customerName: 'Ama' });
    await paystack.approve(reference);
    const refundReference = newReference();
    await provider.refund({ reference: refundReference, collectionReference: reference, wallet, amount: 2_000, reason: 'Driver cancelled' });
    const ours = paystack.refunds.at(-1)!;
    // Refunds of other payments made since: ours is now on the third page of a hundred.
    for (let i = 0; i < 250; i += 1) paystack.refunds.push({ ...ours, id: ours.id + 10_000 + i, merchantNote: `Refund for transaction T${i}` });
    const pagesBefore = paystack.requests.filter((r) => r.path.startsWith('/refund?')).length;

    expect(await provider.verifyRefund(refundReference)).toMatchObject({ reference: refundReference, status: 'succeeded', amount: 2_000, providerReference: String(ours.id) });
    expect(paystack.requests.filter((r) => r.path.startsWith('/refund?')).length - pagesBefore).toBe(3);
    await expectNoRecordOf(provider.verifyRefund(newReference()));
  });

  it('calls an answer that never comes unknown (Paystack may have acted on it)', async () => {
    const slow = paystackMobileMoneyProvider({ secretKey: paystack.secretKey, apiBaseUrl: paystack.baseUrl, timeoutMs: 300 });
    const reference = newReference();
    paystack.stallNextAnswer();
    const stalled = slow.collect({ reference, wallet: { phone: '+233241234567', network: 'mtn' }, amount: 700, description: 'Krom', customerName: 'Ama' });
    await expect(stalled).rejects.toMatchObject({ outcome: 'unknown', retryable: false, message: 'Paystack did not answer: timed out' });
    expect(paystack.charges.get(reference)?.amount).toBe(700);
  });

  it('refuses a reference Paystack would not take as it is, before asking anything', async () => {
    const before = paystack.requests.length;
    const attempt = provider.collect({ reference: 'Booking_42', wallet: { phone: '+233241234567', network: 'mtn' }, amount: 100, description: 'Krom', customerName: 'Ama' });
    await expect(attempt).rejects.toMatchObject({ retryable: false, outcome: 'not-sent' });
    expect(paystack.requests.length).toBe(before);
  });

  it('tells a refused key (final), a slow-down (retry) and a Paystack 5xx (unknown) apart', async () => {
    const wrongKey = paystackMobileMoneyProvider({ secretKey: 'sk_test_wrong', apiBaseUrl: paystack.baseUrl });
    const request = () => ({ reference: newReference(), wallet: { phone: '+233241234567', network: 'mtn' as const }, amount: 100, description: 'Krom', customerName: 'Ama' });
    await expect(wrongKey.collect(request())).rejects.toMatchObject({ retryable: false, outcome: 'not-sent', message: 'Paystack answered the charge with 401: Invalid key' });

    paystack.answerNext(429, 'Too many requests');
    await expect(provider.payout({ ...request(), recipientName: 'Kofi', reason: 'Fares' })).rejects.toMatchObject({ retryable: true, outcome: 'not-sent' });

    paystack.answerNext(503, 'Service unavailable');
    const outage = provider.verifyCollection(newReference());
    await expect(outage).rejects.toBeInstanceOf(MobileMoneyProviderError);
    await expect(outage).rejects.toMatchObject({ retryable: false, outcome: 'unknown' });
  });
});
