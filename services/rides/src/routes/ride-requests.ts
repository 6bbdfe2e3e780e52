import { cancelRideRequestRoute, createRideRequestRoute, listMyRideRequestsRoute } from '@krom/contracts/services/rides/ride-requests';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from '../db/rides-db.ts';
import { cancelRideRequest, fileRideRequest, listOpenRideRequests } from '../ride-requests/passenger-ride-requests.ts';

/** A passenger's ride requests: filed, listed and cancelled by the asserted user, on their own only. */
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
}
