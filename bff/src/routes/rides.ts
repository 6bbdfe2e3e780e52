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
import { routeEndpoint, sendJsonText } from '@krom/server-kit/endpoint-route';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { forward, passThrough, relayService } from '../plugins/service-calls.ts';
import { requireUserCaller, userOrGuestCaller } from '../plugins/sessions.ts';
import { visitorRateLimitKey } from '../plugins/visitor-key.ts';
import type { RouteOptions } from './route-options.ts';

export type RideRouteOptions = RouteOptions & {
  /** Per visitor on what guests may browse (search, a ride, a driver's profile). */
  browseRateLimit: { max: number; timeWindow: string };
  /** How long a guest's search answer serves other guests asking the same (GUEST_SEARCH_CACHE_SECONDS); 0 for never. */
  guestSearchCacheMs: number;
};

/** The query string of a request as the browser sent it (`?…`, or empty). */
const searchOf = (url: string) => {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
};

/**
 * GET /api/rides. A guest's search is answered the same for every guest, and a link to a popular
 * route and day is opened by many at once: its answer, as rides wrote it, serves other guests
 * asking the very same query string for `guestSearchCacheMs` (a second by default), so a posted
 * ride reaches guests at most that much later. A signed-in user's search always goes to rides
 * (which keeps its own answers exactly as long as nothing they show changes). The rate limit
 * counts every search, kept or not; rides judges the query (the same contract), and only its
 * successful answers are kept.
 */
async function searchRoute(app: FastifyInstance, directory: RouteOptions['directory'], options: { rateLimit: object; guestSearchCacheMs: number }) {
  const guestAnswers = options.guestSearchCacheMs > 0 ? new LRUCache<string, string>({ max: 5000, ttl: options.guestSearchCacheMs, maxSize: 32 * 1024 * 1024, sizeCalculation: (text) => text.length || 1 }) : undefined;
  routeEndpoint(app, searchRides, {
    config: { rateLimit: options.rateLimit },
    // Judged by rides, with the same contract and messages, as a forwarded route is.
    validatorCompiler: passThrough,
    handler: async (request, reply) => {
      const caller = await userOrGuestCaller(request);
      const search = searchOf(request.url);
      const guest = caller.kind === 'public' ? guestAnswers : undefined;
      const kept = guest?.get(search);
      if (kept !== undefined) return sendJsonText(reply, kept);
      return relayService(request, reply as FastifyReply, directory, { service: 'rides', to: searchRidesRoute, caller, search }, guest && ((text) => guest.set(search, text)));
    },
  });
}

/**
 * The marketplace's ride calls, forwarded to the rides service. Search, a ride's details and a
 * driver's profile are open to guests; the rest act as the signed-in user (401 without one).
 * Fastify's router takes a static segment before a parameter whatever the order of registration,
 * so /api/rides/mine, /posting-rights, /driver-dashboard and /price-guide never reach /api/rides/:id.
 */
export async function rideRoutes(app: FastifyInstance, { directory, browseRateLimit, guestSearchCacheMs, memberLimits }: RideRouteOptions) {
  const asVisitor = {
    service: 'rides' as const,
    caller: userOrGuestCaller,
    rateLimit: { ...browseRateLimit, keyGenerator: visitorRateLimitKey },
  };
  await searchRoute(app, directory, { rateLimit: asVisitor.rateLimit, guestSearchCacheMs });
  await forward(app, directory, { ...asVisitor, endpoint: getRide, to: getRideRoute });
  await forward(app, directory, { ...asVisitor, endpoint: getDriverProfile, to: driverProfileRoute });

  const asUser = { service: 'rides' as const, caller: requireUserCaller };
  await forward(app, directory, { ...asUser, endpoint: postRide, to: postRideRoute, rateLimit: memberLimits.ridePosts });
  await forward(app, directory, { ...asUser, endpoint: getMyRides, to: myRidesRoute });
  await forward(app, directory, { ...asUser, endpoint: updateRide, to: updateRideRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: cancelRide, to: cancelRideRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: getPostingRights, to: postingRightsRoute });
  await forward(app, directory, { ...asUser, endpoint: getPriceGuide, to: priceGuideRoute });
  await forward(app, directory, { ...asUser, endpoint: getDriverDashboard, to: driverDashboardRoute });
}
