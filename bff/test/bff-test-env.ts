import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userSnapshotStream } from '@krom/contracts/events/identity';
import { lastPerSubjectStreamName } from '@krom/server-kit/last-per-subject-stream';
import {
  dropDatabaseWhenIdle,
  eventually,
  isolatedTestEnv,
  serviceTestVariables,
  type TestPerson,
  uniquePerson,
} from '@krom/server-kit/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { readAdminConfig } from '../../services/admin/src/config.ts';
import { openAdminService } from '../../services/admin/src/open-admin.ts';
// Types only: each service's code is loaded when a test asks for that service.
import type { openIdentityService } from '../../services/identity/src/open-identity.ts';
import type { openNotificationsService } from '../../services/notifications/src/open-notifications.ts';
import type { openPaymentsService } from '../../services/payments/src/open-payments.ts';
import type { openRidesService } from '../../services/rides/src/open-rides.ts';
// The local providers' own readers: small modules that load nothing else of the service.
import { readLocalEmailOutbox } from '../../services/notifications/src/providers/email/local.ts';
import { readLocalOutbox } from '../../services/notifications/src/providers/sms/local.ts';
import { buildBffApp } from '../src/app.ts';
import { bffTestConfig, NOT_RUNNING, ORIGIN } from './bff-test-config.ts';
import { keptSession, opens, type Sessions } from './generated-requests.ts';

export { bffTestConfig, NOT_RUNNING, ORIGIN } from './bff-test-config.ts';

/** Services a BFF test can run behind the BFF besides the admin service (always there). */
export type ExtraService = 'identity' | 'notifications' | 'rides' | 'payments';

export type BffSystemOptions = {
  /** BFF settings. */
  overrides?: Record<string, string>;
  services?: ExtraService[];
  /** Notifications-service settings (PHONE_CODE_RESEND_SECONDS, say). */
  notificationsEnv?: Record<string, string>;
  /** The notifications service's clock (cooldowns, caps, expiry): a `testClock` ends a cooldown without waiting for it. */
  notificationsClock?: () => Date;
  /** Payments-service settings (its gateway: PAYSTACK_SECRET_KEY and PAYSTACK_API_BASE_URL of a stand-in). */
  paymentsEnv?: Record<string, string>;
};

/**
 * The BFF in-process against real services listening on ports (the admin service always; with
 * `services`, identity with its own s3rver, notifications with a local SMS/e-mail outbox in a
 * temporary folder, and rides), on real PostgreSQL, NATS and Redis, all isolated for this test
 * file. The services share one bus prefix, so their events reach each other.
 */
