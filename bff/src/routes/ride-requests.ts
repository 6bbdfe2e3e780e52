import {
  acceptRequestedRide,
  cancelRideRequest,
  createRideRequest,
  createSavedSearch,
  declineRequestedRide,
  deleteSavedSearch,
  getMyRideRequests,
  getMySavedSearches,
  getRequestedRides,
} from '@krom/contracts/api/ride-requests';
import {
  acceptRequestedRideRoute,
  cancelRideRequestRoute,
  createRideRequestRoute,
  createSavedSearchRoute,
  declineRequestedRideRoute,
  deleteSavedSearchRoute,
  listMyRideRequestsRoute,
  listRequestedRidesRoute,
  listSavedSearchesRoute,
} from '@krom/contracts/services/rides/ride-requests';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * The signed-in passenger's ride requests and saved searches, and the requests a signed-in driver's
 * rides fit (Requested Rides), forwarded to the rides service as that user (it acts on their own requests and rides only).
 */
export async function rideRequestRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  const asUser = { service: 'rides' as const, caller: requireUserCaller };
  await forward(app, directory, { ...asUser, endpoint: createRideRequest, to: createRideRequestRoute, rateLimit: memberLimits.rideRequests });
  await forward(app, directory, { ...asUser, endpoint: getMyRideRequests, to: listMyRideRequestsRoute });
  await forward(app, directory, { ...asUser, endpoint: cancelRideRequest, to: cancelRideRequestRoute, rateLimit: memberLimits.rideRequests });
  await forward(app, directory, { ...asUser, endpoint: getRequestedRides, to: listRequestedRidesRoute });
  await forward(app, directory, { ...asUser, endpoint: acceptRequestedRide, to: acceptRequestedRideRoute, rateLimit: memberLimits.rideRequests });
  await forward(app, directory, { ...asUser, endpoint: declineRequestedRide, to: declineRequestedRideRoute, rateLimit: memberLimits.rideRequests });
  // Saving and deleting searches are bounded as filing and cancelling requests are (a count per route).
  await forward(app, directory, { ...asUser, endpoint: createSavedSearch, to: createSavedSearchRoute, rateLimit: memberLimits.rideRequests });
  await forward(app, directory, { ...asUser, endpoint: getMySavedSearches, to: listSavedSearchesRoute });
  await forward(app, directory, { ...asUser, endpoint: deleteSavedSearch, to: deleteSavedSearchRoute, rateLimit: memberLimits.rideRequests });
}
