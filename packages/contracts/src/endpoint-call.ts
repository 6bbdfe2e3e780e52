import type { z } from 'zod';
import type { Endpoint, PathParams } from './endpoint.ts';

declare const routeOf: unique symbol;

/**
 * What the browser holds of an endpoint: its method and path, with the endpoint's types only
 * (`api-routes.ts`, written from the endpoints). Calling through it loads no schema, so no zod.
 */
export type ApiRoute<E extends Endpoint> = { readonly method: E['method']; readonly path: E['path']; readonly [routeOf]?: E };

/** The endpoint a route stands for, for its request and answer types (`EndpointInput`, `SuccessBody`). */
export type EndpointOf<R> = R extends ApiRoute<infer E> ? E : never;

/*
 * What a caller needs at run time to make a call from an endpoint. No zod here (types only):
 * frontends import this module wherever they call the API, and a page must not download zod
 * for it; the schemas come with the endpoint definitions a screen imports.
 */

const paramPattern = /:([A-Za-z0-9_]+)/g;

/** The path with its `:name` segments filled in (URL-encoded), for clients and for the BFF's calls to services. */
export function fillPath<P extends string>(path: P, params: PathParams<P> | undefined): string {
  return path.replace(paramPattern, (_match, name: string) => {
    const value = (params as Record<string, string> | undefined)?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

const isSchema = (response: unknown): response is z.ZodType => typeof (response as z.ZodType).safeParse === 'function';

/** The schema of the successful answer (the lowest 2xx status the endpoint lists). */
export function successSchema(endpoint: Endpoint): z.ZodType {
  const status = Object.keys(endpoint.responses)
    .map(Number)
    .filter((code) => code >= 200 && code < 300)
    .sort((a, b) => a - b)[0];
  const response = status === undefined ? undefined : endpoint.responses[status];
  if (!response) throw new Error(`${endpoint.method} ${endpoint.path}: no 2xx response`);
  if (isSchema(response)) return response;
  const first = Object.values(response.content)[0];
  if (!first) throw new Error(`${endpoint.method} ${endpoint.path}: empty media response`);
  return first.schema;
}
