import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userSnapshotStream } from '@krom/contracts/events/identity';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { dropDatabase } from '@krom/server-kit/db';
import { eventually } from '@krom/server-kit/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../lib/infra.ts';
import { type NatsCluster, startNatsCluster } from '../lib/nats-cluster.ts';
import { serviceDatabaseUrl } from '../lib/service-databases.ts';
import { type ProcessSpec, type Supervised, supervise } from '../lib/supervisor.ts';

/*
 * Several replicas, proven: a three-node NATS cluster with the streams on all three (R3), one
 * identity, one admin and one payments, two replicas each of rides, notifications and the BFF (same databases, same Redis
 * prefix). While posted rides are matched to ride requests and sign-up codes are sent, one NATS
 * server and one replica of each are killed (SIGKILL). Then: every match is told (notification
 * and SMS), every code is texted, no SMS went out twice, and every session made before still
 * answers as its user through the surviving BFF.
 */

const ORIGIN = 'http://krom.test';
const PASSENGERS = 4;
const RIDES = 10;
const CODES = 10;
/** The kills happen once this many rides were posted: the later ones go through the survivors. */
const KILL_AFTER_RIDES = 4;
/** A hang catcher: events stuck with a killed replica come back after JetStream's 30 s ack wait and BullMQ's stalled-job check. */
const SETTLE_MS = 150_000;

const tag = `replicas${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const postgresUrl = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const databases = { postgresUrl, prefix: `krom_${tag}_` };
const database = (service: string) => serviceDatabaseUrl(databases, service);
/** The admin the admin service creates at start (ADMIN_BOOTSTRAP_*), who approves the driver. */
const staffAccount = { username: 'replicas.staff', password: randomBytes(12).toString('hex') };
const secrets = { INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'), SESSION_SECRET: randomBytes(32).toString('hex') };
const workDir = mkdtempSync(join(tmpdir(), 'krom-replicas-'));
const outboxDir = join(workDir, 'outbox');
const departureDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
const accra = { location: 'Accra', latitude: 5.6037, longitude: -0.187 };
const kumasi = { location: 'Kumasi', latitude: 6.6885, longitude: -1.6244 };

let cluster: NatsCluster;
const processes = new Map<string, Supervised>();
const logLines: string[] = [];

/** A Ghana number new to this run (its databases and outbox are its own): 024, four digits of the run's, a counter. */
const phoneBase = 1000 + randomInt(9000);
let numbers = 0;
const newPhone = () => {
  numbers += 1;
  return `024${phoneBase}${String(numbers).padStart(3, '0')}`;
};
const e164 = (phone: string) => `+233${phone.slice(1)}`;

/** A browser of one person: its cookies, sent to whichever BFF replica a call goes to. */
class Client {
  private readonly cookies = new Map<string, string>();
  userId = '';
  constructor(readonly label: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call(bffPort: number, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`http://127.0.0.1:${bffPort}${path}`, {
      method,
      headers: {
        origin: ORIGIN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: this.cookieHeader(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  }
}

const bffPort = (replica: 1 | 2) => processes.get(`bff-${replica}`)?.spec.port as number;

