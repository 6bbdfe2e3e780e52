import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { trace } from '@opentelemetry/api';
import pino, { type LoggerOptions } from 'pino';

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
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { traceId, spanId };
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
