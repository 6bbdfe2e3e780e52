import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BffSystem, type Browser, browser, codeSentTo, newPerson, settledMessagesTo, signedUp, startBff, verifiedPhoneSession } from './bff-test-env.ts';

// Spied on, still hashing for real: a test counts the argon2id work a registration does.
vi.mock('@node-rs/argon2', { spy: true });

let system: BffSystem;
beforeAll(async () => {
  system = await startBff({
    services: ['identity', 'notifications'],
    overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' },
    // A long cooldown: a second code to the same number inside this test file would be refused.
    notificationsEnv: { PHONE_CODE_RESEND_SECONDS: '600', PHONE_CODE_HOURLY_CAP_PER_CLIENT: '1000' },
  });
});
afterAll(() => system.close());

let ips = 0;
const visitor = () => browser(system.bff, `10.7.0.${++ips}`);
const emailTaken = 'An account with this email already exists';
const phoneTaken = 'An account with this phone number already exists';
const sendCode = (b: Browser, phoneNumber: string, email?: string) => b.post('/api/sms/send-verification', { phoneNumber, email });

describe('sign-up checks for an existing account before any code is sent', () => {
  it('refuses an e-mail (any case) that has an account, with the reason, and texts nothing', async () => {
    const existing = await signedUp(system.bff, visitor());
    const person = newPerson({ email: existing.email.toUpperCase() });
    const response = await sendCode(visitor(), person.phone, person.email);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: emailTaken, errors: [{ field: 'email', message: emailTaken }] });
    expect(await settledMessagesTo(system, person.phone)).toBe(0);
  });

  it('refuses a phone number that has an account, with the reason, and texts nothing', async () => {
    const existing = await signedUp(system.bff, visitor());
    const before = await settledMessagesTo(system, existing.phone);
    const response = await sendCode(visitor(), existing.phone, newPerson().email);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: phoneTaken, errors: [{ field: 'phone', message: phoneTaken }] });
    expect(await settledMessagesTo(system, existing.phone)).toBe(before);
  });

  it('texts a code when neither has an account', async () => {
    const person = newPerson();
    const response = await sendCode(visitor(), person.phone, person.email);
    expect(response.statusCode).toBe(200);
    expect(await codeSentTo(system.outboxDir, person.phone)).toMatch(/^\d{4}$/);
  });
});

describe('"Change phone number" after the phone was verified', () => {
  it('needs no new code for the number this browser just verified, and registration then goes through', async () => {
    const person = newPerson();
    const b = visitor();
    expect((await sendCode(b, person.phone, person.email)).statusCode).toBe(200);
    const code = await codeSentTo(system.outboxDir, person.phone);
    expect((await b.post('/api/sms/verify-code', { phoneNumber: person.phone, verificationCode: code })).statusCode).toBe(200);
    // Registration refused (a password too common for the server), the person goes back to the form.
    expect((await b.post('/api/auth/register', { ...person, password: 'password123' })).statusCode).toBe(400);

    const again = await sendCode(b, person.phone, person.email);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ alreadyVerified: true });
    expect(await settledMessagesTo(system, person.phone)).toBe(1);
    expect((await b.post('/api/auth/register', person)).statusCode).toBe(201);
  });

  it('still sends nothing new to a number verified in another browser (its cooldown holds there)', async () => {
    const person = newPerson();
    const b = visitor();
    await sendCode(b, person.phone, person.email);
    const code = await codeSentTo(system.outboxDir, person.phone);
    await b.post('/api/sms/verify-code', { phoneNumber: person.phone, verificationCode: code });
    const other = await sendCode(visitor(), person.phone, person.email);
    expect(other.statusCode).toBe(429);
    expect(await settledMessagesTo(system, person.phone)).toBe(1);
  });
});

describe('registering after a verified phone', () => {
  it('answers a taken e-mail as the check before the code does, after the same argon2id work as a new one', async () => {
    const existing = await signedUp(system.bff, visitor());
    const hashes = async (email: string) => {
      const person = newPerson({ email });
      const b = visitor();
      b.adopt(verifiedPhoneSession(system.bff, person.phone));
      vi.mocked(argon2.hash).mockClear();
      const response = await b.post('/api/auth/register', person);
      return { response, work: vi.mocked(argon2.hash).mock.calls.length };
    };
    const taken = await hashes(existing.email);
    const fresh = await hashes(newPerson().email);
    expect(fresh.response.statusCode).toBe(201);
    expect(taken.response.statusCode).toBe(409);
    expect(taken.response.json()).toEqual({ message: emailTaken, errors: [{ field: 'email', message: emailTaken }] });
    // Without the hash first, a taken e-mail answered with no argon2id work, in a fraction of the time.
    expect(taken.work).toBe(fresh.work);
    expect(fresh.work).toBe(1);
  });
});
