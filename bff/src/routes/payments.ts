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
  setDefaultPaymentMethodRoute,
  updatePaymentMethodRoute,
} from '@krom/contracts/services/payments/payment-methods';
import { listPaymentsRoute } from '@krom/contracts/services/rides/payments';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * The payments screen's calls, forwarded as the signed-in user: the history to the rides service,
 * the saved mobile money numbers to the payments service; each answers only with that user's own.
 */
export async function paymentRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  await forward(app, directory, { service: 'rides', caller: requireUserCaller, endpoint: getPayments, to: listPaymentsRoute });
  const asUser = { service: 'payments' as const, caller: requireUserCaller };
  await forward(app, directory, { ...asUser, endpoint: getPaymentMethods, to: listPaymentMethodsRoute });
  const writing = { ...asUser, rateLimit: memberLimits.writes };
  await forward(app, directory, { ...writing, endpoint: createPaymentMethod, to: createPaymentMethodRoute });
  await forward(app, directory, { ...writing, endpoint: updatePaymentMethod, to: updatePaymentMethodRoute });
  await forward(app, directory, { ...writing, endpoint: setDefaultPaymentMethod, to: setDefaultPaymentMethodRoute });
  await forward(app, directory, { ...writing, endpoint: deletePaymentMethod, to: deletePaymentMethodRoute });
}
