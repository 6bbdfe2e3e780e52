import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type BookingFact, bookingEvents } from '@krom/contracts/events/bookings';
import { type PaymentFact, paymentEvents } from '@krom/contracts/events/payments';
import { mobileMoneyCallbackRoute } from '@krom/contracts/services/payments/provider-callbacks';
import { EventBus } from '@krom/server-kit/bus';
import { dropDatabase } from '@krom/server-kit/db';
import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import { createLogger } from '@krom/server-kit/logger';
import { eventually, testEnvelope } from '@krom/server-kit/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, varDir } from '../lib/infra.ts';
import { type NatsCluster, startNatsCluster } from '../lib/nats-cluster.ts';
import { serviceDatabaseUrl } from '../lib/service-databases.ts';
import { type Supervised, supervise } from '../lib/supervisor.ts';

/*
 * Money under faults, with real processes: the payments service and the local mobile money gateway
 * run as their own processes on a NATS server of this test's own. Rides' payment requests arrive
 * on the bus (published with retries, as rides' outbox relay does), each passenger approves the
 * prompt on the gateway's phone page, and the gateway's signed callbacks reach payments as the BFF
 * passes them on. Meanwhile the payments service is killed (SIGKILL) and, later, the broker: every
 * request must end as exactly one collection at the gateway, one succeeded payment, one ledger
 * entry and one `payment.succeeded` fact, and the books must balance and match the gateway's.
 * The counts are written to var/bench/payment-faults.json for `npm run bench` to report.
 */

const PAYMENTS = 24;
/** Each wave of requests is published at one stage: before the faults, while payments is dead, after the broker came back. */
const WAVE = PAYMENTS / 3;
const FARE = 4_000;
const FEE = 200;
/** A hang catcher: a callback lost while payments was dead is found by the sweep, every few seconds here. */
const SETTLE_MS = 240_000;

const tag = `payfaults${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const postgresUrl = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const database = (service: string) => serviceDatabaseUrl({ postgresUrl, prefix: `krom_${tag}_` }, service);
const secrets = { INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'), LOCAL_MOMO_SECRET: randomBytes(32).toString('hex') };
const workDir = mkdtempSync(join(tmpdir(), 'krom-payment-faults-'));
const logLines: string[] = [];
const log = (line: string) => logLines.push(line);

let nats: NatsCluster;
let bus: EventBus;
let payments: Supervised;
let gateway: Supervised;
let forwarder: Server;
const observed: { eventId: string; fact: PaymentFact }[] = [];

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The gateway's callbacks, passed to payments as the BFF does: the raw body and headers, with the public caller's assertion. */
function startForwarder(paymentsPort: number, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const headers = Object.fromEntries(Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      try {
        const answer = await fetch(`http://127.0.0.1:${paymentsPort}${mobileMoneyCallbackRoute.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [ASSERTION_HEADER]: signAssertion(secrets.INTERNAL_AUTH_SECRET, { kind: 'public' }, 'payments') },
          body: JSON.stringify({ url: `http://127.0.0.1:${port}${request.url ?? '/'}`, headers, rawBody: Buffer.concat(chunks).toString('base64') }),
        });
        response.writeHead(answer.status).end();
      } catch {
        // Payments is down: the gateway tries again later, and payments' sweep reads what stays open.
        response.writeHead(502).end();
      }
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Rides' fact asking for a booking's fare: each passenger with a wallet of their own. */
function paymentRequest(n: number): EventEnvelope<BookingFact> {
  const now = new Date();
  const phone = `024${String(7_000_000 + n).padStart(7, '0')}`;
  return testEnvelope(bookingEvents.payment_requested, {
    bookingId: randomUUID(),
    rideId: randomUUID(),
    passengerId: randomUUID(),
    driverId: randomUUID(),
    status: 'awaiting_payment',
    previousStatus: null,
    bookingMode: 'instant',
    paymentMethod: 'mobile_money',
    seats: 1,
    board: { index: 0, location: 'Circle, Accra', city: 'Accra', meetingPoint: null },
    alight: { index: 1, location: 'Kejetia, Kumasi', city: 'Kumasi', meetingPoint: null },
    pricePerSeat: (FARE / 100).toFixed(2),
    totalAmount: (FARE / 100).toFixed(2),
    serviceFee: (FEE / 100).toFixed(2),
    wallet: { phone, network: 'mtn' },
    currency: 'GHS',
    refundAmount: null,
    passengerFirstName: 'Ama',
    passengerPhone: phone,
    driverFirstName: 'Kwame',
    vehicle: { make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GR-1234-20' },
    departureDate: '2027-01-15',
    departureTime: '08:00',
    departureAt: '2027-01-15T08:00:00.000Z',
    // Long enough that no request lapses while the faults delay it: this test is about money lost or doubled, not holds.
    expiresAt: new Date(now.getTime() + 60 * 60_000).toISOString(),
    boardingCode: null,
    actor: 'passenger',
    reason: null,
    occurredAt: now.toISOString(),
    version: 2,
  });
}

/** Publishes as rides' outbox relay does: again and again until the broker has it (its message id makes a repeat a no-op). */
async function publishUntilTaken(envelope: EventEnvelope<BookingFact>): Promise<void> {
  await eventually(() => bus.publish(bookingEvents.payment_requested.subject, envelope, 2000).then(() => true as const, () => undefined), SETTLE_MS, 250);
}

/** Bookings whose passengers wait to approve until the broker is down; their prompts' payment ids once announced. */
const heldBookings = new Set<string>();
const heldPrompts: string[] = [];

/** Publishes a wave of requests; `hold` of them are approved only later, by the test itself. */
function publishWave(from: number, hold = 0) {
  const requests = Array.from({ length: WAVE }, (_, i) => paymentRequest(from + i));
  for (const request of requests.slice(0, hold)) heldBookings.add(request.data.bookingId);
  return Promise.all(requests.map(publishUntilTaken));
}

/** A passenger at their phone approves the prompt with a PIN, as on the phone page, once payments says it was sent. */
async function approve(reference: string): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${gateway.spec.port}/prompts/${reference}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'pin=1234',
    redirect: 'manual',
  });
  // The phone page answers an approval with a redirect back to the phone; anything else is tried again.
  if (answer.status !== 303) throw new Error(`approving ${reference} answered ${answer.status}`);
}

