import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { issueCodeRoute } from '@krom/contracts/services/notifications/verification-codes';
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
const visitor = () => browser(system.bff, `10.4.0.${++ips}`);
const signedIn = async (email: string, password: string) => {
  const b = visitor();
  const response = await b.post('/api/auth/login', { email, password });
  return { b, ok: response.statusCode === 200 };
};

type Method = 'email' | 'sms';
const startRecovery = (b: Browser, method: Method, person: { email: string; phone: string }) =>
  b.post('/api/auth/forgot-password', method === 'email' ? { method, email: person.email } : { method, phone: person.phone });
const destination = (method: Method, person: { email: string; phone: string }) => (method === 'email' ? person.email : person.phone);

describe.each(['email', 'sms'] as const)('recovery by %s', (method) => {
  it('sends a code, verifies it, sets the new password and ends every session of the account', async () => {
    const person = await signedUp(system.bff, visitor());
    const laptop = await signedIn(person.email, person.password);
    expect(laptop.ok).toBe(true);

    const b = visitor();
    const started = await startRecovery(b, method, person);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ message: expect.stringContaining('4-digit code'), resendAfterSeconds: expect.any(Number) });
    const code = await codeSentTo(system.outboxDir, destination(method, person));

    const verified = await b.post('/api/auth/verify-reset-otp', { otp: code, method });
    expect(verified.statusCode).toBe(200);
    const reset = await b.post('/api/auth/reset-password', { password: 'Elmina-Castle-1482' });
    expect(reset.statusCode).toBe(200);

    expect((await laptop.b.get('/api/auth/user')).statusCode).toBe(401);
    expect((await signedIn(person.email, 'Elmina-Castle-1482')).ok).toBe(true);
    expect((await signedIn(person.email, person.password)).ok).toBe(false);
    // The verified code allowed one reset, not a second one.
    const again = await b.post('/api/auth/reset-password', { password: 'Another-Pass-2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Please verify your reset code first.');
  });
});

describe('what recovery gives away', () => {
  it('answers an unknown e-mail or phone exactly as a known one', async () => {
    const person = await signedUp(system.bff, visitor());
    for (const method of ['email', 'sms'] as const) {
      const known = await startRecovery(visitor(), method, person);
      const unknown = await startRecovery(visitor(), method, { email: `nobody.${Date.now()}@example.com`, phone: '0269990001' });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
    }
  });

  it('answers a known account without waiting for its code to be sent, so the timing tells nothing', async () => {
    // The real notifications service behind a link that holds every code request until the test
    // lets it go: had the answer waited for the code to be sent, it would never come (the test
    // times out). Both answers take the same path otherwise: one look-up, the same cooldown.
    const held: (() => void)[] = [];
    const slowLink = createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', async () => {
        if (incoming.method === issueCodeRoute.method && incoming.url === issueCodeRoute.path) await new Promise<void>((release) => held.push(release));
        const headers = Object.fromEntries(Object.entries(incoming.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name))) as Record<string, string>;
        const body = incoming.method === 'GET' ? undefined : Buffer.concat(chunks);
        const answer = await fetch(`${system.config.NOTIFICATIONS_URL}${incoming.url}`, { method: incoming.method, headers, body });
        outgoing.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        outgoing.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => slowLink.listen(0, '127.0.0.1', resolve));
    const { port } = slowLink.address() as AddressInfo;
    const bff = await buildBffApp({ ...system.config, NOTIFICATIONS_URL: `http://127.0.0.1:${port}`, REDIS_PREFIX: `${system.config.REDIS_PREFIX}slow:` }, system.redis);
    try {
      const person = await signedUp(system.bff, visitor());
      const ask = (email: string) => browser(bff, `10.4.9.${++ips % 250}`).post('/api/auth/forgot-password', { method: 'email', email });
      const known = await ask(person.email);
      const unknown = await ask(`nobody.${crypto.randomUUID()}@example.com`);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      // The known account's code was asked for, and is still held on the link: nothing has gone out.
      await eventually(async () => (held.length > 0 ? true : undefined));
      expect(held).toHaveLength(1);
      expect(await messagesSentTo(system.outboxDir, person.email)).toBe(0);
      // Let go, the code goes out, after the answer.
      for (const release of held) release();
      expect(await codeSentTo(system.outboxDir, person.email)).toMatch(/^\d{4}$/);
    } finally {
      for (const release of held) release();
      await bff.close();
      await new Promise((resolve) => slowLink.close(resolve));
    }
  });

  it('refuses any code for an unknown account with the same message as a wrong code', async () => {
    const person = await signedUp(system.bff, visitor());
    const knownBrowser = visitor();
    await startRecovery(knownBrowser, 'email', person);
    await codeSentTo(system.outboxDir, person.email);
    const wrongForKnown = await knownBrowser.post('/api/auth/verify-reset-otp', { otp: '0000', method: 'email' });

    const unknownBrowser = visitor();
    await startRecovery(unknownBrowser, 'email', { email: `nobody.${Date.now()}@example.com`, phone: '' });
    const anyForUnknown = await unknownBrowser.post('/api/auth/verify-reset-otp', { otp: '1234', method: 'email' });

    for (const response of [wrongForKnown, anyForUnknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Invalid verification code. Please try again.');
    }
    const reset = await unknownBrowser.post('/api/auth/reset-password', { password: 'Elmina-Castle-1482' });
    expect(reset.statusCode).toBe(400);
  });
});

