import { allowedCallers, type Endpoint, type EndpointCaller } from '@krom/contracts/endpoint';
import type { StaffRole } from '@krom/contracts/http/staff-roles-values';
import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The name of the session cookie's security scheme in an OpenAPI document (the BFF's defines it). */
export const sessionSecurityScheme = 'session';

/**
 * An operation's id in the OpenAPI document, from its method and path (unique as they are):
 * `POST /api/rides/:id/cancel` is `postRidesByIdCancel`.
 */
export function operationIdOf(endpoint: Pick<Endpoint, 'method' | 'path'>): string {
  const words = endpoint.path
    .replace(/^\/api(?=\/)/, '')
    .split(/[/\-.]+/)
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By${capitalised(segment.slice(1))}` : capitalised(segment)));
  return endpoint.method.toLowerCase() + words.join('');
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** What an operation requires in the document: the session cookie for a member's or staff's, nothing for the rest. */
function securityOf(endpoint: Endpoint): { [scheme: string]: string[] }[] {
  const allowed = allowedCallers(endpoint);
  return allowed.every((caller) => caller === 'user' || caller === 'staff') ? [{ [sessionSecurityScheme]: [] }] : [];
}

/** A contract endpoint as a Fastify route schema: what the validator, the serializer and the OpenAPI document read. */
export type EndpointSchema<E extends Endpoint> = {
  summary: string;
  operationId: string;
  security: readonly { readonly [scheme: string]: readonly string[] }[];
  params: E['params'];
  querystring: E['query'];
  headers: E['headers'];
  body: E['body'];
  consumes?: readonly string[];
  response: E['responses'];
};

export function endpointSchema<E extends Endpoint>(endpoint: E): EndpointSchema<E> {
  // Parts the endpoint lacks are left out, not set to undefined (Fastify warns of those).
  return {
    summary: endpoint.summary,
    operationId: operationIdOf(endpoint),
    security: securityOf(endpoint),
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.headers && { headers: endpoint.headers }),
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.consumes && { consumes: endpoint.consumes }),
    response: endpoint.responses,
  } as EndpointSchema<E>;
}

/** A hook that refuses, before the request is read, any caller its endpoint does not admit. */
export type CallerCheck = (request: FastifyRequest) => Promise<void>;

/**
 * How an app learns who is calling (a service from the BFF's assertion, the BFF from its session)
 * and so how it refuses a caller an endpoint does not admit; undefined when nobody is refused.
 */
export type CallerGuard = (allowed: readonly EndpointCaller[], roles?: readonly StaffRole[]) => CallerCheck | undefined;

declare module 'fastify' {
  interface FastifyInstance {
    callerGuard: CallerGuard;
  }
}

/**
 * The check an endpoint's `caller` asks of this app, or undefined for one anyone may call. An
 * endpoint that admits only some callers cannot be served by an app that cannot tell them apart.
 */
export function callerCheck(app: FastifyInstance, endpoint: Endpoint): CallerCheck | undefined {
  const allowed = allowedCallers(endpoint);
  if (allowed.includes('public')) return undefined;
  if (!app.hasDecorator('callerGuard')) {
    throw new Error(`${endpoint.method} ${endpoint.path} admits only ${allowed.join(', ')}, and this app has no caller guard`);
  }
  return app.callerGuard(allowed, endpoint.roles);
}

/** Everything a route declares besides what its endpoint already says; the handler is typed from the endpoint. */
export type EndpointRouteOptions<E extends Endpoint> = Omit<
  RouteOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    EndpointSchema<E>,
    ZodTypeProvider
  >,
  'method' | 'url' | 'schema'
>;

/**
 * Registers the route an endpoint defines: its method and path, the caller it admits checked
 * first (before the body is even read), the request validated and the answer serialised with its
 * schemas (createHttpApp sets the compilers), and its OpenAPI entry.
 */
export function routeEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, options: EndpointRouteOptions<E>): void {
  const check = callerCheck(app, endpoint);
  const own = options.onRequest === undefined ? [] : [options.onRequest].flat();
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    ...(check && { onRequest: [check, ...own] }),
    method: endpoint.method,
    url: endpoint.path,
    schema: endpointSchema(endpoint),
  } as RouteOptions);
}

/**
 * JSON already serialised with the route's contract (a service's answer relayed, an answer kept
 * as the text sent), sent as it is: Fastify sends a JSON string without serialising it again.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
