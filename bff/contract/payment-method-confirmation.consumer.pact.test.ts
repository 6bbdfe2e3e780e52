import { phoneCodeErrors } from '@krom/contracts/http/phone-codes';
import { ASSERTION_HEADER } from '@krom/server-kit/internal-auth';
import { exampleAssertion, pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { isolatedTestEnv } from '@krom/server-kit/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { bffTestConfig, ORIGIN } from '../test/bff-test-config.ts';
import { type CannedAnswer, startCannedService } from '../test/canned-service.ts';

/**
 * Confirming a saved mobile money number for payouts, as the BFF does it: it asks payments for the
 * method's full number, has notifications text a code to it (purpose `payment_method`, keyed by
 * the method and its number) and check the code typed, then has payments mark the number
 * confirmed if it is still that number. Each pact records the BFF's calls to one service; the
 * other service's answers come from a stand-in answering exactly what its own pact records.
 */
const { boolean, integer, like, regex, uuid } = MatchersV3;
const payments = new PactV4({ consumer: 'krom-bff', provider: 'krom-payments', dir: pactDir, logLevel: 'warn' });
const notifications = new PactV4({ consumer: 'krom-bff', provider: 'krom-notifications', dir: pactDir, logLevel: 'warn' });
const env = isolatedTestEnv('bffconfirmpact');
const redis = new Redis(env.redisUrl);
const USER_ID = '6c1e3a5b-7d9f-4b2c-8e4a-0f6b8d2c4e6a';
const METHOD_ID = '1f3b5d7e-9a2c-4e4f-8b6d-2a4c6e8f0b1d';
const NUMBER = '0241234567';
const CODE = '2468';
const subject = `${METHOD_ID}:${NUMBER}`;
const jwt = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const savedMethod = { userId: USER_ID, id: METHOD_ID, provider: 'mtn', number: NUMBER };

afterAll(async () => {
  const keys = await redis.keys(`${env.redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** Example assertions are signed up front: pact does not await a request builder. */
const assertions = { user: '', public: '' };
beforeAll(async () => {
  assertions.user = await exampleAssertion({ kind: 'user', userId: USER_ID }, 'payments');
  assertions.public = await exampleAssertion({ kind: 'public' }, 'notifications');
});
const asUser = () => ({ [ASSERTION_HEADER]: regex(jwt, assertions.user) });
const asPublic = () => ({ [ASSERTION_HEADER]: regex(jwt, assertions.public) });

/** Payments' answers as its pact with the BFF records them (payments-service.consumer.pact.test.ts and below). */
const paymentsAnswers = {
  number: { status: 200, body: { id: METHOD_ID, number: NUMBER } },
  verified: { status: 200, body: { id: METHOD_ID, type: 'mobile_money', provider: 'mtn', number: '024 *** 4567', isDefault: true, verified: true } },
} satisfies Record<string, CannedAnswer>;

/** The member confirming their number through the real BFF, its services where the test put them. */
async function throughBff(urls: { payments: string; notifications: string }, url: string, payload?: object) {
  const bff = await buildBffApp(bffTestConfig(env, { PAYMENTS_URL: urls.payments, NOTIFICATIONS_URL: urls.notifications, NATS_URL: undefined }), redis);
  onTestFinished(() => bff.close());
  const sid = await bff.sessions.create('user', USER_ID);
  const cookies = { krom_session: bff.encodeSecureSession(bff.createSecureSession({ user: sid })) };
  return bff.inject({ method: 'POST', url, headers: { origin: ORIGIN }, cookies, ...(payload ? { payload } : {}) });
}

async function canned(answers: Record<string, CannedAnswer>) {
  const service = await startCannedService(answers);
  onTestFinished(() => service.close());
  return service;
}

/** The request for the method's full number the BFF makes first (as payments-service.consumer.pact.test.ts records it), added to a mock before the interaction under test. */
function numberToConfirm() {
  payments
    .addInteraction()
    .given('a member has a payment method', savedMethod)
    .uponReceiving('a request for the full number of a method before its code is checked')
    .withRequest('GET', `/payment-methods/${METHOD_ID}/number`, (b) => {
      b.headers(asUser());
    })
    .willRespondWith(200, (b) => b.jsonBody({ id: uuid(METHOD_ID), number: regex(/^0\d{9}$/, NUMBER) }));
}

describe('BFF → payments service: a number confirmed with the code texted to it', () => {
  it('marks the number confirmed once notifications accepts the code', async () => {
    const stand = await canned({ 'POST /verification-codes/verify': { status: 200, body: { verified: true } } });
    numberToConfirm();
    await payments
      .addInteraction()
      .given('a member has a payment method', savedMethod)
      .uponReceiving('a request to mark a number confirmed')
      .withRequest('POST', `/payment-methods/${METHOD_ID}/verified`, (b) => {
        b.headers(asUser()).jsonBody({ number: NUMBER });
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({ id: uuid(METHOD_ID), type: 'mobile_money', provider: like('mtn'), number: regex(/^0\d{2} \*\*\* \d{4}$/, '024 *** 4567'), isDefault: boolean(true), verified: true }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff({ payments: mock.url, notifications: stand.url }, `/api/payment-methods/${METHOD_ID}/confirm`, { code: CODE });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: METHOD_ID, verified: true });
      }));
  });

  it('passes back a number changed since the code was texted with the service message', async () => {
    const stand = await canned({ 'POST /verification-codes/verify': { status: 200, body: { verified: true } } });
    numberToConfirm();
    await payments
      .addInteraction()
      .given('a member changed their payment method to another number', savedMethod)
      .uponReceiving('a request to mark a number confirmed that has changed since')
      .withRequest('POST', `/payment-methods/${METHOD_ID}/verified`, (b) => {
        b.headers(asUser()).jsonBody({ number: NUMBER });
      })
      .willRespondWith(409, (b) => b.jsonBody({ message: 'This number was changed after the code was sent. Please ask for a new code.' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff({ payments: mock.url, notifications: stand.url }, `/api/payment-methods/${METHOD_ID}/confirm`, { code: CODE });
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('This number was changed after the code was sent. Please ask for a new code.');
      }));
  });
});

describe('BFF → notifications service: codes that confirm a payout number', () => {
  const codeRequest = { purpose: 'payment_method', subject, destination: { channel: 'sms', phone: NUMBER }, clientKey: like('127.0.0.1') };

  it('asks for a code to be texted to the number, keyed by the method and the number', async () => {
    const stand = await canned({ [`GET /payment-methods/${METHOD_ID}/number`]: paymentsAnswers.number });
    await notifications
      .addInteraction()
      .given('no payment method code was sent to the number lately', { subject })
      .uponReceiving('a request for a code confirming a payout number')
      .withRequest('POST', '/verification-codes', (b) => {
        b.headers(asPublic()).jsonBody(codeRequest);
      })
      .willRespondWith(201, (b) => b.jsonBody({ resendAfterSeconds: integer(150) }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff({ payments: stand.url, notifications: mock.url }, `/api/payment-methods/${METHOD_ID}/confirmation`);
        expect(response.statusCode).toBe(201);
        expect(response.json()).toEqual({ resendAfterSeconds: 150 });
      }));
  });

  it('checks the code typed, and refuses a wrong one in the spec’s words', async () => {
    const stand = await canned({ [`GET /payment-methods/${METHOD_ID}/number`]: paymentsAnswers.number, [`POST /payment-methods/${METHOD_ID}/verified`]: paymentsAnswers.verified });
    await notifications
      .addInteraction()
      .given('a payment method code was just sent to the number', { subject, phone: NUMBER, code: CODE })
      .uponReceiving('a check of the right code confirming a payout number')
      .withRequest('POST', '/verification-codes/verify', (b) => {
        b.headers(asPublic()).jsonBody({ purpose: 'payment_method', subject, code: CODE });
      })
      .willRespondWith(200, (b) => b.jsonBody({ verified: true }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff({ payments: stand.url, notifications: mock.url }, `/api/payment-methods/${METHOD_ID}/confirm`, { code: CODE });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: METHOD_ID, verified: true });
        expect(stand.received).toContain(`POST /payment-methods/${METHOD_ID}/verified`);
      }));

    await notifications
      .addInteraction()
      .given('a payment method code was just sent to the number', { subject, phone: NUMBER, code: CODE })
      .uponReceiving('a check of a wrong code confirming a payout number')
      .withRequest('POST', '/verification-codes/verify', (b) => {
        b.headers(asPublic()).jsonBody({ purpose: 'payment_method', subject, code: '0000' });
      })
      .willRespondWith(400, (b) => b.jsonBody({ message: phoneCodeErrors.invalidCode }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff({ payments: stand.url, notifications: mock.url }, `/api/payment-methods/${METHOD_ID}/confirm`, { code: '0000' });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Invalid verification code. Please try again.');
      }));
  });
});
