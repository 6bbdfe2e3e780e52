import { randomBytes, randomUUID } from 'node:crypto';
import type { EventDefinition, EventEnvelope } from '@krom/contracts/envelope';
import { type StaffRole, staffRoles } from '@krom/contracts/http/staff-roles-values';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import pg from 'pg';
import { consumerName, type EventBus } from './bus.ts';
import { dropDatabase } from './db.ts';
import { ASSERTION_HEADER, type Caller, signAssertion } from './internal-auth.ts';

/**
 * Isolation for integration tests: each test file gets its own database, its own bus prefix
 * (stream and subjects) and its own Redis key prefix, on the real servers.
 */
export function isolatedTestEnv(service: string) {
  const tag = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const pgBase = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(pgBase);
  url.pathname = `/krom_${service}_${tag}`;
  return {
    tag,
    databaseUrl: url.toString(),
    busPrefix: tag,
    redisPrefix: `${tag}:`,
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    internalSecret: `test-internal-secret-${tag}-0123456789abcdef`,
  };
}

export type IsolatedTestEnv = ReturnType<typeof isolatedTestEnv>;

/**
 * The variables every service reads, set for a test: quiet, any free port, the isolated bus,
 * Redis prefix and secret, and `databaseUrl` (this file's database unless a test runs several services).
 */
export function serviceTestVariables(env: IsolatedTestEnv, databaseUrl = env.databaseUrl): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    NATS_URL: env.natsUrl,
    BUS_PREFIX: env.busPrefix,
    INTERNAL_AUTH_SECRET: env.internalSecret,
    REDIS_URL: env.redisUrl,
    REDIS_PREFIX: env.redisPrefix,
  };
}

export type StaffCaller = Extract<Caller, { kind: 'admin' }>;

/**
 * A member of staff holding `roles`, as the BFF asserts a staff session: a test of what a role
 * may or may not do names the role; `administratorCaller` is staff that may use everything.
 */
export const staffCaller = (roles: readonly StaffRole[], adminId: string = randomUUID()): StaffCaller => ({ kind: 'admin', adminId, roles });

/** An administrator holding every staff role (as the bootstrap administrator does): admitted by every staff endpoint. */
export const administratorCaller = (adminId: string = randomUUID()): StaffCaller => staffCaller(staffRoles, adminId);

/**
 * A fresh, isolated configuration for `service`, read through the service's own schema, and
 * `as(caller)`: the assertion header the BFF would send that service for the caller.
 */
export function isolatedServiceConfig<C extends { INTERNAL_AUTH_SECRET: string }>(
  service: string,
  readConfig: (variables: Record<string, string>) => C,
  overrides: Record<string, string> = {},
) {
  const env = isolatedTestEnv(service);
  const config = readConfig({ ...serviceTestVariables(env), ...overrides });
  const as = async (caller: Caller) => ({ [ASSERTION_HEADER]: await signAssertion(config.INTERNAL_AUTH_SECRET, caller, service) });
  return { env, config, as };
}

/**
 * Drops a test database once its connections are gone: pg's pool.end() resolves before its
 * sockets close, and DROP ... WITH (FORCE) would cut them mid-goodbye (an uncaught 57P01).
 */
export async function dropDatabaseWhenIdle(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await eventually(async () => {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      return rows[0]?.n === 0 ? true : undefined;
    }, 5000).catch(() => undefined);
  } finally {
    await client.end();
  }
  await dropDatabase(databaseUrl);
}

/**
 * Polls until `probe` returns a value other than undefined, or fails after `timeoutMs`: a limit
 * that catches what never happens, long enough for a machine kept busy by other work.
 */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 60_000, stepMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
}

/**
 * Every event the bus's stream holds on `subject`, read through a throwaway consumer
 * (filter_subject works on NATS 2.9, which some machines still run).
 */
export async function publishedEvents(bus: EventBus, subject: string): Promise<EventEnvelope[]> {
  const name = `probe_${randomBytes(4).toString('hex')}`;
  await bus.jsm.consumers.add(bus.streamName, {
    durable_name: name,
    ack_policy: AckPolicy.None,
    deliver_policy: DeliverPolicy.All,
    filter_subject: bus.subjectOf(subject),
  });
  try {
    const consumer = await bus.js.consumers.get(bus.streamName, name);
    const pending = (await consumer.info()).num_pending;
    const envelopes: EventEnvelope[] = [];
    if (pending === 0) return envelopes;
    const messages = await consumer.fetch({ max_messages: pending, expires: 2000 });
    for await (const msg of messages) {
      envelopes.push(msg.json<EventEnvelope>());
      if (envelopes.length === pending) break;
    }
    return envelopes;
  } finally {
    await bus.jsm.consumers.delete(bus.streamName, name);
  }
}

export type TestPerson = Record<'firstName' | 'lastName' | 'email' | 'phone' | 'password', string>;
let people = 0;
/**
 * A registration no other test in the process uses: a unique e-mail and a unique local phone
 * number (`phonePrefix` and seven digits), with the names and password of `base`.
 */
export function uniquePerson(base: { firstName: string; lastName: string; phonePrefix: string; password: string }, overrides: Partial<TestPerson> = {}): TestPerson {
  people += 1;
  const n = `${process.pid % 1000}${people}`.padStart(7, '0').slice(-7);
  return {
    firstName: base.firstName,
    lastName: base.lastName,
    email: `${base.firstName.toLowerCase()}.${Date.now().toString(36)}.${people}@example.com`,
    phone: `${base.phonePrefix}${n}`,
    password: base.password,
    ...overrides,
  };
}

/** An envelope of `event` carrying `data` under a fresh id, as a producer's outbox writes it. */
export const testEnvelope = <T>(event: Pick<EventDefinition, 'subject'>, data: T): EventEnvelope<T> => ({
  id: randomUUID(),
  type: event.subject,
  occurredAt: new Date().toISOString(),
  data,
});

/**
 * Publishes `envelope` under a fresh Nats-Msg-Id (JetStream would drop a plain repeat) on `subject`
 * (the event's own by default) and waits until the `durable` consumer of `event` acknowledged it.
 */
export async function deliverToConsumer(bus: EventBus, durable: string, event: Pick<EventDefinition, 'subject'>, envelope: EventEnvelope, subject = event.subject): Promise<void> {
  const { seq } = await bus.js.publish(bus.subjectOf(subject), JSON.stringify(envelope), { msgID: randomUUID() });
  await eventually(async () => {
    const info = await bus.jsm.consumers.info(bus.streamName, consumerName(durable, event));
    return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0 ? info : undefined;
  });
}
