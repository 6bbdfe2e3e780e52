import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { type BffSystem, type Browser, browser, codeSentTo, messagesSentTo, signedUp, startBff } from './bff-test-env.ts';

let system: BffSystem;
beforeAll(async () => {
  system = await startBff({
    services: ['identity', 'notifications'],
    overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' },
    notificationsEnv: { PHONE_CODE_RESEND_SECONDS: '1', PHONE_CODE_HOURLY_CAP_PER_CLIENT: '1000' },
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

  it('takes no longer for a known account than for an unknown one, even when sending the code is slow', async () => {
    // The real notifications service behind a link that holds every request for 1.5 s: an
    // answer that waited for the code to be sent would take that long for known accounts only.
    const slowLink = createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', async () => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
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
      const time = async (email: string) => {
        const started = performance.now();
        const response = await browser(bff, `10.4.9.${++ips % 250}`).post('/api/auth/forgot-password', { method: 'email', email });
        return { ms: performance.now() - started, status: response.statusCode, body: response.json() };
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        const k = await time(person.email);
        const u = await time(`nobody.${i}.${Date.now()}@example.com`);
        expect(u.status).toBe(k.status);
        expect(u.body).toEqual(k.body);
        known.push(k.ms);
        unknown.push(u.ms);
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      expect(median(known), `known ${median(known).toFixed(0)} ms vs unknown ${median(unknown).toFixed(0)} ms`).toBeLessThan(median(unknown) + 300);
      // The code did go out, through the slow link, after the answer.
      expect(await codeSentTo(system.outboxDir, person.email)).toMatch(/^\d{4}$/);
    } finally {
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
    expect(right.json().message).toBe('Invalid verification code. Please try again.');
  });
});

describe('resending the reset code', () => {
  it('sends a new code to where the first went, and the new code works', async () => {
    const person = await signedUp(system.bff, visitor());
    const b = visitor();
    await startRecovery(b, 'sms', person);
    await codeSentTo(system.outboxDir, person.phone);
    const sentBefore = await messagesSentTo(system.outboxDir, person.phone);
    // The test's cooldown is one second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const resent = await b.post('/api/auth/resend-reset-code', { method: 'email' });
    expect(resent.statusCode).toBe(200);
    const code = await codeSentTo(system.outboxDir, person.phone, sentBefore);
    expect((await b.post('/api/auth/verify-reset-otp', { otp: code, method: 'sms' })).statusCode).toBe(200);
  });

  it("counts down, from the very first answer, the wait the notifications service enforces", async () => {
    // A BFF that has never seen a code issued: the wait it shows is the service's setting (1 s here), not a default.
    const bff = await buildBffApp({ ...system.config, REDIS_PREFIX: `${system.config.REDIS_PREFIX}fresh:` }, system.redis);
    try {
      const nobody = await browser(bff, '10.4.8.1').post('/api/auth/forgot-password', { method: 'email', email: `nobody.${Date.now()}@example.com` });
      expect(nobody.json().resendAfterSeconds).toBe(1);

      const person = await signedUp(system.bff, visitor());
      const b = browser(bff, '10.4.8.2');
      const started = await startRecovery(b, 'email', person);
      expect(started.json().resendAfterSeconds).toBe(1);
      await codeSentTo(system.outboxDir, person.email);
      const sentBefore = await messagesSentTo(system.outboxDir, person.email);
      // Once the countdown shown has run out, Resend brings a new code.
      await new Promise((resolve) => setTimeout(resolve, started.json().resendAfterSeconds * 1000 + 100));
      const resent = await b.post('/api/auth/resend-reset-code', { method: 'email' });
      expect(resent.json().resendAfterSeconds).toBe(1);
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
