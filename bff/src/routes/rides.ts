import {
  cancelRide,
  getDriverDashboard,
  getDriverProfile,
  getMyRides,
  getPostingRights,
  getPriceGuide,
  getRide,
  postRide,
  searchRides,
  updateRide,
} from '@krom/contracts/api/rides';
import {
  cancelRideRoute,
  driverDashboardRoute,
  driverProfileRoute,
  getRideRoute,
  myRidesRoute,
  postingRightsRoute,
  postRideRoute,
  priceGuideRoute,
  searchRidesRoute,
  updateRideRoute,
} from '@krom/contracts/services/rides/rides';
import type { Caller } from '@krom/server-kit/internal-auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { currentPrincipal, publicCaller, requireUserCaller } from '../plugins/sessions.ts';
import { visitorRateLimitKey } from '../plugins/visitor-key.ts';
import type { RouteOptions } from './route-options.ts';

/** Guests browse rides: the signed-in user when there is one (a dead session is simply a guest), else the public caller. */
export async function userOrGuestCaller(request: FastifyRequest): Promise<Caller> {
  const userId = await currentPrincipal(request, 'user');
  return userId ? { kind: 'user', userId } : publicCaller();
}

export type RideRouteOptions = RouteOptions & {
  /** Per visitor on what guests may browse (search, a ride, a driver's profile). */
  browseRateLimit: { max: number; timeWindow: string };
};

/**
 * The marketplace's ride calls, forwarded to the rides service. Search, a ride's details and a
 * driver's profile are open to guests; the rest act as the signed-in user (401 without one).
 * Fastify's router takes a static segment before a parameter whatever the order of registration,
 * so /api/rides/mine, /posting-rights, /driver-dashboard and /price-guide never reach /api/rides/:id.
 */
export async function rideRoutes(app: FastifyInstance, { directory, browseRateLimit }: RideRouteOptions) {
  const asVisitor = {
    service: 'rides' as const,
    caller: userOrGuestCaller,
    rateLimit: { ...browseRateLimit, keyGenerator: visitorRateLimitKey },
  };
  await forward(app, directory, { ...asVisitor, endpoint: searchRides, to: searchRidesRoute });
  await forward(app, directory, { ...asVisitor, endpoint: getRide, to: getRideRoute });
  await forward(app, directory, { ...asVisitor, endpoint: getDriverProfile, to: driverProfileRoute });

  const asUser = { service: 'rides' as const, caller: requireUserCaller };
  await forward(app, directory, { ...asUser, endpoint: postRide, to: postRideRoute });
  await forward(app, directory, { ...asUser, endpoint: getMyRides, to: myRidesRoute });
  await forward(app, directory, { ...asUser, endpoint: updateRide, to: updateRideRoute });
  await forward(app, directory, { ...asUser, endpoint: cancelRide, to: cancelRideRoute });
  await forward(app, directory, { ...asUser, endpoint: getPostingRights, to: postingRightsRoute });
  await forward(app, directory, { ...asUser, endpoint: getPriceGuide, to: priceGuideRoute });
  await forward(app, directory, { ...asUser, endpoint: getDriverDashboard, to: driverDashboardRoute });
}