const succeededCount = async () =>
  Number((await query<{ n: string }>(database('payments'), "SELECT count(*) AS n FROM payments WHERE status = 'succeeded'").catch(() => [{ n: '0' }]))[0]?.n ?? 0);

const atLeastSucceeded = (n: number) => eventually(async () => ((await succeededCount()) >= n ? true : undefined), SETTLE_MS, 200);

/** SIGKILLs the process running now and waits until its supervisor has started a new one that answers ready. */
async function killAndAwaitRestart(service: Supervised): Promise<void> {
  const before = service.restarts;
  const child = service.child;
  await new Promise((resolve) => {
    child?.once('exit', resolve);
    child?.kill('SIGKILL');
  });
  await eventually(async () => (service.restarts > before ? true : undefined), SETTLE_MS);
  await service.ready();
}

beforeAll(async () => {
  nats = await startNatsCluster({ size: 1, storeDir: join(workDir, 'nats') });
  const [paymentsPort, gatewayPort, forwarderPort] = [await freePort(), await freePort(), await freePort()];
  forwarder = await startForwarder(paymentsPort, forwarderPort);
  const common = { ...process.env, ...secrets, NODE_ENV: 'development', LOG_LEVEL: 'warn', NATS_URL: nats.url, REDIS_URL: redisUrl };
  gateway = supervise(
    {
      name: 'local-momo',
      cwd: 'services/payments',
      script: 'src/providers/mobile-money/local-gateway/server.ts',
      port: gatewayPort,
      health: '/health/ready',
      env: { LOCAL_MOMO_PORT: String(gatewayPort), LOCAL_MOMO_DATABASE_URL: database('local_momo'), LOCAL_MOMO_CALLBACK_URL: `http://127.0.0.1:${forwarderPort}/` },
    },
    { env: common, log },
  );
  payments = supervise(
    {
      name: 'payments',
      cwd: 'services/payments',
      script: 'src/server.ts',
      port: paymentsPort,
      health: '/health/ready',
      env: {
        DATABASE_URL: database('payments'),
        REDIS_PREFIX: tag,
        LOCAL_MOMO_URL: `http://127.0.0.1:${gatewayPort}`,
        // The sweep reads again what a lost callback left open.
        SWEEP_INTERVAL_SECONDS: '5',
      },
    },
    { env: common, log },
  );
  await Promise.all([gateway.ready(), payments.ready()]);
  payments.restartOnExit(true);
  bus = await EventBus.connect({ url: nats.url, name: 'payment-faults-test', logger: createLogger('payment-faults', 'silent') });
  // Each prompt is approved when payments announces it (the fact itself, not a poll of the gateway).
  await bus.subscribe('payment-faults-passengers', paymentEvents.prompted, async ({ data }) => {
    if (heldBookings.has(data.bookingId)) heldPrompts.push(data.paymentId);
    else await approve(data.paymentId);
  });
  // What rides would hear: every succeeded fact delivered, counted by event id (a redelivery is not a second payment).
  await bus.subscribe('payment-faults-observer', paymentEvents.succeeded, async (event) => {
    observed.push({ eventId: event.id, fact: event.data });
  });
}, 600_000);

afterAll(async () => {
  await bus?.close();
  await Promise.all([payments?.stop(), gateway?.stop()]);
  await new Promise((resolve) => forwarder?.close(resolve));
  await nats?.stop();
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${tag}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
  for (const service of ['payments', 'local_momo']) await dropDatabase(database(service)).catch(() => undefined);
  rmSync(workDir, { recursive: true, force: true });
}, 120_000);

