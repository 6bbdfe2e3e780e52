import {
  createPaymentMethod,
  deletePaymentMethod,
  getPaymentMethods,
  getPayments,
  setDefaultPaymentMethod,
  updatePaymentMethod,
} from '@krom/contracts/api/payments';
import {
  createPaymentMethodRoute,
  deletePaymentMethodRoute,
  listPaymentMethodsRoute,
  listPaymentsRoute,
  setDefaultPaymentMethodRoute,
  updatePaymentMethodRoute,
} from '@krom/contracts/services/rides/payments';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * The payments screen's calls, forwarded to the rides service as the signed-in user; the rides
 * service answers only with that user's own payments and numbers.
 */
export async function paymentRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  const asUser = { service: 'rides' as const, caller: requireUserCaller };
  await forward(app, directory, { ...asUser, endpoint: getPayments, to: listPaymentsRoute });
  await forward(app, directory, { ...asUser, endpoint: getPaymentMethods, to: listPaymentMethodsRoute });
  const writing = { ...asUser, rateLimit: memberLimits.writes };
  await forward(app, directory, { ...writing, endpoint: createPaymentMethod, to: createPaymentMethodRoute });
  await forward(app, directory, { ...writing, endpoint: updatePaymentMethod, to: updatePaymentMethodRoute });
  await forward(app, directory, { ...writing, endpoint: setDefaultPaymentMethod, to: setDefaultPaymentMethodRoute });
  await forward(app, directory, { ...writing, endpoint: deletePaymentMethod, to: deletePaymentMethodRoute });
}
