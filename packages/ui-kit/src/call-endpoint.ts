import type { Endpoint, EndpointInput, SuccessBody } from '@krom/contracts/endpoint';
import { fillPath, successSchema } from '@krom/contracts/endpoint-call';
import { apiRequest } from './api-request.ts';

/** What a call sends (see EndpointInput), and a signal to abort it; optional where the endpoint needs nothing. */
type CallInput<E extends Endpoint> = EndpointInput<E> & { signal?: AbortSignal | undefined };
type CallArguments<E extends Endpoint> = object extends EndpointInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls an /api endpoint from packages/contracts/src/api: the path filled from `params`, the
 * query and body sent as the endpoint says, and the answer parsed with its success schema, so
 * no frontend writes an /api path or re-states a shape. Failures throw as apiRequest's do.
 * Kept apart from api-request.ts and free of zod: the schemas come with the endpoint a screen
 * imports, so a page that calls nothing (the signed-out landing page) downloads none.
 */
export async function callEndpoint<E extends Endpoint>(endpoint: E, ...[input]: CallArguments<E>): Promise<SuccessBody<E>> {
  const { params, query, body, signal } = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; signal?: AbortSignal };
  const search = query ? `?${new URLSearchParams(query)}` : '';
  const response = await apiRequest(endpoint.method, `${fillPath(endpoint.path, params)}${search}`, body, { signal });
  return successSchema(endpoint).parse(await response.json()) as SuccessBody<E>;
}
