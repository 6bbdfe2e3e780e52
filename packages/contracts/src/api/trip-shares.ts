import { defineEndpoint, defineForwarded, errorResponses, withoutStatuses } from '../endpoint.ts';
import { bookingParams } from '../http/bookings.ts';
import { tripContactTextedSchema, tripShareInputSchema, tripShareSchema } from '../http/trip-shares.ts';
import { endTripShareRoute, getTripShareRoute, sharedTripRoute } from '../services/rides/trip-shares.ts';

/**
 * A passenger's shared trip, and the link as anyone opens it. The BFF adds the passenger's
 * emergency contact, read from their own profile, to what goes to rides: the browser never sends it.
 */
export const shareTrip = defineEndpoint({
  method: 'POST',
  path: '/api/bookings/:id/trip-share',
  caller: 'user',
  summary: "Shares the signed-in passenger's trip (the same link while it lasts) and whether their emergency contact is texted it at departure",
  params: bookingParams,
  body: tripShareInputSchema,
  responses: { 200: tripShareSchema, ...errorResponses(400, 401, 403, 404, 409) },
});
export const getTripShare = defineForwarded(getTripShareRoute, { summary: "The signed-in passenger's live trip link for the booking" });
export const endTripShare = defineForwarded(endTripShareRoute, { summary: "Ends the signed-in passenger's trip link (Stop sharing, I've arrived)" });
export const textTripToContact = defineEndpoint({
  method: 'POST',
  path: '/api/bookings/:id/trip-share/text-contact',
  caller: 'user',
  summary: "Texts the signed-in passenger's emergency contact their trip link now (the emergency screen's button)",
  params: bookingParams,
  responses: { 200: tripContactTextedSchema, ...errorResponses(400, 401, 403, 404, 409) },
});
export const getSharedTrip = defineForwarded(sharedTripRoute, {
  summary: 'The trip a shared link shows (anyone holding it); 410 once it has ended',
  responses: withoutStatuses(sharedTripRoute.responses, 401),
});
