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
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from '../db/rides-db.ts';
import { acceptRequestedRide, declineRequestedRide, listRequestedRides } from '../ride-requests/driver-requested-rides.ts';
import { cancelRideRequest, fileRideRequest, listOpenRideRequests } from '../ride-requests/passenger-ride-requests.ts';
import { deleteSavedSearch, listSavedSearches, saveSearch } from '../ride-requests/saved-searches.ts';

/**
 * A passenger's ride requests and saved searches (filed, listed, cancelled: their own only) and the
 * requests a driver's rides fit (Requested Rides).
 */
export async function rideRequestRoutes(app: FastifyInstance, { db }: { db: RidesDb }) {
  routeEndpoint(app, createRideRequestRoute, {
    handler: async (request, reply) => reply.status(201).send(await fileRideRequest(db, requireUser(request), request.body)),
  });

  routeEndpoint(app, listMyRideRequestsRoute, {
    handler: async (request) => ({ requests: await listOpenRideRequests(db, requireUser(request)) }),
  });

  routeEndpoint(app, cancelRideRequestRoute, {
    handler: async (request) => {
      await cancelRideRequest(db, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  });

  routeEndpoint(app, listRequestedRidesRoute, {
    handler: async (request) => ({ requests: await listRequestedRides(db, requireUser(request)) }),
  });

  routeEndpoint(app, acceptRequestedRideRoute, {
    handler: async (request) => acceptRequestedRide(db, requireUser(request), request.params.requestId, request.body.rideId),
  });

  routeEndpoint(app, declineRequestedRideRoute, {
    handler: async (request) => {
      await declineRequestedRide(db, requireUser(request), request.params.requestId);
      return { ok: true as const };
    },
  });

  routeEndpoint(app, createSavedSearchRoute, {
    handler: async (request, reply) => reply.status(201).send(await saveSearch(db, requireUser(request), request.body)),
  });

  routeEndpoint(app, listSavedSearchesRoute, {
    handler: async (request) => ({ searches: await listSavedSearches(db, requireUser(request)) }),
  });

  routeEndpoint(app, deleteSavedSearchRoute, {
    handler: async (request) => {
      await deleteSavedSearch(db, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  });
}
