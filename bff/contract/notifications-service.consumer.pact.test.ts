import { phoneCodeErrors } from '@krom/contracts/http/phone-codes';
import { notificationErrors } from '@krom/contracts/http/notifications';
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
 * The BFF as consumer of the notifications service: the real BFF handles each public call and
 * its request to the service is checked against what this pact records. (The event stream is
 * not a request/response interaction; bff/test/notifications.test.ts covers it end to end.)
 */
const { like, eachLike, integer, regex, uuid, datetime, boolean } = MatchersV3;
const pact = new PactV4({ consumer: 'krom-bff', provider: 'krom-notifications', dir: pactDir, logLevel: 'warn' });
const env = isolatedTestEnv('bffnotepact');
const redis = new Redis(env.redisUrl);
const PHONE = '0241234567';
const CODE = '4821';
const USER_ID = '8d1f6a3e-2b4c-4d5e-9f60-7a8b9c0d1e2f';
const NOTIFICATION_ID = '2f4e6a8c-1b3d-4f5a-8c7e-9d0b1a2c3e4f';
const OTHERS_NOTIFICATION_ID = '7c5a3e1f-9d8b-4a6c-b2e0-3f1d5b7a9c8e';
const jwt = /^[\w-]+\.[\w-]+\.[\w-]+$/;

