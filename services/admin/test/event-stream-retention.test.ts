import { waitlistJoined } from '@krom/contracts/events/admin';
import { EventBus } from '@krom/server-kit/bus';
import { createLogger } from '@krom/server-kit/logger';
import { dropDatabaseWhenIdle } from '@krom/server-kit/testing';
import { afterEach, expect, it } from 'vitest';
import type { AdminConfig } from '../src/config.ts';
import { openAdminService } from '../src/open-admin.ts';
import { adminTestConfig } from './admin-test-env.ts';

/** The event stream keeps events for EVENT_RETENTION_HOURS, also when it existed before that limit. */
const HOUR_NS = 3600 * 1e9;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(config: AdminConfig) {
  const service = await openAdminService(config);
  cleanups.push(async () => {
    await service.bus.jsm.streams.delete(service.bus.streamName).catch(() => undefined);
    await service.app.close();
    await dropDatabaseWhenIdle(config.DATABASE_URL);
  });
  return service;
}

it('creates the stream with the configured max_age', async () => {
  const service = await open(adminTestConfig({ EVENT_RETENTION_HOURS: '48' }).config);

  const info = await service.bus.jsm.streams.info(service.bus.streamName);

  expect(info.config.max_age).toBe(48 * HOUR_NS);
});

it('gives an existing stream without a retention limit the configured one at start, keeping its events', async () => {
  const { config } = adminTestConfig();
  // The stream as an earlier version left it: no max_age, one event in it.
  const earlier = await EventBus.connect({ url: config.NATS_URL, prefix: config.BUS_PREFIX, name: 'earlier', logger: createLogger('test', 'silent') });
  try {
    await earlier.jsm.streams.update(earlier.streamName, { max_age: 0 });
    await earlier.publish(waitlistJoined.subject, {
      id: crypto.randomUUID(),
      type: waitlistJoined.subject,
      occurredAt: new Date().toISOString(),
      data: { signupId: crypto.randomUUID(), name: 'Esi Boateng', email: 'esi@example.com', phone: '0241234567', joinedAt: new Date().toISOString() },
    });
    expect((await earlier.jsm.streams.info(earlier.streamName)).config.max_age).toBe(0);
  } finally {
    await earlier.close();
  }

  const service = await open({ ...config, EVENT_RETENTION_HOURS: 72 });

  const info = await service.bus.jsm.streams.info(service.bus.streamName);
  expect(info.config.max_age).toBe(72 * HOUR_NS);
  expect(info.state.messages).toBe(1);

  // A tool connecting without a retention of its own (a cleanup, a command-line job) changes nothing.
  const tool = await EventBus.connect({ url: config.NATS_URL, prefix: config.BUS_PREFIX, name: 'tool', logger: createLogger('test', 'silent') });
  await tool.close();
  expect((await service.bus.jsm.streams.info(service.bus.streamName)).config.max_age).toBe(72 * HOUR_NS);
});
