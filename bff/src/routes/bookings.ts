import {
  acceptBooking,
  boardPassenger,
  cancelBooking,
  createBooking,
  declineBooking,
  getBooking,
  getBookingContact,
  getMyBookings,
  getRideBookings,
  reportNoShow,
} from '@krom/contracts/api/bookings';
import {
  acceptBookingRoute,
  boardPassengerRoute,
  bookingContactRoute,
  cancelBookingRoute,
  createBookingRoute,
  declineBookingRoute,
  getBookingRoute,
  myBookingsRoute,
  reportNoShowRoute,
  rideBookingsRoute,
} from '@krom/contracts/services/rides/bookings';
import { bookingMessages, idempotencyKeyHeader } from '@krom/contracts/http/booking-values';
import type { BookingInput, BookingRequest } from '@krom/contracts/http/bookings';
import { paymentMethodWalletRoute } from '@krom/contracts/services/payments/payment-methods';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '@krom/server-kit/internal-auth';
import { callService, forward, relayService, type ServiceDirectory } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * The booking as rides takes it: a saved wallet named by `paymentMethodId` becomes its network and
 * full number, which payments answers only for the caller's own method (the browser saw it masked);
 * one removed, or another member's, is refused before anything is booked.
 */
async function withSavedWallet(request: FastifyRequest, directory: ServiceDirectory, caller: Caller, input: BookingRequest): Promise<BookingInput> {
  const { paymentMethodId, ...booking } = input;
  if (paymentMethodId === undefined) return booking;
  try {
    const saved = await callService(request, directory, { service: 'payments', to: paymentMethodWalletRoute, params: { id: paymentMethodId }, caller });
    return { ...booking, wallet: { phone: saved.number, network: saved.network } };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw new HttpError(400, bookingMessages.savedWalletGone, [{ field: 'paymentMethodId', message: bookingMessages.savedWalletGone }]);
    throw error;
  }
}

/**
 * Bookings, forwarded to the rides service as the signed-in member (it acts on their own bookings
 * and their own rides' bookings only). The Idempotency-Key header goes through with the request;
 * a booking is sent by the BFF itself, to put a saved wallet's number in it.
 */
export async function bookingRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  const asUser = { service: 'rides' as const, caller: requireUserCaller };
  routeEndpoint(app, createBooking, {
    config: { rateLimit: memberLimits.bookings },
    handler: async (request, reply) => {
      const caller = await requireUserCaller(request);
      const body = await withSavedWallet(request, directory, caller, request.body);
      const headers = { [idempotencyKeyHeader]: request.headers[idempotencyKeyHeader] };
      return relayService(request, reply, directory, { service: 'rides', to: createBookingRoute, caller, body, headers });
    },
  });
  await forward(app, directory, { ...asUser, endpoint: getMyBookings, to: myBookingsRoute });
  await forward(app, directory, { ...asUser, endpoint: getBooking, to: getBookingRoute });
  await forward(app, directory, { ...asUser, endpoint: getBookingContact, to: bookingContactRoute });
  await forward(app, directory, { ...asUser, endpoint: cancelBooking, to: cancelBookingRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: acceptBooking, to: acceptBookingRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: declineBooking, to: declineBookingRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: reportNoShow, to: reportNoShowRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: getRideBookings, to: rideBookingsRoute });
  await forward(app, directory, { ...asUser, endpoint: boardPassenger, to: boardPassengerRoute, rateLimit: memberLimits.writes });
}
