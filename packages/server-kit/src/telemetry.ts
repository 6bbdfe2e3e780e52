import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

let provider: NodeTracerProvider | undefined;

/**
 * Registers the tracer provider once per process: W3C trace context propagation always (so a
 * traceparent flows from the BFF into services, event envelopes and queued jobs), and export
 * over OTLP/HTTP only when an endpoint is configured.
 */
export function initTelemetry(serviceName: string, otlpEndpoint?: string): void {
  if (provider) return;
  const spanProcessors: SpanProcessor[] = [];
  if (otlpEndpoint) {
    const url = `${otlpEndpoint.replace(/\/$/, '')}/v1/traces`;
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url })));
  }
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors,
  });
  provider.register();
}

export async function shutdownTelemetry(): Promise<void> {
  await provider?.shutdown();
  provider = undefined;
}

export const tracer = () => trace.getTracer('krom');

/** The active span's traceparent header value, for envelopes, jobs and outgoing calls. */
export function currentTraceparent(ctx: Context = context.active()): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent;
}

export function contextFromTraceparent(traceparent: string | undefined): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, { traceparent });
}

/** Runs `fn` inside a span (child of `parent`), recording failures and always ending it. */
export async function withSpan<T>(
  name: string,
  fn: (span: Span) => Promise<T>,
  options: { parent?: Context; kind?: SpanKind; attributes?: Record<string, string | number | boolean> } = {},
): Promise<T> {
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