export async function startBff(options: BffSystemOptions = {}) {
  const env = isolatedTestEnv('bff');
  const wanted = new Set(options.services ?? []);
  const databaseOf = (service: string) => {
    const url = new URL(env.databaseUrl);
    url.pathname = `${url.pathname}_${service}`;
    return url.toString();
  };
  const serviceEnv = (databaseUrl: string) => serviceTestVariables(env, databaseUrl);
  const closers: (() => Promise<void>)[] = [];
  const databases = [env.databaseUrl];

  // Ticket attachments in a temporary folder (the local store), not the repository's var/uploads.
  const adminUploads = await mkdtemp(join(tmpdir(), 'krom-admin-uploads-'));
  closers.push(() => rm(adminUploads, { recursive: true, force: true }));
  const admin = await openAdminService(
    readAdminConfig({
      ...serviceEnv(env.databaseUrl),
      ADMIN_BOOTSTRAP_USERNAME: 'founder',
      ADMIN_BOOTSTRAP_PASSWORD: 'first-admin-pass',
      UPLOADS_DIR: adminUploads,
    }),
  );
  const adminUrl = await admin.app.listen({ port: 0, host: '127.0.0.1' });

  let identity: Awaited<ReturnType<typeof openIdentityService>> | undefined;
  let identityUrl = NOT_RUNNING;
  if (wanted.has('identity')) {
    // Loaded only when asked for, so a BFF test without identity never depends on its code.
    const { readIdentityConfig } = await import('../../services/identity/src/config.ts');
    const { openIdentityService: open } = await import('../../services/identity/src/open-identity.ts');
    const { startS3TestServer } = await import('../../services/identity/test/s3-test-server.ts');
    const s3 = await startS3TestServer();
    const databaseUrl = databaseOf('identity');
    databases.push(databaseUrl);
    identity = await open(readIdentityConfig({ ...serviceEnv(databaseUrl), ...s3.env }));
    identityUrl = await identity.app.listen({ port: 0, host: '127.0.0.1' });
    const opened = identity;
    closers.push(async () => {
      await opened.app.close();
      await s3.close();
    });
  }

  let notifications: Awaited<ReturnType<typeof openNotificationsService>> | undefined;
  let notificationsUrl = NOT_RUNNING;
  const outboxDir = await mkdtemp(join(tmpdir(), 'krom-outbox-'));
  const notificationsRedisPrefix = `${env.tag}-notifications`;
  if (wanted.has('notifications')) {
    const { readNotificationsConfig } = await import('../../services/notifications/src/config.ts');
    const { openNotificationsService: open } = await import('../../services/notifications/src/open-notifications.ts');
    const databaseUrl = databaseOf('notifications');
    databases.push(databaseUrl);
    notifications = await open(
      readNotificationsConfig({
        ...serviceEnv(databaseUrl),
        REDIS_URL: env.redisUrl,
        REDIS_PREFIX: notificationsRedisPrefix,
        LOCAL_OUTBOX_DIR: outboxDir,
        SMS_RETRY_BACKOFF_MS: '100',
        EMAIL_RETRY_BACKOFF_MS: '100',
        ...options.notificationsEnv,
      }),
      { clock: options.notificationsClock },
    );
    notificationsUrl = await notifications.app.listen({ port: 0, host: '127.0.0.1' });
    const opened = notifications;
    closers.push(() => opened.app.close());
  }

  let rides: Awaited<ReturnType<typeof openRidesService>> | undefined;
  let ridesUrl = NOT_RUNNING;
  if (wanted.has('rides')) {
    const { readRidesConfig } = await import('../../services/rides/src/config.ts');
    const { openRidesService: open } = await import('../../services/rides/src/open-rides.ts');
    const databaseUrl = databaseOf('rides');
    databases.push(databaseUrl);
    rides = await open(readRidesConfig(serviceEnv(databaseUrl)));
    ridesUrl = await rides.app.listen({ port: 0, host: '127.0.0.1' });
    const opened = rides;
    closers.push(() => opened.app.close());
  }

  let payments: Awaited<ReturnType<typeof openPaymentsService>> | undefined;
  let paymentsUrl = NOT_RUNNING;
  if (wanted.has('payments')) {
    const { readPaymentsConfig } = await import('../../services/payments/src/config.ts');
    const { openPaymentsService: open } = await import('../../services/payments/src/open-payments.ts');
    const databaseUrl = databaseOf('payments');
    databases.push(databaseUrl);
    // No scheduled sweep: a test runs it with its own clock.
    payments = await open(readPaymentsConfig({ ...serviceEnv(databaseUrl), SWEEP_INTERVAL_SECONDS: '0', ...options.paymentsEnv }));
    paymentsUrl = await payments.app.listen({ port: 0, host: '127.0.0.1' });
    const opened = payments;
    closers.push(() => opened.app.close());
  }

  const redis = new Redis(env.redisUrl);
  const config = bffTestConfig(env, {
    ADMIN_URL: adminUrl,
    IDENTITY_URL: identityUrl,
    RIDES_URL: ridesUrl,
    NOTIFICATIONS_URL: notificationsUrl,
    PAYMENTS_URL: paymentsUrl,
    ...options.overrides,
  });
  const bff = await buildBffApp(config, redis);
  return {
    bff,
    admin,
    identity,
    notifications,
    rides,
    payments,
    redis,
    config,
    /** Where the notifications service's local providers write (sms.jsonl, email.jsonl). */
    outboxDir,
    async close() {
      await bff.close();
      for (const close of closers) await close();
      // Identity's stream of each user's last snapshot shares the prefix (absent without identity).
      await admin.bus.jsm.streams.delete(lastPerSubjectStreamName(admin.bus, userSnapshotStream)).catch(() => undefined);
      await admin.bus.jsm.streams.delete(admin.bus.streamName);
      await admin.app.close();
      for (const pattern of [`${env.redisPrefix}*`, `${notificationsRedisPrefix}*`]) {
        const keys = await redis.keys(pattern);
        if (keys.length > 0) await redis.del(...keys);
      }
      await redis.quit();
      await rm(outboxDir, { recursive: true, force: true });
      for (const databaseUrl of databases) await dropDatabaseWhenIdle(databaseUrl);
    },
  };
}

