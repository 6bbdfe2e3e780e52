import { userPasswordChanged } from '@krom/contracts/events/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig, newPerson, outboxEvents, registerThrough } from './identity-test-env.ts';

const { config, as } = identityTestConfig();
let service: IdentityService;

beforeAll(async () => {
  service = await openIdentityService(config);
});
afterAll(() => closeIdentity(service, config.DATABASE_URL));

const signsIn = async (email: string, password: string) =>
  (await service.app.inject({ method: 'POST', url: '/sessions', headers: await as({ kind: 'public' }), payload: { email, password } })).statusCode === 200;
const change = async (userId: string, body: object) =>
  service.app.inject({ method: 'POST', url: '/users/me/password', headers: await as({ kind: 'user', userId }), payload: body });
const reset = async (userId: string, body: object) =>
  service.app.inject({ method: 'PUT', url: '/users/me/password-reset', headers: await as({ kind: 'user', userId }), payload: body });
const storedHash = async (userId: string) =>
  (await service.db.$client.query<{ password: string }>('SELECT password FROM users WHERE id = $1', [userId])).rows[0]?.password;
/** argon2id at the OWASP minimum: 19 MiB, 2 passes, 1 lane. */
const ARGON2ID_MINIMUM = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;
const passwordEvents = async (userId: string) => (await outboxEvents(service, userPasswordChanged.subject)).filter((e) => e.data.userId === userId);

describe('changing the password in settings', () => {
  it('checks the current password, then the new one signs in and the old one no longer does', async () => {
    const person = await registerThrough(service, as);
    const response = await change(person.id, { currentPassword: person.password, newPassword: 'Volta-River-88' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await signsIn(person.email, 'Volta-River-88')).toBe(true);
    expect(await signsIn(person.email, person.password)).toBe(false);
    const events = await passwordEvents(person.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ userId: person.id, via: 'settings' });
    expect(JSON.stringify(events[0])).not.toContain('Volta-River-88');
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const person = await registerThrough(service, as);
    const response = await change(person.id, { currentPassword: 'Wrong-Password-1', newPassword: 'Volta-River-88' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Current password is incorrect.');
    expect(await signsIn(person.email, person.password)).toBe(true);
    expect(await passwordEvents(person.id)).toHaveLength(0);
  });

  it.each([
    [{ newPassword: 'Volta-River-88' }, 'Current password is required'],
    [{ currentPassword: '', newPassword: 'Volta-River-88' }, 'Current password is required'],
    [{ currentPassword: 'x', newPassword: 'abc12' }, 'New password must be at least 6 characters long.'],
    [{ currentPassword: 'x', newPassword: 'y'.repeat(129) }, 'Password must be at most 128 characters'],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    const person = await registerThrough(service, as);
    const response = await change(person.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('accepts six characters, the in-app minimum', async () => {
    const person = await registerThrough(service, as);
    expect((await change(person.id, { currentPassword: person.password, newPassword: 'kT4#pz' })).statusCode).toBe(200);
    expect(await signsIn(person.email, 'kT4#pz')).toBe(true);
  });

  it('refuses a common password', async () => {
    const person = await registerThrough(service, as);
    const response = await change(person.id, { currentPassword: person.password, newPassword: 'sunshine' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This password is too common. Please choose a less predictable one.');
  });

  it('checks the caller’s own current password, not another account’s', async () => {
    const ama = await registerThrough(service, as);
    const kofi = await registerThrough(service, as, newPerson({ password: 'Kofi-Owns-This-1' }));
    const response = await change(ama.id, { currentPassword: kofi.password, newPassword: 'Volta-River-88' });
    expect(response.statusCode).toBe(400);
    expect(await signsIn(kofi.email, kofi.password)).toBe(true);
    expect(await signsIn(ama.email, ama.password)).toBe(true);
  });
});

describe('setting a new password after recovery', () => {
  it('sets the password of the user the BFF names and publishes password_changed via recovery', async () => {
    const person = await registerThrough(service, as);
    const response = await reset(person.id, { password: 'Cape-Coast-2027' });
    expect(response.statusCode).toBe(200);
    expect(await signsIn(person.email, 'Cape-Coast-2027')).toBe(true);
    expect(await signsIn(person.email, person.password)).toBe(false);
    const events = await passwordEvents(person.id);
    expect(events.map((e) => e.data.via)).toEqual(['recovery']);
  });

  it('stores each new password, from settings or from recovery, as an argon2id hash at the OWASP minimum', async () => {
    const person = await registerThrough(service, as);
    expect((await change(person.id, { currentPassword: person.password, newPassword: 'Volta-River-88' })).statusCode).toBe(200);
    const afterChange = await storedHash(person.id);
    expect(afterChange).toMatch(ARGON2ID_MINIMUM);
    expect(afterChange).not.toContain('Volta-River-88');
    expect((await reset(person.id, { password: 'Cape-Coast-2027' })).statusCode).toBe(200);
    const afterReset = await storedHash(person.id);
    expect(afterReset).toMatch(ARGON2ID_MINIMUM);
    expect(afterReset).not.toBe(afterChange);
  });

  it('accepts a 64-character password, which then signs in', async () => {
    const person = await registerThrough(service, as);
    const password = `Kente-${'x'.repeat(54)}-9Ab`;
    expect(password).toHaveLength(64);
    expect((await reset(person.id, { password })).statusCode).toBe(200);
    expect(await signsIn(person.email, password)).toBe(true);
  });

  it.each([
    ['Short1a', 'Password must be at least 8 characters'],
    ['lowercase-only-1', 'Password must contain at least one uppercase letter'],
    ['UPPERCASE-ONLY-1', 'Password must contain at least one lowercase letter'],
    ['No-Digits-Here', 'Password must contain at least one number'],
    ['Password1', 'This password is too common. Please choose a less predictable one.'],
  ])('refuses %s with the spec message', async (password, message) => {
    const person = await registerThrough(service, as);
    const response = await reset(person.id, { password });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await signsIn(person.email, person.password)).toBe(true);
  });

  it('is a 404 for an account that does not exist, and refuses anonymous callers', async () => {
    const unknown = await reset(crypto.randomUUID(), { password: 'Cape-Coast-2027' });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await service.app.inject({
      method: 'PUT',
      url: '/users/me/password-reset',
      headers: await as({ kind: 'public' }),
      payload: { password: 'Cape-Coast-2027' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
