import { mobileMoneyCallback } from '@krom/contracts/api/provider-callbacks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../services/payments/src/db/schema.ts';
import { bookingLedger } from '../../services/payments/src/ledger/booking-ledger.ts';
import { paystackSignature } from '../../services/payments/src/providers/mobile-money/paystack-webhook.ts';
import { deliverPaymentRequested, paymentRequested } from '../../services/payments/test/payment-requested-fact.ts';
import { CallbackInbox } from '../../services/payments/test/providers/callback-inbox.ts';
import { PaystackStandIn } from '../../services/payments/test/providers/paystack-stand-in.ts';
import { type BffSystem, startBff } from './bff-test-env.ts';

/*
 * The mobile money gateway's callback through the BFF: the Paystack stand-in's signed event, as
 * it posted it, sent to the public route with no session; payments (on a port, with the stand-in
 * as its gateway) settles the payment it names.
 */

const paystack = new PaystackStandIn();
const callbacks = new CallbackInbox();
let system: BffSystem;

beforeAll(async () => {
  await Promise.all([paystack.start(), callbacks.start()]);
  paystack.webhookUrl = callbacks.url;
  system = await startBff({ services: ['payments'], paymentsEnv: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_API_BASE_URL: paystack.baseUrl } });
});
afterAll(async () => {
  await system?.close();
  await Promise.all([paystack.stop(), callbacks.stop()]);
});

const service = () => system.payments!;

/** Posts to the public route as a gateway would: no session, no Origin. */
const post = (rawBody: Buffer, headers: Record<string, string>, url: string = mobileMoneyCallback.path) => system.bff.inject({ method: 'POST', url, payload: rawBody, headers, remoteAddress: '10.9.1.1' });

async function approvedPayment() {
  const envelope = paymentRequested();
  await deliverPaymentRequested(service().bus, envelope);
  const [payment] = await service().db.select().from(payments).where(eq(payments.bookingId, envelope.data.bookingId));
  await paystack.approve(payment!.id);
  const callback = await callbacks.first((received) => JSON.parse(received.rawBody.toString()).data?.reference === payment!.id);
  return { payment: payment!, callback };
}

const statusOf = async (id: string) => (await service().db.select().from(payments).where(eq(payments.id, id)))[0]?.status;

describe("the mobile money gateway's callback", () => {
  it('settles the payment it names with an empty 200, and a replay changes nothing', async () => {
    const { payment, callback } = await approvedPayment();
    const answer = await post(callback.rawBody, callback.headers as Record<string, string>);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('');
    expect(await statusOf(payment.id)).toBe('succeeded');
    expect((await bookingLedger(service().db, payment.bookingId)).entries.map((entry) => entry.kind)).toEqual(['collection', 'gateway_fee']);

    const replay = await post(callback.rawBody, { ...(callback.headers as Record<string, string>), cookie: 'krom_session=forged', origin: 'https://elsewhere.example' });
    expect(replay.statusCode).toBe(200);
    expect((await bookingLedger(service().db, payment.bookingId)).entries).toHaveLength(2);
  });

  it('passes on the refusal of an unsigned (401) or forged (403) callback, and nothing moves', async () => {
    const envelope = paymentRequested();
    await deliverPaymentRequested(service().bus, envelope);
    const [payment] = await service().db.select().from(payments).where(eq(payments.bookingId, envelope.data.bookingId));
    const rawBody = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: payment!.id, status: 'success', amount: 12_600 } }));
    const json = { 'content-type': 'application/json' };
    expect((await post(rawBody, json)).statusCode).toBe(401);
    expect((await post(rawBody, { ...json, 'x-paystack-signature': paystackSignature('sk_test_someone_else', rawBody) })).statusCode).toBe(403);
    // A token in the URL gets past the BFF (a gateway that signs nothing sends one); Paystack's adapter wants its signature.
    expect((await post(rawBody, json, `${mobileMoneyCallback.path}?token=not-a-signature`)).statusCode).toBe(401);
    expect(await statusOf(payment!.id)).toBe('pending');
    expect((await bookingLedger(service().db, payment!.bookingId)).entries).toEqual([]);
  });
});
