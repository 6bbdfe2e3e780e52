import { staffCancelBookingRoute, staffGetBookingRoute, staffListBookingsRoute } from '@krom/contracts/services/rides/staff-bookings';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireAdmin } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from '../db/rides-db.ts';
import { cancelAsStaff, listStaffBookings, staffBooking } from '../bookings/staff-bookings.ts';

/** Staff on any booking (the admin area's Bookings tab): list with filters, read with its history, cancel with a reason. */
export async function staffBookingRoutes(app: FastifyInstance, { db }: { db: RidesDb }) {
  routeEndpoint(app, staffListBookingsRoute, { handler: async (request) => listStaffBookings(db, request.query) });

  routeEndpoint(app, staffGetBookingRoute, { handler: async (request) => staffBooking(db, request.params.id) });

  routeEndpoint(app, staffCancelBookingRoute, {
    handler: async (request) => cancelAsStaff(db, requireAdmin(request), request.params.id, request.body.reason),
  });
}
