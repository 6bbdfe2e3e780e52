import { existsSync, readFileSync } from 'node:fs';
import { eventually } from '@krom/server-kit/testing';
import { pactFile, pactRequestFilter, verifierTimeoutMs } from '@krom/server-kit/pact';
import { Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { multipartForm, sampleImages } from '../../services/identity/test/identity-test-env.ts';
import { aPayment } from '../../services/payments/test/payment-seeds.ts';
import { type BffSystem, type Browser, browser, codeSentTo, messagesSentTo, startBff } from '../test/bff-test-env.ts';

/**
 * The real BFF, in front of the real identity, notifications, rides and payments services, verifies what
 * the account frontend's pact expects. Every state is built the way a person would build it:
 * the phone code read from the local SMS outbox, the account registered and signed in through
 * the BFF, numbers saved through it. Only what no /api call makes is written to a service's own
 * database: a payment (the gateway's callback settles one) and the ids the pact names.
 */
const consumer = 'krom-account-frontend';
const provider = 'krom-bff';

let system: BffSystem;
let baseUrl: string;
/** The session cookie of the interaction's state, sent with its request. */
let cookie: string | undefined;
/** State handlers' errors: the verifier logs them and carries on, so they are collected here. */
const setupFailures: string[] = [];

beforeAll(async () => {
  system = await startBff({ services: ['identity', 'notifications', 'rides', 'payments'], overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' } });
  baseUrl = await system.bff.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => system?.close());

const identityDb = () => required(system.identity, 'identity').db.$client;
const notificationsDb = () => required(system.notifications, 'notifications').db.$client;
const paymentsDb = () => required(system.payments, 'payments').db.$client;
const paymentsStore = () => required(system.payments, 'payments').db;
const pactBookingId = '2d4f6a8c-0e1b-4c3d-9e5f-7a9b1c3d5e7f';

function required<T>(value: T | undefined, name: string): T {
  if (!value) throw new Error(`the ${name} service is not running`);
  return value;
}

/** Ama, whom every state of the pact is about. */
const ama = { firstName: 'Ama', lastName: 'Mensah', email: 'ama.pact@example.com', phone: '0241234567' };

let browsers = 0;
const visitor = () => browser(system.bff, `10.9.0.${++browsers % 250}`);

/** The browser's session cookie as its Cookie header would carry it (values URL-encoded). */
const cookieOf = (b: Browser) =>
  Object.entries(b.cookies())
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ') || undefined;

async function expectStatus(response: Promise<{ statusCode: number; body: string }>, status: number, what: string) {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`${what}: ${answer.statusCode} ${answer.body}`);
  return answer as Awaited<typeof response> & { json: () => Record<string, unknown> };
}

/**
 * Each interaction starts from a world without Ama and without any code or message sent (the
 * cooldown and hourly caps count sent codes, the destination caps every SMS and e-mail logged). An account deleted through the API is first erased everywhere:
 * the notifications service's erasure removes the codes sent to its number, so it must not land
 * in the middle of the next state.
 */
async function startAfresh() {
  const { rows: deleted } = await identityDb().query<{ id: string }>('SELECT id FROM users WHERE deleted_at IS NOT NULL');
  for (const { id } of deleted) {
    await eventually(async () => {
      const { rowCount } = await notificationsDb().query('SELECT 1 FROM known_users WHERE user_id = $1 AND deleted_at IS NOT NULL', [id]);
      return rowCount ? true : undefined;
    });
  }
  await identityDb().query('DELETE FROM users');
  await notificationsDb().query('DELETE FROM verification_codes');
  await notificationsDb().query('DELETE FROM sms_logs');
  await notificationsDb().query('DELETE FROM email_logs');
  await notificationsDb().query('DELETE FROM notifications');
  await paymentsDb().query('DELETE FROM payment_methods');
  await paymentsDb().query('DELETE FROM payments');
}

/** Sends a code to `phone` from `b` and answers the code the SMS carried. */
async function textedCode(b: Browser, phone: string) {
  const before = await messagesSentTo(system.outboxDir, phone);
  await expectStatus(b.post('/api/sms/send-verification', { phoneNumber: phone }), 200, 'send-verification');
  return codeSentTo(system.outboxDir, phone, before);
}

/** The phone verified in `b`'s session with the code it was texted. */
async function verifyPhone(b: Browser, phone: string) {
  const code = await textedCode(b, phone);
  await expectStatus(b.post('/api/sms/verify-code', { phoneNumber: phone, verificationCode: code }), 200, 'verify-code');
}

/**
 * Ama's account, registered through the sign-up flow; settled once the notifications service
 * knows it (its welcome notification made), so no event about it arrives during the interaction.
 */
async function registerAma(password: string) {
  const signUp = visitor();
  await verifyPhone(signUp, ama.phone);
  const registered = await expectStatus(signUp.post('/api/auth/register', { ...ama, password }), 201, 'register');
  const id = String(registered.json().id);
  await eventually(async () => {
    const { rowCount } = await notificationsDb().query('SELECT 1 FROM notifications WHERE user_id = $1', [id]);
    return rowCount ? true : undefined;
  });
  return id;
}

/** Ama registered and signed in through the login screen's call, in a browser of her own. */
async function signedInAma(password = 'Akwaaba-2026') {
  const id = await registerAma(password);
  const b = visitor();
  await expectStatus(b.post('/api/auth/login', { email: ama.email, password }), 200, 'login');
  cookie = cookieOf(b);
  return { id, browser: b };
}

/** Ama's number saved through the payments screen's call, then given the id the pact names. */
async function savedNumber(b: Browser, id: string, provider: string, number: string) {
  const saved = await expectStatus(b.post('/api/payment-methods', { provider, number }), 201, 'payment method');
  await paymentsDb().query('UPDATE payment_methods SET id = $1 WHERE id = $2', [id, saved.json().id]);
}

/** Ama's reset started in `b` by the recovery screen's call. */
async function resetStarted(b: Browser, method: 'email' | 'sms') {
  const to = method === 'email' ? ama.email : ama.phone;
  const before = await messagesSentTo(system.outboxDir, to);
  const body = method === 'email' ? { method, email: ama.email } : { method, phone: ama.phone };
  await expectStatus(b.post('/api/auth/forgot-password', body), 200, 'forgot-password');
  // The code goes out in the background; the reset has started once it arrived.
  return codeSentTo(system.outboxDir, to, before);
}

/** The code the state issued, and a code that is not it, for the requests to use. */
const codes = (code: string) => ({ code, wrongCode: code === '1111' ? '2222' : '1111' });

type Params = Record<string, string>;
/** Values a state hands to its interaction's request (the code it issued). */
type Injected = Record<string, string>;
const stateHandlers: Record<string, (params: Params) => Promise<Injected | undefined>> = {
  // Sign-up, login and recovery (auth.consumer.pact.test.ts).
  'no phone code was sent to 0241234567 recently': async () => undefined,
  'a phone code was sent to 0241234567 moments ago': async () => {
    await textedCode(visitor(), ama.phone);
    return undefined;
  },
  'a phone code was sent to 0241234567 in this session': async () => {
    const b = visitor();
    const code = await textedCode(b, ama.phone);
    cookie = cookieOf(b);
    return codes(code);
  },
  'the phone 0241234567 was verified in this session and no account uses it or ama.pact@example.com': async () => {
    const b = visitor();
    await verifyPhone(b, ama.phone);
    cookie = cookieOf(b);
    return undefined;
  },
  'a user ama.pact@example.com with phone 0241234567 and password Akwaaba2026': async () => {
    await registerAma('Akwaaba2026');
    return undefined;
  },
  'a password reset by email for ama.pact@example.com was started in this session': async () => {
    await registerAma('Akwaaba2026');
    const b = visitor();
    const code = await resetStarted(b, 'email');
    cookie = cookieOf(b);
    return codes(code);
  },
  'a password reset by sms for 0241234567 was started in this session': async () => {
    await registerAma('Akwaaba2026');
    const b = visitor();
    await resetStarted(b, 'sms');
    cookie = cookieOf(b);
    return undefined;
  },
  'the reset code for ama.pact@example.com was verified in this session': async () => {
    await registerAma('Akwaaba2026');
    const b = visitor();
    const code = await resetStarted(b, 'email');
    await expectStatus(b.post('/api/auth/verify-reset-otp', { otp: code, method: 'email' }), 200, 'verify-reset-otp');
    cookie = cookieOf(b);
    return undefined;
  },

  // Signed-in screens (account.consumer.pact.test.ts).
  'a signed-in user': async () => {
    await signedInAma();
    return undefined;
  },
  'a signed-in user whose password is Akwaaba-2026': async () => {
    await signedInAma('Akwaaba-2026');
    return undefined;
  },
  'a signed-in user who uploaded a profile photo': async ({ publicId }) => {
    const { browser: b } = await signedInAma();
    const form = await multipartForm({ image: { data: sampleImages.png, filename: 'photo.png', type: 'image/png' }, type: 'profile', userId: 'ignored' });
    const uploaded = await expectStatus(b.send('POST', '/api/upload', form), 201, 'upload');
    await identityDb().query('UPDATE uploads SET public_id = $1 WHERE public_id = $2', [publicId, uploaded.json().publicId]);
    return undefined;
  },
  'a signed-in user with an unread notification': async ({ id }) => {
    // The welcome notification the notifications service made when Ama registered.
    const { id: userId } = await signedInAma();
    const { rowCount } = await notificationsDb().query('UPDATE notifications SET id = $1 WHERE user_id = $2 AND NOT is_read', [id, userId]);
    if (rowCount !== 1) throw new Error(`expected one unread notification, found ${rowCount}`);
    return undefined;
  },
  'a signed-in user who paid for a ride this month': async ({ id }) => {
    const { id: passengerId } = await signedInAma();
    // No /api call settles a payment (the gateway's callback does): as the payments service records one, with the id the
    // pact names and one booking, so its collection (the books keep it) is the same movement each time the state is made.
    await aPayment(paymentsStore(), { id: required(id, 'id'), bookingId: pactBookingId, passengerId, fare: 6_000, fee: 500 });
    return undefined;
  },
  'a signed-in user with a payment method': async ({ id, provider, number }) => {
    const { browser: b } = await signedInAma();
    await savedNumber(b, required(id, 'id'), required(provider, 'provider'), required(number, 'number'));
    return undefined;
  },
  'a signed-in user with a payment method texted a confirmation code': async ({ id, provider, number }) => {
    const { browser: b } = await signedInAma();
    const methodId = required(id, 'id');
    const phone = required(number, 'number');
    await savedNumber(b, methodId, required(provider, 'provider'), phone);
    const before = await messagesSentTo(system.outboxDir, phone);
    await expectStatus(b.post(`/api/payment-methods/${methodId}/confirmation`), 201, 'confirmation');
    return codes(await codeSentTo(system.outboxDir, phone, before));
  },
  'a signed-in user with two payment methods': async ({ id, provider, number, otherId, otherProvider, otherNumber }) => {
    const { browser: b } = await signedInAma();
    await savedNumber(b, required(id, 'id'), required(provider, 'provider'), required(number, 'number'));
    await savedNumber(b, required(otherId, 'otherId'), required(otherProvider, 'otherProvider'), required(otherNumber, 'otherNumber'));
    return undefined;
  },
};

/** The states the pact's interactions are given, by name. */
function statesOf(file: string): string[] {
  const pact = JSON.parse(readFileSync(file, 'utf8')) as { interactions: { providerStates?: { name: string }[] }[] };
  return [...new Set(pact.interactions.flatMap((interaction) => (interaction.providerStates ?? []).map((state) => state.name)))];
}

it(`honours the ${consumer} pact`, async () => {
  const file = pactFile(consumer, provider);
  expect(existsSync(file), `${file} is written by the ${consumer} consumer tests`).toBe(true);
  // A state without a handler would only be a warning to the verifier: the pact's states are all here.
  expect(Object.keys(stateHandlers)).toEqual(expect.arrayContaining(statesOf(file)));

  await new Verifier({
    provider,
    providerBaseUrl: baseUrl,
    pactUrls: [file],
    logLevel: 'warn',
    timeout: verifierTimeoutMs,
    // Also runs for an interaction without a state: each starts from the same empty world.
    beforeEach: async () => {
      cookie = undefined;
      await startAfresh();
    },
    afterEach: async () => {
      cookie = undefined;
    },
    requestFilter: pactRequestFilter({ cookie: () => cookie }),
    stateHandlers: Object.fromEntries(
      Object.entries(stateHandlers).map(([name, setUp]) => [
        name,
        async (params?: unknown) => {
          try {
            return await setUp((params ?? {}) as Params);
          } catch (error) {
            setupFailures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
            throw error;
          }
        },
      ]),
    ),
  }).verifyProvider();
  expect(setupFailures).toEqual([]);
});
