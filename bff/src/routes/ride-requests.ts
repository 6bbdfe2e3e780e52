import { cancelRideRequest, createRideRequest, getMyRideRequests } from '@krom/contracts/api/ride-requests';
import { cancelRideRequestRoute, createRideRequestRoute, listMyRideRequestsRoute } from '@krom/contracts/services/rides/ride-requests';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/** The signed-in passenger's ride requests, forwarded to the rides service as that user (it acts on their own requests only). */
export async function rideRequestRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  const asUser = { service: 'rides' as const, caller: requireUserCaller };
  await forward(app, directory, { ...asUser, endpoint: createRideRequest, to: createRideRequestRoute, rateLimit: memberLimits.rideRequests });
  await forward(app, directory, { ...asUser, endpoint: getMyRideRequests, to: listMyRideRequestsRoute });
  await forward(app, directory, { ...asUser, endpoint: cancelRideRequest, to: cancelRideRequestRoute, rateLimit: memberLimits.rideRequests });
}
