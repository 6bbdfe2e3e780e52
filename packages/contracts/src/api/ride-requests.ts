import { defineEndpoint, errorResponses } from '../endpoint.ts';
import { rideRequestInputSchema, rideRequestListSchema, rideRequestParams, rideRequestSchema } from '../http/ride-requests.ts';
import { okSchema } from '../http/rides.ts';

/** Ride requests as the marketplace calls them; signed-in users only, each on their own requests. */
export const createRideRequest = defineEndpoint({
  method: 'POST',
  path: '/api/ride-requests',
  caller: 'user',
  summary: 'Files a ride request: the signed-in passenger is told when a matching ride is posted (409 for a trip already requested, or too many open)',
  body: rideRequestInputSchema,
  responses: { 201: rideRequestSchema, ...errorResponses(400, 401, 409) },
});

export const getMyRideRequests = defineEndpoint({
  method: 'GET',
  path: '/api/ride-requests/mine',
  caller: 'user',
  summary: "The signed-in user's active ride requests, newest first",
  responses: { 200: rideRequestListSchema, ...errorResponses(401) },
});

export const cancelRideRequest = defineEndpoint({
  method: 'DELETE',
  path: '/api/ride-requests/:id',
  caller: 'user',
  summary: "Cancels one of the signed-in user's active ride requests (404 for anyone else's)",
  params: rideRequestParams,
  responses: { 200: okSchema, ...errorResponses(401, 404) },
});
