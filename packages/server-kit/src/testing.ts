import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import type { EventBus } from './bus.ts';

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

/** Polls until `probe` returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000, stepMs = 50): Promise<T> {
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