export type BffSystem = Awaited<ReturnType<typeof startBff>>;

/** The BFF in front of the real admin service only (other services answer as if down). */
export function startBffWithAdmin(overrides: Record<string, string> = {}) {
  return startBff({ overrides });
}

/**
 * A clock that stands still until a test moves it on: a cooldown ends exactly when the test says,
 * however slow the machine, and never by itself while a test counts on it.
 */
export function testClock(start = Date.now()) {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/**
 * The BFF's calls to `path` on the service at `baseUrl`, counted as their answers arrive (undici,
 * which the BFF calls services with, reports each request on Node's diagnostics channels). A test
 * waits until the calls the BFF makes in the background after answering have been answered.
 */
export function watchServiceCalls(baseUrl: string, path: string) {
  const origin = new URL(baseUrl).origin;
  const statuses: number[] = [];
  const onHeaders = (message: unknown) => {
    const { request, response } = message as { request: { origin: string | URL; path: string }; response: { statusCode: number } };
    if (new URL(String(request.origin)).origin === origin && request.path === path) statuses.push(response.statusCode);
  };
  subscribe('undici:request:headers', onHeaders);
  return {
    /** How many have been answered so far. */
    answered: () => statuses.length,
    /** Waits until `count` have been answered in all; resolves to the statuses of every answer so far. */
    until: (count: number) => eventually(async () => (statuses.length >= count ? [...statuses] : undefined)),
    stop: () => unsubscribe('undici:request:headers', onHeaders),
  };
}

/** The session cookie from a response, ready to send back as a browser would. */
export function sessionCookie(response: { cookies: { name: string; value: string }[] }): Record<string, string> {
  const cookie = response.cookies.find((c) => c.name.endsWith('krom_session'));
  if (!cookie) throw new Error('no session cookie set');
  return { [cookie.name]: cookie.value };
}

/**
 * One browser: it keeps the session cookie the BFF sets (and forgets it when cleared), sends
 * the app's Origin on every call and comes from one client address.
 */
export function browser(bff: FastifyInstance, ip = '10.1.0.1') {
  let cookies: Record<string, string> = {};
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) => {
    const response = await bff.inject({ method, url, payload, headers: { origin: ORIGIN, ...headers }, cookies, remoteAddress: ip });
    keep(response);
    return response;
  };
  const keep = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (!cookie.name.endsWith('krom_session')) continue;
      if (cookie.value === '' || cookie.maxAge === 0) cookies = {};
      else cookies = { [cookie.name]: cookie.value };
    }
  };
  return {
    call,
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object) => call('POST', url, payload),
    put: (url: string, payload?: object) => call('PUT', url, payload),
    delete: (url: string, payload?: object) => call('DELETE', url, payload),
    /** Sends a prepared body (a multipart form) with its own headers. */
    send: (method: 'POST' | 'PUT', url: string, body: { payload: Buffer; headers: Record<string, string> }) =>
      bff.inject({ method, url, payload: body.payload, headers: { origin: ORIGIN, ...body.headers }, cookies, remoteAddress: ip }).then((response) => {
        keep(response);
        return response;
      }),
    /** The cookie as it is now: replaying it later acts like a stolen copy. */
    cookies: () => ({ ...cookies }),
    /** Takes over a cookie (a copy of another browser's, or one a test prepared). */
    adopt: (copied: Record<string, string>) => {
      cookies = { ...copied };
    },
    ip,
  };
}
export type Browser = ReturnType<typeof browser>;

/** A local (0…) phone number as the SMS provider dials it: +233 and the rest. */
export const dialled = (phone: string) => `+233${phone.slice(1)}`;

