import type { z } from 'zod';
import { apiErrorSchema } from './http/errors.ts';
import type { StaffRole } from './http/staff-roles-values.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint; the route built from it refuses anyone else before reading the request.
 * `public`: anyone. `guest`: the anonymous visitor's steps (sign-up, sign-in, recovery): at /api the
 * session is not consulted and the service is called as the public caller, and a service refuses
 * any other caller. `user`: a signed-in member. `staff`: a signed-in admin. `webhook`: a provider's
 * signed callback, with no session (its adapter checks the signature).
 */
export type EndpointCaller = 'public' | 'guest' | 'user' | 'staff' | 'webhook';

/** A body that is not JSON (an image, an event stream), described by its media type. */
export type MediaResponse = { description: string; content: Record<string, { schema: z.ZodType }> };

/**
 * One HTTP call, defined once: the server registers its route from it (validation, response
 * serialisation, the OpenAPI document) and clients build the request and parse the answer with it.
 * `path` is in Fastify's `:name` style; `responses` are the bodies by status, errors included.
 */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Who may call it; a list when several kinds may (a document its owner and staff read). */
  caller: EndpointCaller | readonly EndpointCaller[];
  /**
   * The staff roles that may call it (any one of them; an administrator may call everything).
   * Required on every endpoint that admits staff, absent on every other: a member of staff
   * without one of them is refused (403) before the request is read.
   */
  roles?: readonly StaffRole[];
  params?: z.ZodType;
  query?: z.ZodType;
  /** Request headers the route reads (lower-case names), such as a booking's Idempotency-Key. */
  headers?: z.ZodType;
  body?: z.ZodType;
  /** The body's media types when not JSON (a multipart form): the OpenAPI document describes it under these. */
  consumes?: readonly string[];
  responses: { [status: number]: z.ZodType | MediaResponse };
};

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The values a path's `:name` segments take, e.g. `{ id: string }` for `/payment-methods/:id`. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

type SuccessStatus<E extends Endpoint> = Extract<keyof E['responses'], 200 | 201 | 202 | 204>;
type BodyOf<R> = R extends z.ZodType ? z.output<R> : R extends MediaResponse ? z.output<R['content'][string]['schema']> : never;
/** What a successful call answers (the body of its 2xx response). */
export type SuccessBody<E extends Endpoint> = BodyOf<E['responses'][SuccessStatus<E>]>;

/** What a client passes to make the call: the path's params, the query, the body and the request headers (a booking's Idempotency-Key), each only where the endpoint has one. */
export type EndpointInput<E extends Endpoint> = ([ParamNames<E['path']>] extends [never] ? { params?: undefined } : { params: PathParams<E['path']> }) &
  (E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: undefined }) &
  (E['headers'] extends z.ZodType ? { headers: z.input<E['headers']> } : { headers?: undefined });

/**
 * Declares an endpoint, keeping its literal types for the server's and the clients' inference.
 * A path with `:name` segments must say how they are read, so a params schema is required then.
 */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  if (endpoint.path.includes(':') && !endpoint.params) {
    throw new Error(`${endpoint.method} ${endpoint.path}: a path with params needs a params schema`);
  }
  // A list admits signed-in kinds only (user and staff): with an open kind in it (public, guest,
  // webhook) the BFF would read no session for it, and the signed-in kind would go unchecked.
  const callers = allowedCallers(endpoint);
  if (callers.length === 0 || (callers.length > 1 && callers.some((caller) => caller !== 'user' && caller !== 'staff'))) {
    throw new Error(`${endpoint.method} ${endpoint.path}: a caller list may only join user and staff`);
  }
  if (callers.includes('staff') !== (endpoint.roles !== undefined && endpoint.roles.length > 0)) {
    throw new Error(`${endpoint.method} ${endpoint.path}: an endpoint admitting staff declares its staff roles, and only such an endpoint`);
  }
  return endpoint;
}

/** The error body `{ message, errors? }` under each status given, for an endpoint's `responses`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

/** The kinds of caller an endpoint admits, as a list. */
export function allowedCallers(endpoint: Pick<Endpoint, 'caller'>): readonly EndpointCaller[] {
  return typeof endpoint.caller === 'string' ? [endpoint.caller] : endpoint.caller;
}

/**
 * What a forwarded /api endpoint may say differently from its service route: an /api path of its
 * own (with the same `:name` params), the summary the browser's document reads, the answers the
 * BFF adds (403 for a write from another site, 429 for its rate limits) or the caller it admits.
 */
export type ForwardedOverrides = Partial<Pick<Endpoint, 'path' | 'caller' | 'roles' | 'summary' | 'responses'>>;

/**
 * The /api endpoint that forwards to a service route unchanged: the same method and request
 * schemas at `/api` + the route's path, admitting the route's callers and answering its answers,
 * except where `overrides` say otherwise. The request's shape is written once, on the route.
 */
export function defineForwarded<const S extends Endpoint, const O extends ForwardedOverrides = Record<never, never>>(
  serviceEndpoint: S,
  overrides?: O,
): Omit<S, 'path' | keyof O> & Omit<O, 'path'> & { path: O extends { path: infer P extends string } ? P : `/api${S['path']}` } {
  return defineEndpoint({ ...serviceEndpoint, path: `/api${serviceEndpoint.path}`, ...overrides }) as never;
}

/** An endpoint's answers with some statuses left out (a service's 401 that the browser never meets on a public route). */
export function withoutStatuses<const R extends Endpoint['responses'], const S extends number>(responses: R, ...statuses: S[]): Omit<R, S> {
  return Object.fromEntries(Object.entries(responses).filter(([status]) => !statuses.includes(Number(status) as S))) as Omit<R, S>;
}
