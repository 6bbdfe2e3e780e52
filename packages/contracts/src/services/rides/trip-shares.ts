import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { bookingParams } from '../../http/bookings.ts';
import {
  emergencyContactSchema,
  serviceTripShareInputSchema,
  sharedTripSchema,
  tripContactTextedSchema,
  tripShareSchema,
  tripTokenParams,
} from '../../http/trip-shares.ts';
import { z } from 'zod';

/**
 * The rides service's trip links. The passenger of a confirmed or boarded booking shares, ends and
 * texts it; another member's booking is a 404. The link itself is read by anyone holding its token.
 */
export const shareTripRoute = defineEndpoint({
  method: 'POST',
  path: '/bookings/:id/trip-share',
  caller: 'user',
  summary: "Shares the passenger's trip (the link that exists, or a new one) and sets whether the emergency contact is texted it at departure",
  params: bookingParams,
  body: serviceTripShareInputSchema,
  responses: { 200: tripShareSchema, ...errorResponses(400, 401, 404, 409) },
});
export const getTripShareRoute = defineEndpoint({
  method: 'GET',
  path: '/bookings/:id/trip-share',
  caller: 'user',
  summary: "The passenger's live trip link for the booking; 404 when it is not shared",
  params: bookingParams,
  responses: { 200: tripShareSchema, ...errorResponses(401, 404) },
});
export const endTripShareRoute = defineEndpoint({
  method: 'POST',
  path: '/bookings/:id/trip-share/end',
  caller: 'user',
  summary: "Ends the passenger's trip link (stop sharing, or I've arrived): it shows nothing any more and is texted to nobody",
  params: bookingParams,
  responses: { 200: z.object({ ended: z.literal(true) }), ...errorResponses(401, 404) },
});
export const textTripToContactRoute = defineEndpoint({
  method: 'POST',
  path: '/bookings/:id/trip-share/text-contact',
  caller: 'user',
  summary: 'Texts the emergency contact the trip link now (shared first if it is not), from the emergency screen',
  params: bookingParams,
  body: z.object({ contact: emergencyContactSchema }),
  responses: { 200: tripContactTextedSchema, ...errorResponses(400, 401, 404, 409) },
});
export const sharedTripRoute = defineEndpoint({
  method: 'GET',
  path: '/trip-shares/:token',
  caller: 'public',
  summary: 'The trip a link shows; 410 once it has ended (expired, stopped, arrived), 404 for a token never issued',
  params: tripTokenParams,
  responses: { 200: sharedTripSchema, ...errorResponses(401, 404, 410) },
});