/**
 * The newest 4-digit code the notifications service sent to `to` (a local phone number or an
 * e-mail address) through its local outbox, once more than `after` messages had gone there.
 */
export async function codeSentTo(outboxDir: string, to: string, after = 0): Promise<string> {
  return eventually(async () => {
    const messages = to.includes('@')
      ? (await readLocalEmailOutbox(outboxDir)).filter((m) => m.to === to).map((m) => `${m.subject}\n${m.text}`)
      : (await readLocalOutbox(outboxDir)).filter((m) => m.to === dialled(to)).map((m) => m.body);
    if (messages.length <= after) return undefined;
    return /\b(\d{4})\b/.exec(messages.at(-1) ?? '')?.[1];
  });
}

/** How many messages the local outbox holds for `to` so far. */
export async function messagesSentTo(outboxDir: string, to: string): Promise<number> {
  if (to.includes('@')) return (await readLocalEmailOutbox(outboxDir)).filter((m) => m.to === to).length;
  return (await readLocalOutbox(outboxDir)).filter((m) => m.to === dialled(to)).length;
}

/**
 * How many messages the local outbox holds for `to` (a local phone number or an e-mail address)
 * once none of those the notifications service recorded for it is still pending: every message
 * it accepted has then gone out, and the count cannot grow by itself.
 */
export async function settledMessagesTo(system: BffSystem, to: string): Promise<number> {
  const pool = system.notifications?.db.$client;
  if (!pool) throw new Error('settledMessagesTo needs the notifications service');
  const pending = async () => {
    const { rows } = to.includes('@')
      ? await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_logs WHERE email = lower($1) AND status = 'pending'`, [to])
      : await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM sms_logs WHERE phone_number = $1 AND status = 'pending'`, [dialled(to)]);
    return rows[0]?.n;
  };
  await eventually(async () => ((await pending()) === 0 ? true : undefined));
  return messagesSentTo(system.outboxDir, to);
}

/**
 * Puts `phone` in the browser's session as verified a moment ago, as POST /api/sms/verify-code
 * does: a shortcut for tests about what comes after the phone-code step (that step itself is
 * tested end to end through the notifications service in auth-sign-up.test.ts).
 */
export function verifiedPhoneSession(bff: FastifyInstance, phone: string, verifiedAt = Date.now()): Record<string, string> {
  return { krom_session: bff.encodeSecureSession(bff.createSecureSession({ signupPhone: { phone, verifiedAt } })) };
}

/** A registration no other test in the file uses. */
export const newPerson = (overrides: Partial<TestPerson> = {}) =>
  uniquePerson({ firstName: 'Akua', lastName: 'Boateng', phonePrefix: '055', password: 'Adinkra-Cloth-2026' }, overrides);

/** A new account registered through the BFF in `visitor`, who is then signed in as it. */
export async function signedUp(bff: FastifyInstance, visitor: Browser, person = newPerson()) {
  visitor.adopt(verifiedPhoneSession(bff, person.phone));
  const response = await visitor.post('/api/auth/register', person);
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  return { ...person, id: response.json().id as string };
}

/**
 * The cookie headers of a signed-in member and of staff, each kept while it still opens its
 * screen and made again when a request ended it (signed out, deleted the account): a new member
 * is signed up from a client address under `ipPrefix`.
 */
export function signedInSessions(bff: FastifyInstance, bffUrl: string, ipPrefix: string): Sessions {
  let signUps = 0;
  const header = (cookies: Record<string, string>) =>
    Object.entries(cookies)
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('; ');
  return {
    user: keptSession(
      (cookie) => opens(bffUrl, '/api/auth/user', cookie),
      async () => {
        const visitor = browser(bff, `${ipPrefix}.0.${++signUps}`);
        await signedUp(bff, visitor);
        return header(visitor.cookies());
      },
    ),
    staff: keptSession(
      (cookie) => opens(bffUrl, '/api/admin/verify', cookie),
      async () => {
        const staff = browser(bff, `${ipPrefix}.1.1`);
        const response = await staff.post('/api/admin/login', { username: 'founder', password: 'first-admin-pass' });
        if (response.statusCode !== 200) throw new Error(`staff sign-in answered ${response.statusCode}`);
        return header(staff.cookies());
      },
    ),
  };
}
