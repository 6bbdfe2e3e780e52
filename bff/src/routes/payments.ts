import { paymentServiceRoutes } from '@krom/contracts/http/payments';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * The payments screen's calls, forwarded to the rides service as the signed-in user; the rides
 * service answers only with that user's own payments and numbers.
 */
export async function paymentRoutes(app: FastifyInstance, { directory }: RouteOptions) {
  await forward(app, directory, {
    prefix: '/api/payments',
    service: 'rides',
    rewritePrefix: paymentServiceRoutes.payments,
    methods: ['GET'],
    caller: requireUserCaller,
  });
  // One registration covers /api/payment-methods, /{id} and /{id}/default.
  await forward(app, directory, {
    prefix: '/api/payment-methods',
    service: 'rides',
    rewritePrefix: paymentServiceRoutes.paymentMethods,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    caller: requireUserCaller,
  });
}
