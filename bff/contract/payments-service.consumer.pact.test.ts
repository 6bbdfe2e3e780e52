import { bookingMessages } from '@krom/contracts/http/booking-values';
import { ASSERTION_HEADER } from '@krom/server-kit/internal-auth';
import { exampleAssertion, pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { isolatedTestEnv } from '@krom/server-kit/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { bffTestConfig, ORIGIN } from '../test/bff-test-config.ts';

/**
 * The BFF as consumer of the payments service's routes for a member's saved mobile money numbers:
 * the real BFF handles each public call and its request to the payments service is checked
 * against what this pact records.
 */
const { like, eachLike, regex, uuid } = MatchersV3;
const pact = new PactV4({ consumer: 'krom-bff', provider: 'krom-payments', dir: pactDir, logLevel: 'warn' });
const env = isolatedTestEnv('bffpaypact');
const redis = new Redis(env.redisUrl);
const USER_ID = '0d6f8c1e-3b7a-4f2e-9a41-5c2b8e7d9f10';
const METHOD_ID = '7e2a4b9c-1d3f-4a5b-8c6d-9e0f1a2b3c4d';
const jwt = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const masked = regex(/^0\d{2} \*\*\* \d{4}$/, '024 *** 4567');

afterAll(async () => {
  const keys = await redis.keys(`${env.redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** Made before any interaction is built: pact does not await a request builder. */
let asUser: { [ASSERTION_HEADER]: ReturnType<typeof regex> };
beforeAll(async () => {
  asUser = { [ASSERTION_HEADER]: regex(jwt, await exampleAssertion({ kind: 'user', userId: USER_ID }, 'payments')) };
});

/** Calls the real BFF as the signed-in member against the pact's mock payments service. */
async function throughBff(mockUrl: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) {
  // Every other service is one that is down (bff-test-config.ts); no event subscription.
  const bff: FastifyInstance = await buildBffApp(bffTestConfig(env, { PAYMENTS_URL: mockUrl, NATS_URL: undefined }), redis);
  try {
    const sid = await bff.sessions.create('user', USER_ID);
    const cookies = { krom_session: bff.encodeSecureSession(bff.createSecureSession({ user: sid })) };
    return await bff.inject({ method, url, headers: { origin: ORIGIN, ...headers }, cookies, ...(payload ? { payload } : {}) });
  } finally {
    await bff.close();
  }
}

const savedMethod = { userId: USER_ID, id: METHOD_ID, provider: 'mtn', number: '0241234567' };
const paymentMethod = (overrides: Record<string, unknown> = {}) => ({
  id: uuid(METHOD_ID),
  type: 'mobile_money',
  provider: like('mtn'),
  number: masked,
  isDefault: like(true),
  verified: like(false),
  ...overrides,
});

describe('BFF → payments service (saved mobile money numbers)', () => {
  it("lists the user's payment methods", async () => {
    await pact
      .addInteraction()
      .given('a member has a payment method', savedMethod)
      .uponReceiving("a request for the user's payment methods")
      .withRequest('GET', '/payment-methods', (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody(eachLike(paymentMethod())))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', '/api/payment-methods');
        expect(response.statusCode).toBe(200);
        expect(response.json()[0].number).toBe('024 *** 4567');
      }));
  });

  it('adds a number', async () => {
    await pact
      .addInteraction()
      .given('a member has no payment methods', { userId: USER_ID })
      .uponReceiving('a new mobile money number')
      .withRequest('POST', '/payment-methods', (b) => {
        b.headers(asUser).jsonBody({ provider: 'vodafone', number: '0501234567' });
      })
      .willRespondWith(201, (b) => b.jsonBody(paymentMethod({ id: uuid(), provider: 'vodafone', number: '050 *** 4567', isDefault: true })))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', '/api/payment-methods', { provider: 'vodafone', number: '0501234567' });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ number: '050 *** 4567', isDefault: true });
      }));
  });

  it('passes back a duplicate number and an unknown network with their messages', async () => {
    await pact
      .addInteraction()
      .given('a member has a payment method', savedMethod)
      .uponReceiving('a number the user already saved')
      .withRequest('POST', '/payment-methods', (b) => {
        b.headers(asUser).jsonBody({ provider: 'mtn', number: '0241234567' });
      })
      .willRespondWith(409, (b) => b.jsonBody({ message: 'This number is already saved.' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', '/api/payment-methods', { provider: 'mtn', number: '0241234567' });
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('This number is already saved.');
      }));

    await pact
      .addInteraction()
      .uponReceiving('a number on an unknown network')
      .withRequest('POST', '/payment-methods', (b) => {
        b.headers(asUser).jsonBody({ provider: 'glo', number: '0231234567' });
      })
      .willRespondWith(400, (b) => b.jsonBody({ message: 'Please choose a mobile money network' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', '/api/payment-methods', { provider: 'glo', number: '0231234567' });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Please choose a mobile money network');
      }));
  });

  it('edits a number, makes it the default and removes it', async () => {
    await pact
      .addInteraction()
      .given('a member has a payment method', savedMethod)
      .uponReceiving('a change of network and number')
      .withRequest('PUT', `/payment-methods/${METHOD_ID}`, (b) => {
        b.headers(asUser).jsonBody({ provider: 'airteltigo', number: '0271234567' });
      })
      .willRespondWith(200, (b) => b.jsonBody(paymentMethod({ provider: 'airteltigo', number: '027 *** 4567' })))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'PUT', `/api/payment-methods/${METHOD_ID}`, { provider: 'airteltigo', number: '0271234567' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ provider: 'airteltigo', number: '027 *** 4567' });
      }));

    await pact
      .addInteraction()
      .given('a member has a payment method', savedMethod)
      .uponReceiving('a request to make a number the default')
      .withRequest('POST', `/payment-methods/${METHOD_ID}/default`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody(paymentMethod({ isDefault: true })))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/payment-methods/${METHOD_ID}/default`);
        expect(response.statusCode).toBe(200);
        expect(response.json().isDefault).toBe(true);
      }));

    await pact
      .addInteraction()
      .given('a member has a payment method', savedMethod)
      .uponReceiving('a request to remove a number')
      .withRequest('DELETE', `/payment-methods/${METHOD_ID}`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'DELETE', `/api/payment-methods/${METHOD_ID}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ ok: true });
      }));
  });

  it("answers 404 for a number that is not the user's", async () => {
    const othersMethod = 'c3b1f2a4-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    await pact
      .addInteraction()
      .given("another member's payment method", { id: othersMethod })
      .uponReceiving("a change to another user's number")
      .withRequest('PUT', `/payment-methods/${othersMethod}`, (b) => {
        b.headers(asUser).jsonBody({ provider: 'mtn' });
      })
      .willRespondWith(404, (b) => b.jsonBody({ message: 'Payment method not found' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'PUT', `/api/payment-methods/${othersMethod}`, { provider: 'mtn' });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('Payment method not found');
      }));
  });

  it('asks for the full number of an unconfirmed method before a code is texted, and passes back an already confirmed one', async () => {
    await pact
      .addInteraction()
      .given('a member has a payment method', savedMethod)
      .uponReceiving('a request for the full number of a method to confirm')
      .withRequest('GET', `/payment-methods/${METHOD_ID}/number`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ id: uuid(METHOD_ID), number: regex(/^0\d{9}$/, '0241234567') }))
      .executeTest(whenRecorded(async (mock) => {
        // The notifications service is down here: the number was asked for, the code cannot go out.
        const response = await throughBff(mock.url, 'POST', `/api/payment-methods/${METHOD_ID}/confirmation`);
        expect(response.statusCode).toBe(503);
      }));

    await pact
      .addInteraction()
      .given('a member has a confirmed payment method', savedMethod)
      .uponReceiving('a request for the full number of a method already confirmed')
      .withRequest('GET', `/payment-methods/${METHOD_ID}/number`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(409, (b) => b.jsonBody({ message: 'This number is already confirmed.' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/payment-methods/${METHOD_ID}/confirmation`);
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('This number is already confirmed.');
      }));
  });

  it('asks for the full number of a saved method a booking is paid from, and refuses a booking with one not the member\'s', async () => {
    const booking = (paymentMethodId: string) => ({
      rideId: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b',
      seats: 1,
      boardAt: 0,
      alightAt: 1,
      passengerName: 'Ama Owusu',
      passengerPhone: '0501234567',
      paymentMethod: 'mobile_money',
      paymentMethodId,
    });
    const key = { 'idempotency-key': 'b0c1d2e3-f4a5-4b6c-8d7e-9f0a1b2c3d4e' };
    await pact
      .addInteraction()
      .given('a member has a payment method', savedMethod)
      .uponReceiving('a request for the full number and network of a method to pay a booking from')
      .withRequest('GET', `/payment-methods/${METHOD_ID}/wallet`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ id: uuid(METHOD_ID), network: regex(/^(mtn|vodafone|airteltigo)$/, 'mtn'), number: regex(/^0\d{9}$/, '0241234567') }))
      .executeTest(whenRecorded(async (mock) => {
        // The rides service is down here: the number was asked for, the booking cannot be made.
        const response = await throughBff(mock.url, 'POST', '/api/bookings', booking(METHOD_ID), key);
        expect(response.statusCode).toBe(503);
      }));

    const othersMethod = 'c3b1f2a4-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    await pact
      .addInteraction()
      .given("another member's payment method", { id: othersMethod })
      .uponReceiving("a request for the full number of another user's method to pay a booking from")
      .withRequest('GET', `/payment-methods/${othersMethod}/wallet`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(404, (b) => b.jsonBody({ message: 'Payment method not found' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', '/api/bookings', booking(othersMethod), key);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(bookingMessages.savedWalletGone);
      }));
  });
});
