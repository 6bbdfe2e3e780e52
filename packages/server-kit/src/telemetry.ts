import { AsyncLocalStorage } from 'node:async_hooks';
import { register } from 'node:module';
import {
  type Context,
  context,
  createContextKey,
  INVALID_SPAN_CONTEXT,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

type Provider = { shutdown(): Promise<void> };
let provider: Provider | undefined;

/**
 * Tracing has two modes. With an OTLP endpoint configured, the OpenTelemetry SDK runs: Fastify
 * requests through @fastify/otel, pg, ioredis and undici through their instrumentations, spans
 * exported over OTLP/HTTP. Without one, no SDK, span or context manager runs at all; the only
 * work is passing an incoming W3C traceparent through unchanged, so event envelopes, queued jobs
 * and calls to other services still carry the caller's trace.
 *
 * Call it, and await it, before importing anything that loads pg or ioredis: their
 * instrumentations patch those modules as they load (see the README).
 */
export async function initTelemetry(serviceName: string, otlpEndpoint?: string): Promise<void> {
  if (provider || !otlpEndpoint) return;
  // ESM imports of pg and ioredis are only seen through this loader hook; other modules load untouched.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['pg', 'pg-pool', 'ioredis'] } });
  const [sdk, base, { OTLPTraceExporter }, { resourceFromAttributes }, { default: FastifyOtelInstrumentation }, pg, ioredis, undici] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@fastify/otel'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  const url = `${otlpEndpoint.replace(/\/$/, '')}/v1/traces`;
  const nodeProvider = new sdk.NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new base.BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  // The global provider, W3C propagator and async context manager, then the instrumentations on top.
  nodeProvider.register();
  const instrumentations = [
    // Probes every few seconds would drown the traces.
    new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (route) => route.url.startsWith('/health/') }),
    new pg.PgInstrumentation({ requireParentSpan: true }),
    new ioredis.IORedisInstrumentation({ requireParentSpan: true }),
    new undici.UndiciInstrumentation(),
  ];
  for (const instrumentation of instrumentations) {
    instrumentation.setTracerProvider(nodeProvider);
    instrumentation.enable();
  }
  provider = {
    shutdown: async () => {
      for (const instrumentation of instrumentations) instrumentation.disable();
      await nodeProvider.shutdown();
    },
  };
}

export async function shutdownTelemetry(): Promise<void> {
  await provider?.shutdown();
  provider = undefined;
}

/** Whether the SDK runs (an exporter is configured): spans are real and the instrumentations propagate. */
export const tracingEnabled = (): boolean => provider !== undefined;

export const tracer = () => trace.getTracer('krom');

const TRACEPARENT = /^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}$/;

/** The header's value when it is a well-formed W3C traceparent, otherwise undefined. */
export function validTraceparent(value: unknown): string | undefined {
  return typeof value === 'string' && TRACEPARENT.test(value) ? value : undefined;
}

/** Without the SDK: the incoming traceparent of the request or message being handled. */
const passedThrough = new AsyncLocalStorage<string>();
const PASSED_THROUGH = createContextKey('krom.traceparent');

/**
 * Runs `fn` as part of the trace `traceparent` names, when tracing is off (with the SDK on, the
 * instrumentations keep the active span instead). Does nothing extra without a traceparent.
 */
export function runInTrace<T>(traceparent: string | undefined, fn: () => T): T {
  return traceparent && !provider ? passedThrough.run(traceparent, fn) : fn();
}

/** The traceparent to record in envelopes and jobs and send on outgoing calls. */
export function currentTraceparent(ctx: Context = context.active()): string | undefined {
  if (!provider) return passedThrough.getStore();
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent;
}

/**
 * Headers carrying the trace on a call made while handling a request with these headers. Empty
 * when the SDK runs: its undici instrumentation adds them, and a second traceparent would break
 * the receiver's parsing.
 */
export function outgoingTraceHeaders(incoming: Record<string, unknown>): Record<string, string> {
  if (provider) return {};
  const traceparent = validTraceparent(incoming.traceparent);
  return traceparent ? { traceparent } : {};
}

export function contextFromTraceparent(traceparent: string | undefined): Context {
  if (!traceparent) return ROOT_CONTEXT;
  if (!provider) return ROOT_CONTEXT.setValue(PASSED_THROUGH, traceparent);
  return propagation.extract(ROOT_CONTEXT, { traceparent });
}

/** Runs `fn` inside a span (child of `parent`), recording failures and always ending it. */
export async function withSpan<T>(
  name: string,
  fn: (span: Span) => Promise<T>,
  options: { parent?: Context; kind?: SpanKind; attributes?: Record<string, string | number | boolean> } = {},
): Promise<T> {
  if (!provider) {
    // No SDK: a span that records nothing, and the parent's traceparent passed on to what fn starts.
    const traceparent = (options.parent?.getValue(PASSED_THROUGH) as string | undefined) ?? passedThrough.getStore();
    return runInTrace(traceparent, () => fn(trace.wrapSpanContext(INVALID_SPAN_CONTEXT)));
  }
  const parent = options.parent ?? context.active();
  return tracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

export { SpanKind };
export type { Span };
