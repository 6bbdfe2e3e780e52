import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import { expect, it } from 'vitest';
import { readRidesConfig } from '../src/config.ts';
import { useRidesService } from './rides-test-env.ts';

const handle = useRidesService();

it('creates and migrates its own database', async () => {
  const { rows } = await handle.service.db.$client.query(
    "SELECT to_regclass('outbox') AS outbox, to_regclass('handled_events') AS handled, to_regclass('payments') AS payments, to_regclass('payment_methods') AS methods",
  );
  expect(rows[0]).toEqual({ outbox: 'outbox', handled: 'handled_events', payments: 'payments', methods: 'payment_methods' });
});

it('answers ready with its database and NATS', async () => {
  const response = await handle.service.app.inject({ method: 'GET', url: '/health/ready' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', nats: 'ok' } });
});

it('refuses requests without a valid assertion for rides', async () => {
  const none = await handle.service.app.inject({ method: 'GET', url: '/anything' });
  const forOther = await handle.service.app.inject({
    method: 'GET',
    url: '/payments',
    headers: { [ASSERTION_HEADER]: await signAssertion(handle.config.INTERNAL_AUTH_SECRET, { kind: 'user', userId: crypto.randomUUID() }, 'admin') },
  });
  expect(none.statusCode).toBe(401);
  expect(forOther.statusCode).toBe(401);
});

it('consumes user.deleted with a durable consumer of its own', async () => {
  const bus = handle.service.bus;
  const info = await bus.jsm.consumers.info(bus.streamName, 'rides_krom_identity_user_deleted_v1');
  expect(info.config.filter_subject).toBe(bus.subjectOf('krom.identity.user.deleted.v1'));
});

it('refuses to start on a bad setting, naming it', () => {
  expect(() => readRidesConfig({ PORT: 'eighty', INTERNAL_AUTH_SECRET: 'short' })).toThrow(/PORT[\s\S]*INTERNAL_AUTH_SECRET|INTERNAL_AUTH_SECRET[\s\S]*PORT/);
});