describe('the reset is allowed only after the code was verified in this browser session', () => {
  it('refuses a reset from another browser, even after the code was verified elsewhere', async () => {
    const person = await signedUp(system.bff, visitor());
    const owner = visitor();
    await startRecovery(owner, 'email', person);
    const code = await codeSentTo(system.outboxDir, person.email);
    expect((await owner.post('/api/auth/verify-reset-otp', { otp: code, method: 'email' })).statusCode).toBe(200);

    const attacker = visitor();
    await startRecovery(attacker, 'email', person);
    const response = await attacker.post('/api/auth/reset-password', { password: 'Taken-Over-2026' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please verify your reset code first.');
    const fresh = visitor();
    expect((await fresh.post('/api/auth/reset-password', { password: 'Taken-Over-2026' })).statusCode).toBe(400);
    expect((await signedIn(person.email, person.password)).ok).toBe(true);
  });

  it('allows one reset per verified code: a copy of the cookie from before the reset cannot set another password', async () => {
    const person = await signedUp(system.bff, visitor());
    const b = visitor();
    await startRecovery(b, 'email', person);
    const code = await codeSentTo(system.outboxDir, person.email);
    expect((await b.post('/api/auth/verify-reset-otp', { otp: code, method: 'email' })).statusCode).toBe(200);
    const verifiedCookie = b.cookies();
    expect((await b.post('/api/auth/reset-password', { password: 'Elmina-Castle-1482' })).statusCode).toBe(200);

    const replay = visitor();
    replay.adopt(verifiedCookie);
    const again = await replay.post('/api/auth/reset-password', { password: 'Taken-Over-2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Please verify your reset code first.');
    expect((await signedIn(person.email, 'Elmina-Castle-1482')).ok).toBe(true);
  });

  it('refuses a reset before the code is verified, and after a wrong code', async () => {
    const person = await signedUp(system.bff, visitor());
    const b = visitor();
    await startRecovery(b, 'sms', person);
    const code = await codeSentTo(system.outboxDir, person.phone);
    expect((await b.post('/api/auth/reset-password', { password: 'Elmina-Castle-1482' })).statusCode).toBe(400);
    const wrong = code === '9999' ? '9998' : '9999';
    expect((await b.post('/api/auth/verify-reset-otp', { otp: wrong, method: 'sms' })).statusCode).toBe(400);
    expect((await b.post('/api/auth/reset-password', { password: 'Elmina-Castle-1482' })).statusCode).toBe(400);
    // Under the spec's three tries, the right code still works.
    expect((await b.post('/api/auth/verify-reset-otp', { otp: code, method: 'sms' })).statusCode).toBe(200);
    expect((await b.post('/api/auth/reset-password', { password: 'Elmina-Castle-1482' })).statusCode).toBe(200);
  });

  it('refuses the right code after three wrong ones: a new code is needed', async () => {
    const person = await signedUp(system.bff, visitor());
    const b = visitor();
    await startRecovery(b, 'email', person);
    const code = await codeSentTo(system.outboxDir, person.email);
    const wrong = code === '9999' ? '9998' : '9999';
    for (let i = 0; i < 3; i++) await b.post('/api/auth/verify-reset-otp', { otp: wrong, method: 'email' });
    const right = await b.post('/api/auth/verify-reset-otp', { otp: code, method: 'email' });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong codes. Please request a new code.');
  });
});

describe('resending the reset code', () => {
  it('sends a new code to where the first went, and the new code works', async () => {
    const person = await signedUp(system.bff, visitor());
    const b = visitor();
    await startRecovery(b, 'sms', person);
    await codeSentTo(system.outboxDir, person.phone);
    const sentBefore = await messagesSentTo(system.outboxDir, person.phone);
    clock.advance(RESEND_SECONDS * 1000);
    const resent = await b.post('/api/auth/resend-reset-code', { method: 'email' });
    expect(resent.statusCode).toBe(200);
    const code = await codeSentTo(system.outboxDir, person.phone, sentBefore);
    expect((await b.post('/api/auth/verify-reset-otp', { otp: code, method: 'sms' })).statusCode).toBe(200);
  });

  it("counts down, from the very first answer, the wait the notifications service enforces", async () => {
    // A BFF that has never seen a code issued: the wait it shows is the service's setting, not a default.
    const bff = await buildBffApp({ ...system.config, REDIS_PREFIX: `${system.config.REDIS_PREFIX}fresh:` }, system.redis);
    try {
      const nobody = await browser(bff, '10.4.8.1').post('/api/auth/forgot-password', { method: 'email', email: `nobody.${Date.now()}@example.com` });
      expect(nobody.json().resendAfterSeconds).toBe(RESEND_SECONDS);

      const person = await signedUp(system.bff, visitor());
      const b = browser(bff, '10.4.8.2');
      const started = await startRecovery(b, 'email', person);
      expect(started.json().resendAfterSeconds).toBe(RESEND_SECONDS);
      await codeSentTo(system.outboxDir, person.email);
      const sentBefore = await messagesSentTo(system.outboxDir, person.email);
      // Once the countdown shown has run out on the service's clock, Resend brings a new code.
      clock.advance(started.json().resendAfterSeconds * 1000);
      const resent = await b.post('/api/auth/resend-reset-code', { method: 'email' });
      expect(resent.json().resendAfterSeconds).toBe(RESEND_SECONDS);
      const code = await codeSentTo(system.outboxDir, person.email, sentBefore);
      expect((await b.post('/api/auth/verify-reset-otp', { otp: code, method: 'email' })).statusCode).toBe(200);
    } finally {
      await bff.close();
    }
  });

  it('asks for a reset request first when there is none in this session', async () => {
    const response = await visitor().post('/api/auth/resend-reset-code', { method: 'email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please request a reset code first.');
  });
});

describe('recovery input', () => {
  it.each([
    [{ method: 'email', email: 'akua@' }, 'Please enter a valid email address'],
    [{ method: 'sms', phone: '12345' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
  ])('refuses %j with the spec message', async (body, message) => {
    const response = await visitor().post('/api/auth/forgot-password', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a method it does not know', async () => {
    expect((await visitor().post('/api/auth/forgot-password', { method: 'pigeon' })).statusCode).toBe(400);
  });

  it('refuses a code that is not four digits', async () => {
    const response = await visitor().post('/api/auth/verify-reset-otp', { otp: '12a4', method: 'email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Verification code must be 4 digits');
  });

  it.each([
    ['Short1a', 'Password must be at least 8 characters'],
    ['lowercase-only-1', 'Password must contain at least one uppercase letter'],
    ['UPPERCASE-ONLY-1', 'Password must contain at least one lowercase letter'],
    ['No-Digits-Here', 'Password must contain at least one number'],
  ])('refuses the new password %s with the spec message', async (password, message) => {
    const response = await visitor().post('/api/auth/reset-password', { password });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a common new password even with a verified code', async () => {
    const person = await signedUp(system.bff, visitor());
    const b = visitor();
    await startRecovery(b, 'email', person);
    const code = await codeSentTo(system.outboxDir, person.email);
    await b.post('/api/auth/verify-reset-otp', { otp: code, method: 'email' });
    const response = await b.post('/api/auth/reset-password', { password: 'Password1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This password is too common. Please choose a less predictable one.');
  });
});
