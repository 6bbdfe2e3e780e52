import {
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ZodError } from 'zod';
import { HttpError, validationError } from './errors.ts';
import { loggerOptions, requestIdFrom } from './logger.ts';
import { tracer } from './telemetry.ts';

declare module 'fastify' {
  interface FastifyRequest {
    span?: Span;
  }
}

export type HealthCheck = () => Promise<void>;

/**
 * A Fastify instance with what every Krom HTTP process shares: pino logs with request ids,
 * a server span per request continuing the caller's traceparent, one error body format,
 * and /health/live and /health/ready.
 */
export function createHttpApp(options: {
  service: string;
  logLevel: string;
  checks?: Record<string, HealthCheck>;
  fastify?: FastifyServerOptions;
}): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(options.service, options.logLevel),
    genReqId: requestIdFrom,
    forceCloseConnections: 'idle',
    ...options.fastify,
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer().startSpan(
      `${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] ?? '' } },
      parent,
    );
    request.span = span;
    // Runs the rest of the request (hooks, handler) inside this span's context.
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = request.span;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });

  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof ZodError) error = validationError(error);
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type).
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));

  const checks = options.checks ?? {};
  // Probes every few seconds would drown the logs.
  app.get('/health/live', { logLevel: 'silent' }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { logLevel: 'silent' }, async (_request, reply) => {
    const results: Record<string, string> = {};
    let ready = true;
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2000);
          results[name] = 'ok';
        } catch (error) {
          ready = false;
          results[name] = (error as Error).message || 'failed';
        }
      }),
    );
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: results });
  });
  return app;
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Listens, and on SIGTERM or SIGINT closes the app: Fastify stops accepting, finishes in-flight
 * requests, then runs every plugin's onClose (relay, consumers, queues, pools) before exit.
 */
export async function serveUntilSignalled(app: FastifyInstance, port: number, host: string): Promise<void> {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 15 s; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port, host });
}
