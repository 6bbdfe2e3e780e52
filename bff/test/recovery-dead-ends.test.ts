import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkCredentialsRoute } from '@krom/contracts/services/identity/accounts';
import { eventually } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { type BffSystem, type Browser, browser, codeSentTo, messagesSentTo, signedUp, startBff, testClock } from './bff-test-env.ts';

const RESEND_SECONDS = 30;
// The notifications service's clock stands still unless a test moves it past the cooldown.
const clock = testClock();
let system: BffSystem;
beforeAll(async () => {
  system = await startBff({
    services: ['identity', 'notifications'],
    overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' },
    notificationsEnv: { PHONE_CODE_RESEND_SECONDS: String(RESEND_SECONDS), PHONE_CODE_HOURLY_CAP_PER_CLIENT: '1000' },
    notificationsClock: clock.now,
  });
});
afterAll(() => system.close());

let ips = 0;
const visitor = () => browser(system.bff, `10.6.0.${++ips}`);
const invalid = 'Invalid verification code. Please try again.';
const tooMany = 'Too many wrong codes. Please request a new code.';
const wrongFor = (code: string) => (code === '9999' ? '9998' : '9999');

/** Each answer to `codes` typed one after another on the reset code screen: status and message. */
async function answersTo(b: Browser, codes: string[]) {
  const answers: [number, string][] = [];
  for (const otp of codes) {
    const response = await b.post('/api/auth/verify-reset-otp', { otp, method: 'sms' });
    answers.push([response.statusCode, response.json().message ?? 'ok']);
  }
  return answers;
}

describe('the reset code screen after three wrong codes', () => {
  it('says what /phone-verification says, for the right code too, and a new code then works', async () => {
    const person = await signedUp(system.bff, visitor());
    const b = visitor();
    await b.post('/api/auth/forgot-password', { method: 'sms', phone: person.phone });
    const code = await codeSentTo(system.outboxDir, person.phone);
    expect(await answersTo(b, [wrongFor(code), wrongFor(code), wrongFor(code), code])).toEqual([
      [400, invalid],
      [400, invalid],
      [400, tooMany],
      [400, tooMany],
    ]);

    const sent = await messagesSentTo(system.outboxDir, person.phone);
    clock.advance(RESEND_SECONDS * 1000);
    expect((await b.post('/api/auth/resend-reset-code', { method: 'sms' })).statusCode).toBe(200);
    const fresh = await codeSentTo(system.outboxDir, person.phone, sent);
    expect(await answersTo(b, [wrongFor(fresh), fresh])).toEqual([
      [400, invalid],
      [200, 'ok'],
    ]);
  });

  it('answers a number without an account the same, in the same order', async () => {
    const known = await signedUp(system.bff, visitor());
    const a = visitor();
    await a.post('/api/auth/forgot-password', { method: 'sms', phone: known.phone });
    const code = await codeSentTo(system.outboxDir, known.phone);
    const wrong = wrongFor(code);
    const forKnown = await answersTo(a, [wrong, wrong, wrong, wrong]);

    const b = visitor();
    await b.post('/api/auth/forgot-password', { method: 'sms', phone: '0269990002' });
    expect(await answersTo(b, [wrong, wrong, wrong, wrong])).toEqual(forKnown);
    expect(forKnown).toEqual([
      [400, invalid],
      [400, invalid],
      [400, tooMany],
      [400, tooMany],
    ]);
  });

  it('counts only this browser’s tries: another browser’s wrong codes for the account change nothing here', async () => {
    // The service counts tries per code, across browsers; had the answers followed its count,
    // an account's existence would show through a second browser's first try.
    const person = await signedUp(system.bff, visitor());
    const attacker = visitor();
    await attacker.post('/api/auth/forgot-password', { method: 'sms', phone: person.phone });
    const code = await codeSentTo(system.outboxDir, person.phone);
    await answersTo(attacker, [wrongFor(code), wrongFor(code), wrongFor(code)]);
    const second = visitor();
    await second.post('/api/auth/forgot-password', { method: 'sms', phone: person.phone });
    expect(await answersTo(second, [wrongFor(code)])).toEqual([[400, invalid]]);
  });

  it('keeps the count when an older copy of the cookie is sent back', async () => {
    const b = visitor();
    await b.post('/api/auth/forgot-password', { method: 'sms', phone: '0269990003' });
    const before = b.cookies();
    await answersTo(b, ['1111', '1111', '1111']);
    b.adopt(before);
    expect(await answersTo(b, ['1111'])).toEqual([[400, tooMany]]);
  });
});

