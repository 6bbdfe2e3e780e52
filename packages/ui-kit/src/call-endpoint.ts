import type { Endpoint, EndpointInput, SuccessBody } from '@krom/contracts/endpoint';
import { type ApiRoute, fillPath } from '@krom/contracts/endpoint-call';
import { apiRequest } from './api-request.ts';

/** What a call sends (see EndpointInput), and a signal to abort it; optional where the endpoint needs nothing. */
type CallInput<E extends Endpoint> = EndpointInput<E> & { signal?: AbortSignal | undefined };
type CallArguments<E extends Endpoint> = object extends EndpointInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls an /api endpoint through its route (`@krom/contracts/api-routes`): the path filled from
 * `params`, the query, body and request headers (`headers`, required where the endpoint declares
 * them: a booking's Idempotency-Key) sent as the endpoint says, the answer typed by its success schema,
 * so no frontend writes an /api path or re-states a shape. Failures throw as apiRequest's do.
 *
 * The answer is not parsed here, so no page loads zod to call the API: the BFF serialises every
 * answer with the endpoint's own schema (server-kit's createHttpApp: fastify-type-provider-zod's
 * serializerCompiler; relayed answers were serialised so by the service behind, with the same
 * schema), an answer that does not fit is a 500, and the frontends' Pact tests hold the BFF to the
 * answers the screens read. No /api success schema transforms or fills in a value
 * (contracts' api-answers.test.ts), so the JSON is exactly what parsing it would have given.
 */
export async function callEndpoint<E extends Endpoint>(route: ApiRoute<E>, ...[input]: CallArguments<E>): Promise<SuccessBody<E>> {
  const { params, query, body, headers, signal } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };
  const search = query ? `?${new URLSearchParams(query)}` : '';
  const response = await apiRequest(route.method, `${fillPath(route.path as string, params)}${search}`, body, { signal, headers });
  return (await response.json()) as SuccessBody<E>;
}
