import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { trace } from '@opentelemetry/api';
import pino, { type LoggerOptions } from 'pino';
import { currentTraceparent } from './telemetry.ts';

/** pino settings shared by every process: service name, trace ids, no secrets in the output. */
export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-krom-assertion"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.verificationCode',
      ],
      censor: '[redacted]',
    },
    mixin() {
      const span = trace.getActiveSpan();
      if (span) {
        const { traceId, spanId } = span.spanContext();
        return { traceId, spanId };
      }
      // Tracing off: the trace id of the traceparent the request or message came with, if any.
      const traceparent = currentTraceparent();
      return traceparent ? { traceId: traceparent.slice(3, 35) } : {};
    },
  };
}

export function createLogger(service: string, level = 'info') {
  return pino(loggerOptions(service, level));
}
export type Logger = ReturnType<typeof createLogger>;

/** Request ids: an incoming x-request-id is kept (the BFF sets one), otherwise a new uuid. */
export function requestIdFrom(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}
