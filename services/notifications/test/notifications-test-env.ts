import { randomInt, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBus } from '@krom/server-kit/bus';
import { dropDatabase } from '@krom/server-kit/db';
import { createLogger } from '@krom/server-kit/logger';
import { ASSERTION_HEADER, type Caller, signAssertion } from '@krom/server-kit/internal-auth';
import type { EventDefinition, EventEnvelope } from '@krom/contracts/envelope';
import { type UserNotificationSettings, type UserRegistered, userNotificationSettings, userRegistered } from '@krom/contracts/events/identity';
import type { Notification } from '@krom/contracts/http/notifications';
import { deliverToConsumer, eventually, isolatedTestEnv, serviceTestVariables, testEnvelope } from '@krom/server-kit/testing';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { type NotificationsConfig, readNotificationsConfig } from '../src/config.ts';
import { emailLogs, smsLogs } from '../src/db/schema.ts';
import { readLocalEmailOutbox } from '../src/providers/email/local.ts';
import type { EmailProvider } from '../src/providers/email/port.ts';
import { createEmailQueue } from '../src/jobs/queues/email-queue.ts';
import { createSmsQueue } from '../src/jobs/queues/sms-queue.ts';
import { type NotificationsServiceOptions, openNotificationsService } from '../src/open-notifications.ts';
import { readLocalOutbox } from '../src/providers/sms/local.ts';
import type { SmsProvider } from '../src/providers/sms/port.ts';

export type NotificationsService = Awaited<ReturnType<typeof openNotificationsService>>;

/** A fresh, isolated configuration on the real PostgreSQL, NATS and Redis, with quick retries. */
export function notificationsTestConfig(overrides: Record<string, string> = {}) {
  const env = isolatedTestEnv('notifications');
  const config = readNotificationsConfig({
    ...serviceTestVariables(env),
    REDIS_URL: env.redisUrl,
    REDIS_PREFIX: env.redisPrefix,
    LOCAL_OUTBOX_DIR: join(tmpdir(), `krom-sms-outbox-${env.tag}`),
    SMS_RETRY_ATTEMPTS: '3',
    SMS_RETRY_BACKOFF_MS: '20',
    EMAIL_RETRY_ATTEMPTS: '3',
    EMAIL_RETRY_BACKOFF_MS: '20',
    // Tests send many messages to one made-up number; test/message-caps.test.ts sets the caps it checks.
    SMS_CAP_PER_NUMBER_HOURLY: '1000',
    SMS_CAP_PER_NUMBER_DAILY: '1000',
    EMAIL_CAP_PER_ADDRESS_HOURLY: '1000',
    EMAIL_CAP_PER_ADDRESS_DAILY: '1000',
    PHONE_CODE_DAILY_CAP_PER_SUBJECT: '1000',
    ...overrides,
  });
  return { env, config };
}

/** Removes what a test run left behind: database, JetStream stream, queue keys and local outbox. */
export async function removeTestResources(config: NotificationsConfig): Promise<void> {
  const bus = await EventBus.connect({
    url: config.NATS_URL,
    prefix: config.BUS_PREFIX,
    name: 'notifications-test-cleanup',
    logger: createLogger('notifications-test', 'silent'),
  });
  try {
    await bus.jsm.streams.delete(bus.streamName);
  } finally {
    await bus.close();
  }
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const queues = [createSmsQueue(redis, config), createEmailQueue(redis, config)];
  try {
    for (const queue of queues) await queue.obliterate({ force: true });
  } finally {
    for (const queue of queues) await queue.close();
    await redis.quit();
  }
  await dropDatabase(config.DATABASE_URL);
  await rm(config.LOCAL_OUTBOX_DIR, { recursive: true, force: true });
}

/**
 * Opens the service for one test file and releases everything afterwards. `env` is read when the
 * service opens, after earlier beforeAll hooks (a fake provider endpoint) have started.
 */
