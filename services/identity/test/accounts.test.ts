import { userChanged, userProfileUpdated } from '@krom/contracts/events/identity';
import { administratorCaller } from '@krom/server-kit/testing';
import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig, newPerson, outboxEvents, registerThrough } from './identity-test-env.ts';

// Spied on, still hashing for real: the tests count the argon2id work each check does.
vi.mock('@node-rs/argon2', { spy: true });

const { config, as } = identityTestConfig();
let service: IdentityService;

beforeAll(async () => {
  service = await openIdentityService(config);
});
afterAll(() => closeIdentity(service, config.DATABASE_URL));

const checkCredentials = async (email: string, password: string) =>
  service.app.inject({ method: 'POST', url: '/sessions', headers: await as({ kind: 'public' }), payload: { email, password } });
const asUser = (userId: string) => as({ kind: 'user', userId });

describe('the credential check', () => {
  it('answers the account for the right e-mail (any case) and password', async () => {
    const person = await registerThrough(service, as);
    const response = await checkCredentials(person.email.toUpperCase(), person.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: person.id, email: person.email });
    expect(response.json().user).not.toHaveProperty('password');
  });

  it('gives the same 401 and message for an unknown e-mail and a wrong password', async () => {
    const person = await registerThrough(service, as);
    const wrong = await checkCredentials(person.email, 'Not-The-Password-1');
    const unknown = await checkCredentials(`nobody.${Date.now()}@example.com`, person.password);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password. Please try again.' });
    }
  });

  it('spends the same argon2id work on an unknown e-mail as on a wrong password', async () => {
    const person = await registerThrough(service, as);
    // What each check verified: one argon2id hash's settings (cost) per verification.
    const verified = async (email: string) => {
      vi.mocked(argon2.verify).mockClear();
      await checkCredentials(email, 'Not-The-Password-1');
      return vi.mocked(argon2.verify).mock.calls.map(([hash]) => String(hash).split('$').slice(1, 4).join('$'));
    };
    const wrong = await verified(person.email);
    expect(wrong).toEqual([expect.stringMatching(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/)]);
    // Without the decoy an unknown e-mail verifies nothing and answers at once: its timing would tell.
    expect(await verified(`nobody.${crypto.randomUUID()}@example.com`)).toEqual(wrong);
  });

  it.each([
    [{ email: 'ama@', password: 'x' }, 'Please enter a valid email address'],
    [{ email: 'ama@example.com', password: '' }, 'Password is required'],
    [{ email: 'ama@example.com' }, 'Password is required'],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    const response = await service.app.inject({ method: 'POST', url: '/sessions', headers: await as({ kind: 'public' }), payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('is open only to the BFF acting for an anonymous visitor', async () => {
    const response = await service.app.inject({
      method: 'POST',
      url: '/sessions',
      headers: await as(administratorCaller()),
      payload: { email: 'ama@example.com', password: 'whatever-1' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the signed-in user', () => {
  it('reads their own account, never anyone else’s', async () => {
    const ama = await registerThrough(service, as);
    const kofi = await registerThrough(service, as, newPerson({ firstName: 'Kofi' }));
    const asAma = await service.app.inject({ method: 'GET', url: '/users/me', headers: await asUser(ama.id) });
    const asKofi = await service.app.inject({ method: 'GET', url: '/users/me', headers: await asUser(kofi.id) });
    expect(asAma.json()).toMatchObject({ id: ama.id, firstName: 'Ama' });
    expect(asKofi.json()).toMatchObject({ id: kofi.id, firstName: 'Kofi' });
  });

  it('is a 404 for an account that does not exist', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/users/me', headers: await asUser(crypto.randomUUID()) });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Account not found');
  });

  it('needs a user caller', async () => {
    const anonymous = await service.app.inject({ method: 'GET', url: '/users/me', headers: await as({ kind: 'public' }) });
    const unasserted = await service.app.inject({ method: 'GET', url: '/users/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(unasserted.statusCode).toBe(401);
  });
});

describe('editing the profile', () => {
  const put = async (userId: string, body: object) =>
    service.app.inject({ method: 'PUT', url: '/users/me/profile', headers: await asUser(userId), payload: body });

  it('saves names and emergency contact, ignores e-mail and phone, and tells other services', async () => {
    const person = await registerThrough(service, as);
    const response = await put(person.id, {
      firstName: 'Abena',
      lastName: 'Asante',
      email: 'changed@example.com',
      phone: '0209999999',
      emergencyContactName: 'Yaw Asante',
      emergencyContactPhone: '0551234567',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Abena',
      lastName: 'Asante',
      email: person.email,
      phone: person.phone,
      emergencyContactName: 'Yaw Asante',
      emergencyContactPhone: '0551234567',
    });
    const reread = await service.app.inject({ method: 'GET', url: '/users/me', headers: await asUser(person.id) });
    expect(reread.json()).toMatchObject({ firstName: 'Abena', email: person.email, emergencyContactName: 'Yaw Asante' });
    const events = (await outboxEvents(service, userProfileUpdated.subject)).filter((e) => e.data.userId === person.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ firstName: 'Abena', lastName: 'Asante', profileImageUrl: null, isVerified: false });
  });

  it('publishes nothing when only the emergency contact changed (nothing other services show)', async () => {
    const person = await registerThrough(service, as);
    await put(person.id, { firstName: person.firstName, lastName: person.lastName, emergencyContactName: 'Esi', emergencyContactPhone: '0551234567' });
    const events = (await outboxEvents(service, userProfileUpdated.subject)).filter((e) => e.data.userId === person.id);
    expect(events).toHaveLength(0);
  });

  it('tells the owner’s caches of every save, the emergency contact included, at the raised version', async () => {
    const person = await registerThrough(service, as);
    await put(person.id, { firstName: person.firstName, lastName: person.lastName, emergencyContactName: 'Esi', emergencyContactPhone: '0551234567' });
    await put(person.id, { firstName: 'Abena', lastName: person.lastName, emergencyContactName: 'Esi', emergencyContactPhone: '0551234567' });
    const changes = (await outboxEvents(service, userChanged.subject)).filter((e) => e.data.userId === person.id);
    expect(changes.map((e) => e.data.version)).toEqual([2, 3]);
  });

  it('keeps the emergency contact a pair: a name needs a phone, a phone a name, checked against the saved half', async () => {
    const person = await registerThrough(service, as, newPerson({ firstName: 'Ama', lastName: 'Mensah' }));
    const names = { firstName: 'Ama', lastName: 'Mensah' };
    const nameOnly = await put(person.id, { ...names, emergencyContactName: 'Esi', emergencyContactPhone: '' });
    expect(nameOnly.statusCode).toBe(400);
    expect(nameOnly.json().message).toBe("Please enter your emergency contact's phone number");
    const phoneOnly = await put(person.id, { ...names, emergencyContactPhone: '0551234567' });
    expect(phoneOnly.statusCode).toBe(400);
    expect(phoneOnly.json().message).toBe("Please enter your emergency contact's name");
    await put(person.id, { ...names, emergencyContactName: 'Esi', emergencyContactPhone: '+233 55 123 4567' });
    // The name alone may change: the saved phone completes it.
    const renamed = await put(person.id, { ...names, emergencyContactName: 'Esi Mensah' });
    expect(renamed.json()).toMatchObject({ emergencyContactName: 'Esi Mensah', emergencyContactPhone: '0551234567' });
    const phoneCleared = await put(person.id, { ...names, emergencyContactPhone: null });
    expect(phoneCleared.statusCode).toBe(400);
    const reread = await service.app.inject({ method: 'GET', url: '/users/me', headers: await asUser(person.id) });
    expect(reread.json()).toMatchObject({ emergencyContactName: 'Esi Mensah', emergencyContactPhone: '0551234567' });
  });

  it('clears the emergency contact when sent empty', async () => {
    const person = await registerThrough(service, as);
    await put(person.id, { firstName: 'Ama', lastName: 'Mensah', emergencyContactName: 'Esi', emergencyContactPhone: '0551234567' });
    const cleared = await put(person.id, { firstName: 'Ama', lastName: 'Mensah', emergencyContactName: '', emergencyContactPhone: '' });
    expect(cleared.json()).toMatchObject({ emergencyContactName: null, emergencyContactPhone: null });
  });

  it.each([
    [{ firstName: 'A', lastName: 'Mensah' }, 'First name must be at least 2 characters'],
    [{ firstName: 'Ama', lastName: ' ' }, 'Last name must be at least 2 characters'],
    [{ firstName: 'Ama', lastName: 'Mensah', emergencyContactPhone: '12345' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
    [{ firstName: 'Ama', lastName: 'Mensah', profileImageUrl: 'https://tracker.example/pixel.gif' }, 'Please upload the profile image again.'],
    [{ firstName: 'Ama', lastName: 'Mensah', profileImageUrl: '/api/uploads/AAAAAAAAAAAAAAAAAAAAAAAA' }, 'Please upload the profile image again.'],
  ])('answers 400 with a clear message for %j and changes nothing', async (body, message) => {
    const person = await registerThrough(service, as);
    const response = await put(person.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const reread = await service.app.inject({ method: 'GET', url: '/users/me', headers: await asUser(person.id) });
    expect(reread.json()).toMatchObject({ firstName: 'Ama', lastName: 'Mensah', profileImageUrl: null });
  });

  it('changes only the caller’s own profile', async () => {
    const ama = await registerThrough(service, as);
    const kofi = await registerThrough(service, as, newPerson({ firstName: 'Kofi' }));
    await put(kofi.id, { firstName: 'Kofiii', lastName: 'Boateng' });
    const amaNow = await service.app.inject({ method: 'GET', url: '/users/me', headers: await asUser(ama.id) });
    expect(amaNow.json()).toMatchObject({ firstName: 'Ama', lastName: 'Mensah' });
  });
});
