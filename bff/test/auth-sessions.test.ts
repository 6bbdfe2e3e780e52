import { hashPassword, verifyPassword } from '@krom/server-kit/passwords';
import { buildBffApp } from '../src/app.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffSystem, browser, newPerson, signedUp, startBff, verifiedPhoneSession } from './bff-test-env.ts';

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

  it('takes the same time for a known and an unknown e-mail, the time of argon2id work (medians)', async () => {
    const person = await signedUp(system.bff, visitor());
    const b = visitor();
    const reference = await hashPassword('Reference-Password-2026');
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const signIn = async (email: string) => {
      const response = await b.post('/api/auth/login', { email, password: 'Not-Her-Password-9' });
      expect(response.statusCode).toBe(401);
    };
    // Both paths warmed up (the decoy hash is made on first use), then measured in rounds whose
    // order rotates, so a busy moment on this two-core machine lands on every side alike.
    await signIn('warm-up@example.com');
    await signIn(person.email);
    const samples = { unknown: [] as number[], known: [] as number[], argon: [] as number[] };
    for (let i = 0; i < 15; i++) {
      const steps = [
        async () => samples.unknown.push(await timed(() => signIn(`nobody.${i}.${Date.now()}@example.com`))),
        async () => samples.known.push(await timed(() => signIn(person.email))),
        // One argon2id verification by itself, at the same settings as the stored hashes.
        async () => samples.argon.push(await timed(() => verifyPassword(reference, 'Not-Her-Password-9'))),
      ];
      for (let k = 0; k < steps.length; k++) await steps[(i + k) % steps.length]!();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const [unknown, known, argon] = [median(samples.unknown), median(samples.known), median(samples.argon)];
    const detail = `medians: unknown e-mail ${unknown.toFixed(1)} ms, known e-mail ${known.toFixed(1)} ms, one argon2id verification ${argon.toFixed(1)} ms`;
    // Generous bounds: without the decoy an unknown e-mail costs only the HTTP hops, about a
    // quarter of a known one here and less than one verification, while noise moves far less.
    expect(unknown / known, detail).toBeGreaterThan(0.5);
    expect(unknown / known, detail).toBeLessThan(2);
    expect(unknown, detail).toBeGreaterThan(0.6 * argon);
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
  it('ends a session left idle longer than USER_SESSION_IDLE_SECONDS, and keeps one in use', async () => {
    const idle = await buildBffApp({ ...system.config, USER_SESSION_IDLE_SECONDS: 2, REDIS_PREFIX: `${system.config.REDIS_PREFIX}idle:` }, system.redis);
    try {
      const person = newPerson();
      await signedUp(system.bff, visitor(), person);
      const active = browser(idle, '10.2.8.1');
      const dozing = browser(idle, '10.2.8.2');
      await active.post('/api/auth/login', { email: person.email, password: person.password });
      await dozing.post('/api/auth/login', { email: person.email, password: person.password });
      // The active one is used every second: each use restarts its idle timer.
      for (let i = 0; i < 3; i++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect((await active.get('/api/auth/user')).statusCode).toBe(200);
      }
      expect((await dozing.get('/api/auth/user')).statusCode).toBe(401);
    } finally {
      await idle.close();
    }
  });

  it('ends a session at USER_SESSION_ABSOLUTE_SECONDS even while it is in use', async () => {
    const short = await buildBffApp({ ...system.config, USER_SESSION_ABSOLUTE_SECONDS: 2, REDIS_PREFIX: `${system.config.REDIS_PREFIX}abs:` }, system.redis);
    try {
      const person = newPerson();
      await signedUp(system.bff, visitor(), person);
      const b = browser(short, '10.2.7.1');
      await b.post('/api/auth/login', { email: person.email, password: person.password });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await b.get('/api/auth/user')).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect((await b.get('/api/auth/user')).statusCode).toBe(401);
    } finally {
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
