import {
  acceptBooking,
  boardPassenger,
  cancelBooking,
  createBooking,
  declineBooking,
  getBooking,
  getMyBookings,
  getRideBookings,
  reportNoShow,
} from '@krom/contracts/api/bookings';
import {
  acceptBookingRoute,
  boardPassengerRoute,
  cancelBookingRoute,
  createBookingRoute,
  declineBookingRoute,
  getBookingRoute,
  myBookingsRoute,
  reportNoShowRoute,
  rideBookingsRoute,
} from '@krom/contracts/services/rides/bookings';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * Bookings, forwarded to the rides service as the signed-in member (it acts on their own bookings
 * and their own rides' bookings only). The Idempotency-Key header goes through with the request.
 */
export async function bookingRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  const asUser = { service: 'rides' as const, caller: requireUserCaller };
  await forward(app, directory, { ...asUser, endpoint: createBooking, to: createBookingRoute, rateLimit: memberLimits.bookings });
  await forward(app, directory, { ...asUser, endpoint: getMyBookings, to: myBookingsRoute });
  await forward(app, directory, { ...asUser, endpoint: getBooking, to: getBookingRoute });
  await forward(app, directory, { ...asUser, endpoint: cancelBooking, to: cancelBookingRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: acceptBooking, to: acceptBookingRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: declineBooking, to: declineBookingRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: reportNoShow, to: reportNoShowRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: getRideBookings, to: rideBookingsRoute });
  await forward(app, directory, { ...asUser, endpoint: boardPassenger, to: boardPassengerRoute, rateLimit: memberLimits.writes });
}
