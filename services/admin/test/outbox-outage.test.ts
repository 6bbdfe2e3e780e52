import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitlistJoined } from '@krom/contracts/events/admin';
import { dropDatabase } from '@krom/server-kit/db';
import { eventually, publishedEvents } from '@krom/server-kit/testing';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openAdminService } from '../src/open-admin.ts';
import { adminTestConfig } from './admin-test-env.ts';

/**
 * A broker outage delays events and never loses them. This test runs its own nats-server, so it
 * can stop the broker without disturbing anything else on the machine.
 */
let port = 0;
let storeDir = '';
let nats: ChildProcess | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: found } = server.address() as { port: number };
      server.close(() => resolve(found));
    });
  });
}

async function startNats(): Promise<void> {
  nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
  await eventually(
    () =>
      new Promise<true | undefined>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.end();
          resolve(true);
        });
        socket.once('error', () => resolve(undefined));
      }),
    10_000,
  );
}

async function stopNats(): Promise<void> {
  const proc = nats;
  if (!proc || proc.exitCode !== null) return;
  await new Promise((resolve) => {
    proc.once('exit', resolve);
    proc.kill('SIGKILL');
  });
}

let config: ReturnType<typeof adminTestConfig>['config'];
let as: ReturnType<typeof adminTestConfig>['as'];
let service: Awaited<ReturnType<typeof openAdminService>>;

beforeAll(async () => {
  port = await freePort();
  storeDir = await mkdtemp(join(tmpdir(), 'krom-nats-'));
  await startNats();
  ({ config, as } = adminTestConfig({ NATS_URL: `nats://127.0.0.1:${port}` }));
  service = await openAdminService(config);
});

afterAll(async () => {
  await service?.app.close();
  await stopNats();
  await rm(storeDir, { recursive: true, force: true });
  await dropDatabase(config.DATABASE_URL);
});

it('delivers an event written while NATS was down once NATS is back', async () => {
  await stopNats();
  // The relay publishes through the service's bus: its tries are seen here.
  const publish = vi.spyOn(service.bus, 'publish');

  const response = await service.app.inject({
    method: 'POST',
    url: '/waitlist',
    headers: await as({ kind: 'public' }),
    payload: { name: 'Adwoa Sarpong', email: 'adwoa@example.com', phone: '0261234567' },
  });
  expect(response.statusCode).toBe(201);
  const { id } = response.json();

  // The relay tried to publish the sign-up's event and is trying again: its tries run one after
  // another, so the first one failed and left the event waiting in the outbox, neither lost nor
  // marked as sent.
  const tries = () => publish.mock.calls.filter(([subject]) => subject === waitlistJoined.subject);
  await eventually(async () => (tries().length >= 2 ? true : undefined));
  expect(new Set(tries().map(([, envelope]) => envelope.id)).size).toBe(1);
  const { rows } = await service.db.$client.query('SELECT published_at FROM outbox');
  expect(rows).toHaveLength(1);
  expect(rows[0].published_at).toBeNull();

  await startNats();

  const events = await eventually(async () => {
    const found = await publishedEvents(service.bus, waitlistJoined.subject);
    return found.length > 0 ? found : undefined;
  });
  expect(events).toHaveLength(1);
  expect(events[0]!.data).toMatchObject({ signupId: id, email: 'adwoa@example.com' });
  // The relay marks the row once the broker has the event: that follows in its own time.
  await eventually(async () => {
    const after = await service.db.$client.query('SELECT published_at FROM outbox');
    return after.rows[0].published_at === null ? undefined : true;
  });
});
