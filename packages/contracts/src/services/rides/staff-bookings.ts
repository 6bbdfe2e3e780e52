import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { bookingParams } from '../../http/bookings.ts';
import {
  staffBookingDetailSchema,
  staffBookingListSchema,
  staffBookingListQuerySchema,
  staffCancelBookingSchema,
} from '../../http/staff-bookings.ts';

/** The rides service's staff booking routes (the admin area's Bookings tab). Asserted staff only. */
export const staffListBookingsRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/bookings',
  caller: 'staff',
  roles: ['support', 'finance'],
  summary:
    'Bookings, newest departure first, filtered by status, payment method, departure days, ride, passenger phone (as given on the booking) and boarding code; 50 a page, with a cursor to the next',
  query: staffBookingListQuerySchema,
  responses: { 200: staffBookingListSchema, ...errorResponses(400, 401) },
});

export const staffGetBookingRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/bookings/:id',
  caller: 'staff',
  roles: ['support', 'finance'],
  summary: 'One booking with its history (every transition: from, to, who, why, when)',
  params: bookingParams,
  responses: { 200: staffBookingDetailSchema, ...errorResponses(401, 404) },
});

export const staffCancelBookingRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/bookings/:id/cancel',
  caller: 'staff',
  roles: ['support'],
  summary: 'Cancels a live booking with a reason (its seats come back, the passenger is refunded in full); 409 when it can no longer be cancelled',
  params: bookingParams,
  body: staffCancelBookingSchema,
  responses: { 200: staffBookingDetailSchema, ...errorResponses(400, 401, 404, 409) },
});
