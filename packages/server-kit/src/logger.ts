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
    serializers: { req: requestForLog },
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

/** What a request's log line says of it; only what Fastify's own serializer reads. */
type LoggedRequest = { method: string; url: string; headers?: Record<string, unknown>; readonly host?: string; readonly ip?: string; socket?: { remotePort?: number } | null };

/**
 * Fastify's request serializer, made safe for a request whose connection is already gone (a client
 * that hung up while its body was still being forwarded): behind a trusted proxy `request.ip`
 * reads the socket's address and throws once the socket is released, and a throw in the
 * completion log line would end the process. The address is then simply not known.
 */
export function requestForLog(request: LoggedRequest) {
  const safely = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch {
      return undefined;
    }
  };
  return {
    method: request.method,
    url: request.url,
    version: request.headers?.['accept-version'],
    host: safely(() => request.host),
    remoteAddress: safely(() => request.ip),
    remotePort: request.socket ? request.socket.remotePort : undefined,
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
