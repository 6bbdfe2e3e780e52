import type { Endpoint } from '@krom/contracts/endpoint';
import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  FastifyReply,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A contract endpoint as a Fastify route schema: what the validator, the serializer and the OpenAPI document read. */
export type EndpointSchema<E extends Endpoint> = {
  summary: string;
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  consumes?: readonly string[];
  response: E['responses'];
};

export function endpointSchema<E extends Endpoint>(endpoint: E): EndpointSchema<E> {
  // Parts the endpoint lacks are left out, not set to undefined (Fastify warns of those).
  return {
    summary: endpoint.summary,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.consumes && { consumes: endpoint.consumes }),
    response: endpoint.responses,
  } as EndpointSchema<E>;
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
 * Registers the route an endpoint defines: its method and path, the request validated and the
 * answer serialised with its schemas (createHttpApp sets the compilers), and its OpenAPI entry.
 */
export function routeEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, options: EndpointRouteOptions<E>): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
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