export function useNotificationsService(
  options: {
    env?: () => Record<string, string>;
    smsProvider?: (config: NotificationsConfig) => SmsProvider;
    emailProvider?: (config: NotificationsConfig) => EmailProvider;
  } & Pick<NotificationsServiceOptions, 'clock' | 'generateCode' | 'inboundSmsProviders' | 'ussdGateways'> = {},
) {
  const handle = {} as { service: NotificationsService; config: NotificationsConfig; close: () => Promise<void> };
  beforeAll(async () => {
    const { config } = notificationsTestConfig(options.env?.());
    handle.config = config;
    const service = await openNotificationsService(config, {
      smsProvider: options.smsProvider?.(config),
      emailProvider: options.emailProvider?.(config),
      clock: options.clock,
      generateCode: options.generateCode,
      inboundSmsProviders: options.inboundSmsProviders,
      ussdGateways: options.ussdGateways,
    });
    handle.service = service;
    let closing: Promise<void> | undefined;
    handle.close = () => {
      closing ??= service.app.close();
      return closing;
    };
  });
  afterAll(async () => {
    await handle.close?.();
    if (handle.config) await removeTestResources(handle.config);
  });
  return handle;
}

/**
 * The service listening on a free port, for tests of a caller that reaches it over HTTP (the BFF).
 * `close` stops it and removes everything it made.
 */
export async function listeningNotificationsService(overrides: Record<string, string> = {}, options: NotificationsServiceOptions = {}) {
  const { config } = notificationsTestConfig(overrides);
  const service = await openNotificationsService(config, options);
  try {
    const url = await service.app.listen({ port: 0, host: '127.0.0.1' });
    return {
      service,
      config,
      url,
      async close() {
        await service.app.close();
        await removeTestResources(config);
      },
    };
  } catch (error) {
    await service.app.close();
    await removeTestResources(config);
    throw error;
  }
}

export async function smsLogById(service: NotificationsService, id: string) {
  const [row] = await service.db.select().from(smsLogs).where(eq(smsLogs.id, id));
  return row;
}

/** The internal assertion header the BFF would send for `caller`. */
export async function assertionFor(config: NotificationsConfig, caller: Caller): Promise<Record<string, string>> {
  return { [ASSERTION_HEADER]: await signAssertion(config.INTERNAL_AUTH_SECRET, caller, 'notifications') };
}

/** A user's notification stream read over real HTTP, as a browser's EventSource reads it. */
export type OpenNotificationStream = {
  response: IncomingMessage;
  /** Everything received so far. */
  text: () => string;
  /** The notifications pushed so far, in order. */
  notifications: () => Notification[];
  ended: Promise<void>;
};

/** Opens `userId`'s stream on a listening service at `baseUrl`; resolves once the service says it is connected. */
export async function openNotificationStream(baseUrl: string, config: NotificationsConfig, userId: string): Promise<OpenNotificationStream> {
  const headers = { accept: 'text/event-stream', ...(await assertionFor(config, { kind: 'user', userId })) };
  const response = await new Promise<IncomingMessage>((resolve, reject) => httpRequest(`${baseUrl}/notifications/stream`, { headers }, resolve).on('error', reject).end());
  let received = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    received += chunk;
  });
  const ended = new Promise<void>((resolve) => response.on('end', resolve).on('close', resolve));
  await eventually(async () => (received.includes(': connected') ? true : undefined));
  const notifications = () =>
    received
      .split('\n\n')
      .filter((frame) => frame.startsWith('event: notification\n'))
      .map((frame) => JSON.parse(frame.split('\ndata: ')[1] ?? '') as Notification);
  return { response, text: () => received, notifications, ended };
}

/**
 * Breaks and mends a local provider's delivery for the provider suites: a file where the outbox
 * folder should be makes every send fail, as on a full or read-only disk. `dir()` is where the
 * messages sent so far are meanwhile.
 */
export function breakableLocalOutbox(handle: { config: NotificationsConfig }) {
  let broken = false;
  const outboxDir = () => handle.config.LOCAL_OUTBOX_DIR;
  const savedDir = () => `${outboxDir()}.saved`;
  return {
    dir: () => (broken ? savedDir() : outboxDir()),
    breakDelivery: async () => {
      await mkdir(outboxDir(), { recursive: true });
      await rename(outboxDir(), savedDir());
      await writeFile(outboxDir(), 'not a folder');
      broken = true;
      return 'EEXIST: file already exists';
    },
    restoreDelivery: async () => {
      await rm(outboxDir(), { force: true });
      await rename(savedDir(), outboxDir());
      broken = false;
    },
  };
}

