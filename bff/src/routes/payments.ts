import {
  createPaymentMethod,
  deletePaymentMethod,
  getPaymentMethods,
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
import { getDriverEarnings, getPaymentReceipt, getPayments } from '@krom/contracts/api/payment-history';
import { driverEarningsRoute, listPaymentsRoute, paymentReceiptRoute } from '@krom/contracts/services/payments/payment-history';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * The payments screen's calls and the driver's earnings, forwarded to the payments service as the
 * signed-in user; it answers only with that user's own transactions and numbers.
 */
export async function paymentRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  const asUser = { service: 'payments' as const, caller: requireUserCaller };
  // The member's transactions, receipts and a driver's earnings.
  await forward(app, directory, { ...asUser, endpoint: getPayments, to: listPaymentsRoute });
  await forward(app, directory, { ...asUser, endpoint: getPaymentReceipt, to: paymentReceiptRoute });
  await forward(app, directory, { ...asUser, endpoint: getDriverEarnings, to: driverEarningsRoute });
  await forward(app, directory, { ...asUser, endpoint: getPaymentMethods, to: listPaymentMethodsRoute });
  const writing = { ...asUser, rateLimit: memberLimits.writes };
  await forward(app, directory, { ...writing, endpoint: createPaymentMethod, to: createPaymentMethodRoute });
  await forward(app, directory, { ...writing, endpoint: updatePaymentMethod, to: updatePaymentMethodRoute });
  await forward(app, directory, { ...writing, endpoint: setDefaultPaymentMethod, to: setDefaultPaymentMethodRoute });
  await forward(app, directory, { ...writing, endpoint: deletePaymentMethod, to: deletePaymentMethodRoute });
}
