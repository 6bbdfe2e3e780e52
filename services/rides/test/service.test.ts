import { dropDatabase } from '@krom/server-kit/db';
import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import { isolatedTestEnv } from '@krom/server-kit/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readRidesConfig } from '../src/config.ts';
import { openRidesService } from '../src/open-rides.ts';

const env = isolatedTestEnv('rides');
const config = readRidesConfig({
  LOG_LEVEL: 'silent',
  PORT: '0',
  DATABASE_URL: env.databaseUrl,
  NATS_URL: env.natsUrl,
  BUS_PREFIX: env.busPrefix,
  INTERNAL_AUTH_SECRET: env.internalSecret,
});
let service: Awaited<ReturnType<typeof openRidesService>>;

beforeAll(async () => {
  service = await openRidesService(config);
});
afterAll(async () => {
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabase(config.DATABASE_URL);
});

it('creates and migrates its own database', async () => {
  const { rows } = await service.db.$client.query("SELECT to_regclass('outbox') AS outbox, to_regclass('handled_events') AS handled");
  expect(rows[0]).toEqual({ outbox: 'outbox', handled: 'handled_events' });
});

it('answers ready with its database and NATS', async () => {
  const response = await service.app.inject({ method: 'GET', url: '/health/ready' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', nats: 'ok' } });
});

it('refuses requests without a valid assertion for rides', async () => {
  const none = await service.app.inject({ method: 'GET', url: '/anything' });
  const forOther = await service.app.inject({
    method: 'GET',
    url: '/anything',
    headers: { [ASSERTION_HEADER]: await signAssertion(config.INTERNAL_AUTH_SECRET, { kind: 'public' }, 'admin') },
  });
  expect(none.statusCode).toBe(401);
  expect(forOther.statusCode).toBe(401);
});

it('refuses to start on a bad setting, naming it', () => {
  expect(() => readRidesConfig({ PORT: 'eighty', INTERNAL_AUTH_SECRET: 'short' })).toThrow(/PORT[\s\S]*INTERNAL_AUTH_SECRET|INTERNAL_AUTH_SECRET[\s\S]*PORT/);
});
