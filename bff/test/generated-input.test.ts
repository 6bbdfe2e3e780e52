import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clientErrorMessages, maxHeaderBytes } from '@krom/contracts/api/client-errors';
import { accraToKumasiRequest } from '@krom/contracts/examples/ride-requests';
import { accraToKumasiRide } from '@krom/contracts/examples/rides';
import { uploadErrors } from '@krom/contracts/http/auth';
import { dateMessages, ghanaToday, monthsAfter } from '@krom/contracts/http/dates';
import { rideMessages } from '@krom/contracts/http/rides';
import { isolatedTestEnv } from '@krom/server-kit/testing';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebServer } from '../../frontends/shell/server/web-server.ts';
import { multipartForm, pngOfSize } from '../../services/identity/test/identity-test-env.ts';
import { buildBffApp } from '../src/app.ts';
import { type BffSystem, bffTestConfig, ORIGIN, signedInSessions, startBff } from './bff-test-env.ts';
import {
  acceptable,
  apiOperations,
  describeRequest,
  edgeDates,
  edgeInstants,
  type Entry,
  type GeneratedRequest,
  generatedRequests,
  looseNumbers,
  type OpenApiDocument,
  type Outcome,
  type Sessions,
  sendGenerated,
} from './generated-requests.ts';

/*
 * Malformed requests get a 4xx, never a 5xx or a hang: requests generated for every /api route
 * (see generated-requests.ts) go to the BFF and through the web server in front of it, with the
 * real services behind. A fixed seed and a few dozen runs per route here; `npm run bench` makes
 * a longer run (scripts/fuzz-api.ts) and counts each status.
 */
const SEED = 20_260_412;
const RUNS = Number(process.env.GENERATED_INPUT_RUNS ?? 40);
/** Long enough for an argon2 sign-in on a machine kept busy by other work; a request still unanswered after it is a hang. */
const TIMEOUT_MS = 60_000;

