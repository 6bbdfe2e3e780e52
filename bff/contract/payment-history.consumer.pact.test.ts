import { ASSERTION_HEADER } from '@krom/server-kit/internal-auth';
import { exampleAssertion, pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { isolatedTestEnv } from '@krom/server-kit/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { bffTestConfig, ORIGIN } from '../test/bff-test-config.ts';

/**
 * The BFF as consumer of the payments service's reading routes (the member's transactions, a
 * receipt, a driver's earnings): the real BFF handles each call and its request to the payments
 * service is checked against what this pact records.
 */
const { like, eachLike, regex, uuid, datetime, boolean } = MatchersV3;
const pact = new PactV4({ consumer: 'krom-bff', provider: 'krom-payments', dir: pactDir, logLevel: 'warn' });
const env = isolatedTestEnv('bffhistpact');
const redis = new Redis(env.redisUrl);
const USER_ID = '3c9e1a7b-5d2f-4e8a-9b6c-1f0e2d3c4b5a';
const DRIVER_ID = '6d5c4b3a-2e1f-4a9b-8c7d-6e5f4a3b2c1d';
const PAYMENT_ID = '8f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const jwt = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const isoDate = datetime("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", '2026-11-22T09:30:00.000Z');
const money = regex(/^\d+\.\d{2}$/, '126.00');

afterAll(async () => {
  const keys = await redis.keys(`${env.redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function bffAgainst(paymentsUrl: string): Promise<FastifyInstance> {
  // Every other service is one that is down (bff-test-config.ts); no event subscription.
  const config = bffTestConfig(env, { PAYMENTS_URL: paymentsUrl, NATS_URL: undefined });
  const bff = await buildBffApp(config, redis);
  onTestFinished(() => bff.close());
  return bff;
}

/** Signed up front: Pact's request builders are synchronous. */
let asUser: { [ASSERTION_HEADER]: ReturnType<typeof regex> };
let asDriver: { [ASSERTION_HEADER]: ReturnType<typeof regex> };
beforeAll(async () => {
  asUser = { [ASSERTION_HEADER]: regex(jwt, await exampleAssertion({ kind: 'user', userId: USER_ID }, 'payments')) };
  asDriver = { [ASSERTION_HEADER]: regex(jwt, await exampleAssertion({ kind: 'user', userId: DRIVER_ID }, 'payments')) };
});

/** Calls the real BFF as the signed-in user against the pact's mock payments service. */
async function asSignedIn(mockUrl: string, url: string, userId = USER_ID) {
  const bff = await bffAgainst(mockUrl);
  const sid = await bff.sessions.create('user', userId);
  const cookies = { krom_session: bff.encodeSecureSession(bff.createSecureSession({ user: sid })) };
  return bff.inject({ method: 'GET', url, headers: { origin: ORIGIN }, cookies });
}

describe('BFF → payments service', () => {
  it("reads a page of the member's transactions and this month's totals", async () => {
    await pact
      .addInteraction()
      .given('a member has paid for a ride', { userId: USER_ID, paymentId: PAYMENT_ID })
      .uponReceiving("a request for the second page of the member's transactions")
      .withRequest('GET', '/payments', (b) => {
        b.query({ page: '2' }).headers(asUser);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          payments: [],
          totals: { totalSpent: money, totalEarned: money, currency: 'GHS' },
          page: 2,
          hasMore: boolean(false),
        }),
      )
      .executeTest(
        whenRecorded(async (mock) => {
          const response = await asSignedIn(mock.url, '/api/payments?page=2');
          expect(response.statusCode).toBe(200);
          expect(response.json().page).toBe(2);
        }),
      );
  });

  it("reads the member's newest transactions", async () => {
    await pact
      .addInteraction()
      .given('a member has paid for a ride', { userId: USER_ID, paymentId: PAYMENT_ID })
      .uponReceiving("a request for the member's transactions")
      .withRequest('GET', '/payments', (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          payments: eachLike({
            id: uuid(PAYMENT_ID),
            kind: regex(/^(payment|refund|payout)$/, 'payment'),
            receiptId: uuid(PAYMENT_ID),
            status: regex(/^(completed|pending|failed|refunded)$/, 'completed'),
            amount: money,
            currency: like('GHS'),
            createdAt: isoDate,
            paymentMethod: like('mobile_money'),
            transactionId: like('T1234567'),
            direction: regex(/^(spent|earned)$/, 'spent'),
            booking: { ride: { from: like('Accra'), to: like('Kumasi') } },
          }),
          totals: { totalSpent: money, totalEarned: money, currency: 'GHS' },
          page: 1,
          hasMore: boolean(false),
        }),
      )
      .executeTest(
        whenRecorded(async (mock) => {
          const response = await asSignedIn(mock.url, '/api/payments');
          expect(response.statusCode).toBe(200);
          expect(response.json().payments[0].receiptId).toBe(PAYMENT_ID);
        }),
      );
  });

  it("reads a payment's receipt", async () => {
    await pact
      .addInteraction()
      .given('a member has paid for a ride', { userId: USER_ID, paymentId: PAYMENT_ID })
      .uponReceiving("a request for the member's receipt")
      .withRequest('GET', `/payments/${PAYMENT_ID}/receipt`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          paymentId: uuid(PAYMENT_ID),
          bookingId: uuid(),
          bookingReference: regex(/^KR-[0-9A-F]{8}$/, 'KR-1A2B3C4D'),
          status: regex(/^(completed|pending|failed|refunded)$/, 'completed'),
          route: { from: like('Accra'), to: like('Kumasi') },
          createdAt: isoDate,
          fare: money,
          fee: money,
          total: money,
          currency: like('GHS'),
          paymentMethod: 'mobile_money',
          wallet: { provider: regex(/^(mtn|vodafone|airteltigo)$/, 'mtn'), number: like('024 *** **67') },
          gatewayReference: like('T1234567'),
          refunds: [],
          refundedTotal: money,
        }),
      )
      .executeTest(
        whenRecorded(async (mock) => {
          const response = await asSignedIn(mock.url, `/api/payments/${PAYMENT_ID}/receipt`);
          expect(response.statusCode).toBe(200);
          expect(response.json().paymentId).toBe(PAYMENT_ID);
        }),
      );
  });

  it("passes on 404 for a receipt that is not the member's", async () => {
    const other = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    await pact
      .addInteraction()
      .given("another member's payment", { paymentId: other })
      .uponReceiving("a request for another member's receipt")
      .withRequest('GET', `/payments/${other}/receipt`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(404, (b) => b.jsonBody({ message: 'Payment not found' }))
      .executeTest(
        whenRecorded(async (mock) => {
          const response = await asSignedIn(mock.url, `/api/payments/${other}/receipt`);
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ message: 'Payment not found' });
        }),
      );
  });

  it("reads a driver's earnings", async () => {
    await pact
      .addInteraction()
      .given('a driver has been paid out', { userId: DRIVER_ID })
      .uponReceiving("a request for the driver's earnings")
      .withRequest('GET', '/payments/earnings', (b) => {
        b.headers(asDriver);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          currency: 'GHS',
          today: money,
          thisWeek: money,
          thisMonth: money,
          lastMonth: money,
          weeks: eachLike({ weekStart: regex(/^\d{4}-\d{2}-\d{2}$/, '2026-11-16'), amount: money }, 12),
        }),
      )
      .executeTest(
        whenRecorded(async (mock) => {
          const response = await asSignedIn(mock.url, '/api/payments/earnings', DRIVER_ID);
          expect(response.statusCode).toBe(200);
          expect(response.json().weeks).toHaveLength(12);
        }),
      );
  });
});
