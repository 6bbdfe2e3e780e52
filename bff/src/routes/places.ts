import { createHash } from 'node:crypto';
import { autocompletePlaces, estimateRoute, getNearbyStation, getPlaceDetails } from '@krom/contracts/api/places';
import { placeMessages } from '@krom/contracts/http/places';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type PlacesProvider, PlacesUnavailableError } from '../places/places-provider.ts';

/**
 * Whose allowance a request counts against: a signed-in browser's own session (read from the
 * cookie, no Redis call), else the client address. Mobile networks put many people behind one
 * address, so a signed-in user is not limited by the strangers who share theirs.
 */
export function visitorRateLimitKey(request: FastifyRequest): string {
  const sid = request.session?.get('user');
  return sid ? `session:${createHash('sha256').update(sid).digest('base64url').slice(0, 22)}` : request.ip;
}

export type PlaceRouteOptions = {
  places: PlacesProvider;
  /** Per visitor; the picker asks once per keystroke. */
  rateLimit: { max: number; timeWindow: string };
};

/** A browser may keep an answer as long as its source allows (a day for the gazetteer, not at all for Google). */
function cacheable(reply: FastifyReply, places: PlacesProvider): void {
  reply.header('cache-control', places.answerMaxAgeSeconds > 0 ? `public, max-age=${places.answerMaxAgeSeconds}` : 'no-store');
}

/** The maps service failing is the caller's "try again" (503), logged here without the request's key. */
async function orUnavailable<T>(request: FastifyRequest, answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (!(error instanceof PlacesUnavailableError)) throw error;
    request.log.warn({ reason: error.message }, 'places provider failed');
    throw new HttpError(503, placeMessages.unavailable);
  }
}

/**
 * The location picker, the pickup station and the wizard's duration, answered by the BFF itself
 * (see src/places/): open to guests, limited per visitor.
 */
export async function placeRoutes(app: FastifyInstance, { places, rateLimit }: PlaceRouteOptions) {
  const config = { rateLimit: { ...rateLimit, keyGenerator: visitorRateLimitKey } };

  routeEndpoint(app, autocompletePlaces, {
    config,
    handler: async (request, reply) => {
      const suggestions = await orUnavailable(request, places.autocomplete(request.query.q));
      cacheable(reply, places);
      return { suggestions, attribution: places.attribution };
    },
  });

  routeEndpoint(app, getPlaceDetails, {
    config,
    handler: async (request, reply) => {
      const place = await orUnavailable(request, places.details(request.params.placeId));
      if (!place) throw new HttpError(404, placeMessages.notFound);
      cacheable(reply, places);
      return place;
    },
  });

  routeEndpoint(app, getNearbyStation, {
    config,
    handler: async (request) => places.nearbyStation(request.query),
  });

  routeEndpoint(app, estimateRoute, {
    config,
    handler: async (request) => places.route(request.body.points),
  });
}
