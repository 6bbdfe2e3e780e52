import proxy from '@fastify/http-proxy';
import { HttpError } from '@krom/server-kit/errors';
import { ASSERTION_HEADER, type Caller, signAssertion } from '@krom/server-kit/internal-auth';
import { context, propagation, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type ServiceName = 'identity' | 'rides' | 'notifications' | 'admin';
export type ServiceDirectory = { urls: Record<ServiceName, string>; internalSecret: string };

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
    [ASSERTION_HEADER]: await signAssertion(directory.internalSecret, caller, service),
  };
}

/** A hand-written call to a service, for routes that do more than forward (sign-in, say). */
export async function callService<T>(
  request: FastifyRequest,
  directory: ServiceDirectory,
  call: { service: ServiceName; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; caller: Caller; body?: unknown },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${directory.urls[call.service]}${call.path}`, {
      method: call.method,
      headers: {
        ...(await internalHeaders(request, directory, call.service, call.caller)),
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    request.log.error({ err: error, service: call.service }, 'service unreachable');
    throw new HttpError(503, 'Service unavailable. Please try again.');
  }
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    if (response.status >= 500) throw new HttpError(502, 'Something went wrong. Please try again.');
    throw new HttpError(response.status, body?.message ?? response.statusText, body?.errors);
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