async function query<T extends pg.QueryResultRow>(service: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database(service) });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Every SMS the local provider delivered (its outbox file), oldest first. */
async function deliveredSms(): Promise<{ to: string; body: string }[]> {
  const text = await readFile(join(outboxDir, 'sms.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; body: string });
}

/** The newest 4-digit code texted to `phone` (sms_logs keeps only the redacted text once sent). */
const codeTextedTo = (phone: string) =>
  eventually(async () => {
    const texts = (await deliveredSms()).filter((sms) => sms.to === e164(phone));
    return texts.length > 0 ? /\b(\d{4})\b/.exec(texts[texts.length - 1]?.body ?? '')?.[1] : undefined;
  });

async function signUp(client: Client, replica: 1 | 2): Promise<string> {
  const phone = newPhone();
  const port = bffPort(replica);
  expect((await client.call(port, 'POST', '/api/sms/send-verification', { phoneNumber: phone })).status).toBe(200);
  const code = await codeTextedTo(phone);
  expect((await client.call(port, 'POST', '/api/sms/verify-code', { phoneNumber: phone, verificationCode: code })).status).toBe(200);
  const registered = await client.call(port, 'POST', '/api/auth/register', {
    firstName: 'Ama',
    lastName: client.label,
    email: `${client.label}.${tag}@example.com`,
    phone,
    password: 'Akwaaba-2026',
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
  client.userId = (registered.json as { id: string }).id;
  return phone;
}

/** Identity and driver details sent through the BFF, approved by staff through the BFF. */
async function verifyDriver(driver: Client): Promise<void> {
  const port = bffPort(1);
  const inYears = (years: number) => `${new Date().getUTCFullYear() + years}-06-30`;
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };
  const submit = async (path: string, fields: Record<string, string>) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { origin: ORIGIN, cookie: driver.cookieHeader() }, body: form(fields) });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const cardNumber = `GHA-7${String(Date.now()).slice(-8)}-3`;
  const identity = await submit('/api/auth/verify-identity', { fullName: `Ama ${driver.label}`, cardNumber, expiryDate: inYears(3) });
  const driving = await submit('/api/auth/verify-driver-identity', {
    fullName: `Ama ${driver.label}`,
    cardNumber,
    dateOfBirth: '1988-03-09',
    licenseNumber: 'DVL-0042817',
    licenseClass: 'B',
    licenseExpiryDate: inYears(2),
  });
  const staff = new Client('staff');
  expect((await staff.call(port, 'POST', '/api/admin/login', staffAccount)).status).toBe(200);
  for (const submission of [identity, driving]) {
    const decided = await staff.call(port, 'POST', `/api/admin/verifications/${submission}/decision`, { decision: 'approved' });
    expect(decided.status, JSON.stringify(decided.json)).toBe(200);
  }
  await eventually(async () => {
    const rights = await driver.call(port, 'GET', '/api/rides/posting-rights');
    return (rights.json as { nextStep: string | null }).nextStep === 'add_vehicle' ? true : undefined;
  });
}

function spec(name: string, cwd: string, port: number, env: Record<string, string>): ProcessSpec {
  return { name, cwd, script: 'src/server.ts', port, health: '/health/ready', env };
}

beforeAll(async () => {
  cluster = await startNatsCluster({ size: 3, storeDir: join(workDir, 'nats') });
  const common = {
    ...process.env,
    ...secrets,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    NATS_URL: cluster.url,
    NATS_STREAM_REPLICAS: '3',
    REDIS_URL: redisUrl,
  };
  const pair = async () => [await freePort(), await freePort()] as const;
  const port = { identity: await freePort(), admin: await freePort(), payments: await freePort(), rides: await pair(), notifications: await pair(), bff: await pair() };
  const notificationsEnv = {
    DATABASE_URL: database('notifications'),
    REDIS_PREFIX: tag,
    LOCAL_OUTBOX_DIR: outboxDir,
    PHONE_CODE_HOURLY_CAP_PER_CLIENT: '1000',
    SMS_CAP_PER_NUMBER_HOURLY: '1000',
    SMS_CAP_PER_NUMBER_DAILY: '1000',
    MATCH_NOTICES_PER_DRIVER_DAILY: '1000',
    MATCH_NOTICES_PER_MEMBER_DAILY: '1000',
    // A code recorded by a replica killed before it queued the SMS is queued again by the sweep.
    PENDING_MESSAGE_SWEEP_SECONDS: '5',
    // A claim left by the killed replica is settled once it is this old (the local provider answers in milliseconds).
    MESSAGE_CLAIM_LEASE_SECONDS: '10',
  };
  const bffEnv = (replica: 0 | 1) => ({
    REDIS_PREFIX: `${tag}:bff:`,
    PUBLIC_ORIGIN: ORIGIN,
    IDENTITY_URL: `http://127.0.0.1:${port.identity}`,
    // Each BFF replica calls its own rides and notifications replica, as a node-local balancer would.
    RIDES_URL: `http://127.0.0.1:${port.rides[replica]}`,
    NOTIFICATIONS_URL: `http://127.0.0.1:${port.notifications[replica]}`,
    ADMIN_URL: `http://127.0.0.1:${port.admin}`,
    PAYMENTS_URL: `http://127.0.0.1:${port.payments}`,
    RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
    RATE_LIMIT_RIDE_POSTS_PER_DAY: '1000',
    RATE_LIMIT_RIDE_REQUESTS_PER_DAY: '1000',
    RATE_LIMIT_VEHICLES_PER_DAY: '1000',
    RATE_LIMIT_MEMBER_WRITES_PER_HOUR: '1000',
  });
  const specs = [
    spec('identity', 'services/identity', port.identity, { DATABASE_URL: database('identity'), UPLOADS_DIR: join(workDir, 'uploads') }),
    // Staff sign in through it to approve the driver; the BFFs are ready only once it answers too.
    spec('admin', 'services/admin', port.admin, {
      DATABASE_URL: database('admin'),
      ADMIN_BOOTSTRAP_USERNAME: staffAccount.username,
      ADMIN_BOOTSTRAP_PASSWORD: staffAccount.password,
    }),
    // The BFFs are ready only once payments answers too; its payment sweep runs under the run's Redis prefix.
    spec('payments', 'services/payments', port.payments, { DATABASE_URL: database('payments'), REDIS_PREFIX: tag }),
    ...([0, 1] as const).flatMap((replica) => [
      // Both rides replicas declare the sweeps' schedulers and run their jobs under the run's own Redis prefix.
      spec(`rides-${replica + 1}`, 'services/rides', port.rides[replica], { DATABASE_URL: database('rides'), REDIS_PREFIX: tag }),
      spec(`notifications-${replica + 1}`, 'services/notifications', port.notifications[replica], notificationsEnv),
    ]),
  ];
  for (const replica of [0, 1] as const) specs.push(spec(`bff-${replica + 1}`, 'bff', port.bff[replica], bffEnv(replica)));
  // All at once, as replicas start in production: creating a database, migrating it and adding the streams are safe to race.
  const log = (line: string) => logLines.push(line);
  for (const service of specs) processes.set(service.name, supervise(service, { env: common, log }));
  await Promise.all([...processes.values()].map((child) => child.ready()));
});

afterAll(async () => {
  await Promise.all([...processes.values()].map((child) => child.stop()));
  await cluster?.stop();
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${tag}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
  for (const service of ['identity', 'admin', 'payments', 'rides', 'notifications']) await dropDatabase(database(service)).catch(() => undefined);
  rmSync(workDir, { recursive: true, force: true });
});

describe('two replicas of each service on a three-node NATS cluster', () => {
  it('loses no event, sends no SMS twice and keeps every session when a NATS server and one replica of each are killed', async () => {
    // Before: passengers with a request each (half through each BFF), a driver who may post.
    const passengers = Array.from({ length: PASSENGERS }, (_, i) => new Client(`passenger${i + 1}`));
    const passengerPhones = new Map<string, string>();
    for (const [i, passenger] of passengers.entries()) {
      const replica = i % 2 === 0 ? 1 : 2;
      passengerPhones.set(passenger.label, await signUp(passenger, replica));
      const request = await passenger.call(bffPort(replica), 'POST', '/api/ride-requests', {
        fromLocation: accra.location,
        fromLatitude: accra.latitude,
        fromLongitude: accra.longitude,
        toLocation: kumasi.location,
        toLatitude: kumasi.latitude,
        toLongitude: kumasi.longitude,
        preferredDepartureDate: departureDate,
        flexibleDates: false,
        passengers: 1,
        notifyBySMS: true,
        notifyByEmail: false,
      });
      expect(request.status, JSON.stringify(request.json)).toBe(201);
    }
    const driver = new Client('driver');
    await signUp(driver, 2);
    await verifyDriver(driver);
    const vehicle = await driver.call(bffPort(1), 'POST', '/api/vehicles', { make: 'Toyota', model: 'Corolla', year: 2018, color: 'Silver', licensePlate: 'GR-1234-20', seats: 5 });
    expect(vehicle.status, JSON.stringify(vehicle.json)).toBe(201);
    const vehicleId = (vehicle.json as { id: string }).id;
    // Notifications must know the passengers' phones before the matches arrive, or it has no number to text.
    await eventually(async () => {
      const [row] = await query<{ n: number }>('notifications', 'SELECT count(*)::int AS n FROM known_users WHERE user_id = ANY($1::uuid[])', [passengers.map((p) => p.userId)]);
      return row?.n === PASSENGERS ? true : undefined;
    });

    // During: rides posted and codes sent through both BFFs; the kills once KILL_AFTER_RIDES rides are in.
    const killed = new Set<string>();
    const alive = (replica: 1 | 2) => !killed.has(`bff-${replica}`);
    const through = (i: number): 1 | 2 => (i % 2 === 0 || !alive(2) ? 1 : 2);
    let slot = 0;
    /** Each try gets its own departure time, so every ride (even one whose answer was lost with a killed BFF) has its own SMS text. */
    const nextTime = () => {
      const minutes = 6 * 60 + 15 * slot++;
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    };
    let ridesPosted = 0;
    /** Calls a kill cut off, made again through the surviving BFF. */
    let retried = 0;
    let kills: Promise<void> | undefined;
    // Each stream on all three servers; the one leading the event stream is the one killed, forcing an election mid-traffic.
    const before = await streams();
    expect(before.replicas).toEqual([3, 3]);
    const killOne = async () => {
      const leader = (await streams()).leader ?? 'nats-1';
      cluster.kill(leader);
      killed.add(leader);
      for (const name of ['bff-2', 'rides-2', 'notifications-2']) {
        processes.get(name)?.child?.kill('SIGKILL');
        killed.add(name);
      }
    };
    const postRides = async () => {
      for (let i = 0; i < RIDES; i++) {
        for (;;) {
          const replica = through(i);
          const posted = await driver
            .call(bffPort(replica), 'POST', '/api/rides', {
              vehicleId,
              fromCity: accra.location,
              toCity: kumasi.location,
              fromLocation: accra.location,
              toLocation: kumasi.location,
              fromLatitude: accra.latitude,
              fromLongitude: accra.longitude,
              toLatitude: kumasi.latitude,
              toLongitude: kumasi.longitude,
              departureDate,
              departureTime: nextTime(),
              availableSeats: 4,
              pricePerSeat: '50',
            })
            .catch(() => undefined);
          if (posted?.status === 201) break;
          retried += 1;
          // Only a replica killed under the call may fail it; anything else is a real refusal.
          if (alive(replica) && posted !== undefined) expect(posted.status, JSON.stringify(posted.json)).toBe(201);
        }
        ridesPosted += 1;
        if (ridesPosted === KILL_AFTER_RIDES) kills = killOne();
      }
    };
    const codePhones: string[] = [];
    const sendCodes = async () => {
      const visitor = new Client('visitor');
      for (let i = 0; i < CODES; i++) {
        const phone = newPhone();
        codePhones.push(phone);
        for (;;) {
          const replica = through(i + 1);
          const sent = await visitor.call(bffPort(replica), 'POST', '/api/sms/send-verification', { phoneNumber: phone }).catch(() => undefined);
          // 429: an earlier try reached notifications before its replica died; the code is on its way.
          if (sent?.status === 200 || sent?.status === 429) break;
          retried += 1;
          if (alive(replica) && sent !== undefined) expect(sent.status, JSON.stringify(sent.json)).toBe(200);
        }
      }
    };
    await Promise.all([postRides(), sendCodes()]);
    await kills;
    // The kills hit running processes: each replica died of its SIGKILL (none restarts here).
    expect([...logLines].sort()).toEqual(['bff-2 was killed (SIGKILL)', 'notifications-2 was killed (SIGKILL)', 'rides-2 was killed (SIGKILL)']);

    // After: every ride matched every request, and each match was told once, by notification and SMS.
    const rides = await query<{ id: string; departure_time: string }>('rides', 'SELECT id, departure_time FROM rides WHERE driver_id = $1', [driver.userId]);
    expect(rides.length).toBeGreaterThanOrEqual(RIDES);
    const expectedMatches = rides.length * PASSENGERS;
    await eventually(async () => {
      const [row] = await query<{ n: number }>('rides', 'SELECT count(*)::int AS n FROM ride_request_matches');
      return row?.n === expectedMatches ? true : undefined;
    }, SETTLE_MS);
    const notices = await eventually(async () => {
      const rows = await query<{ user_id: string; ride_id: string }>('notifications', `SELECT user_id, data->>'rideId' AS ride_id FROM notifications WHERE type = 'ride_request'`);
      return rows.length >= expectedMatches ? rows : undefined;
    }, SETTLE_MS);
    // The passengers' and the code numbers' SMS once every match SMS and every code is sent (the passengers' own sign-up codes are among them).
    const codePhoneSet = new Set(codePhones.map(e164));
    const sms = await eventually(async () => {
      const rows = await query<{ phone_number: string; message_type: string; message: string; status: string }>('notifications', `SELECT phone_number, message_type, message, status FROM sms_logs WHERE status = 'sent' AND phone_number = ANY($1::text[])`, [
        [...passengerPhones.values(), ...codePhones].map(e164),
      ]);
      const matches = rows.filter((row) => row.message_type === 'notification').length;
      const codes = rows.filter((row) => codePhoneSet.has(row.phone_number)).length;
      return matches >= expectedMatches && codes >= CODES ? rows : undefined;
    }, SETTLE_MS);

    const delivered = await deliveredSms();
    const count = (keys: string[]) => keys.reduce((counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1), new Map<string, number>());
    const twice = (counts: Map<string, number>) => [...counts].filter(([, n]) => n > 1);

    // No event lost: one notice per (passenger, ride), each ride's SMS to each passenger, each code texted.
    expect(new Set(notices.map((n) => `${n.user_id} ${n.ride_id}`)).size).toBe(expectedMatches);
    expect(notices).toHaveLength(expectedMatches);
    const matchSms = sms.filter((row) => row.message_type === 'notification');
    expect(matchSms).toHaveLength(expectedMatches);
    for (const phone of passengerPhones.values()) expect(matchSms.filter((row) => row.phone_number === e164(phone))).toHaveLength(rides.length);
    for (const phone of codePhones) expect(sms.filter((row) => row.phone_number === e164(phone)), phone).toHaveLength(1);
    // No SMS sent twice: per destination and text, one row and one delivered message.
    expect(twice(count(sms.map((row) => `${row.phone_number} ${row.message}`)))).toEqual([]);
    expect(twice(count(delivered.map((entry) => `${entry.to} ${entry.body}`)))).toEqual([]);
    for (const phone of codePhones) expect(delivered.filter((entry) => entry.to === e164(phone)), phone).toHaveLength(1);

    // Every session still valid: the cookies made through either BFF answer as their user through the survivor.
    const sessions = [...passengers, driver];
    for (const client of sessions) {
      const me = await client.call(bffPort(1), 'GET', '/api/auth/user');
      expect(me.status, client.label).toBe(200);
      expect((me.json as { id: string }).id).toBe(client.userId);
    }

    console.log(
      `[replicas] events: ${rides.length} rides x ${PASSENGERS} requests = ${expectedMatches} matches, each told once; ` +
        `SMS: ${matchSms.length} match + ${CODES} code SMS, none twice (${delivered.length} outbox lines); ` +
        `sessions: ${sessions.length} valid after; kills: ${[...killed].join(', ')} (${retried} calls cut off and made again)`,
    );
  });
});

/** The event stream and identity's snapshot stream: how many servers keep each, and which leads the event stream. */
async function streams(): Promise<{ leader: string | undefined; replicas: number[] }> {
  const nc = await connect({ servers: cluster.url.split(',') });
  try {
    const jsm = await jetstreamManager(nc);
    const events = await jsm.streams.info('KROM');
    const snapshots = await jsm.streams.info(`KROM_${userSnapshotStream.suffix}`);
    return { leader: events.cluster?.leader, replicas: [events.config.num_replicas, snapshots.config.num_replicas] };
  } finally {
    await nc.close();
  }
}