/** A Ghana mobile number new to the test (`024…` unless another prefix is asked for). */
export const newPhone = (prefix = '024') => `${prefix}${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;

/** A Ghana number as the SMS log and the provider hold it. */
export const e164 = (phone: string) => `+233${phone.slice(1)}`;

type ServiceHandle = { service: NotificationsService };

/** How a test delivers an event to this service: published anew, and waited for until the consumer acknowledged it. */
export const eventDelivery =
  (handle: ServiceHandle) =>
  (event: Pick<EventDefinition, 'subject'>, envelope: EventEnvelope): Promise<void> =>
    deliverToConsumer(handle.service.bus, 'notifications', event, envelope);

/** An account this service heard of through user.registered, as identity announces every account. */
export async function registeredUser(handle: ServiceHandle, name: { firstName: string; lastName: string; email?: string }): Promise<UserRegistered> {
  const registration = testEnvelope(userRegistered, {
    userId: randomUUID(),
    firstName: name.firstName,
    lastName: name.lastName,
    email: name.email ?? `${name.firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`,
    phone: newPhone(),
    registeredAt: new Date().toISOString(),
  });
  await eventDelivery(handle)(userRegistered, registration);
  return registration.data;
}

/**
 * The member's choices as identity tells them (`version`: the settings' version), delivered and
 * handled; a choice not given is sent on, as identity sends every one of them.
 */
export const choicesTold =
  (handle: ServiceHandle) => (userId: string, choices: Partial<Pick<UserNotificationSettings, 'smsNotifications' | 'rideReminders'>>, version: number) =>
    eventDelivery(handle)(
      userNotificationSettings,
      testEnvelope(userNotificationSettings, { userId, smsNotifications: true, rideReminders: true, ...choices, changedAt: new Date().toISOString(), version }),
    );

/** The member's SMS choice as identity tells it (`version`: the settings' version), delivered and handled. */
export const smsChoiceTold = (handle: ServiceHandle) => (userId: string, smsNotifications: boolean, version: number) =>
  choicesTold(handle)(userId, { smsNotifications }, version);

/**
 * What this service recorded and sent to a member: their SMS and e-mail rows, what the local
 * providers' outbox holds for a number or an address, and a wait until the provider took every
 * row recorded for the member (`atLeastOne`: and there is one).
 */
export function messagesOf(handle: ServiceHandle & { config: NotificationsConfig }) {
  const smsOf = (userId: string) => handle.service.db.select().from(smsLogs).where(eq(smsLogs.userId, userId));
  const emailsOf = (userId: string) => handle.service.db.select().from(emailLogs).where(eq(emailLogs.userId, userId));
  return {
    smsOf,
    emailsOf,
    textsTo: async (phone: string) => (await readLocalOutbox(handle.config.LOCAL_OUTBOX_DIR).catch(() => [])).filter((sms) => sms.to === e164(phone)),
    mailTo: async (email: string) =>
      (await readLocalEmailOutbox(handle.config.LOCAL_OUTBOX_DIR).catch(() => [])).filter((mail) => mail.to === email.toLowerCase()),
    allDelivered: (userId: string, { atLeastOne = false } = {}) =>
      eventually(async () => {
        const rows = [...(await smsOf(userId)), ...(await emailsOf(userId))];
        return (!atLeastOne || rows.length > 0) && rows.every((row) => row.status === 'sent') ? rows : undefined;
      }),
  };
}

/** The service listening for the tests of one describe block, and the notification streams they open, closed after it. */
export function useLiveStreams(handle: ServiceHandle & { config: NotificationsConfig }) {
  let baseUrl = '';
  const streams: OpenNotificationStream[] = [];
  beforeAll(async () => {
    baseUrl = await handle.service.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const stream of streams) stream.response.destroy();
  });
  return {
    get baseUrl() {
      return baseUrl;
    },
    async open(userId: string): Promise<OpenNotificationStream> {
      const stream = await openNotificationStream(baseUrl, handle.config, userId);
      streams.push(stream);
      return stream;
    },
  };
}
