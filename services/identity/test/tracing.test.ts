import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { userSnapshotStream } from '@krom/contracts/events/identity';
import { EventBus } from '@krom/server-kit/bus';
import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import { lastPerSubjectStreamName } from '@krom/server-kit/last-per-subject-stream';
import { createLogger } from '@krom/server-kit/logger';
import { dropDatabaseWhenIdle, eventually, isolatedTestEnv, serviceTestVariables } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson } from './identity-test-env.ts';

/**
 * Tracing as the running service does it: `src/server.ts` started as its own process with an
 * OTLP endpoint, so the instrumentations are registered the way production registers them (before
 * pg loads). The endpoint is a small HTTP server here that keeps every span it is sent.
 */
type ExportedSpan = { scope: string; name: string; traceId: string; spanId: string; parentSpanId?: string };

const env = isolatedTestEnv('identity');
const spans: ExportedSpan[] = [];
let collector: Server;
let service: ChildProcess;
let baseUrl: string;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  return port;
}

beforeAll(async () => {
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as {
        resourceSpans?: { scopeSpans: { scope: { name: string }; spans: Omit<ExportedSpan, 'scope'>[] }[] }[];
      };
      for (const resource of body.resourceSpans ?? []) {
        for (const { scope, spans: sent } of resource.scopeSpans) for (const span of sent) spans.push({ ...span, scope: scope.name });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  }).listen(0, '127.0.0.1');
  await once(collector, 'listening');
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  service = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      ...process.env,
      ...serviceTestVariables(env),
      PORT: String(port),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      // Export each batch at once rather than every five seconds.
      OTEL_BSP_SCHEDULE_DELAY: '50',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await eventually(async () => ((await fetch(`${baseUrl}/health/ready`).catch(() => undefined))?.ok ? true : undefined), 60_000, 200);
});

afterAll(async () => {
  if (service.exitCode === null) {
    service.kill('SIGTERM');
    await once(service, 'exit');
  }
  collector.close();
  const bus = await EventBus.connect({ url: env.natsUrl, prefix: env.busPrefix, name: 'tracing-test-cleanup', logger: createLogger('test', 'silent') });
  await bus.jsm.streams.delete(lastPerSubjectStreamName(bus, userSnapshotStream)).catch(() => undefined);
  await bus.jsm.streams.delete(bus.streamName).catch(() => undefined);
  await bus.close();
  await dropDatabaseWhenIdle(env.databaseUrl);
});

describe('with an OTLP endpoint configured', () => {
  it('traces a request, continuing the caller’s trace, down to its PostgreSQL query', async () => {
    const registered = await fetch(`${baseUrl}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ASSERTION_HEADER]: signAssertion(env.internalSecret, { kind: 'public' }, 'identity') },
      body: JSON.stringify(newPerson()),
    });
    const { id } = (await registered.json()) as { id: string };
    const traceId = 'ab'.repeat(16);
    const callerSpanId = 'cd'.repeat(8);
    const me = await fetch(`${baseUrl}/users/me`, {
      headers: { traceparent: `00-${traceId}-${callerSpanId}-01`, [ASSERTION_HEADER]: signAssertion(env.internalSecret, { kind: 'user', userId: id }, 'identity') },
    });
    expect(me.status).toBe(200);

    const inTrace = () => spans.filter((span) => span.traceId === traceId);
    const query = await eventually(async () => inTrace().find((span) => span.scope === '@opentelemetry/instrumentation-pg' && span.name.startsWith('pg.query')));
    const request = inTrace().find((span) => span.scope === '@fastify/otel' && span.name === 'request');
    expect(request?.parentSpanId).toBe(callerSpanId);
    // The query belongs to this request: its chain of parents reaches the request span.
    const byId = new Map(inTrace().map((span) => [span.spanId, span]));
    let ancestor = query.parentSpanId ? byId.get(query.parentSpanId) : undefined;
    while (ancestor && ancestor !== request) ancestor = ancestor.parentSpanId ? byId.get(ancestor.parentSpanId) : undefined;
    expect(ancestor).toBe(request);
  });
});
