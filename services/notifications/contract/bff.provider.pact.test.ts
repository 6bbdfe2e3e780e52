import { existsSync } from 'node:fs';
import { pactFile, resignAssertion, verifierTimeoutMs } from '@krom/server-kit/pact';
import { Verifier } from '@pact-foundation/pact';
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueVerificationCode } from '../src/codes/issue-code.ts';
import { notifications, verificationCodes } from '../src/db/schema.ts';
import { openNotificationsService } from '../src/open-notifications.ts';
import { notificationsTestConfig, removeTestResources } from '../test/notifications-test-env.ts';

/**
 * The real notifications service verifies what the BFF's pact expects of it. Codes are drawn by
 * a generator the states set, so "a code was sent" can name the code the pact then checks.
 */
const { config } = notificationsTestConfig({ PHONE_CODE_HOURLY_CAP_PER_CLIENT: '1000', PHONE_CODE_HOURLY_CAP_PER_SUBJECT: '1000' });
let nextCode = '0000';
let service: Awaited<ReturnType<typeof openNotificationsService>>;
let baseUrl: string;

beforeAll(async () => {
  service = await openNotificationsService(config, { generateCode: () => nextCode });
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await service?.app.close();
  await removeTestResources(config);
});

// The verifier's request type comes from express, whose types are not installed here.
type ProxiedRequest = { headers: Record<string, string | string[] | undefined>; body?: unknown };

/** A state handler reading the state's parameters (the verifier's handler types do not line up with pact-core's here). */
const withParams =
  (run: (params: Record<string, string | undefined>) => Promise<void>) =>
  async (...args: unknown[]) => {
    await run((args[0] ?? {}) as Record<string, string | undefined>);
    return undefined;
  };

/** Codes for `subject` (a sign-up's phone, a payment method's `<id>:<number>`) forgotten. */
const forgetCodesFor = (subject: string) => service.db.delete(verificationCodes).where(eq(verificationCodes.subject, subject));

async function placeNotification(userId: string, notificationId: string) {
  await service.db.delete(notifications).where(or(eq(notifications.id, notificationId), eq(notifications.userId, userId)));
  await service.db.insert(notifications).values({
    id: notificationId,
    userId,
    type: 'system',
    title: 'Welcome to Krom',
    message: 'Hi Ama, your account is ready.',
    data: { link: '/dashboard' },
  });
}

it('honours the BFF pact', async () => {
  const file = pactFile('krom-bff', 'krom-notifications');
  expect(existsSync(file), `${file} is written by the BFF's consumer test`).toBe(true);
  await new Verifier({
    provider: 'krom-notifications',
    providerBaseUrl: baseUrl,
    pactUrls: [file],
    logLevel: 'warn',
    timeout: verifierTimeoutMs,
    requestFilter: (req: ProxiedRequest, _res: unknown, next: (error?: unknown) => void) => {
      // A bodyless POST arrives from the verifier's proxy as "{}" without a content type; send none, as the BFF does.
      if (!req.headers['content-type']) {
        req.body = undefined;
        req.headers['content-length'] = '0';
      }
      resignAssertion(req.headers, config.INTERNAL_AUTH_SECRET, 'notifications').then(() => next(), next);
    },
    stateHandlers: {
      'no sign-up code was sent to the number lately': withParams(async ({ phone = '' }) => {
        await forgetCodesFor(phone);
      }),
      'a sign-up code was just sent to the number': withParams(async ({ phone = '', code = '' }) => {
        await forgetCodesFor(phone);
        nextCode = code;
        await issueVerificationCode(service.codes, { purpose: 'signup', subject: phone, destination: { channel: 'sms', phone }, clientKey: 'pact-state' });
      }),
      'no payment method code was sent to the number lately': withParams(async ({ subject = '' }) => {
        await forgetCodesFor(subject);
      }),
      'a payment method code was just sent to the number': withParams(async ({ subject = '', phone = '', code = '' }) => {
        await forgetCodesFor(subject);
        nextCode = code;
        await issueVerificationCode(service.codes, { purpose: 'payment_method', subject, destination: { channel: 'sms', phone }, clientKey: 'pact-state' });
      }),
      'the user has a notification': withParams(async ({ userId = '', notificationId = '' }) => {
        await placeNotification(userId, notificationId);
      }),
      'another user has a notification': withParams(async ({ notificationId = '' }) => {
        await placeNotification(crypto.randomUUID(), notificationId);
      }),
    },
  }).verifyProvider();
});
