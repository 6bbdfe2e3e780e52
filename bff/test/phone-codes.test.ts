import { randomInt } from 'node:crypto';
import { phoneCodeErrors } from '@krom/contracts/http/phone-codes';
import { eventually } from '@krom/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLocalOutbox } from '../../services/notifications/src/providers/sms/local.ts';
import { listeningNotificationsService } from '../../services/notifications/test/notifications-test-env.ts';
import { buildBffApp } from '../src/app.ts';
import { readBffConfig } from '../src/config.ts';
import { nothingStarted } from './bff-test-config.ts';
import { testClock } from './bff-test-env.ts';

/**
 * Sign-up phone codes through the real BFF and the real notifications service (listening on a
 * port, with its local SMS outbox), on the real PostgreSQL, NATS and Redis, isolated for this file.
 */
const ORIGIN = 'http://localhost:8080';
let notifications: Awaited<ReturnType<typeof listeningNotificationsService>>;
let bff: FastifyInstance;
let redis: Redis;
let bffPrefix = '';
const RESEND_SECONDS = 30;
// The notifications service's clock stands still unless a test moves it past the cooldown.
const clock = testClock();

beforeAll(async () => {
  notifications = await listeningNotificationsService(
    { PHONE_CODE_RESEND_SECONDS: String(RESEND_SECONDS), PHONE_CODE_HOURLY_CAP_PER_CLIENT: '3' },
    { clock: clock.now },
  );
  redis = new Redis(notifications.config.REDIS_URL);
  bffPrefix = `${notifications.config.REDIS_PREFIX}:bff:`;
  bff = await buildBffApp(
    readBffConfig({
      LOG_LEVEL: 'silent',
      PORT: '0',
      INTERNAL_AUTH_SECRET: notifications.config.INTERNAL_AUTH_SECRET,
      SESSION_SECRET: `session-secret-${bffPrefix}-0123456789abcdef`,
      REDIS_URL: notifications.config.REDIS_URL,
      REDIS_PREFIX: bffPrefix,
      // Every other address points at nothing: the test reaches only the service it started.
      ...nothingStarted,
      NOTIFICATIONS_URL: notifications.url,
      PUBLIC_ORIGIN: ORIGIN,
      RATE_LIMIT_PUBLIC_PER_MINUTE: '8',
    }),
    redis,
  );
});
afterAll(async () => {
  await bff?.close();
  const keys = await redis.keys(`${bffPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await notifications?.close();
});

const newPhone = () => `054${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
const newIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const send = (phoneNumber: unknown, ip = newIp()) =>
  bff.inject({ method: 'POST', url: '/api/sms/send-verification', headers: { origin: ORIGIN }, payload: { phoneNumber }, remoteAddress: ip });
const verify = (phoneNumber: string, verificationCode: string, ip = newIp()) =>
  bff.inject({ method: 'POST', url: '/api/sms/verify-code', headers: { origin: ORIGIN }, payload: { phoneNumber, verificationCode }, remoteAddress: ip });

/** The codes the phone received, as its owner reads them from the SMS. */
const codesTexted = async (phone: string) =>
  (await readLocalOutbox(notifications.config.LOCAL_OUTBOX_DIR)).filter((sms) => sms.to === `+233${phone.slice(1)}`).map((sms) => /code is (\d{4})\./.exec(sms.body)?.[1] ?? '');
const nthCode = (phone: string, n: number) =>
  eventually(async () => {
    const codes = await codesTexted(phone);
    return codes.length >= n ? codes[n - 1] : undefined;
  });
const wrong = (code: string) => ((Number(code) + 1) % 10_000).toString().padStart(4, '0');

/** What this browser's session holds about a verified sign-up phone, read from the cookie the BFF set. */
const signupPhoneIn = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === 'krom_session');
  return cookie ? bff.decodeSecureSession(cookie.value)?.get('signupPhone') : undefined;
};

describe('POST /api/sms/send-verification', () => {
  it('texts a code to the number and says when Send Again may be used', async () => {
    const phone = newPhone();
    const response = await send(phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Verification code sent!', resendAfterSeconds: RESEND_SECONDS });
    expect(await nthCode(phone, 1)).toMatch(/^\d{4}$/);
  });

  it('answers a bad number in the spec’s words and sends nothing', async () => {
    const phone = '024123456';
    // +233 numbers are read as the local number they are (fields.ts); another country's is not one.
    for (const phoneNumber of [phone, undefined, '+44 7700 900123']) {
      const response = await send(phoneNumber);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please enter a valid 10-digit Ghana phone number starting with 0');
    }
    expect(await codesTexted(phone)).toEqual([]);
  });

  it('refuses Send Again during the countdown with 429 and the seconds left, then allows it', async () => {
    const phone = newPhone();
    expect((await send(phone)).statusCode).toBe(200);
    const early = await send(phone);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ message: phoneCodeErrors.cooldown(RESEND_SECONDS), resendAfterSeconds: RESEND_SECONDS });
    expect(early.headers['retry-after']).toBe(String(RESEND_SECONDS));

    // A second short of the end it is still refused, with one second left; at the end it is allowed.
    clock.advance((RESEND_SECONDS - 1) * 1000);
    expect((await send(phone)).json()).toEqual({ message: phoneCodeErrors.cooldown(1), resendAfterSeconds: 1 });
    clock.advance(1000);
    expect((await send(phone)).statusCode).toBe(200);
    expect(await nthCode(phone, 2)).toMatch(/^\d{4}$/);
  });

  it('counts codes per client address: past the hourly cap one client is refused, another is not', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect((await send(newPhone(), ip)).statusCode).toBe(200);
    const phone = newPhone();
    const refused = await send(phone, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(phoneCodeErrors.hourlyCap);
    // The hour counts from the first of them, sent at this very moment of the service's clock.
    expect(refused.json().resendAfterSeconds).toBe(3600);
    expect((await send(phone, newIp())).statusCode).toBe(200);
  });

  it('limits each client to its share of public writes per minute', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await send('bad', ip)).statusCode);
    expect(statuses.slice(0, 8).every((s) => s === 400)).toBe(true);
    const limited = await send(newPhone(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many requests. Please wait a minute and try again.');
  });
});