it(
  'loses no payment and applies none twice when the payments service and then the broker are killed mid-stream',
  async () => {
    // Before any fault: some payments complete the ordinary way.
    await publishWave(0);
    await atLeastSucceeded(WAVE / 2);

    // Payments dies mid-stream; the next wave is published while it is dead and waits in JetStream.
    // Two of its passengers approve only once the broker is down.
    const dying = killAndAwaitRestart(payments);
    await publishWave(WAVE, 2);
    await dying;
    await atLeastSucceeded(2 * WAVE - 2);
    await eventually(async () => (heldPrompts.length === 2 ? true : undefined), SETTLE_MS);

    // The broker dies: the two prompts approved now still settle in payments' database (their facts wait in its outbox).
    nats.kill('nats-1');
    for (const reference of heldPrompts) await approve(reference);
    await atLeastSucceeded(2 * WAVE);
    await nats.restart('nats-1');
    await publishWave(2 * WAVE);

    await atLeastSucceeded(PAYMENTS);
    await eventually(async () => (new Set(observed.map(({ fact }) => fact.paymentId)).size >= PAYMENTS ? true : undefined), SETTLE_MS, 200);

    const rows = await query<{ id: string; booking_id: string; status: string; amount_pesewas: string }>(database('payments'), 'SELECT id, booking_id, status, amount_pesewas FROM payments');
    const collections = await query<{ reference: string; status: string; amount: string }>(
      database('local_momo'),
      "SELECT reference, status, amount FROM movements WHERE kind = 'collection'",
    );
    const entries = await query<{ reference: string; kind: string }>(database('payments'), "SELECT reference, kind FROM ledger_entries WHERE kind = 'collection'");
    const [books] = await query<{ total: string; clearing: string }>(
      database('payments'),
      `SELECT coalesce(sum(l.amount), 0) AS total,
              coalesce(sum(l.amount) FILTER (WHERE a.type = 'gateway_clearing'), 0) AS clearing
         FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id`,
    );
    const facts = await query<{ n: string; payments: string }>(
      database('payments'),
      "SELECT count(*) AS n, count(DISTINCT envelope->'data'->>'paymentId') AS payments FROM outbox WHERE subject = $1",
      [paymentEvents.succeeded.subject],
    );
    const collected = collections.filter(({ status }) => status === 'succeeded').reduce((sum, { amount }) => sum + Number(amount), 0);
    const observedPayments = new Set(observed.map(({ fact }) => fact.paymentId));
    const observedEvents = new Set(observed.map(({ eventId }) => eventId));

    const figures = {
      requested: PAYMENTS,
      made: rows.filter(({ status }) => status === 'succeeded').length,
      lost: PAYMENTS - new Set(rows.filter(({ status }) => status === 'succeeded').map(({ booking_id }) => booking_id)).size,
      duplicated: rows.length - new Set(rows.map(({ booking_id }) => booking_id)).size + (entries.length - new Set(entries.map(({ reference }) => reference)).size),
      gatewayCollections: collections.length,
      ledgerCollections: entries.length,
      succeededFacts: Number(facts[0]?.n ?? 0),
      factsDelivered: observed.length,
      ledgerBalancePesewas: Number(books?.total ?? 0),
      paymentsRestarts: payments.restarts,
      brokerRestarts: 1,
    };
    mkdirSync(join(varDir, 'bench'), { recursive: true });
    writeFileSync(join(varDir, 'bench', 'payment-faults.json'), `${JSON.stringify({ ...figures, measuredAt: new Date().toISOString() }, null, 2)}\n`);
    console.log(`payment faults: ${JSON.stringify(figures)}`);

    // One payment per request, each succeeded, for the amount asked; none made twice at the gateway or in the books.
    expect(rows).toHaveLength(PAYMENTS);
    expect(new Set(rows.map(({ booking_id }) => booking_id)).size).toBe(PAYMENTS);
    expect(rows.every(({ status, amount_pesewas }) => status === 'succeeded' && Number(amount_pesewas) === FARE + FEE)).toBe(true);
    expect(collections).toHaveLength(PAYMENTS);
    expect(new Set(collections.map(({ reference }) => reference))).toEqual(new Set(rows.map(({ id }) => id)));
    expect(entries).toHaveLength(PAYMENTS);
    expect(facts[0]).toEqual({ n: String(PAYMENTS), payments: String(PAYMENTS) });
    // What rides hears: every payment once as a fact (a redelivery carries the same event id).
    expect(observedPayments.size).toBe(PAYMENTS);
    expect(observedEvents.size).toBe(PAYMENTS);
    // The books balance, and Krom's money at the gateway is what the gateway itself collected.
    expect(Number(books?.total)).toBe(0);
    expect(Number(books?.clearing)).toBe(collected);
    expect(collected).toBe(PAYMENTS * (FARE + FEE));
  },
  SETTLE_MS * 4,
);
