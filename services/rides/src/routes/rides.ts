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
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { membersApartFrom } from '../blocks/member-blocks.ts';
import type { RidesDb } from '../db/rides-db.ts';
import { driverDashboard } from '../driver/driver-dashboard.ts';
import { driverProfile } from '../driver/driver-profile.ts';
import { cancelRide, myRides, updateRide } from '../driver/driver-rides.ts';
import { postRide } from '../posting/post-ride.ts';
import { postingRights } from '../posting/posting-rights.ts';
import { type Pricing, priceGuideFor } from '../posting/price-cap.ts';
import { getRide } from '../rides/ride-details.ts';
import { withPlatesShownTo } from '../search/plates-shown-to.ts';
import type { SearchAnswers } from '../search/search-cache.ts';

/** The signed-in user's id when a user calls (a guest browsing has none). */
const userOrNone = (request: FastifyRequest) => (request.caller.kind === 'user' ? request.caller.userId : undefined);

/**
 * The marketplace's ride routes. Search, a ride's details and a driver's profile answer any caller
 * the BFF asserts (guests browse); everything else acts as the asserted user on their own rides.
 */
export async function rideRoutes(
  app: FastifyInstance,
  {
    db,
    pricing,
    answers,
    completionGraceMinutes,
    clock,
  }: { db: RidesDb; pricing: Pricing; answers: SearchAnswers; completionGraceMinutes?: number | undefined; clock: () => Date },
) {
  // The answer comes as JSON already checked against the contract (search-cache.ts).
  // A member's search leaves out the drivers a block keeps apart from them (blocks/); a guest's has none.
  // The answer (cached, shared) shows every plate in part; a member's own rides and those they hold a ticket on get theirs whole.
  routeEndpoint(app, searchRidesRoute, {
    handler: async (request, reply) => {
      const userId = userOrNone(request);
      const apartFrom = userId === undefined ? [] : await membersApartFrom(db, userId);
      const shared = await answers.answer(request.query, apartFrom);
      return sendJsonText(reply, userId ? await withPlatesShownTo(db, userId, shared) : shared);
    },
  });

  routeEndpoint(app, getRideRoute, {
    handler: async (request) => getRide(db, request.params.id, { ownerId: userOrNone(request), leg: request.query }),
  });

  routeEndpoint(app, postRideRoute, {
    handler: async (request, reply) => reply.status(201).send(await postRide(db, requireUser(request), request.body, pricing)),
  });

  routeEndpoint(app, myRidesRoute, {
    handler: async (request) => ({ rides: await myRides(db, requireUser(request), request.query.when) }),
  });

  routeEndpoint(app, updateRideRoute, {
    handler: async (request) => updateRide(db, requireUser(request), request.params.id, request.body, pricing),
  });

  routeEndpoint(app, cancelRideRoute, {
    handler: async (request) => {
      await cancelRide(db, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  });

  routeEndpoint(app, postingRightsRoute, {
    handler: async (request) => postingRights(db, requireUser(request)),
  });

  routeEndpoint(app, priceGuideRoute, { handler: async (request) => priceGuideFor(request.body.points, pricing) });

  routeEndpoint(app, driverDashboardRoute, {
    handler: async (request) => driverDashboard(db, requireUser(request), new Date(), completionGraceMinutes),
  });

  routeEndpoint(app, driverProfileRoute, { handler: async (request) => driverProfile(db, request.params.id, clock(), userOrNone(request)) });
}
