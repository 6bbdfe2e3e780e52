import { STATUS_CODES } from 'node:http';
import proxy from '@fastify/http-proxy';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { apiBodyLimit } from '@krom/contracts/api/body-limits';
import type { Endpoint, PathParams, SuccessBody } from '@krom/contracts/endpoint';
import { fillPath } from '@krom/contracts/endpoint-call';
import { callerCheck, endpointSchema, sendJsonText } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import { ASSERTION_HEADER, type Caller } from '@krom/server-kit/internal-auth';
import { outgoingTraceHeaders } from '@krom/server-kit/telemetry';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { request as undiciRequest } from 'undici';
import { bufferUnannouncedBody, drainUnread, endToEndHeaders, refuseAnnouncedTooLarge } from './forwarded-bodies.ts';

export type ServiceName = 'identity' | 'rides' | 'notifications' | 'admin' | 'payments';
/** Where each service answers, and the signer of the assertions the BFF sends them. */
export type ServiceDirectory = { urls: Record<ServiceName, string>; assertion: (caller: Caller, service: ServiceName) => Promise<string> };

declare module 'fastify' {
  interface FastifyRequest {
    /** Headers for the call to a service, prepared before a proxied request is forwarded. */
    internalHeaders?: Record<string, string>;
  }
}

/** What every call from the BFF to a service carries: the assertion, the trace and the request id. */
async function internalHeaders(
  request: FastifyRequest,
  directory: ServiceDirectory,
  service: ServiceName,
  caller: Caller,
): Promise<Record<string, string>> {
  return {
    ...outgoingTraceHeaders(request.headers),
    'x-request-id': request.id,
    [ASSERTION_HEADER]: await directory.assertion(caller, service),
  };
}

/**
 * One call to a service route, named by its endpoint in packages/contracts/src/services: the
 * method and path come from it, `params` fill the path's `:name` segments, `body` is its body.
 */
export type ServiceCall<E extends Endpoint> = {
  service: ServiceName;
  to: E;
  caller: Caller;
  /** The query string passed on as the browser sent it (`?from=Accra&…`), for the service to judge. */
  search?: string;
  body?: E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
  /** The route's own headers (an Idempotency-Key), as its contract names them. */
  headers?: E['headers'] extends z.ZodType ? z.input<E['headers']> : undefined;
} & ([keyof PathParams<E['path']>] extends [never] ? { params?: undefined } : { params: PathParams<E['path']> });

/** How long a service may take to answer before the browser is told it is unavailable. */
const SERVICE_TIMEOUT_MS = 10_000;

/**
 * Sends one call to a service and returns its status and the body's text, whatever the status.
 * undici's request on its kept-alive pool rather than fetch: this runs on every signed-in
 * screen, and fetch's streams and abort signals cost more than the call.
 */
