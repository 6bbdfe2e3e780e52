import { defineEndpoint, errorResponses } from '../endpoint.ts';
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
  rideParams,
  rideSearchQuerySchema,
  rideSearchResponseSchema,
  updateRideSchema,
} from '../http/rides.ts';

/** Rides as the marketplace screens call them; listing and details are open to guests. */
export const searchRides = defineEndpoint({
  method: 'GET',
  path: '/api/rides',
  caller: 'public',
  summary: 'Future active rides with free seats matching the filters, soonest first, a page at a time',
  query: rideSearchQuerySchema,
  responses: { 200: rideSearchResponseSchema, ...errorResponses(400) },
});

export const getRide = defineEndpoint({
  method: 'GET',
  path: '/api/rides/:id',
  caller: 'public',
  summary: 'A ride with its driver, vehicle, stops and coordinates',
  params: rideParams,
  responses: { 200: rideDetailsSchema, ...errorResponses(404) },
});

export const postRide = defineEndpoint({
  method: 'POST',
  path: '/api/rides',
  caller: 'user',
  summary: 'Posts a ride (approved identity and driver verification and a vehicle required); publishes ride.posted',
  body: postRideSchema,
  responses: { 201: rideDetailsSchema, ...errorResponses(400, 401, 403, 404) },
});

export const getMyRides = defineEndpoint({
  method: 'GET',
  path: '/api/rides/mine',
  caller: 'user',
  summary: "The signed-in driver's rides, upcoming or past",
  query: myRidesQuerySchema,
  responses: { 200: myRidesResponseSchema, ...errorResponses(401) },
});

export const updateRide = defineEndpoint({
  method: 'PUT',
  path: '/api/rides/:id',
  caller: 'user',
  summary: "Changes the signed-in driver's own future ride while nobody has booked it",
  params: rideParams,
  body: updateRideSchema,
  responses: { 200: driverRideSchema, ...errorResponses(400, 401, 404, 409) },
});

export const cancelRide = defineEndpoint({
  method: 'POST',
  path: '/api/rides/:id/cancel',
  caller: 'user',
  summary: "Cancels the signed-in driver's own future ride while nobody has booked it",
  params: rideParams,
  responses: { 200: okSchema, ...errorResponses(401, 404, 409) },
});

export const getPostingRights = defineEndpoint({
  method: 'GET',
  path: '/api/rides/posting-rights',
  caller: 'user',
  summary: 'Whether the signed-in user may post a ride, and otherwise the next step',
  responses: { 200: postingRightsSchema, ...errorResponses(401) },
});

export const getPriceGuide = defineEndpoint({
  method: 'POST',
  path: '/api/rides/price-guide',
  caller: 'user',
  summary: 'The recommended price per seat and its cap for a route through the given points',
  body: priceGuideRequestSchema,
  responses: { 200: priceGuideSchema, ...errorResponses(400, 401) },
});

export const getDriverDashboard = defineEndpoint({
  method: 'GET',
  path: '/api/rides/driver-dashboard',
  caller: 'user',
  summary: "The signed-in driver's earnings, rides and rating",
  responses: { 200: driverDashboardSchema, ...errorResponses(401) },
});

export const getDriverProfile = defineEndpoint({
  method: 'GET',
  path: '/api/drivers/:id',
  caller: 'public',
  summary: "A driver's public profile: name, verification, vehicles, rides and rating",
  params: driverParams,
  responses: { 200: driverProfileSchema, ...errorResponses(404) },
});
