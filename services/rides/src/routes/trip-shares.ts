import {
  endTripShareRoute,
  getTripShareRoute,
  sharedTripRoute,
  shareTripRoute,
  textTripToContactRoute,
} from '@krom/contracts/services/rides/trip-shares';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from '../db/rides-db.ts';
import type { TripLinkKey } from '../trip-shares/trip-link-token.ts';
import { endTripShare, ownTripShare, sharedTrip, shareTrip, textTripToContact } from '../trip-shares/trip-shares.ts';

/** Trip links: the passenger shares, ends and texts their own; anyone holding a link reads it. */
export async function tripShareRoutes(app: FastifyInstance, { db, key, clock }: { db: RidesDb; key: TripLinkKey; clock: () => Date }) {
  routeEndpoint(app, shareTripRoute, {
    handler: async (request) => shareTrip(db, key, requireUser(request), request.params.id, request.body, clock()),
  });
  routeEndpoint(app, getTripShareRoute, { handler: async (request) => ownTripShare(db, key, requireUser(request), request.params.id, clock()) });
  routeEndpoint(app, endTripShareRoute, { handler: async (request) => endTripShare(db, requireUser(request), request.params.id, clock()) });
  routeEndpoint(app, textTripToContactRoute, {
    handler: async (request) => textTripToContact(db, key, requireUser(request), request.params.id, request.body.contact, clock()),
  });
  routeEndpoint(app, sharedTripRoute, { handler: async (request) => sharedTrip(db, request.params.token, clock()) });
}
