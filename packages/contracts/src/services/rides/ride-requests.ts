import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  acceptRequestedRideSchema,
  requestedRideListSchema,
  requestedRideParams,
  requestInvitationSchema,
  rideRequestInputSchema,
  rideRequestListSchema,
  rideRequestParams,
  rideRequestSchema,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchParams,
  savedSearchSchema,
} from '../../http/ride-requests.ts';
import { okSchema } from '../../http/rides.ts';

/** The rides service's ride-request routes; each acts as the asserted user on their own requests. */
export const createRideRequestRoute = defineEndpoint({
  method: 'POST',
  path: '/ride-requests',
  caller: 'user',
  summary: 'Files a ride request for the asserted user',
  body: rideRequestInputSchema,
  responses: { 201: rideRequestSchema, ...errorResponses(400, 401, 409) },
});
export const listMyRideRequestsRoute = defineEndpoint({
  method: 'GET',
  path: '/ride-requests/mine',
  caller: 'user',
  summary: "The asserted user's active ride requests, newest first",
  responses: { 200: rideRequestListSchema, ...errorResponses(401) },
});
export const cancelRideRequestRoute = defineEndpoint({
  method: 'DELETE',
  path: '/ride-requests/:id',
  caller: 'user',
  summary: "Cancels one of the asserted user's active ride requests",
  params: rideRequestParams,
  responses: { 200: okSchema, ...errorResponses(401, 404) },
});

/** The open requests the asserted driver's upcoming rides fit (the matching rule run from the requests' side). */
export const listRequestedRidesRoute = defineEndpoint({
  method: 'GET',
  path: '/driver/requested-rides',
  caller: 'user',
  summary: "The open ride requests the asserted driver's upcoming rides fit, with the passenger's first name and rating",
  responses: { 200: requestedRideListSchema, ...errorResponses(401) },
});
export const acceptRequestedRideRoute = defineEndpoint({
  method: 'POST',
  path: '/driver/requested-rides/:requestId/accept',
  caller: 'user',
  summary: "Invites the request's passenger to book one of the asserted driver's rides it fits (twice answers the same invitation)",
  params: requestedRideParams,
  body: acceptRequestedRideSchema,
  responses: { 200: requestInvitationSchema, ...errorResponses(400, 401, 404, 409) },
});
export const declineRequestedRideRoute = defineEndpoint({
  method: 'POST',
  path: '/driver/requested-rides/:requestId/decline',
  caller: 'user',
  summary: 'Hides the request from the asserted driver (from them only)',
  params: requestedRideParams,
  responses: { 200: okSchema, ...errorResponses(401, 404) },
});

/** The asserted member's saved searches (ride_requests of kind saved_search): private alerts, never shown to drivers. */
export const createSavedSearchRoute = defineEndpoint({
  method: 'POST',
  path: '/saved-searches',
  caller: 'user',
  summary: 'Saves a search of the listing as an alert for the asserted user',
  body: savedSearchInputSchema,
  responses: { 201: savedSearchSchema, ...errorResponses(400, 401, 409) },
});
export const listSavedSearchesRoute = defineEndpoint({
  method: 'GET',
  path: '/saved-searches/mine',
  caller: 'user',
  summary: "The asserted user's active saved searches, newest first",
  responses: { 200: savedSearchListSchema, ...errorResponses(401) },
});
export const deleteSavedSearchRoute = defineEndpoint({
  method: 'DELETE',
  path: '/saved-searches/:id',
  caller: 'user',
  summary: "Deletes one of the asserted user's saved searches",
  params: savedSearchParams,
  responses: { 200: okSchema, ...errorResponses(401, 404) },
});
