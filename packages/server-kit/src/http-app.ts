import { jsonBodyLimit } from '@krom/contracts/api/body-limits';
import { answerClientError } from '@krom/contracts/api/client-errors';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { HttpError, validationError } from './errors.ts';
import { loggerOptions, requestIdFrom } from './logger.ts';
import { runInTrace, tracingEnabled, validTraceparent } from './telemetry.ts';
import { contractValidatorCompiler } from './validate.ts';

export type HealthCheck = () => Promise<void>;

/** One log line per request, when it completes, naming the request (Fastify's default writes two). */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * A Fastify instance with what every Krom HTTP process shares: one pino line per request with
 * its request id, the caller's trace continued (see telemetry.ts), one error body format,
 * routes validated and answers serialised with their contract schemas (see endpoint-route.ts),
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
    // The one JSON limit the web server and the BFF in front refuse by too.
    bodyLimit: jsonBodyLimit.bytes,
    logController: new OneLinePerRequest(),
    // Headers over Node's 16 KiB, and other requests Node cannot parse: a complete answer, never a reset.
    clientErrorHandler: answerClientError,
    // Addresses the router refuses before any route (a path segment over its length limit, a
    // malformed percent-encoding) get the one error body too, without the address echoed back.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const answer: FastifyReply = reply;
      answer.status(tooLong ? 414 : (error.statusCode ?? 400)).send({ message: tooLong ? 'This address is too long.' : 'This address is not valid.' });
    },
    ...options.fastify,
  });
  app.setValidatorCompiler(contractValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Fastify closes the connection after refusing a body it has not read to the end (too large);
  // the client, still sending, then meets a reset and may never read the 413. Left open, the
  // connection has Node read and discard the rest (within its requestTimeout), and the answer arrives.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete && reply.getHeader('connection') === 'close') reply.removeHeader('connection');
    done(null, payload);
  });
  // Spans are @fastify/otel's when the SDK runs. Without it, nothing per request but passing an
  // incoming traceparent on to what the handler records or calls; set at preHandler, after the
  // body is read, because the body stream's events would not carry it.
  app.addHook('preHandler', (request, _reply, done) => {
    const traceparent = tracingEnabled() ? undefined : validTraceparent(request.headers.traceparent);
    if (traceparent) runInTrace(traceparent, () => done());
    else done();
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
