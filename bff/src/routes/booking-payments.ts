import { getBookingPayment, submitBookingVoucherCode } from '@krom/contracts/api/booking-payments';
import { bookingPaymentRoute, submitVoucherCodeRoute } from '@krom/contracts/services/payments/booking-payments';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * A booking's mobile money payment, forwarded to the payments service as the signed-in member (it
 * answers about their own bookings' payments only): the booking screen polls where it stands, and
 * sends Telecel's voucher code (a member write, limited like the others).
 */
export async function bookingPaymentRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  const asUser = { service: 'payments' as const, caller: requireUserCaller };
  await forward(app, directory, { ...asUser, endpoint: getBookingPayment, to: bookingPaymentRoute });
  await forward(app, directory, { ...asUser, endpoint: submitBookingVoucherCode, to: submitVoucherCodeRoute, rateLimit: memberLimits.writes });
}
