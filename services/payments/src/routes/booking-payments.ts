import { bookingPaymentRoute, submitVoucherCodeRoute } from '@krom/contracts/services/payments/booking-payments';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import { bookingPaymentView, passengerPaymentRow } from '../booking-payments/passenger-payment.ts';
import { submitVoucherCode } from '../booking-payments/voucher-code.ts';
import type { PaymentsDb } from '../db/payments-db.ts';
import type { MobileMoneyProvider } from '../providers/mobile-money/port.ts';

export type BookingPaymentDeps = { db: PaymentsDb; provider: MobileMoneyProvider; clock: () => Date };

/** A booking's payment as its passenger follows it on the booking screen, and Telecel's voucher step; the asserted user's own only. */
export async function bookingPaymentRoutes(app: FastifyInstance, { db, provider, clock }: BookingPaymentDeps) {
  routeEndpoint(app, bookingPaymentRoute, {
    handler: async (request) => bookingPaymentView(await passengerPaymentRow(db, requireUser(request), request.params.id)),
  });

  routeEndpoint(app, submitVoucherCodeRoute, {
    handler: async (request) =>
      bookingPaymentView(await submitVoucherCode(db, provider, { passengerId: requireUser(request), bookingId: request.params.id, otp: request.body.otp }, clock, request.log)),
  });
}
