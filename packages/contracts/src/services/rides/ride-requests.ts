import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { rideRequestInputSchema, rideRequestListSchema, rideRequestParams, rideRequestSchema } from '../../http/ride-requests.ts';
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
