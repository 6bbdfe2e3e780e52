import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import { passwordHashOptions } from '@krom/server-kit/passwords';
import autocannon from 'autocannon';
import pg from 'pg';
import { fuzzApi, printFuzzReport, signInSessions } from './fuzz-api.ts';
import { measureDecisionLatency } from './lib/decision-latency.ts';
import { benchMarketplace, type LoadFigures } from './lib/marketplace-bench.ts';
import { renewedAssertion } from './lib/renewed-assertion.ts';
import { reachable, repoRoot, waitFor } from './lib/infra.ts';
import { measurePages, printPages, seedRidesForPages } from './lib/page-bench.ts';
import { describeKeptAnswers } from './lib/search-cache-bench.ts';
import { benchBookings } from './lib/booking-bench.ts';
import { benchPayments, type JourneyFigures, paymentFaultCounts } from './lib/payment-bench.ts';
import { seedRides } from '@krom/rides-service/seed-rides';
import { administratorCaller } from '@krom/server-kit/testing';

/**
 * `npm run bench`: starts the system as `npm start` does (ports +200, its own databases), then
 * measures on this machine, in one run, each journey through the BFF and directly against the
 * service, and prints the figures with the BFF/direct ratio. Numbers are this machine's only.
 */
const OFFSET = 200;
const WEB = `http://localhost:${8080 + OFFSET}`;
const BFF = `http://127.0.0.1:${4000 + OFFSET}`;
const ADMIN = `http://127.0.0.1:${4004 + OFFSET}`;
const IDENTITY = `http://127.0.0.1:${4001 + OFFSET}`;
const RIDES = `http://127.0.0.1:${4002 + OFFSET}`;
/** The local mobile money gateway npm start runs when no gateway's credentials are set (scripts/lib/system.ts). */
const LOCAL_MOMO = `http://127.0.0.1:${4095 + OFFSET}`;
const NATS = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const RIDE_COUNT = Number(process.env.BENCH_RIDES ?? 100_000);
const BASELINE_PORT = 4099 + OFFSET;
const BASELINE = `http://127.0.0.1:${BASELINE_PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** `BENCH_ONLY=pages`: start the system, seed rides and measure the pages only (issue 20's figures). */
const PAGES_ONLY = process.env.BENCH_ONLY === 'pages';
/** `BENCH_ONLY=bookings`: start the system, seed rides and measure booking seats only (issue 21's figures). */
const BOOKINGS_ONLY = process.env.BENCH_ONLY === 'bookings';
/** `BENCH_ONLY=payments`: start the system, seed rides and measure paying by mobile money only (issue 22's figures). */
const PAYMENTS_ONLY = process.env.BENCH_ONLY === 'payments';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PG = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PREFIX = 'krom_bench_';
const admin = { username: 'bench.admin', password: 'bench-admin-pass' };

const dbUrl = (service: string) => {
  const url = new URL(PG);
  url.pathname = `/${PREFIX}${service}`;
  return url.toString();
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function dropBenchDatabases() {
  const rows = await query<{ datname: string }>(PG, 'SELECT datname FROM pg_database WHERE datname LIKE $1', [`${PREFIX}%`]);
  for (const { datname } of rows) await query(PG, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}

let phoneCounter = 0;
const uniqueSignup = (tag: string) => {
  phoneCounter += 1;
  const n = `${Date.now() % 1_000_000}${phoneCounter}`.slice(-7).padStart(7, '0');
  return JSON.stringify({ name: `Bench ${tag}`, email: `${tag}.${Date.now()}.${phoneCounter}@bench.example`, phone: `024${n}` });
};

type Figures = LoadFigures;

/** One autocannon run; every response time is kept so p95 is exact. */
async function load(name: string, options: autocannon.Options): Promise<Figures> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return { name, rps: result.requests.average, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), non2xx: result.non2xx };
}

const CPU_NOTE = 'other processes on this machine share its cores';

const UNCACHED_BFF_PORT = 4098 + OFFSET;

/**
 * A second BFF beside the system's, on its own port, sharing its sessions and services, with the
 * current-user copies turned off (CURRENT_USER_CACHE_SECONDS=0): every read goes to identity.
 */
async function startUncachedBff(secrets: { INTERNAL_AUTH_SECRET: string; SESSION_SECRET: string }, redisPrefix: string) {
  const url = (port: number) => `http://127.0.0.1:${port + OFFSET}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: `${repoRoot}/bff`,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(UNCACHED_BFF_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...secrets,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `${redisPrefix}:bff:`,
      PUBLIC_ORIGIN: WEB,
      IDENTITY_URL: url(4001),
      RIDES_URL: url(4002),
      NOTIFICATIONS_URL: url(4003),
      ADMIN_URL: url(4004),
      PAYMENTS_URL: url(4005),
      CURRENT_USER_CACHE_SECONDS: '0',
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the second BFF exited (${child.exitCode})`);
    const live = await fetch(`http://127.0.0.1:${UNCACHED_BFF_PORT}/health/live`).then((r) => r.ok, () => false);
    if (live) break;
    if (Date.now() > deadline) throw new Error('the second BFF did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url: `http://127.0.0.1:${UNCACHED_BFF_PORT}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const SECURE_WEB_PORT = 8443 + OFFSET;

/**
 * A second web server beside the system's, over TLS and so HTTP/2 (TLS_CERT_FILE/TLS_KEY_FILE),
 * as browsers reach Krom once deployed (infra/README.md), with a throwaway self-signed
 * certificate from openssl; sharing the system's BFF and builds. Undefined without openssl.
 */
async function startSecureWeb(): Promise<{ url: string; stop: () => Promise<void> } | undefined> {
  const dir = mkdtempSync(path.join(tmpdir(), 'krom-bench-tls-'));
  const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
  if (made.status !== 0) return undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
    cwd: `${repoRoot}/frontends/shell`,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(SECURE_WEB_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BFF_URL: BFF, TLS_CERT_FILE: cert, TLS_KEY_FILE: key },
  });
  await waitFor('the TLS web server', async () => {
    if (child.exitCode !== null) throw new Error(`the TLS web server exited (${child.exitCode})`);
    return reachable('127.0.0.1', SECURE_WEB_PORT);
  }, 60_000);
  return {
    url: `https://localhost:${SECURE_WEB_PORT}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The bare Fastify + pg process (scripts/bench-baseline.ts) on its own port, against the bench identity database. */
async function startBaseline() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-baseline.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: String(BASELINE_PORT), DATABASE_URL: dbUrl('identity') },
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the baseline exited (${code})`)));
  });
  return {
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function printTable(rows: Figures[]) {
  console.log(`  ${'journey'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p99'.padStart(10)} non-2xx`);
  for (const r of rows) {
    console.log(`  ${r.name.padEnd(44)} ${r.rps.toFixed(0).padStart(8)} ${ms(r.p50).padStart(10)} ${ms(r.p95).padStart(10)} ${ms(r.p99).padStart(10)} ${r.non2xx}`);
  }
}

// 1. Start the system the way the README does, and time it until the page is served.
await dropBenchDatabases();
const busPrefix = `bench${Date.now().toString(36)}`;
const began = Date.now();
const system = spawn('npm', ['start'], {
  cwd: repoRoot,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    KROM_PORT_OFFSET: String(OFFSET),
    KROM_DATABASE_PREFIX: PREFIX,
    BUS_PREFIX: busPrefix,
    REDIS_PREFIX: busPrefix,
    LOCAL_OUTBOX_DIR: `${repoRoot}/var/bench/outbox`,
    ADMIN_BOOTSTRAP_USERNAME: admin.username,
    ADMIN_BOOTSTRAP_PASSWORD: admin.password,
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
    RATE_LIMIT_PLACES_PER_MINUTE: '100000000',
    RATE_LIMIT_BROWSE_PER_MINUTE: '100000000',
    // The generated requests write as a few members many times over; the limits would answer most of them 429 unjudged.
    RATE_LIMIT_RIDE_POSTS_PER_DAY: '100000000',
    RATE_LIMIT_RIDE_REQUESTS_PER_DAY: '100000000',
    RATE_LIMIT_VEHICLES_PER_DAY: '100000000',
    RATE_LIMIT_MEMBER_WRITES_PER_HOUR: '100000000',
    // The booking journeys book thousands of seats as one member.
    RATE_LIMIT_BOOKINGS_PER_HOUR: '100000000',
    LOG_LEVEL: 'warn',
  },
});
const stopSystem = async () => {
  if (system.pid === undefined || system.exitCode !== null) return;
  const exited = new Promise((resolve) => system.once('exit', resolve));
  process.kill(-system.pid, 'SIGINT');
  await exited;
};
try {
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Krom is running at')) resolve();
    };
    system.stdout?.on('data', onData);
    system.stderr?.on('data', onData);
    system.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
  const page = await fetch(WEB);
  if (!page.ok) throw new Error(`the page answered ${page.status}`);
  const startSeconds = (Date.now() - began) / 1000;

  const secrets = (await import(`${repoRoot}/var/dev-secrets.json`, { with: { type: 'json' } })).default as { INTERNAL_AUTH_SECRET: string; SESSION_SECRET: string };
  const secret = secrets.INTERNAL_AUTH_SECRET;
  const origin = { origin: `http://localhost:${8080 + OFFSET}`, 'content-type': 'application/json' };

  let members = 0;
  /** A member registered with identity as the BFF's sign-up would, signed in through the BFF. */
  const newMember = async () => {
    members += 1;
    const account = {
      firstName: 'Bench',
      lastName: 'Passenger',
      email: `bench.passenger.${Date.now()}.${members}@bench.example`,
      phone: `020${String(1_000_000 + members).slice(-7)}`,
      password: 'Bench-Passenger-Kente-2026',
    };
    const made = await fetch(`${IDENTITY}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ASSERTION_HEADER]: await signAssertion(secret, { kind: 'public' }, 'identity') },
      body: JSON.stringify(account),
    });
    if (made.status !== 201) throw new Error(`registering a bench passenger answered ${made.status}: ${await made.text()}`);
    const id = ((await made.json()) as { id: string }).id;
    const login = await fetch(`${BFF}/api/auth/login`, { method: 'POST', headers: origin, body: JSON.stringify({ email: account.email, password: account.password }) });
    if (!login.ok) throw new Error(`signing in a bench passenger answered ${login.status}`);
    return { id, cookie: login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
  };
  const bookingFigures = async (search: string, day: string) => {
    const bookings = await benchBookings({ bffUrl: BFF, ridesUrl: RIDES, ridesDatabaseUrl: dbUrl('rides'), secret, origin: WEB, load, newMember, search, day });
    console.log('\n  Booking seats (each request a new Idempotency-Key and a seat on a ride not yet booked)');
    printTable(bookings.rows);
    const [viaBff, direct, quiet, searching] = bookings.rows as [Figures, Figures, Figures, Figures];
    console.log(`  BFF/direct throughput ratio for POST bookings: ${(viaBff.rps / direct.rps).toFixed(2)} (goal ≥ 0.6)`);
    const o = bookings.oversell;
    console.log(`  oversell run: ${o.free} seats free, 200 members at once through the BFF → ${o.sold} seats sold (${o.accepted} booked, ${o.refused} refused 409, ${o.other} other)`);
    console.log(
      `  search p95 at 300 req/s with bookings at 20/s on its day: ${ms(searching.p95)} (goal < 25 ms); ${(searching.p95 / quiet.p95).toFixed(2)}× its p95 with no bookings`,
    );
  };

  const paymentFigures = async () => {
    if (process.env.PAYSTACK_SECRET_KEY || process.env.HUBTEL_CLIENT_ID) {
      console.log('\n  Paying by mobile money: not measured, a real gateway is configured (the bench approves prompts on the local gateway only)');
      return;
    }
    const p = await benchPayments({
      bffUrl: BFF,
      origin: WEB,
      gatewayUrl: LOCAL_MOMO,
      natsUrl: NATS,
      busPrefix,
      databases: { rides: dbUrl('rides'), payments: dbUrl('payments'), gateway: dbUrl('local_momo') },
      newMember,
      count: 100,
      workers: CONNECTIONS,
      seconds: DURATION,
    });
    const spread = (sorted: number[]) => `p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}`;
    const n = p.callbackToConfirmed.length;
    console.log(`\n  Paying by mobile money (local gateway; ${n} bookings one at a time, each approved on the phone page as soon as prompted)`);
    console.log(`  callback sent (gateway approved) → booking confirmed in rides: ${spread(p.callbackToConfirmed)}, max ${ms(p.callbackToConfirmed.at(-1)!)}`);
    console.log(`    of which callback → payment settled (web server, BFF, payments checks with the gateway, settles): ${spread(p.callbackToSettled)}`);
    console.log(`    and payment settled → booking confirmed (payments' outbox → NATS → rides): ${spread(p.settledToConfirmed)}`);
    console.log(`  baseline, same run: a cash booking on an instant ride, request → confirmed answer through the BFF: ${spread(p.cashBooking)}`);
    console.log(
      `  mobile money confirmation / cash confirmation: p50 ${(percentile(p.callbackToConfirmed, 50) / percentile(p.cashBooking, 50)).toFixed(2)}×, p95 ${(percentile(p.callbackToConfirmed, 95) / percentile(p.cashBooking, 95)).toFixed(2)}×`,
    );
    const journey = (j: JourneyFigures) =>
      `  ${j.name.padEnd(56)} ${(j.journeys / j.seconds).toFixed(1).padStart(7)} journeys/s ${(j.requests / j.seconds).toFixed(0).padStart(6)} req/s  ${spread(j.times)} (${j.journeys} in ${j.seconds.toFixed(1)} s)`;
    console.log(`\n  Booking + payment journey through the BFF (${CONNECTIONS} passengers at once, ${DURATION} s; a waiting screen reads its booking every 50 ms)`);
    const { mobileMoney: mm, cash } = p.journeys;
    console.log(journey(mm));
    if (mm.promptWaits) console.log(`    of which the booking's answer → its prompt on the phone (rides' payment_requested → payments → the gateway): ${spread(mm.promptWaits)}`);
    console.log(journey(cash));
    console.log(`  mobile money / cash journeys per second: ${(mm.journeys / mm.seconds / (cash.journeys / cash.seconds)).toFixed(2)}`);
    console.log(`  ${paymentFaultCounts()}`);
  };
  const seedOnly = async () => {
    const pool = new pg.Pool({ connectionString: dbUrl('rides'), max: 4 });
    try {
      await seedRides(pool, { count: RIDE_COUNT, drivers: 400, days: 30 });
      await pool.query('VACUUM ANALYZE');
    } finally {
      await pool.end();
    }
  };

  if (BOOKINGS_ONLY) {
    await seedOnly();
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    console.log(`\nKrom bookings (this machine, ${RIDE_COUNT.toLocaleString('en')} rides seeded)`);
    await bookingFigures(`from=Accra&to=Kumasi&date=${day}&seats=1`, day);
  } else if (PAYMENTS_ONLY) {
    await seedOnly();
    console.log(`\nKrom payments (this machine, ${RIDE_COUNT.toLocaleString('en')} rides seeded)`);
    await paymentFigures();
    console.log(`  load average during the run (1/5/15 min, ${CPU_NOTE}): ${loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
  } else if (PAGES_ONLY) {
    // `BENCH_ONLY=pages`: the rides the listing and preview show, then the page figures alone.
    await seedRidesForPages(dbUrl('rides'), RIDE_COUNT);
    const pages = await measurePages({ chromiumPath: CHROMIUM, web: WEB, bff: BFF, startSecureWeb });
    console.log(`\nKrom pages (this machine, ${RIDE_COUNT.toLocaleString('en')} rides seeded)\n`);
    printPages(pages, CHROMIUM);
  } else {

  // 2. Event latency: waitlist.joined committed → SMS log row sent, over 200 sign-ups at a steady pace.
  const emails: string[] = [];
  for (let i = 0; i < 200; i++) {
    const body = uniqueSignup('latency');
    emails.push(JSON.parse(body).email);
    await fetch(`${BFF}/api/waitlist`, { method: 'POST', headers: origin, body });
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const deadline = Date.now() + 60_000;
  let latencies: number[] = [];
  while (Date.now() < deadline) {
    const events = await query<{ id: string; created_at: Date }>(
      dbUrl('admin'),
      "SELECT id, created_at FROM outbox WHERE envelope->'data'->>'email' = ANY($1)",
      [emails],
    );
    const sent = await query<{ source_event_id: string; sent_at: Date }>(
      dbUrl('notifications'),
      "SELECT source_event_id, sent_at FROM sms_logs WHERE status = 'sent' AND source_event_id = ANY($1::uuid[])",
      [events.map((e) => e.id)],
    );
    if (sent.length === 200) {
      const committed = new Map(events.map((e) => [e.id, e.created_at.getTime()]));
      latencies = sent.map((s) => s.sent_at.getTime() - (committed.get(s.source_event_id) ?? Number.NaN)).sort((a, b) => a - b);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  // 3. Seed the waitlist to 1,000 rows for the read journey.
  const publicAssertion = async () => ({ [ASSERTION_HEADER]: await signAssertion(secret, { kind: 'public' }, 'admin') });
  const [counted] = await query<{ n: number }>(dbUrl('admin'), 'SELECT count(*)::int AS n FROM waitlist_signups');
  for (let i = counted?.n ?? 0; i < 1000; i++) {
    await fetch(`${ADMIN}/waitlist`, { method: 'POST', headers: { ...(await publicAssertion()), 'content-type': 'application/json' }, body: uniqueSignup('seed') });
  }

  // 4. Throughput and latency, through the BFF and directly against the admin service.
  const login = await fetch(`${BFF}/api/admin/login`, { method: 'POST', headers: origin, body: JSON.stringify(admin) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const rows: Figures[] = [];
  // Reads first, while the waitlist holds exactly 1,000 rows; the writes then add more.
  rows.push(await load('GET /api/admin/waitlist (1,000 rows) via BFF', { url: `${BFF}/api/admin/waitlist`, headers: { cookie } }));
  const asStaff = await renewedAssertion(secret, administratorCaller(), 'admin');
  rows.push(await load('GET /waitlist (1,000 rows) direct', { url: `${ADMIN}/waitlist`, requests: [{ setupRequest: (r) => ({ ...r, headers: { ...r.headers, ...asStaff.headers() } }) }] }));
  asStaff.stop();
  rows.push(await load('POST /api/waitlist via BFF', { url: `${BFF}/api/waitlist`, method: 'POST', headers: origin, requests: [{ setupRequest: (r) => ({ ...r, body: uniqueSignup('bff') }) }] }));
  const asPublic = await renewedAssertion(secret, { kind: 'public' }, 'admin');
  rows.push(await load('POST /waitlist direct to admin service', { url: `${ADMIN}/waitlist`, method: 'POST', headers: { 'content-type': 'application/json' }, requests: [{ setupRequest: (r) => ({ ...r, headers: { ...r.headers, ...asPublic.headers() }, body: uniqueSignup('direct') }) }] }));
  asPublic.stop();

  // 5. Accounts: a real account, registered with the identity service as the BFF's sign-up would,
  // signs in through the BFF (argon2id verification each time), then its current user is read
  // through the BFF (session in Redis + identity) and straight from the identity service.
  const rider = { firstName: 'Bench', lastName: 'Rider', email: `bench.rider.${Date.now()}@bench.example`, phone: '0245550101', password: 'Bench-Rider-Kente-2026' };
  const registered = await fetch(`${IDENTITY}/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [ASSERTION_HEADER]: await signAssertion(secret, { kind: 'public' }, 'identity') },
    body: JSON.stringify(rider),
  });
  if (registered.status !== 201) throw new Error(`registering the bench account answered ${registered.status}: ${await registered.text()}`);
  const riderId = ((await registered.json()) as { id: string }).id;
  const credentials = JSON.stringify({ email: rider.email, password: rider.password });
  const riderLogin = await fetch(`${BFF}/api/auth/login`, { method: 'POST', headers: origin, body: credentials });
  if (!riderLogin.ok) throw new Error(`signing in as the bench account answered ${riderLogin.status}`);
  const riderCookie = (riderLogin.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  rows.push(await load('POST /api/auth/login via BFF (argon2id)', { url: `${BFF}/api/auth/login`, method: 'POST', headers: origin, body: credentials }));
  rows.push(await load('GET /api/auth/user via BFF (its copy)', { url: `${BFF}/api/auth/user`, headers: { cookie: riderCookie } }));
  const asRider = await renewedAssertion(secret, { kind: 'user', userId: riderId }, 'identity');
  rows.push(await load('GET /users/me direct to identity service', { url: `${IDENTITY}/users/me`, requests: [{ setupRequest: (r) => ({ ...r, headers: { ...r.headers, ...asRider.headers() } }) }] }));
  asRider.stop();
  // The yardstick, measured in the same run against the same database and row.
  const baseline = await startBaseline();
  try {
    const probe = await fetch(`${BASELINE}/users/${riderId}`);
    if (!probe.ok) throw new Error(`the baseline answered ${probe.status}`);
    rows.push(await load('GET /users/:id bare Fastify + pg baseline', { url: `${BASELINE}/users/${riderId}` }));
  } finally {
    await baseline.stop();
  }
  // The same read through a BFF that keeps no copy: the BFF's own cost on top of identity's.
  const uncached = await startUncachedBff(secrets, busPrefix);
  try {
    rows.push(await load('GET /api/auth/user via BFF, no copy', { url: `${uncached.url}/api/auth/user`, headers: { cookie: riderCookie } }));
  } finally {
    await uncached.stop();
  }

  // 5b. A staff decision → the rides service's projection (what the posting-rights gate reads), 50 decisions one at a time.
  const decisionLatencies = await measureDecisionLatency({ identityUrl: IDENTITY, ridesDatabaseUrl: dbUrl('rides'), secret, count: 50 });

  // 5c. The marketplace on 100,000 rides: search through the BFF and direct, at a fixed rate, and the gazetteer.
  const marketplace = await benchMarketplace({ bffUrl: BFF, ridesUrl: RIDES, ridesDatabaseUrl: dbUrl('rides'), secret, load, count: RIDE_COUNT });

  // 6. The pages (issue 20): the JavaScript each signed-out budget route loads, and Lighthouse over HTTP/1.1 and HTTP/2.
  const pages = await measurePages({ chromiumPath: CHROMIUM, web: WEB, bff: BFF, startSecureWeb });

  console.log('\nKrom benchmark (this machine, one run; autocannon %d connections, %d s each)\n', CONNECTIONS, DURATION);
  printTable(rows);
  const ratio = (bff: Figures, direct: Figures) => (bff.rps / direct.rps).toFixed(2);
  console.log(`\n  BFF/direct throughput: GET waitlist ${ratio(rows[0]!, rows[1]!)}, POST waitlist ${ratio(rows[2]!, rows[3]!)}, GET current user ${ratio(rows[5]!, rows[6]!)}`);
  const [bffUser, directUser, bare, uncachedUser] = [rows[5]!, rows[6]!, rows[7]!, rows[8]!];
  console.log(
    `  GET /users/me: baseline ${bare.rps.toFixed(0)} req/s; direct ${directUser.rps.toFixed(0)} req/s = ${ratio(directUser, bare)} of the baseline (goal ≥ 0.5); ` +
      `via BFF ${bffUser.rps.toFixed(0)} req/s = ${ratio(bffUser, directUser)} of direct (goal ≥ 0.6); ` +
      `via a BFF keeping no copy ${uncachedUser.rps.toFixed(0)} req/s = ${ratio(uncachedUser, directUser)} of direct`,
  );
  const { memoryCost, timeCost, parallelism } = passwordHashOptions;
  console.log(`  sign-in: argon2id with ${(memoryCost / 1024).toFixed(0)} MiB (m=${memoryCost} KiB), ${timeCost} passes, ${parallelism} lane; each sign-in verifies one hash`);
  console.log(
    latencies.length === 200
      ? `  waitlist.joined committed → SMS sent (200 sign-ups): p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(latencies.at(-1)!)}`
      : '  waitlist.joined → SMS sent: not all 200 SMS were sent within 60 s',
  );
  console.log(
    `  verification decided → rides projection updated (50 decisions, from the decision's answer): p50 ${ms(percentile(decisionLatencies, 50))}, ` +
      `p95 ${ms(percentile(decisionLatencies, 95))}, max ${ms(decisionLatencies.at(-1)!)} (goal: within 1 s)`,
  );
  console.log(`\n  Marketplace: ${marketplace.seeded.rides.toLocaleString('en')} rides and ${marketplace.seeded.stops.toLocaleString('en')} stops seeded in ${marketplace.seedSeconds.toFixed(1)} s; the search ${marketplace.search} finds ${marketplace.found}`);
  printTable(marketplace.rows);
  const [searchBff, searchDirect, searchFixed, autocomplete] = marketplace.rows as [Figures, Figures, Figures, Figures];
  console.log(`  GET /api/rides BFF/direct throughput: ${ratio(searchBff, searchDirect)} (goal ≥ 0.6)`);
  console.log(
    `  the search's own statement in PostgreSQL (searchRides, no kept answer, one at a time, 200 runs): p50 ${ms(percentile(marketplace.queryMs, 50))}, p95 ${ms(percentile(marketplace.queryMs, 95))}`,
  );
  console.log(`  ${describeKeptAnswers(marketplace.kept)}`);
  await bookingFigures(marketplace.search, marketplace.day);
  console.log(`  GET /api/rides at a fixed 300 req/s: p95 ${ms(searchFixed.p95)} (goal < 25 ms), ${searchFixed.rps.toFixed(0)} req/s served, ${searchFixed.non2xx} non-2xx`);
  console.log(`  gazetteer autocomplete at 100 req/s, 20 different queries: p50 ${ms(autocomplete.p50)}, p95 ${ms(autocomplete.p95)} (goal < 10 ms), ${autocomplete.non2xx} non-2xx`);
  await paymentFigures();
  console.log('');
  printPages(pages, CHROMIUM);
  console.log(`  npm start → page served (warm install): ${startSeconds.toFixed(1)} s`);
  console.log(`  load average during the run (1/5/15 min, ${CPU_NOTE}): ${loadavg().map((l) => l.toFixed(2)).join(' / ')}`);

  // 8. Generated bad requests to every /api route, through the web server and straight to the BFF, counted by status (scripts/fuzz-api.ts).
  let accounts = 0;
  const newAccount = async () => {
    const account = { firstName: 'Fuzz', lastName: 'Rider', email: `fuzz.${Date.now()}.${++accounts}@bench.example`, phone: `024${1_000_000 + accounts}`, password: 'Fuzz-Rider-Kente-2026' };
    const made = await fetch(`${IDENTITY}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ASSERTION_HEADER]: await signAssertion(secret, { kind: 'public' }, 'identity') },
      body: JSON.stringify(account),
    });
    if (made.status !== 201) throw new Error(`registering a fuzzing account answered ${made.status}`);
    return account;
  };
  const sessions = signInSessions({ bff: BFF, origin: WEB, staff: admin, newAccount });
  printFuzzReport(await fuzzApi({ entries: { web: WEB, bff: BFF }, origin: WEB, sessions, runs: Number(process.env.FUZZ_RUNS ?? 300) }));
  }
} finally {
  await stopSystem();
}
