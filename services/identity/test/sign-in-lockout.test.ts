import { signInLockedMessage } from '@krom/contracts/http/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCredentials as checkCredentialsAt } from '../src/accounts/check-credentials.ts';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig, registerThrough } from './identity-test-env.ts';

const { config, as } = identityTestConfig();
let service: IdentityService;

beforeAll(async () => {
  service = await openIdentityService(config);
});
afterAll(() => closeIdentity(service, config.DATABASE_URL));

const signIn = async (email: string, password: string) =>
  service.app.inject({ method: 'POST', url: '/sessions', headers: await as({ kind: 'public' }), payload: { email, password } });
const WRONG = 'Not-The-Password-1';
const lockedFor = (minutes: number) => ({ message: signInLockedMessage(minutes) });

/** The statuses of `n` wrong passwords in a row for `email`. */
const wrongTimes = async (email: string, n: number) => {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await signIn(email, WRONG)).statusCode);
  return statuses;
};

describe('the per-account failure budget', () => {
  it('locks an account after 10 wrong passwords and then refuses even the right one, saying for how long', async () => {
    const person = await registerThrough(service, as);
    expect(await wrongTimes(person.email, 9)).toEqual(Array(9).fill(401));
    const tenth = await signIn(person.email, WRONG);
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json()).toMatchObject(lockedFor(15));

    // Whoever asks, from wherever: the budget belongs to the account, not to a client address.
    const right = await signIn(person.email.toUpperCase(), person.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject(lockedFor(15));
  });

  it('answers an address without an account exactly as it answers an account, so a lock tells nothing', async () => {
    const person = await registerThrough(service, as);
    const nobody = `nobody.${crypto.randomUUID()}@example.com`;
    const known = await wrongTimes(person.email, 11);
    const unknown = await wrongTimes(nobody, 11);
    expect(unknown).toEqual(known);
    expect((await signIn(nobody, WRONG)).json()).toEqual((await signIn(person.email, WRONG)).json());
  });

  it('holds against a burst of guesses sent at once: no more than the budget are checked', async () => {
    const person = await registerThrough(service, as);
    const burst = await Promise.all(Array.from({ length: 30 }, () => signIn(person.email, WRONG)));
    expect(burst.filter((response) => response.statusCode === 401).length).toBeLessThanOrEqual(9);
    expect(burst.filter((response) => response.statusCode === 429).length).toBeGreaterThanOrEqual(21);
    expect((await signIn(person.email, person.password)).statusCode).toBe(429);
  });

  it('starts counting again after a successful sign-in', async () => {
    const person = await registerThrough(service, as);
    expect(await wrongTimes(person.email, 9)).toEqual(Array(9).fill(401));
    expect((await signIn(person.email, person.password)).statusCode).toBe(200);
    expect(await wrongTimes(person.email, 9)).toEqual(Array(9).fill(401));
    expect((await signIn(person.email, person.password)).statusCode).toBe(200);
  });

  it('ends the lock after 15 minutes, and locks twice as long the next time', async () => {
    const person = await registerThrough(service, as);
    await wrongTimes(person.email, 10);
    const start = Date.now();
    const at = (minutes: number) => ({ now: new Date(start + minutes * 60_000) });

    await expect(checkCredentialsAt(service.db, person.email, person.password, at(14))).rejects.toMatchObject({ statusCode: 429, message: signInLockedMessage(1) });
    await expect(checkCredentialsAt(service.db, person.email, WRONG, at(16))).rejects.toMatchObject({ statusCode: 401 });
    for (let i = 0; i < 8; i++) await expect(checkCredentialsAt(service.db, person.email, WRONG, at(16))).rejects.toMatchObject({ statusCode: 401 });
    await expect(checkCredentialsAt(service.db, person.email, WRONG, at(16))).rejects.toMatchObject({ statusCode: 429, message: signInLockedMessage(30) });
    await expect(checkCredentialsAt(service.db, person.email, person.password, at(45))).rejects.toMatchObject({ statusCode: 429, message: signInLockedMessage(1) });
    expect(await checkCredentialsAt(service.db, person.email, person.password, at(47))).toMatchObject({ id: person.id });
  });

  it('ends the lock when the password is reset through recovery', async () => {
    const person = await registerThrough(service, as);
    await wrongTimes(person.email, 10);
    const reset = await service.app.inject({
      method: 'PUT',
      url: '/users/me/password-reset',
      headers: await as({ kind: 'user', userId: person.id }),
      payload: { password: 'Fresh-Baobab-2027' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(person.email, 'Fresh-Baobab-2027')).statusCode).toBe(200);
  });
});
