import { cancelStaffBooking, getStaffBooking, listStaffRides, listStaffBookings } from '@krom/contracts/api/staff';
import { staffCancelBookingRoute, staffGetBookingRoute, staffListBookingsRoute } from '@krom/contracts/services/rides/staff-bookings';
import { staffListRidesRoute } from '@krom/contracts/services/rides/staff-rides';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireAdminCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * The admin area's Bookings and Rides tabs, forwarded to the rides service as the signed-in staff member
 * (whose id the rides service writes into a cancellation's history and event). Staff sessions only.
 */
export async function staffBookingRoutes(app: FastifyInstance, { directory }: RouteOptions) {
  const asStaff = { service: 'rides' as const, caller: requireAdminCaller };
  await forward(app, directory, { ...asStaff, endpoint: listStaffBookings, to: staffListBookingsRoute });
  await forward(app, directory, { ...asStaff, endpoint: getStaffBooking, to: staffGetBookingRoute });
  await forward(app, directory, { ...asStaff, endpoint: cancelStaffBooking, to: staffCancelBookingRoute });
  await forward(app, directory, { ...asStaff, endpoint: listStaffRides, to: staffListRidesRoute });
}