/** The routes, read from the document the BFF publishes (no service needs to run for it). */
async function publishedOperations() {
  const env = isolatedTestEnv('bff');
  const redis = new Redis(env.redisUrl);
  const app = await buildBffApp(bffTestConfig(env), redis);
  try {
    return apiOperations((await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>());
  } finally {
    await app.close();
    await redis.quit();
  }
}
const operations = await publishedOperations();

let system: BffSystem;
let web: FastifyInstance;
let shellDist: string;
let entries: Record<Entry, string>;
let sessions: Sessions;

beforeAll(async () => {
  system = await startBff({ services: ['identity', 'notifications', 'rides', 'payments'], overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000' } });
  const bffUrl = await system.bff.listen({ port: 0, host: '127.0.0.1' });
  shellDist = await mkdtemp(path.join(tmpdir(), 'krom-shell-'));
  await writeFile(path.join(shellDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  web = await buildWebServer({ shellDist, remotes: {}, bffUrl });
  entries = { bff: bffUrl, web: await web.listen({ port: 0, host: '127.0.0.1' }) };
  sessions = signedInSessions(system.bff, bffUrl, '10.9');
});
afterAll(async () => {
  await web?.close();
  await system?.close();
  await rm(shellDist, { recursive: true, force: true });
});

/** Sends one request as the generator would and returns what came back. */
async function send(request: Omit<GeneratedRequest, 'headers'> & { headers?: Record<string, string> }): Promise<Outcome & { status: number }> {
  const generated = { ...request, headers: { origin: ORIGIN, ...request.headers } };
  const outcome = await sendGenerated(entries, generated, sessions, TIMEOUT_MS);
  if (typeof outcome.status !== 'number') throw new Error(`${describeRequest(generated)} → ${JSON.stringify(outcome)}`);
  return outcome as Outcome & { status: number };
}
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

type RawAnswer = { status: number; headers: Record<string, string>; text: string };

/**
 * A connection on which requests are written one after another, each as soon as the one before
 * it is answered, whether or not the server has read all of that one's body yet: what a kept-alive
 * client does once its send buffer has taken a body the server answered early. Each answer must
 * be complete within TIMEOUT_MS.
 */
async function openConnection(base: string) {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  await once(socket, 'connect');
  let received = Buffer.alloc(0);
  let closed = false;
  let wake = () => {};
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  // A server closing on a client still sending resets the connection: told by the answer missing.
  socket.on('error', () => {});

  /** The first answer in what was received, taken off it, once it is complete. */
  const takeAnswer = (): RawAnswer | undefined => {
    const headEnd = received.indexOf('\r\n\r\n');
    if (headEnd < 0) return undefined;
    const [statusLine = '', ...lines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    let at = headEnd + 4;
    const body: Buffer[] = [];
    if (headers['transfer-encoding'] === 'chunked') {
      for (let size = -1; size !== 0; ) {
        const lineEnd = received.indexOf('\r\n', at);
        if (lineEnd < 0) return undefined;
        size = Number.parseInt(received.subarray(at, lineEnd).toString('latin1'), 16);
        if (received.length < lineEnd + 2 + size + 2) return undefined;
        body.push(received.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (received.length < at + length) return undefined;
      body.push(received.subarray(at, at + length));
      at += length;
    }
    received = received.subarray(at);
    return { status: Number(statusLine.split(' ')[1]), headers, text: Buffer.concat(body).toString('utf8') };
  };

  return {
    async exchange(head: string, body: Buffer): Promise<RawAnswer> {
      socket.write(head);
      socket.write(body);
      // The same bound on a hang as every generated request has (sendGenerated's signal).
      const signal = AbortSignal.timeout(TIMEOUT_MS);
      signal.addEventListener('abort', () => wake(), { once: true });
      for (;;) {
        const answer = takeAnswer();
        if (answer) return answer;
        if (closed) throw new Error(`${head.split('\r\n')[0]}: the connection closed before a complete answer`);
        if (signal.aborted) throw new Error(`${head.split('\r\n')[0]}: no complete answer within ${TIMEOUT_MS} ms (hang)`);
        // Woken by the next bytes, the connection closing, or the bound passing.
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
    close: () => socket.destroy(),
  };
}

const messageOf = (outcome: { text: string }) => (JSON.parse(outcome.text) as { message: string }).message;

describe.each<Entry>(['bff', 'web'])('requests that got a 5xx or hung, sent to the %s', (entry) => {
  it('a body typed "text/plain; application/json" is refused as not JSON, forwarded route or not', async () => {
    for (const url of ['/api/waitlist', '/api/auth/login']) {
      const outcome = await send({
        entry,
        principal: 'anonymous',
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain; application/json' },
        body: { bytes: json({ name: 'Ama Mensah', email: 'ama.typed@example.com', phone: '0241234567', password: 'x' }), transfer: 'length' },
      });
      expect(outcome.status).toBe(400);
    }
  });

  it('a NUL character in a text field is refused before it reaches the database', async () => {
    const email = `nul.${entry}@example.com`;
    const outcome = await send({
      entry,
      principal: 'anonymous',
      method: 'POST',
      url: '/api/waitlist',
      headers: { 'content-type': 'application/json' },
      body: { bytes: json({ name: 'Ama\u0000Mensah', email, phone: '0241234567' }), transfer: 'length' },
    });
    expect(outcome.status).toBe(400);
    expect(JSON.parse(outcome.text).errors).toEqual([{ field: 'name', message: 'Text must not contain the NUL character' }]);
    const { rows } = await system.admin.db.$client.query('SELECT 1 FROM waitlist_signups WHERE email = $1', [email]);
    expect(rows).toEqual([]);
  });

  it('a multipart upload without a boundary, or cut short, is refused as not an image', async () => {
    const form = await multipartForm({ type: 'profile', image: { data: pngOfSize(4096), filename: 'me.png', type: 'image/png' } });
    const attempts = [
      { contentType: 'multipart/form-data', bytes: form.payload },
      { contentType: form.headers['content-type'], bytes: form.payload.subarray(0, form.payload.length - 1000) },
    ];
    for (const { contentType, bytes } of attempts) {
      const outcome = await send({ entry, principal: 'user', method: 'POST', url: '/api/upload', headers: { 'content-type': contentType }, body: { bytes, transfer: 'length' } });
      expect(outcome.status).toBe(400);
      expect(messageOf(outcome)).toBe(uploadErrors.notImage);
    }
  });

  it('a 2 MB photo sent as curl sends it, asking first (Expect: 100-continue), is stored', async () => {
    const form = await multipartForm({ type: 'profile', image: { data: pngOfSize(2 * 1024 * 1024), filename: 'me.png', type: 'image/png' } });
    const outcome = await send({
      entry,
      principal: 'user',
      method: 'POST',
      url: '/api/upload',
      headers: form.headers,
      body: { bytes: form.payload, transfer: 'expect-continue' },
    });
    expect(outcome.status).toBe(201);
  });

  it('a large verification form sent without a session gets a complete 401, however it is sent', async () => {
    const form = await multipartForm({ fullName: 'Ama Mensah', cardPhoto: { data: pngOfSize(5 * 1024 * 1024 - 4096), filename: 'card.png', type: 'image/png' } });
    for (const transfer of ['length', 'chunked', 'expect-continue'] as const) {
      for (const url of ['/api/auth/verify-identity', '/api/auth/verify-driver-identity']) {
        const outcome = await send({ entry, principal: 'anonymous', method: 'POST', url, headers: form.headers, body: { bytes: form.payload, transfer } });
        expect(outcome.status).toBe(401);
      }
    }
    for (const url of Array.from({ length: 40 }, (_, i) => (i % 2 ? '/api/auth/verify-identity' : '/api/auth/verify-identity?%3Bs9=%00%00'))) {
      const outcome = await send({ entry, principal: 'anonymous', method: 'POST', url, headers: { 'content-type': 'multipart/form-data' }, body: { bytes: form.payload, transfer: 'length' } });
      expect(outcome.status).toBe(401);
    }
  });

  it('large forms answered before their body was read, one after another on one kept-alive connection, each get a complete answer', async () => {
    // What the generated run sent: a user's form the service refuses unread (no boundary), then an
    // anonymous one the BFF refuses unread (401), each written as soon as the previous was answered.
    const forms = [
      { url: '/api/auth/verify-identity', cookie: await sessions.user(), size: 6_121_738, status: 400 },
      { url: '/api/auth/verify-identity?%3Bs9=%00%00', cookie: undefined, size: 5_377_224, status: 401 },
      { url: '/api/auth/verify-driver-identity', cookie: await sessions.user(), size: 6_121_738, status: 400 },
      { url: '/api/auth/verify-driver-identity', cookie: undefined, size: 5_377_224, status: 401 },
    ];
    let connection = await openConnection(entries[entry]);
    try {
      for (let round = 0; round < 3; round++) {
        for (const form of forms) {
          const head = [
            `POST ${form.url} HTTP/1.1`,
            'host: localhost',
            `origin: ${ORIGIN}`,
            'content-type: multipart/form-data',
            `content-length: ${form.size}`,
            ...(form.cookie ? [`cookie: ${form.cookie}`] : []),
          ];
          const answer = await connection.exchange(`${head.join('\r\n')}\r\n\r\n`, Buffer.alloc(form.size, 1));
          expect({ url: form.url, status: answer.status }).toEqual({ url: form.url, status: form.status });
          if (form.status === 400) expect(messageOf(answer)).toBe(uploadErrors.notImage);
          // A connection the server says it closes is not used again.
          if (answer.headers.connection === 'close') {
            connection.close();
            connection = await openConnection(entries[entry]);
          }
        }
      }
    } finally {
      connection.close();
    }
  });

  it('dates in year 0000 or past 9999 are refused in words (they were 502 and 500)', async () => {
    const answers = [
      await send({ entry, principal: 'anonymous', method: 'GET', url: '/api/rides?date=0000-01-01' }),
      await send({ entry, principal: 'anonymous', method: 'GET', url: '/api/rides?date=9999-12-31' }),
      await send({ entry, principal: 'staff', method: 'GET', url: '/api/admin/messages/sms?before=0000-01-01T00:00:00Z' }),
      await send({ entry, principal: 'staff', method: 'GET', url: `/api/admin/messages/email?before=${encodeURIComponent('9999-12-31T23:59:59-12:00')}` }),
    ];
    expect(answers.map((answer) => [answer.status, messageOf(answer)])).toEqual([
      [400, dateMessages.searchDate],
      [400, dateMessages.searchDate],
      [400, dateMessages.instant('before')],
      [400, dateMessages.instant('before')],
    ]);
    for (const dateOfBirth of ['0000-01-01', '0001-01-01']) {
      const answer = await send({ entry, ...formRequest('/api/auth/verify-driver-identity', await photoForm({ ...driverForm, dateOfBirth }, 'licenseFrontPhoto')) });
      expect([answer.status, messageOf(answer)], dateOfBirth).toEqual([400, dateMessages.dateOfBirthTooOld]);
    }
  });

  it('numbers are decimal numbers: true, [3], "0x3" seats and a 0x10 or 1e1 page size are refused in words', async () => {
    for (const availableSeats of [true, [3], '0x3', '1e1']) {
      const answer = await send({
        entry,
        principal: 'user',
        method: 'POST',
        url: '/api/rides',
        headers: { 'content-type': 'application/json' },
        body: { bytes: json({ vehicleId: randomUUID(), fromCity: 'Accra', toCity: 'Kumasi', fromLocation: 'Accra Mall', toLocation: 'Adum', departureDate: monthsAfter(ghanaToday(), 1), departureTime: '08:00', availableSeats, pricePerSeat: '45' }), transfer: 'length' },
      });
      expect([answer.status, JSON.parse(answer.text).errors], JSON.stringify(availableSeats)).toEqual([400, [{ field: 'availableSeats', message: rideMessages.seats }]]);
    }
    for (const pageSize of ['0x10', '1e1']) {
      const answer = await send({ entry, principal: 'anonymous', method: 'GET', url: `/api/rides?pageSize=${pageSize}` });
      expect([answer.status, messageOf(answer)], pageSize).toEqual([400, rideMessages.pageSize]);
    }
  });

  it('requests whose headers pass 16 KiB each get a complete 431 in words, none a reset, many at once on kept-alive connections', async () => {
    // As the generated run sent them: 15 of 2,600 met a reset, when a kept-alive client sent its
    // next request on the connection the server was closing after a 431 that did not say so.
    const outcomes = await Promise.all(
      Array.from({ length: 240 }, (_, index) =>
        sendGenerated(
          entries,
          { entry, principal: 'anonymous', method: index % 3 ? 'GET' : 'POST', url: `/api/rides?n=${index}`, headers: { origin: ORIGIN, 'x-padding': 'a'.repeat(maxHeaderBytes + (index % 64)) } },
          sessions,
          TIMEOUT_MS,
        ),
      ),
    );
    const statuses = outcomes.map((outcome) => (typeof outcome.status === 'number' ? outcome.status : `${outcome.status}: ${outcome.error}`));
    expect(statuses.filter((status) => status !== 431)).toEqual([]);
    expect(new Set(outcomes.map((outcome) => ('text' in outcome ? messageOf(outcome) : undefined)))).toEqual(new Set([clientErrorMessages.headersTooLarge]));
  });

  it('a JSON body over 1 MB gets a complete 413, announced, chunked or asked about first', async () => {
    const bytes = json({ name: 'a'.repeat(2 * 1024 * 1024), email: 'big@example.com', phone: '0241234567' });
    for (const transfer of ['length', 'chunked', 'expect-continue'] as const) {
      for (const url of ['/api/waitlist', '/api/auth/login']) {
        const outcome = await send({ entry, principal: 'anonymous', method: 'POST', url, headers: { 'content-type': 'application/json' }, body: { bytes, transfer } });
        expect(outcome.status).toBe(413);
        expect(messageOf(outcome)).toBe('Request body is too large');
      }
    }
  });
});

describe('the web server in front of the BFF', () => {
  it('refuses a photo announced over the limit before the client sends it', async () => {
    const form = await multipartForm({ type: 'profile', image: { data: pngOfSize(8 * 1024 * 1024), filename: 'huge.png', type: 'image/png' } });
    const outcome = await send({ entry: 'web', principal: 'user', method: 'POST', url: '/api/upload', headers: form.headers, body: { bytes: form.payload, transfer: 'expect-continue' } });
    expect(outcome.status).toBe(413);
    expect(messageOf(outcome)).toBe(uploadErrors.tooLarge);
    expect(outcome.bodySent).toBe(false);
  });
});

/** A multipart form with a 4 KB photo, as the verification screens send it. */
const photoForm = async (fields: Record<string, string>, photo: string) => multipartForm({ ...fields, [photo]: { data: pngOfSize(4096), filename: 'photo.png', type: 'image/png' } });
const formRequest = (url: string, form: { headers: Record<string, string>; payload: Buffer }) => ({
  principal: 'user' as const,
  method: 'POST',
  url,
  headers: form.headers,
  body: { bytes: form.payload, transfer: 'length' as const },
});
const jsonRequest = (principal: 'user' | 'anonymous', method: string, url: string, value: unknown) => ({
  principal,
  method,
  url,
  headers: { 'content-type': 'application/json' },
  body: { bytes: json(value), transfer: 'length' as const },
});
const driverForm = { cardNumber: 'GHA-123456789-0', fullName: 'Ama Mensah', dateOfBirth: '1990-04-12', licenseNumber: 'DL-123456', licenseClass: 'B', licenseExpiryDate: monthsAfter(ghanaToday(), 24) };
type EdgeRequest = (value: string) => Promise<Omit<GeneratedRequest, 'entry' | 'headers'> & { headers?: Record<string, string> }>;

/**
 * Every date and time field, each in an otherwise valid request, given every day at the ends of
 * its window and of PostgreSQL's and JavaScript's calendars (edgeDates, edgeInstants); every
 * numeric field given the loose numbers the contracts once took: a 2xx or 4xx, never a 5xx.
 */
describe('dates at the edges of every field’s window, and loose numbers, get a 2xx or a 4xx, never a 5xx', () => {
  const dateFields: [string, string[], EdgeRequest][] = [
    ['GET /api/rides date', edgeDates, async (date) => ({ principal: 'anonymous', method: 'GET', url: `/api/rides?from=Accra&to=Kumasi&date=${encodeURIComponent(date)}` })],
    ['GET /api/admin/messages/sms before', edgeInstants, async (at) => ({ principal: 'staff', method: 'GET', url: `/api/admin/messages/sms?before=${encodeURIComponent(at)}` })],
    ['GET /api/admin/messages/email before', edgeInstants, async (at) => ({ principal: 'staff', method: 'GET', url: `/api/admin/messages/email?before=${encodeURIComponent(at)}` })],
    ['POST /api/rides departureDate', edgeDates, async (date) => jsonRequest('user', 'POST', '/api/rides', accraToKumasiRide(randomUUID(), date))],
    ['POST /api/ride-requests preferredDepartureDate', edgeDates, async (date) => jsonRequest('user', 'POST', '/api/ride-requests', accraToKumasiRequest(date))],
    ['POST /api/auth/verify-identity expiryDate', edgeDates, async (date) => formRequest('/api/auth/verify-identity', await photoForm({ fullName: 'Ama Mensah', cardNumber: 'GHA-123456789-0', expiryDate: date }, 'selfiePhoto'))],
    ['POST /api/auth/verify-driver-identity dateOfBirth', edgeDates, async (date) => formRequest('/api/auth/verify-driver-identity', await photoForm({ ...driverForm, dateOfBirth: date }, 'licenseFrontPhoto'))],
    ['POST /api/auth/verify-driver-identity licenseExpiryDate', edgeDates, async (date) => formRequest('/api/auth/verify-driver-identity', await photoForm({ ...driverForm, licenseExpiryDate: date }, 'licenseFrontPhoto'))],
  ];
  const queryNumber = (value: unknown) => encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  const numberFields: [string, EdgeRequest][] = [
    ...['seats', 'page', 'pageSize', 'fromLatitude'].map((name): [string, EdgeRequest] => [
      `GET /api/rides ${name}`,
      async (value) => ({ principal: 'anonymous', method: 'GET', url: `/api/rides?from=Accra&${name}=${value}` }),
    ]),
    ['GET /api/admin/messages/sms limit', async (value) => ({ principal: 'staff', method: 'GET', url: `/api/admin/messages/sms?limit=${value}` })],
  ];
  const bodyNumberFields: [string, (value: unknown) => ReturnType<EdgeRequest>][] = [
    ['POST /api/rides availableSeats', async (value) => jsonRequest('user', 'POST', '/api/rides', { ...accraToKumasiRide(randomUUID(), monthsAfter(ghanaToday(), 1)), availableSeats: value })],
    ['POST /api/ride-requests passengers', async (value) => jsonRequest('user', 'POST', '/api/ride-requests', { ...accraToKumasiRequest(monthsAfter(ghanaToday(), 1)), passengers: value })],
    ['POST /api/vehicles seats', async (value) => jsonRequest('user', 'POST', '/api/vehicles', { make: 'Toyota', model: 'Corolla', year: 2018, color: 'White', licensePlate: 'GR-1234-20', seats: value })],
    ['POST /api/rides/price-guide latitude', async (value) => jsonRequest('user', 'POST', '/api/rides/price-guide', { points: [{ latitude: value, longitude: -0.2 }, { latitude: 6.69, longitude: -1.62 }] })],
  ];

  /** Sends each value's request through both entries; answers the ones that were not a complete 2xx or 4xx. */
  async function unacceptable<T>(values: T[], build: (value: T) => ReturnType<EdgeRequest>) {
    const failures: string[] = [];
    for (const value of values) {
      for (const entry of ['bff', 'web'] as const) {
        const request = { entry, headers: {}, ...(await build(value)) };
        const generated = { ...request, headers: { origin: ORIGIN, ...request.headers } };
        const outcome = await sendGenerated(entries, generated, sessions, TIMEOUT_MS);
        if (!acceptable(outcome)) failures.push(`${JSON.stringify(value)} via ${entry} → ${JSON.stringify(outcome).slice(0, 300)}`);
      }
    }
    return failures;
  }

  it.each(dateFields)('%s', async (_name, values, build) => {
    expect(await unacceptable(values, build)).toEqual([]);
  }, 300_000);
  it.each(numberFields)('%s', async (_name, build) => {
    expect(await unacceptable(looseNumbers.map(queryNumber), build)).toEqual([]);
  }, 120_000);
  it.each(bodyNumberFields)('%s', async (_name, build) => {
    expect(await unacceptable(looseNumbers, build)).toEqual([]);
  }, 120_000);
});

describe('generated requests to every /api route get a 2xx or a 4xx, complete, never a 5xx or a hang', () => {
  it('covers every route the document describes', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s', async (_name, operation) => {
    await fc.assert(
      fc.asyncProperty(generatedRequests(operation, ORIGIN), async (request) => {
        const outcome = await sendGenerated(entries, request, sessions, TIMEOUT_MS);
        if (!acceptable(outcome)) throw new Error(`${describeRequest(request)}\n→ ${JSON.stringify(outcome)}`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});
