import * as argon2 from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { buildBffApp } from '../src/app.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BffSystem, type Browser, browser, newPerson, signedUp, startBff, verifiedPhoneSession } from './bff-test-env.ts';

// Spied on, still hashing for real: a test counts the argon2id work each sign-in does.
vi.mock('@node-rs/argon2', { spy: true });

let system: BffSystem;
beforeAll(async () => {
  system = await startBff({ services: ['identity'], overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' } });
});
afterAll(() => system.close());

let ips = 0;
/** A fresh browser from its own address. */
const visitor = () => browser(system.bff, `10.2.0.${++ips}`);

describe('signing in', () => {
  it('signs in with the right e-mail and password, answering the user, and GET /api/auth/user sees them', async () => {
    const person = await signedUp(system.bff, visitor());
    const b = visitor();
    expect((await b.get('/api/auth/user')).statusCode).toBe(401);
    const login = await b.post('/api/auth/login', { email: person.email.toUpperCase(), password: person.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ id: person.id, email: person.email, firstName: 'Akua' });
    const me = await b.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: person.id, email: person.email, phone: person.phone, isVerified: false });
  });

  it('answers an unknown e-mail and a wrong password alike: 401, the spec message, no cookie', async () => {
    const person = await signedUp(system.bff, visitor());
    const wrong = await visitor().post('/api/auth/login', { email: person.email, password: 'Not-Her-Password-9' });
    const unknown = await visitor().post('/api/auth/login', { email: `nobody.${Date.now()}@example.com`, password: person.password });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password. Please try again.' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('spends the same argon2id work on an unknown e-mail as on a known one, so timing tells nothing', async () => {
    const person = await signedUp(system.bff, visitor());
    const b = visitor();
    // What each sign-in verified: one argon2id hash's settings (its cost) per verification.
    const verified = async (email: string) => {
      vi.mocked(argon2.verify).mockClear();
      const response = await b.post('/api/auth/login', { email, password: 'Not-Her-Password-9' });
      expect(response.statusCode).toBe(401);
      return vi.mocked(argon2.verify).mock.calls.map(([hash]) => String(hash).split('$').slice(1, 4).join('$'));
    };
    const known = await verified(person.email);
    expect(known).toEqual([expect.stringMatching(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/)]);
    // Without the decoy an unknown e-mail would verify nothing and answer in a fraction of the time.
    expect(await verified(`nobody.${crypto.randomUUID()}@example.com`)).toEqual(known);
  });

  it.each([
    [{ email: 'akua@', password: 'x' }, 'Please enter a valid email address'],
    [{ email: 'akua@example.com', password: '' }, 'Password is required'],
    [{ email: 'akua@example.com' }, 'Password is required'],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    const response = await visitor().post('/api/auth/login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('gives each sign-in a new session: the cookie from before no longer opens anything', async () => {
    const person = await signedUp(system.bff, visitor());
    const b = visitor();
    await b.post('/api/auth/login', { email: person.email, password: person.password });
    const before = b.cookies();
    await b.post('/api/auth/login', { email: person.email, password: person.password });
    expect(b.cookies()).not.toEqual(before);
    expect((await b.get('/api/auth/user')).statusCode).toBe(200);
    const replay = visitor();
    replay.adopt(before);
    expect((await replay.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('never turns a cookie from before sign-in into the signed-in session: a planted or copied one opens nothing', async () => {
    const person = await signedUp(system.bff, visitor());
    // A cookie the browser held before signing in: sign-up flow state here, planted or copied by someone else.
    const planted = verifiedPhoneSession(system.bff, newPerson().phone);
    const b = visitor();
    b.adopt(planted);
    expect((await b.post('/api/auth/login', { email: person.email, password: person.password })).statusCode).toBe(200);
    expect(b.cookies()).not.toEqual(planted);
    expect((await b.get('/api/auth/user')).json().id).toBe(person.id);
    const holder = visitor();
    holder.adopt(planted);
    expect((await holder.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('signs a new account in with a new session: a copy of the sign-up cookie opens nothing', async () => {
    const person = newPerson();
    const b = visitor();
    b.adopt(verifiedPhoneSession(system.bff, person.phone));
    const beforeSignUp = b.cookies();
    expect((await b.post('/api/auth/register', person)).statusCode).toBe(201);
    expect((await b.get('/api/auth/user')).statusCode).toBe(200);
    const copy = visitor();
    copy.adopt(beforeSignUp);
    expect((await copy.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('limits sign-in attempts per client address', async () => {
    const strict = await buildBffApp({ ...system.config, RATE_LIMIT_PUBLIC_PER_MINUTE: 3, REDIS_PREFIX: `${system.config.REDIS_PREFIX}strict:` }, system.redis);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await browser(strict, '10.2.9.9').post('/api/auth/login', { email: 'guess@example.com', password: `guess-${i}` });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const otherClient = await browser(strict, '10.2.9.10').post('/api/auth/login', { email: 'guess@example.com', password: 'guess' });
      expect(otherClient.statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('signing out', () => {
  it('ends the session on the server: a copy of the cookie afterwards gets 401', async () => {
    const b = visitor();
    await signedUp(system.bff, b);
    const copy = b.cookies();
    const logout = await b.post('/api/auth/logout');
    expect(logout.statusCode).toBe(200);
    expect((await b.get('/api/auth/user')).statusCode).toBe(401);
    const thief = visitor();
    thief.adopt(copy);
    expect((await thief.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('answers 200 even when nobody was signed in (the screen goes to / either way)', async () => {
    expect((await visitor().post('/api/auth/logout')).statusCode).toBe(200);
  });
});

describe('session lifetimes', () => {
  /** The Redis record behind a browser's user session, whose time to live is the idle timer. */
  const sessionRecord = (bff: FastifyInstance, prefix: string, b: Browser) =>
    `${prefix}session:${bff.decodeSecureSession(Object.values(b.cookies())[0] ?? '')?.get('user')}`;

  it('ends a session left idle longer than USER_SESSION_IDLE_SECONDS, and keeps one in use', async () => {
    const prefix = `${system.config.REDIS_PREFIX}idle:`;
    const idle = await buildBffApp({ ...system.config, USER_SESSION_IDLE_SECONDS: 60, REDIS_PREFIX: prefix }, system.redis);
    try {
      const person = newPerson();
      await signedUp(system.bff, visitor(), person);
      const active = browser(idle, '10.2.8.1');
      const dozing = browser(idle, '10.2.8.2');
      await active.post('/api/auth/login', { email: person.email, password: person.password });
      await dozing.post('/api/auth/login', { email: person.email, password: person.password });
      // Redis's clock cannot be moved: each timer is set to what 55 idle seconds would leave.
      for (const b of [active, dozing]) expect(await system.redis.pexpire(sessionRecord(idle, prefix, b), 5_000)).toBe(1);
      // A use restarts the whole minute.
      expect((await active.get('/api/auth/user')).statusCode).toBe(200);
      expect(await system.redis.pttl(sessionRecord(idle, prefix, active))).toBeGreaterThan(55_000);
      // The other one's minute runs out (PEXPIRE 0 is that moment), and with it the session.
      await system.redis.pexpire(sessionRecord(idle, prefix, dozing), 0);
      expect((await dozing.get('/api/auth/user')).statusCode).toBe(401);
      expect((await active.get('/api/auth/user')).statusCode).toBe(200);
    } finally {
      await idle.close();
    }
  });

  it('ends a session at USER_SESSION_ABSOLUTE_SECONDS even while it is in use', async () => {
    const prefix = `${system.config.REDIS_PREFIX}abs:`;
    const short = await buildBffApp({ ...system.config, USER_SESSION_IDLE_SECONDS: 60, USER_SESSION_ABSOLUTE_SECONDS: 120, REDIS_PREFIX: prefix }, system.redis);
    try {
      const person = newPerson();
      await signedUp(system.bff, visitor(), person);
      const b = browser(short, '10.2.7.1');
      await b.post('/api/auth/login', { email: person.email, password: person.password });
      // The lifetime counts from the record's creation time: only Date is faked, so timers,
      // sockets and Redis run as usual while the clock jumps.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 100_000);
      expect((await b.get('/api/auth/user')).statusCode).toBe(200);
      // In use near its end, the record is kept no longer than the 20 s it has left.
      expect(await system.redis.ttl(sessionRecord(short, prefix, b))).toBeLessThanOrEqual(20);
      vi.setSystemTime(Date.now() + 21_000);
      expect((await b.get('/api/auth/user')).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});

describe('changing the password in settings', () => {
  it('ends the user’s other sessions but keeps the current one', async () => {
    const person = await signedUp(system.bff, visitor());
    const here = visitor();
    const phone = visitor();
    await here.post('/api/auth/login', { email: person.email, password: person.password });
    await phone.post('/api/auth/login', { email: person.email, password: person.password });

    const response = await here.post('/api/auth/change-password', { currentPassword: person.password, newPassword: 'Kakum-Canopy-77' });
    expect(response.statusCode).toBe(200);
    expect((await here.get('/api/auth/user')).statusCode).toBe(200);
    expect((await phone.get('/api/auth/user')).statusCode).toBe(401);
    expect((await visitor().post('/api/auth/login', { email: person.email, password: 'Kakum-Canopy-77' })).statusCode).toBe(200);
    expect((await visitor().post('/api/auth/login', { email: person.email, password: person.password })).statusCode).toBe(401);
  });

  it('refuses a wrong current password and ends no session', async () => {
    const person = await signedUp(system.bff, visitor());
    const here = visitor();
    const other = visitor();
    await here.post('/api/auth/login', { email: person.email, password: person.password });
    await other.post('/api/auth/login', { email: person.email, password: person.password });
    const response = await here.post('/api/auth/change-password', { currentPassword: 'Wrong-Password-0', newPassword: 'Kakum-Canopy-77' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Current password is incorrect.');
    expect((await other.get('/api/auth/user')).statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: '', newPassword: 'Kakum-Canopy-77' }, 'Current password is required'],
    [{ currentPassword: 'whatever', newPassword: 'abc' }, 'New password must be at least 6 characters long.'],
    [{ currentPassword: 'whatever', newPassword: 'sunshine' }, 'Current password is incorrect.'],
  ])('answers 400 with a clear message for %j', async (body, message) => {
    const b = visitor();
    await signedUp(system.bff, b);
    const response = await b.post('/api/auth/change-password', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a common new password', async () => {
    const b = visitor();
    const person = await signedUp(system.bff, b);
    const response = await b.post('/api/auth/change-password', { currentPassword: person.password, newPassword: 'sunshine' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This password is too common. Please choose a less predictable one.');
  });

  it('needs a signed-in user', async () => {
    const response = await visitor().post('/api/auth/change-password', { currentPassword: 'a', newPassword: 'Kakum-Canopy-77' });
    expect(response.statusCode).toBe(401);
  });
});
