import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  driverDashboardSchema,
  driverParams,
  driverProfileSchema,
  driverRideSchema,
  myRidesQuerySchema,
  myRidesResponseSchema,
  okSchema,
  postingRightsSchema,
  postRideSchema,
  priceGuideRequestSchema,
  priceGuideSchema,
  rideDetailsSchema,
  rideLegQuerySchema,
  rideParams,
  rideSearchQuerySchema,
  rideSearchResponseSchema,
  updateRideSchema,
} from '../../http/rides.ts';

/**
 * The rides service's ride routes. Search, details and driver profiles accept any caller the BFF
 * asserts (guests browse); the rest act as the asserted user on their own rides.
 */
export const searchRidesRoute = defineEndpoint({
  method: 'GET',
  path: '/rides',
  caller: 'public',
  summary: 'Future active rides with free seats matching the filters, soonest first, a page at a time',
  query: rideSearchQuerySchema,
  responses: { 200: rideSearchResponseSchema, ...errorResponses(400, 401) },
});
export const getRideRoute = defineEndpoint({
  method: 'GET',
  path: '/rides/:id',
  caller: 'public',
  summary: 'A ride with its driver, vehicle, stops and coordinates, and the seats left and price of the leg asked for (the whole route by default)',
  params: rideParams,
  query: rideLegQuerySchema,
  responses: { 200: rideDetailsSchema, ...errorResponses(400, 401, 404) },
});
export const postRideRoute = defineEndpoint({
  method: 'POST',
  path: '/rides',
  caller: 'user',
  summary: 'Posts a ride for the asserted user when they hold posting rights; writes ride.posted to the outbox',
  body: postRideSchema,
  responses: { 201: rideDetailsSchema, ...errorResponses(400, 401, 403, 404) },
});
export const myRidesRoute = defineEndpoint({
  method: 'GET',
  path: '/rides/mine',
  caller: 'user',
  summary: "The asserted driver's rides, upcoming or past",
  query: myRidesQuerySchema,
  responses: { 200: myRidesResponseSchema, ...errorResponses(401) },
});
export const updateRideRoute = defineEndpoint({
  method: 'PUT',
  path: '/rides/:id',
  caller: 'user',
  summary: "Changes the asserted driver's own future, unbooked ride",
  params: rideParams,
  body: updateRideSchema,
  responses: { 200: driverRideSchema, ...errorResponses(400, 401, 404, 409) },
});
export const cancelRideRoute = defineEndpoint({
  method: 'POST',
  path: '/rides/:id/cancel',
  caller: 'user',
  summary: "Cancels the asserted driver's own future, unbooked ride",
  params: rideParams,
  responses: { 200: okSchema, ...errorResponses(401, 404, 409) },
});
export const postingRightsRoute = defineEndpoint({
  method: 'GET',
  path: '/rides/posting-rights',
  caller: 'user',
  summary: 'Whether the asserted user may post a ride, and otherwise the next step',
  responses: { 200: postingRightsSchema, ...errorResponses(401) },
});
export const priceGuideRoute = defineEndpoint({
  method: 'POST',
  path: '/rides/price-guide',
  caller: 'user',
  summary: 'The recommended price per seat and its cap for a route',
  body: priceGuideRequestSchema,
  responses: { 200: priceGuideSchema, ...errorResponses(400, 401) },
});
export const driverDashboardRoute = defineEndpoint({
  method: 'GET',
  path: '/rides/driver-dashboard',
  caller: 'user',
  summary: "The asserted driver's rides, bookings and rating",
  responses: { 200: driverDashboardSchema, ...errorResponses(401) },
});
export const driverProfileRoute = defineEndpoint({
  method: 'GET',
  path: '/drivers/:id',
  caller: 'public',
  summary: "A driver's public profile",
  params: driverParams,
  responses: { 200: driverProfileSchema, ...errorResponses(401, 404) },
});
