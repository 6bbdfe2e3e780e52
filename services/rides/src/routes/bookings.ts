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
import { idempotencyKeyHeader } from '@krom/contracts/http/booking-values';
import { routeEndpoint, sendJsonText } from '@krom/server-kit/endpoint-route';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from '../db/rides-db.ts';
import { bookSeats } from '../bookings/book-seat.ts';
import { bookingContact } from '../bookings/booking-contact.ts';
import {
  acceptAsDriver,
  boardByCode,
  bookingsOnRide,
  cancelAsPassenger,
  declineAsDriver,
  myBookings,
  passengerBooking,
  reportNoShowAsDriver,
} from '../bookings/booking-actions.ts';
import { requestHash, runOnce } from '../bookings/idempotency.ts';

/** Booking routes: a passenger on their own bookings, a driver on their own rides' bookings. */
export async function bookingRoutes(app: FastifyInstance, { db, clock }: { db: RidesDb; clock: () => Date }) {
  routeEndpoint(app, createBookingRoute, {
    handler: async (request, reply) => {
      const userId = requireUser(request);
      const claim = { userId, key: request.headers[idempotencyKeyHeader], hash: requestHash(createBookingRoute.path, request.body) };
      const answer = await runOnce(db, claim, async (remember) => {
        const booking = await bookSeats(db, userId, request.body, {
          booked: (tx, made) => remember(tx, { status: 201, body: made }),
        });
        return { status: 201, body: booking };
      });
      // A repeated answer is the stored JSON, already shaped by the contract when it was first sent.
      return sendJsonText(reply.status(answer.status as 201), JSON.stringify(answer.body));
    },
  });

  routeEndpoint(app, myBookingsRoute, {
    handler: async (request) => ({ bookings: await myBookings(db, requireUser(request), request.query.when) }),
  });

  routeEndpoint(app, getBookingRoute, { handler: async (request) => passengerBooking(db, requireUser(request), request.params.id) });

  routeEndpoint(app, bookingContactRoute, { handler: async (request) => bookingContact(db, requireUser(request), request.params.id, clock()) });

  routeEndpoint(app, cancelBookingRoute, { handler: async (request) => cancelAsPassenger(db, requireUser(request), request.params.id) });

  routeEndpoint(app, acceptBookingRoute, { handler: async (request) => acceptAsDriver(db, requireUser(request), request.params.id) });

  routeEndpoint(app, declineBookingRoute, { handler: async (request) => declineAsDriver(db, requireUser(request), request.params.id) });

  routeEndpoint(app, reportNoShowRoute, { handler: async (request) => reportNoShowAsDriver(db, requireUser(request), request.params.id) });

  routeEndpoint(app, rideBookingsRoute, {
    handler: async (request) => ({ bookings: await bookingsOnRide(db, requireUser(request), request.params.id) }),
  });

  routeEndpoint(app, boardPassengerRoute, {
    handler: async (request) => boardByCode(db, requireUser(request), request.params.id, request.body.code),
  });
}