type Method = 'email' | 'sms';
/** A whole reset in `b`, by `method`, to `password`. */
async function resetBy(b: Browser, method: Method, person: { email: string; phone: string }, password: string) {
  const to = method === 'email' ? person.email : person.phone;
  const sent = await messagesSentTo(system.outboxDir, to);
  clock.advance(RESEND_SECONDS * 1000);
  await b.post('/api/auth/forgot-password', method === 'email' ? { method, email: person.email } : { method, phone: person.phone });
  const code = await codeSentTo(system.outboxDir, to, sent);
  expect((await b.post('/api/auth/verify-reset-otp', { otp: code, method })).statusCode).toBe(200);
  expect((await b.post('/api/auth/reset-password', { password })).statusCode).toBe(200);
}

describe.each(['sms', 'email'] as const)('a password reset by %s ends every session opened before it', (method) => {
  it('the sign-up session, other devices and the resetting browser’s own get 401 on their next request', async () => {
    const signUpBrowser = visitor();
    const person = await signedUp(system.bff, signUpBrowser);
    const laptop = visitor();
    expect((await laptop.post('/api/auth/login', { email: person.email, password: person.password })).statusCode).toBe(200);
    const phone = visitor();
    expect((await phone.post('/api/auth/login', { email: person.email, password: person.password })).statusCode).toBe(200);
    const laptopCopy = laptop.cookies();

    await resetBy(phone, method, person, 'Elmina-Castle-1482');
    for (const b of [signUpBrowser, laptop, phone]) expect((await b.get('/api/auth/user')).statusCode).toBe(401);
    const replay = visitor();
    replay.adopt(laptopCopy);
    expect((await replay.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('a sign-in that proved the old password just before the reset opens nothing after it', async () => {
    // A second BFF replica (same Redis) whose answers from identity to a sign-in wait on the link
    // until the test lets them go: the old password is checked, then the reset ends the sessions,
    // then that sign-in goes on to open its session.
    const held: (() => void)[] = [];
    const link = createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', async () => {
        const headers = Object.fromEntries(Object.entries(incoming.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name))) as Record<string, string>;
        const body = incoming.method === 'GET' ? undefined : Buffer.concat(chunks);
        const answer = await fetch(`${system.config.IDENTITY_URL}${incoming.url}`, { method: incoming.method, headers, body });
        const answerBody = Buffer.from(await answer.arrayBuffer());
        if (incoming.method === checkCredentialsRoute.method && incoming.url === checkCredentialsRoute.path) await new Promise<void>((release) => held.push(release));
        outgoing.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        outgoing.end(answerBody);
      });
    });
    await new Promise<void>((resolve) => link.listen(0, '127.0.0.1', resolve));
    const replica = await buildBffApp({ ...system.config, IDENTITY_URL: `http://127.0.0.1:${(link.address() as AddressInfo).port}` }, system.redis);
    try {
      const person = await signedUp(system.bff, visitor());
      const attacker = browser(replica, '10.6.9.1');
      const signingIn = attacker.post('/api/auth/login', { email: person.email, password: person.password });
      // Identity has accepted the old password; the answer waits on the link.
      await eventually(async () => (held.length > 0 ? true : undefined));

      await resetBy(visitor(), method, person, 'Elmina-Castle-1482');
      for (const release of held) release();
      expect((await signingIn).statusCode).toBe(401);
      expect((await attacker.get('/api/auth/user')).statusCode).toBe(401);
      // The new password signs in as before.
      expect((await visitor().post('/api/auth/login', { email: person.email, password: 'Elmina-Castle-1482' })).statusCode).toBe(200);
    } finally {
      for (const release of held) release();
      await replica.close();
      await new Promise((resolve) => link.close(resolve));
    }
  });
});