async function exchange<E extends Endpoint>(
  request: FastifyRequest,
  directory: ServiceDirectory,
  call: ServiceCall<E>,
): Promise<{ status: number; text: string }> {
  try {
    const response = await undiciRequest(`${directory.urls[call.service]}${fillPath(call.to.path, call.params)}${call.search ?? ''}`, {
      method: call.to.method,
      headers: {
        ...(await internalHeaders(request, directory, call.service, call.caller)),
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(call.headers as Record<string, string> | undefined),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      headersTimeout: SERVICE_TIMEOUT_MS,
      bodyTimeout: SERVICE_TIMEOUT_MS,
    });
    return { status: response.statusCode, text: await response.body.text() };
  } catch (error) {
    request.log.error({ err: error, service: call.service }, 'service unreachable');
    throw new HttpError(503, 'Service unavailable. Please try again.');
  }
}

function parsedJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Sends one call to a service and returns its status and JSON body (undefined when empty or not JSON). */
export async function sendToService<E extends Endpoint>(
  request: FastifyRequest,
  directory: ServiceDirectory,
  call: ServiceCall<E>,
): Promise<{ status: number; body: unknown }> {
  const { status, text } = await exchange(request, directory, call);
  return { status, body: parsedJson(text) };
}

/** A service's refusal as the browser is told it: its own 4xx message, or a plain 502 for a 5xx. */
function refusal(status: number, text: string): HttpError {
  if (status >= 500) return new HttpError(502, 'Something went wrong. Please try again.');
  const { message, errors } = (parsedJson(text) ?? {}) as { message?: string; errors?: { field: string; message: string }[] };
  return new HttpError(status, message ?? STATUS_CODES[status] ?? 'Error', errors);
}

/**
 * A hand-written call to a service, for routes that do more than forward (sign-in, say). The
 * service serialised its answer with the route's schema, so it is typed from it, not parsed again.
 */
export async function callService<E extends Endpoint>(request: FastifyRequest, directory: ServiceDirectory, call: ServiceCall<E>): Promise<SuccessBody<E>> {
  const { status, text } = await exchange(request, directory, call);
  if (status >= 400) throw refusal(status, text);
  return parsedJson(text) as SuccessBody<E>;
}

/**
 * Answers the browser with a service's successful answer as the service wrote it: the service
 * serialised it with the same contract, so the BFF neither parses nor serialises it again (the
 * current user is read on every screen). A refusal is thrown as `callService` throws it.
 */
export async function relayService<E extends Endpoint>(
  request: FastifyRequest,
  reply: FastifyReply,
  directory: ServiceDirectory,
  call: ServiceCall<E>,
  /** Given the answer's text when it is a success, before it is sent (a cache keeps it). */
  relayed?: (text: string) => void,
): Promise<FastifyReply> {
  const { status, text } = await exchange(request, directory, call);
  if (status >= 400) throw refusal(status, text);
  relayed?.(text);
  return sendJsonText(reply.status(status), text);
}


/** Forwarded routes leave judging the request to the service that owns it (with the same contract). */
export const passThrough = () => (data: unknown) => ({ value: data });

/** The body as the stream it came in on, whatever its type, so it is forwarded as sent, never parsed and re-encoded here. */
const streamedBody = (_request: FastifyRequest, payload: unknown, done: (error: null, body: unknown) => void) => done(null, payload);

/**
 * Forwards one /api endpoint to a service route unchanged but for who is calling. The route is
 * registered from the endpoint, so the OpenAPI document describes it like a hand-written one,
 * but the request passes through as it came (the body streamed, not parsed) and the service
 * judges it with the same contract, so its messages come back as they are. A caller the endpoint
 * does not admit is refused (401) before anything else; the one admitted is asserted to the
 * service as `caller` resolves it from the session. The path's params
 * fill the service route's, and browser cookies are not passed on. A body over the endpoint's
 * limit (`apiBodyLimit`) is refused here with a 413, as the service would, but before it is sent.
 */
export async function forward(
  app: FastifyInstance,
  directory: ServiceDirectory,
  route: {
    endpoint: Endpoint;
    /** The service route it goes to; its `:name` params take the endpoint's values. */
    to: Endpoint;
    service: ServiceName;
    caller: (request: FastifyRequest) => Promise<Caller>;
    rateLimit?: RateLimitOptions;
    /** Run before the request is forwarded, as the caller (a support ticket's booking confirmed with rides); throws to refuse it. */
    check?: (request: FastifyRequest, caller: Caller) => Promise<void>;
  },
): Promise<void> {
  const bodyLimit = (request: FastifyRequest) => apiBodyLimit(route.endpoint.method, route.endpoint.path, request.headers['content-type']);
  await app.register(async (scope) => {
    // Who may call it is checked first, before the body is read (the proxy's routes are this scope's only ones).
    const check = callerCheck(scope, route.endpoint);
    if (check) scope.addHook('onRequest', check);
    // @fastify/http-proxy declares its routes without schemas; the endpoint's is set as each is added.
    scope.addHook('onRoute', (options) => {
      options.schema = endpointSchema(route.endpoint);
      options.validatorCompiler = passThrough;
    });
    // The proxy streams JSON and unknown types; text/plain would still meet Fastify's own parser,
    // and the proxy then chokes re-encoding a string whose Content-Type it cannot parse (a 500).
    scope.addContentTypeParser('text/plain', streamedBody);
    scope.addHook('preParsing', bufferUnannouncedBody(bodyLimit));
    // Answered before its body ended (a refusal here, or the service's early answer): the rest is
    // read and discarded, so the client finishes sending, reads the answer, and its connection
    // (kept alive) serves its next request.
    scope.addHook('onResponse', async (request) => drainUnread(request.raw));
    await scope.register(proxy, {
      upstream: directory.urls[route.service],
      prefix: route.endpoint.path,
      rewritePrefix: route.to.path,
      // Exactly the endpoint's path, not the subtree under it.
      routes: [''],
      httpMethods: [route.endpoint.method],
      config: route.rateLimit ? { rateLimit: route.rateLimit } : {},
      preHandler: async (request) => {
        const caller = await route.caller(request);
        request.internalHeaders = await internalHeaders(request, directory, route.service, caller);
        refuseAnnouncedTooLarge(request, bodyLimit);
        await route.check?.(request, caller);
      },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => {
          const { cookie: _cookie, origin: _origin, referer: _referer, traceparent: _trace, tracestate: _state, [ASSERTION_HEADER]: _forged, ...kept } = headers;
          return { ...endToEndHeaders(kept), ...request.internalHeaders };
        },
        rewriteHeaders: (headers) => {
          const { 'set-cookie': _setCookie, ...kept } = headers;
          return kept;
        },
        onError: (reply, { error }) => {
          reply.log.error({ err: error, service: route.service }, 'service unreachable');
          reply.status(503).send({ message: 'Service unavailable. Please try again.' });
        },
      },
    });
  });
}