describe('POST /api/sms/verify-code', () => {
  it('verifies the texted code and remembers the verified phone in this browser’s session', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await nthCode(phone, 1);
    const before = Date.now();
    const response = await verify(phone, code!);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Phone number verified!' });
    const remembered = signupPhoneIn(response);
    expect(remembered?.phone).toBe(phone);
    expect(remembered?.verifiedAt).toBeGreaterThanOrEqual(before);
    expect(remembered?.verifiedAt).toBeLessThanOrEqual(Date.now());

    const again = await verify(phone, code!);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(phoneCodeErrors.invalidCode);
  });

  it('refuses a wrong code in the spec’s words and remembers nothing', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await nthCode(phone, 1);
    const response = await verify(phone, wrong(code!));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid verification code. Please try again.');
    expect(signupPhoneIn(response)).toBeUndefined();
  });

  it('refuses one number’s code for another number', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await nthCode(phone, 1);
    const response = await verify(newPhone(), code!);
    expect(response.statusCode).toBe(400);
    expect(signupPhoneIn(response)).toBeUndefined();
    expect((await verify(phone, code!)).statusCode).toBe(200);
  });

  it('asks for a new code after three wrong ones', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await nthCode(phone, 1);
    const messages = [];
    for (let i = 0; i < 3; i++) messages.push((await verify(phone, wrong(code!))).json().message);
    expect(messages).toEqual([phoneCodeErrors.invalidCode, phoneCodeErrors.invalidCode, phoneCodeErrors.tooManyTries]);
    const right = await verify(phone, code!);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong codes. Please request a new code.');
  });

  it('checks the code’s form before asking the service', async () => {
    const response = await verify(newPhone(), '12a4');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Verification code must be 4 digits');
  });
});
