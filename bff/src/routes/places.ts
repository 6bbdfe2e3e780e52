import { autocompletePlaces, estimateRoute, getNearbyStation, getPlaceDetails } from '@krom/contracts/api/places';
import { placeAutocompleteResponseSchema, placeMessages } from '@krom/contracts/http/places';
import { routeEndpoint, sendJsonText } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type PlacesProvider, PlacesUnavailableError } from '../providers/places/port.ts';
import { visitorRateLimitKey } from '../plugins/visitor-key.ts';

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
 * (see src/providers/places/): open to guests, limited per visitor.
 */
export async function placeRoutes(app: FastifyInstance, { places, rateLimit }: PlaceRouteOptions) {
  const config = { rateLimit: { ...rateLimit, keyGenerator: visitorRateLimitKey } };

  // The picker asks for the same few letters all day ("kum", "acc"): a source whose answers may be
  // kept (the gazetteer, which never changes while the BFF runs; not Google) has them kept here as
  // the JSON sent, checked against the contract once. Keyed by the text as the search reads it.
  const keptAnswers = places.answerMaxAgeSeconds > 0 ? new LRUCache<string, string>({ max: 20_000 }) : undefined;
  routeEndpoint(app, autocompletePlaces, {
    config,
    handler: async (request, reply) => {
      cacheable(reply, places);
      const key = request.query.q.trim().toLowerCase().replace(/\s+/g, ' ');
      let json = keptAnswers?.get(key);
      if (json === undefined) {
        const suggestions = await orUnavailable(request, places.autocomplete(request.query.q));
        json = JSON.stringify(placeAutocompleteResponseSchema.parse({ suggestions, attribution: places.attribution }));
        keptAnswers?.set(key, json);
      }
      return sendJsonText(reply, json);
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
