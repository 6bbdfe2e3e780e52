import { ASSERTION_HEADER } from '@krom/server-kit/internal-auth';
import { exampleAssertion, pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { isolatedTestEnv } from '@krom/server-kit/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { bffTestConfig, ORIGIN } from '../test/bff-test-config.ts';

/**
 * The BFF as consumer of the payments service's routes for a booking's mobile money payment: the
 * booking screen follows where it stands and sends Telecel's voucher code, as the signed-in
 * passenger; the real BFF's request to the payments service is checked against what this pact records.
 */
const { datetime, fromProviderState, like, nullValue, regex, uuid } = MatchersV3;
const pact = new PactV4({ consumer: 'krom-bff', provider: 'krom-payments', dir: pactDir, logLevel: 'warn' });
const env = isolatedTestEnv('bffbookingpaypact');
const redis = new Redis(env.redisUrl);
const USER_ID = '3b5d7f9a-1c2e-4a4b-8c6d-8e0f2a4b6c8d';
const BOOKING_ID = '4c6e8a0b-2d3f-4b5c-9d7e-9f1a3b5c7d9e';
const TELECEL_BOOKING_ID = '5d7f9b1c-3e4a-4c6d-8e8f-0a2b4c6d8e0a';
const OTHERS_BOOKING_ID = '6e8a0c2d-4f5b-4d7e-9f9a-1b3c5d7e9f1b';
const jwt = /^[\w-]+\.[\w-]+\.[\w-]+$/;

afterAll(async () => {
  const keys = await redis.keys(`${env.redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** Made before any interaction is built: pact does not await a request builder. */
let asUser: { [ASSERTION_HEADER]: ReturnType<typeof regex> };
const assertions = { public: '' };
beforeAll(async () => {
  asUser = { [ASSERTION_HEADER]: regex(jwt, await exampleAssertion({ kind: 'user', userId: USER_ID }, 'payments')) };
  assertions.public = await exampleAssertion({ kind: 'public' }, 'payments');
});

/** Calls the real BFF as the signed-in passenger against the pact's mock payments service. */
async function throughBff(mockUrl: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const bff = await buildBffApp(bffTestConfig(env, { PAYMENTS_URL: mockUrl, NATS_URL: undefined }), redis);
  onTestFinished(() => bff.close());
  const sid = await bff.sessions.create('user', USER_ID);
  const cookies = { krom_session: bff.encodeSecureSession(bff.createSecureSession({ user: sid })) };
  return bff.inject({ method, url, headers: { origin: ORIGIN }, cookies, ...(payload ? { payload } : {}) });
}

/** The GH₵126.00 prompt (GH₵120.00 fare for 2 seats, GH₵6.00 fee) on the passenger's wallet. */
const bookingPayment = (bookingId: string, changes: Record<string, unknown>) => ({
  id: uuid(),
  bookingId: uuid(bookingId),
  status: 'pending',
  fare: regex(/^\d+\.\d{2}$/, '120.00'),
  serviceFee: regex(/^\d+\.\d{2}$/, '6.00'),
  total: regex(/^\d+\.\d{2}$/, '126.00'),
  currency: 'GHS',
  network: 'mtn',
  walletMasked: regex(/^\d{3} \*\*\* \*\*\d{2}$/, '024 *** **67'),
  displayText: nullValue(),
  reason: nullValue(),
  expiresAt: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", '2026-11-20T09:15:00.000Z'),
  ...changes,
});

describe("BFF → payments service (a booking's mobile money payment)", () => {
  it('follows a prompt waiting on the passenger’s phone, and answers 404 for another member’s booking', async () => {
    await pact
      .addInteraction()
      .given("a passenger's mobile money prompt waits on their MTN wallet", { userId: USER_ID, bookingId: BOOKING_ID })
      .uponReceiving("a request for where the passenger's booking payment stands")
      .withRequest('GET', `/bookings/${BOOKING_ID}/payment`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody(bookingPayment(BOOKING_ID, {})))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/bookings/${BOOKING_ID}/payment`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ bookingId: BOOKING_ID, status: 'pending', total: '126.00' });
      }));

    await pact
      .addInteraction()
      .given("another member's mobile money prompt waits on their wallet", { bookingId: OTHERS_BOOKING_ID })
      .uponReceiving("a request for another member's booking payment")
      .withRequest('GET', `/bookings/${OTHERS_BOOKING_ID}/payment`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(404, (b) => b.jsonBody({ message: 'Payment not found' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/bookings/${OTHERS_BOOKING_ID}/payment`);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('Payment not found');
      }));
  });

  it("sends Telecel's voucher code, and passes back a code Telecel refused in words", async () => {
    const waitingOnVoucher = { userId: USER_ID, bookingId: TELECEL_BOOKING_ID };
    await pact
      .addInteraction()
      .given("a passenger's Telecel payment waits on the voucher code texted to them", waitingOnVoucher)
      .uponReceiving("the passenger's voucher code")
      .withRequest('POST', `/bookings/${TELECEL_BOOKING_ID}/payment/otp`, (b) => {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
        b.headers(asUser).jsonBody({ otp: fromProviderState('${otp}', '482913') });
      })
      .willRespondWith(200, (b) => b.jsonBody(bookingPayment(TELECEL_BOOKING_ID, { network: 'vodafone', walletMasked: regex(/^\d{3} \*\*\* \*\*\d{2}$/, '050 *** **67') })))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/bookings/${TELECEL_BOOKING_ID}/payment/otp`, { otp: '482913' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ bookingId: TELECEL_BOOKING_ID, status: 'pending', network: 'vodafone' });
      }));

    await pact
      .addInteraction()
      .given("a passenger's Telecel payment waits on the voucher code texted to them", waitingOnVoucher)
      .uponReceiving('a voucher code Telecel did not send')
      .withRequest('POST', `/bookings/${TELECEL_BOOKING_ID}/payment/otp`, (b) => {
        b.headers(asUser).jsonBody({ otp: '000000' });
      })
      .willRespondWith(400, (b) => b.jsonBody({ message: 'That voucher code was not accepted. Check the code Telecel texted you and try again.' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/bookings/${TELECEL_BOOKING_ID}/payment/otp`, { otp: '000000' });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('That voucher code was not accepted. Check the code Telecel texted you and try again.');
      }));
  });
});

describe("BFF → payments service (the mobile money gateway's callback)", () => {
  /** The local gateway's signed callback about an approved prompt, as it posts it (the provider state gives the real one). */
  const callbackJson = JSON.stringify({ event: 'collection.succeeded', data: { kind: 'collection', reference: '7f9b1d3e-5a6c-4e8f-8a0b-2c4e6a8c0e2f' } });
  const signature = 'c2lnbmF0dXJl';

  it('passes the callback on as it came, signature and bytes, and gives the gateway the empty 200 it expects', async () => {
    await pact
      .addInteraction()
      .given('the local gateway signed a callback about an approved prompt')
      .uponReceiving("a mobile money gateway's signed callback")
      .withRequest('POST', '/provider-callbacks/mobile-money', (b) => {
        b.headers({ [ASSERTION_HEADER]: regex(jwt, assertions.public) }).jsonBody({
          url: 'http://localhost:8080/api/callbacks/payments/mobile-money',
          // Every header the gateway sent but the cookie and an assertion (the BFF drops those).
          headers: like({
            host: 'localhost:80',
            'user-agent': 'lightMyRequest',
            'content-length': regex(/^\d+$/, String(Buffer.byteLength(callbackJson))),
            'content-type': 'application/json',
            // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
            'x-local-momo-signature': fromProviderState('${signature}', signature),
          }),
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
          rawBody: fromProviderState('${rawBody}', Buffer.from(callbackJson).toString('base64')),
        });
      })
      .willRespondWith(200, (b) => b.jsonBody({ outcome: 'applied' }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await buildBffApp(bffTestConfig(env, { PAYMENTS_URL: mock.url, NATS_URL: undefined }), redis);
        onTestFinished(() => bff.close());
        const response = await bff.inject({
          method: 'POST',
          url: '/api/callbacks/payments/mobile-money',
          headers: { 'content-type': 'application/json', 'x-local-momo-signature': signature },
          payload: callbackJson,
        });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe('');
      }));
  });
});
