import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  boardingInputSchema,
  bookingContactSchema,
  bookingInputSchema,
  bookingParams,
  bookingSchema,
  idempotencyHeadersSchema,
  myBookingsQuerySchema,
  myBookingsResponseSchema,
  rideBookingSchema,
  rideBookingsResponseSchema,
} from '../../http/bookings.ts';
import { rideParams } from '../../http/rides.ts';

/**
 * The rides service's booking routes. A passenger acts on their own bookings, a driver on the
 * bookings of their own rides; anyone else's booking is a 404, as if it did not exist.
 */
export const createBookingRoute = defineEndpoint({
  method: 'POST',
  path: '/bookings',
  caller: 'user',
  summary: 'Books seats on a ride for the asserted user (confirmed at once on an instant ride, a request on an approval ride)',
  headers: idempotencyHeadersSchema,
  body: bookingInputSchema,
  responses: { 201: bookingSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
});
export const myBookingsRoute = defineEndpoint({
  method: 'GET',
  path: '/bookings/mine',
  caller: 'user',
  summary: "The asserted user's bookings as a passenger, upcoming (soonest first) or past (latest first)",
  query: myBookingsQuerySchema,
  responses: { 200: myBookingsResponseSchema, ...errorResponses(400, 401) },
});
export const getBookingRoute = defineEndpoint({
  method: 'GET',
  path: '/bookings/:id',
  caller: 'user',
  summary: "One of the asserted user's bookings as its passenger",
  params: bookingParams,
  responses: { 200: bookingSchema, ...errorResponses(401, 404) },
});
export const bookingContactRoute = defineEndpoint({
  method: 'GET',
  path: '/bookings/:id/contact',
  caller: 'user',
  summary: "The other party's phone number on one of the asserted user's bookings (as passenger or driver), within 24 hours of departure",
  params: bookingParams,
  responses: { 200: bookingContactSchema, ...errorResponses(401, 403, 404) },
});
export const cancelBookingRoute = defineEndpoint({
  method: 'POST',
  path: '/bookings/:id/cancel',
  caller: 'user',
  summary: 'The passenger cancels their booking or request (the cancellation policy applies to a confirmed one)',
  params: bookingParams,
  responses: { 200: bookingSchema, ...errorResponses(401, 404, 409) },
});
export const acceptBookingRoute = defineEndpoint({
  method: 'POST',
  path: '/bookings/:id/accept',
  caller: 'user',
  summary: "The driver accepts a request on their ride (a cash booking is confirmed at once)",
  params: bookingParams,
  responses: { 200: rideBookingSchema, ...errorResponses(401, 404, 409) },
});
export const declineBookingRoute = defineEndpoint({
  method: 'POST',
  path: '/bookings/:id/decline',
  caller: 'user',
  summary: 'The driver declines a request on their ride; its seats come back',
  params: bookingParams,
  responses: { 200: rideBookingSchema, ...errorResponses(401, 404, 409) },
});
export const reportNoShowRoute = defineEndpoint({
  method: 'POST',
  path: '/bookings/:id/no-show',
  caller: 'user',
  summary: `The driver reports that a confirmed passenger did not show up (after departure, within the report window)`,
  params: bookingParams,
  responses: { 200: rideBookingSchema, ...errorResponses(401, 404, 409) },
});
export const rideBookingsRoute = defineEndpoint({
  method: 'GET',
  path: '/rides/:id/bookings',
  caller: 'user',
  summary: "The bookings on the asserted driver's ride (Manage Bookings)",
  params: rideParams,
  responses: { 200: rideBookingsResponseSchema, ...errorResponses(401, 404) },
});
export const boardPassengerRoute = defineEndpoint({
  method: 'POST',
  path: '/rides/:id/board',
  caller: 'user',
  summary: "The driver boards a passenger of their ride by the booking's boarding code",
  params: rideParams,
  body: boardingInputSchema,
  responses: { 200: rideBookingSchema, ...errorResponses(400, 401, 404, 409) },
});
