import { STATUS_CODES } from 'node:http';
import proxy from '@fastify/http-proxy';
import { HttpError } from '@krom/server-kit/errors';
import { ASSERTION_HEADER, type Caller } from '@krom/server-kit/internal-auth';
import { context, propagation, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { request as undiciRequest } from 'undici';

export type ServiceName = 'identity' | 'rides' | 'notifications' | 'admin';
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
  const carrier: Record<string, string> = {};
  const active = request.span ? trace.setSpan(context.active(), request.span) : context.active();
  propagation.inject(active, carrier);
  return {
    ...carrier,
    'x-request-id': request.id,
    [ASSERTION_HEADER]: await directory.assertion(caller, service),
  };
}

type ServiceCall = { service: ServiceName; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; caller: Caller; body?: unknown };

/** How long a service may take to answer before the browser is told it is unavailable. */
const SERVICE_TIMEOUT_MS = 10_000;

/**
 * Sends one call to a service and returns its status and JSON body (undefined when empty or not
 * JSON), whatever the status. undici's request on its kept-alive pool rather than fetch: this
 * runs on every signed-in screen, and fetch's streams and abort signals cost more than the call.
 */
export async function sendToService(request: FastifyRequest, directory: ServiceDirectory, call: ServiceCall): Promise<{ status: number; body: unknown }> {
  try {
    const response = await undiciRequest(`${directory.urls[call.service]}${call.path}`, {
      method: call.method,
      headers: {
        ...(await internalHeaders(request, directory, call.service, call.caller)),
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      headersTimeout: SERVICE_TIMEOUT_MS,
      bodyTimeout: SERVICE_TIMEOUT_MS,
    });
    const text = await response.body.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, body };
  } catch (error) {
    request.log.error({ err: error, service: call.service }, 'service unreachable');
    throw new HttpError(503, 'Service unavailable. Please try again.');
  }
}

/** A hand-written call to a service, for routes that do more than forward (sign-in, say). */
export async function callService<T>(request: FastifyRequest, directory: ServiceDirectory, call: ServiceCall): Promise<T> {
  const { status, body } = await sendToService(request, directory, call);
  if (status >= 500) throw new HttpError(502, 'Something went wrong. Please try again.');
  if (status >= 400) {
    const { message, errors } = (body ?? {}) as { message?: string; errors?: { field: string; message: string }[] };
    throw new HttpError(status, message ?? STATUS_CODES[status] ?? 'Error', errors);
  }
  return body as T;
}

/**
 * Forwards a public path to a service path unchanged but for who is calling: the caller is
 * resolved from the session (refusing with 401 when required and absent), browser cookies are
 * not passed on, and the service's answer comes back as it is.
 */
export async function forward(
  app: FastifyInstance,
  directory: ServiceDirectory,
  route: {
    prefix: string;
    service: ServiceName;
    rewritePrefix: string;
    methods: ('GET' | 'POST' | 'PUT' | 'DELETE')[];
    caller: (request: FastifyRequest) => Promise<Caller>;
    rateLimit?: { max: number; timeWindow: string };
  },
): Promise<void> {
  await app.register(proxy, {
    upstream: directory.urls[route.service],
    prefix: route.prefix,
    rewritePrefix: route.rewritePrefix,
    httpMethods: route.methods,
    config: route.rateLimit ? { rateLimit: route.rateLimit } : {},
    preHandler: async (request) => {
      request.internalHeaders = await internalHeaders(request, directory, route.service, await route.caller(request));
    },
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => {
        const { cookie: _cookie, origin: _origin, referer: _referer, [ASSERTION_HEADER]: _forged, ...kept } = headers;
        return { ...kept, ...request.internalHeaders };
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
}