afterAll(async () => {
  const keys = await redis.keys(`${env.redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function bffAgainst(notificationsUrl: string): Promise<FastifyInstance> {
  // Every other service is one that is down (bff-test-config.ts), never what listens on its default port;
  // no event subscription, so each of the BFF's calls reaches the mock as the pact records it.
  const config = bffTestConfig(env, { NOTIFICATIONS_URL: notificationsUrl, RATE_LIMIT_PUBLIC_PER_MINUTE: '1000', NATS_URL: undefined });
  const bff = await buildBffApp(config, redis);
  // Closed however the interaction ends: a failed expectation must not leave it running into the next.
  onTestFinished(() => bff.close());
  return bff;
}

/**
 * Example assertions are signed up front: pact calls a request builder without awaiting it, so
 * headers set after an await inside one come after the mock server started and are not recorded.
 */
const assertions: Record<'public' | 'user', string> = { public: '', user: '' };
beforeAll(async () => {
  assertions.public = await exampleAssertion({ kind: 'public' }, 'notifications');
  assertions.user = await exampleAssertion({ kind: 'user', userId: USER_ID }, 'notifications');
});
const assertionAs = (kind: 'public' | 'user') => ({ [ASSERTION_HEADER]: regex(jwt, assertions[kind]) });

async function userCookie(bff: FastifyInstance) {
  const sid = await bff.sessions.create('user', USER_ID);
  return { krom_session: bff.encodeSecureSession(bff.createSecureSession({ user: sid })) };
}

const signupCodeRequest = {
  purpose: 'signup',
  subject: PHONE,
  destination: { channel: 'sms', phone: PHONE },
  clientKey: like('127.0.0.1'),
};
const notification = {
  id: uuid(NOTIFICATION_ID),
  type: regex(/^(ride_request|booking|payment|system)$/, 'system'),
  title: like('Welcome to Krom'),
  message: like('Hi Ama, your account is ready.'),
  data: like({ link: '/dashboard' }),
  isRead: boolean(false),
  actionRequired: boolean(false),
  createdAt: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", '2026-11-22T09:30:00.000Z'),
};

const sendCode = (bff: FastifyInstance) =>
  bff.inject({ method: 'POST', url: '/api/sms/send-verification', headers: { origin: ORIGIN }, payload: { phoneNumber: PHONE } });
const verifyCode = (bff: FastifyInstance, verificationCode: string) =>
  bff.inject({ method: 'POST', url: '/api/sms/verify-code', headers: { origin: ORIGIN }, payload: { phoneNumber: PHONE, verificationCode } });

describe('BFF → notifications service: sign-up codes', () => {
  it('asks for a code to be texted to the number', async () => {
    await pact
      .addInteraction()
      .given('no sign-up code was sent to the number lately', { phone: PHONE })
      .uponReceiving('a request for a sign-up code')
      .withRequest('POST', '/verification-codes', (b) => {
        b.headers(assertionAs('public')).jsonBody(signupCodeRequest);
      })
      .willRespondWith(201, (b) => b.jsonBody({ resendAfterSeconds: integer(150) }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await sendCode(bff);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: 'Verification code sent!', resendAfterSeconds: 150 });
      }));
  });

  it('passes a refusal during the cooldown on with the seconds left', async () => {
    await pact
      .addInteraction()
      .given('a sign-up code was just sent to the number', { phone: PHONE, code: CODE })
      .uponReceiving('a request for a sign-up code during the cooldown')
      .withRequest('POST', '/verification-codes', (b) => {
        b.headers(assertionAs('public')).jsonBody(signupCodeRequest);
      })
      .willRespondWith(429, (b) =>
        b.jsonBody({
          message: regex(/^Please wait \d+ seconds before requesting another code\.$/, phoneCodeErrors.cooldown(150)),
          resendAfterSeconds: integer(150),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await sendCode(bff);
        expect(response.statusCode).toBe(429);
        expect(response.json()).toEqual({ message: phoneCodeErrors.cooldown(150), resendAfterSeconds: 150 });
      }));
  });

  it('checks the right code and remembers the verified phone', async () => {
    await pact
      .addInteraction()
      .given('a sign-up code was just sent to the number', { phone: PHONE, code: CODE })
      .uponReceiving('a check of the right sign-up code')
      .withRequest('POST', '/verification-codes/verify', (b) => {
        b.headers(assertionAs('public')).jsonBody({ purpose: 'signup', subject: PHONE, code: CODE });
      })
      .willRespondWith(200, (b) => b.jsonBody({ verified: true }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await verifyCode(bff, CODE);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: 'Phone number verified!' });
      }));
  });

  it('passes a wrong code’s refusal on in the spec’s words', async () => {
    await pact
      .addInteraction()
      .given('a sign-up code was just sent to the number', { phone: PHONE, code: CODE })
      .uponReceiving('a check of a wrong sign-up code')
      .withRequest('POST', '/verification-codes/verify', (b) => {
        b.headers(assertionAs('public')).jsonBody({ purpose: 'signup', subject: PHONE, code: '0000' });
      })
      .willRespondWith(400, (b) => b.jsonBody({ message: phoneCodeErrors.invalidCode }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await verifyCode(bff, '0000');
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Invalid verification code. Please try again.');
      }));
  });
});

describe('BFF → notifications service: in-app notifications', () => {
  it('lists the signed-in user’s notifications', async () => {
    await pact
      .addInteraction()
      .given('the user has a notification', { userId: USER_ID, notificationId: NOTIFICATION_ID })
      .uponReceiving('a request for the user’s notifications')
      .withRequest('GET', '/notifications', (b) => {
        b.headers(assertionAs('user'));
      })
      .willRespondWith(200, (b) => b.jsonBody({ items: eachLike(notification), unreadCount: integer(1), actionRequiredCount: integer(0) }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'GET', url: '/api/notifications', cookies: await userCookie(bff) });
        expect(response.statusCode).toBe(200);
        expect(response.json().items[0].id).toBe(NOTIFICATION_ID);
      }));
  });

  it('marks one of the user’s notifications read', async () => {
    await pact
      .addInteraction()
      .given('the user has a notification', { userId: USER_ID, notificationId: NOTIFICATION_ID })
      .uponReceiving('a mark-read of the user’s notification')
      .withRequest('POST', `/notifications/${NOTIFICATION_ID}/read`, (b) => {
        b.headers(assertionAs('user'));
      })
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'POST', url: `/api/notifications/${NOTIFICATION_ID}/read`, headers: { origin: ORIGIN }, cookies: await userCookie(bff) });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ ok: true });
      }));
  });

  it('gets not found for another user’s notification', async () => {
    await pact
      .addInteraction()
      .given('another user has a notification', { notificationId: OTHERS_NOTIFICATION_ID })
      .uponReceiving('a mark-read of another user’s notification')
      .withRequest('POST', `/notifications/${OTHERS_NOTIFICATION_ID}/read`, (b) => {
        b.headers(assertionAs('user'));
      })
      .willRespondWith(404, (b) => b.jsonBody({ message: notificationErrors.notFound }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({
          method: 'POST',
          url: `/api/notifications/${OTHERS_NOTIFICATION_ID}/read`,
          headers: { origin: ORIGIN },
          cookies: await userCookie(bff),
        });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('Notification not found');
      }));
  });

  it('marks all of the user’s notifications read', async () => {
    await pact
      .addInteraction()
      .given('the user has a notification', { userId: USER_ID, notificationId: NOTIFICATION_ID })
      .uponReceiving('a mark-all-read for the user')
      .withRequest('POST', '/notifications/read-all', (b) => {
        b.headers(assertionAs('user'));
      })
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { origin: ORIGIN }, cookies: await userCookie(bff) });
        expect(response.statusCode).toBe(200);
      }));
  });
});
