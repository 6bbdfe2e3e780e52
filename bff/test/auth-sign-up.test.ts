import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffSystem, browser, codeSentTo, newPerson, startBff, verifiedPhoneSession } from './bff-test-env.ts';

let system: BffSystem;
beforeAll(async () => {
  system = await startBff({
    services: ['identity', 'notifications'],
    overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' },
    notificationsEnv: { PHONE_CODE_RESEND_SECONDS: '1' },
  });
});
afterAll(() => system.close());

let ips = 0;
const visitor = () => browser(system.bff, `10.3.0.${++ips}`);

/** The phone-code step as the screens do it: send, read the SMS from the local outbox, verify. */
async function verifyPhone(b: ReturnType<typeof visitor>, phone: string) {
  const sent = await b.post('/api/sms/send-verification', { phoneNumber: phone });
  expect(sent.statusCode).toBeLessThan(300);
  const code = await codeSentTo(system.outboxDir, phone);
  const verified = await b.post('/api/sms/verify-code', { phoneNumber: phone, verificationCode: code });
  expect(verified.statusCode).toBe(200);
}

describe('the whole sign-up', () => {
  it('sends a code by SMS, verifies it, registers and signs the new user in', async () => {
    const person = newPerson();
    const b = visitor();
    expect((await b.get('/api/auth/user')).statusCode).toBe(401);
    await verifyPhone(b, person.phone);

    const registered = await b.post('/api/auth/register', person);
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ email: person.email, phone: person.phone, firstName: person.firstName, lastName: person.lastName });
    const me = await b.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(registered.json().id);

    // The verified phone is used up: a second registration from this browser needs a new code.
    const again = await b.post('/api/auth/register', newPerson({ phone: person.phone }));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Please verify your phone number first.');
  });

  it('refuses to register a phone verified in another browser session', async () => {
    const person = newPerson();
    const verifier = visitor();
    await verifyPhone(verifier, person.phone);
    const other = visitor();
    const response = await other.post('/api/auth/register', person);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please verify your phone number first.');
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    // The account was not created: the verifying browser can still register it.
    expect((await verifier.post('/api/auth/register', person)).statusCode).toBe(201);
  });
});

describe('registration rules', () => {
  it('refuses a phone number other than the one verified in this session', async () => {
    const b = visitor();
    const person = newPerson();
    b.adopt(verifiedPhoneSession(system.bff, '0201112223'));
    const response = await b.post('/api/auth/register', person);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please verify your phone number first.');
  });

  it('refuses a phone verified more than 30 minutes ago', async () => {
    const b = visitor();
    const person = newPerson();
    b.adopt(verifiedPhoneSession(system.bff, person.phone, Date.now() - 31 * 60 * 1000));
    expect((await b.post('/api/auth/register', person)).statusCode).toBe(400);
  });

  it('refuses an e-mail already registered (any case) with 409 and the reason', async () => {
    const first = newPerson();
    const a = visitor();
    a.adopt(verifiedPhoneSession(system.bff, first.phone));
    expect((await a.post('/api/auth/register', first)).statusCode).toBe(201);
    const second = newPerson({ email: first.email.toUpperCase() });
    const b = visitor();
    b.adopt(verifiedPhoneSession(system.bff, second.phone));
    const response = await b.post('/api/auth/register', second);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('An account with this email already exists');
    expect((await b.get('/api/auth/user')).statusCode).toBe(401);
  });

  it.each([
    [{ firstName: 'A' }, 'First name must be at least 2 characters'],
    [{ lastName: 'B' }, 'Last name must be at least 2 characters'],
    [{ email: 'akua@' }, 'Please enter a valid email address'],
    [{ phone: '0123456789' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ password: 'iloveyou' }, 'This password is too common. Please choose a less predictable one.'],
  ])('answers 400 with the spec message for %j', async (change, message) => {
    const person = { ...newPerson(), ...change };
    const b = visitor();
    b.adopt(verifiedPhoneSession(system.bff, person.phone));
    const response = await b.post('/api/auth/register', person);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('accepts a 64-character password, which then signs in', async () => {
    const person = newPerson({ password: `${'Kente-'.repeat(10)}Gold` });
    expect(person.password).toHaveLength(64);
    const b = visitor();
    b.adopt(verifiedPhoneSession(system.bff, person.phone));
    expect((await b.post('/api/auth/register', person)).statusCode).toBe(201);
    expect((await visitor().post('/api/auth/login', { email: person.email, password: person.password })).statusCode).toBe(200);
  });

  it('refuses a cross-site registration', async () => {
    const person = newPerson();
    const b = visitor();
    b.adopt(verifiedPhoneSession(system.bff, person.phone));
    const response = await b.call('POST', '/api/auth/register', person, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });
});
