import { administratorCaller } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig, registerThrough } from './identity-test-env.ts';

const { config, as } = identityTestConfig();
let service: IdentityService;

beforeAll(async () => {
  service = await openIdentityService(config);
});
afterAll(() => closeIdentity(service, config.DATABASE_URL));

const lookUp = async (body: object, caller: Parameters<typeof as>[0] = { kind: 'public' }) =>
  service.app.inject({ method: 'POST', url: '/recovery/lookup', headers: await as(caller), payload: body });

describe('the recovery look-up', () => {
  it('finds an account by e-mail (any case), by phone and by id, with where to send a code', async () => {
    const person = await registerThrough(service, as);
    const expected = { userId: person.id, email: person.email, phone: person.phone };
    expect((await lookUp({ email: person.email.toUpperCase() })).json()).toEqual(expected);
    expect((await lookUp({ phone: person.phone })).json()).toEqual(expected);
    expect((await lookUp({ userId: person.id })).json()).toEqual(expected);
  });

  it('is a 404 when nothing matches', async () => {
    for (const body of [{ email: 'nobody@example.com' }, { phone: '0599999999' }, { userId: crypto.randomUUID() }]) {
      const response = await lookUp(body);
      expect(response.statusCode).toBe(404);
    }
  });

  it('answers 400 to a body naming no account', async () => {
    expect((await lookUp({})).statusCode).toBe(400);
    expect((await lookUp({ email: 'x@example.com', phone: '0241234567' })).statusCode).toBe(400);
  });

  it('is open only to the BFF acting for an anonymous visitor', async () => {
    const person = await registerThrough(service, as);
    expect((await lookUp({ email: person.email }, { kind: 'user', userId: person.id })).statusCode).toBe(401);
    expect((await lookUp({ email: person.email }, administratorCaller(person.id))).statusCode).toBe(401);
  });
});
