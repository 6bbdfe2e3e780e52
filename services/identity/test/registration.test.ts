import { userRegistered } from '@krom/contracts/events/identity';
import { eventually, publishedEvents } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig, newPerson, outboxEvents } from './identity-test-env.ts';

const { config, as } = identityTestConfig();
let service: IdentityService;

beforeAll(async () => {
  service = await openIdentityService(config);
});
afterAll(() => closeIdentity(service, config.DATABASE_URL));

const register = async (body: unknown) =>
  service.app.inject({ method: 'POST', url: '/users', headers: await as({ kind: 'public' }), payload: body as object });

describe('registering an account', () => {
  it('creates the account, answers the user as screens read it, and publishes user.registered', async () => {
    const person = newPerson({ email: 'Kwabena.Owusu@Example.com' });
    const response = await register(person);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      firstName: 'Ama',
      lastName: 'Mensah',
      email: 'kwabena.owusu@example.com',
      phone: person.phone,
      emergencyContactName: null,
      emergencyContactPhone: null,
      profileImageUrl: null,
      isVerified: false,
      verificationStatus: 'not_submitted',
      isDriver: false,
    });
    expect(user).not.toHaveProperty('password');

    const events = await eventually(async () => {
      const found = await publishedEvents(service.bus, userRegistered.subject);
      return found.length > 0 ? found : undefined;
    });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      userId: user.id,
      firstName: 'Ama',
      lastName: 'Mensah',
      email: 'kwabena.owusu@example.com',
      phone: person.phone,
      registeredAt: user.createdAt,
      version: 1,
    });
    expect(JSON.stringify(events[0])).not.toContain(person.password);
  });

  it('stores the password as an argon2id hash at the OWASP minimum (19 MiB, 2 passes)', async () => {
    const person = newPerson();
    await register(person);
    const { rows } = await service.db.$client.query('SELECT password FROM users WHERE email = $1', [person.email]);
    expect(rows[0].password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0].password).not.toContain(person.password);
  });

  it.each([64, 128])('accepts a %i-character password, which then signs in', async (length) => {
    const password = `${'Gh'.repeat(length / 2).slice(0, length - 2)}9!`;
    expect(password).toHaveLength(length);
    const person = newPerson({ password });
    expect((await register(person)).statusCode).toBe(201);
    const signIn = await service.app.inject({
      method: 'POST',
      url: '/sessions',
      headers: await as({ kind: 'public' }),
      payload: { email: person.email, password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a password over 128 characters', async () => {
    const response = await register(newPerson({ password: 'x'.repeat(129) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password must be at most 128 characters');
  });

  it.each(['password1', 'Password1', 'iloveyou', 'qwertyuiop', '12345678'])('refuses the common password %s', async (password) => {
    const person = newPerson({ password });
    const response = await register(person);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This password is too common. Please choose a less predictable one.');
    const { rows } = await service.db.$client.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [person.email]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses an e-mail already registered, whatever its capitalisation, with 409 and no second event', async () => {
    const first = newPerson();
    expect((await register(first)).statusCode).toBe(201);
    const again = await register(newPerson({ email: first.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An account with this email already exists');
    const registered = (await outboxEvents(service, userRegistered.subject)).filter((e) => e.data.email === first.email);
    expect(registered).toHaveLength(1);
  });

  it('refuses a phone number that another account has, with 409', async () => {
    const first = newPerson();
    expect((await register(first)).statusCode).toBe(201);
    const again = await register(newPerson({ phone: first.phone }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An account with this phone number already exists');
  });

  it('gives exactly one of two simultaneous registrations of one e-mail the account', async () => {
    const email = `race.${Date.now()}@example.com`;
    const results = await Promise.all([register(newPerson({ email })), register(newPerson({ email }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    [{ firstName: 'A' }, 'First name must be at least 2 characters'],
    [{ firstName: '  B  ' }, 'First name must be at least 2 characters'],
    [{ lastName: 'M' }, 'Last name must be at least 2 characters'],
    [{ email: 'ama@' }, 'Please enter a valid email address'],
    [{ email: 'not an email' }, 'Please enter a valid email address'],
    [{ phone: '241234567' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
    [{ phone: '0141234567' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
    [{ phone: '02412345678' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
    // +233 numbers are read as the local number they are (contracts fields.ts); another country's is not one.
    [{ phone: '+44 7700 900123' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
    [{ password: 'Short1' }, 'Password must be at least 8 characters'],
  ])('answers 400 with the spec message for %j', async (change, message) => {
    const response = await register({ ...newPerson(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each(['firstName', 'lastName', 'email', 'phone', 'password'] as const)('answers 400, not 500, when %s is missing', async (field) => {
    const { [field]: _left, ...rest } = newPerson();
    const response = await register(rest);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('is open only to the BFF acting for an anonymous visitor', async () => {
    const none = await service.app.inject({ method: 'POST', url: '/users', payload: newPerson() });
    const asUser = await service.app.inject({ method: 'POST', url: '/users', headers: await as({ kind: 'user', userId: crypto.randomUUID() }), payload: newPerson() });
    expect(none.statusCode).toBe(401);
    expect(asUser.statusCode).toBe(401);
  });
});
