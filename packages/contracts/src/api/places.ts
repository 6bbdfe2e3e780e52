import { defineEndpoint, errorResponses } from '../endpoint.ts';
import {
  nearbyStationQuerySchema,
  nearbyStationResponseSchema,
  placeAutocompleteQuerySchema,
  placeAutocompleteResponseSchema,
  placeDetailsSchema,
  placeParams,
  routeEstimateRequestSchema,
  routeEstimateSchema,
} from '../http/places.ts';

/**
 * Places in Ghana, answered by the BFF itself: Google Places and Directions when a key is
 * configured (kept on the server), otherwise the built-in gazetteer and a distance estimate.
 */
export const autocompletePlaces = defineEndpoint({
  method: 'GET',
  path: '/api/places/autocomplete',
  caller: 'public',
  summary: 'Up to 8 places in Ghana matching the text, best-known first',
  query: placeAutocompleteQuerySchema,
  responses: { 200: placeAutocompleteResponseSchema, ...errorResponses(400, 429, 503) },
});

export const getNearbyStation = defineEndpoint({
  method: 'GET',
  path: '/api/places/nearby-station',
  caller: 'public',
  summary: 'The bus station or landmark nearest a point, within 5 km',
  query: nearbyStationQuerySchema,
  responses: { 200: nearbyStationResponseSchema, ...errorResponses(400, 429) },
});

export const estimateRoute = defineEndpoint({
  method: 'POST',
  path: '/api/places/route',
  caller: 'public',
  summary: 'Driving distance and duration through the points in order',
  body: routeEstimateRequestSchema,
  responses: { 200: routeEstimateSchema, ...errorResponses(400, 429) },
});

export const getPlaceDetails = defineEndpoint({
  method: 'GET',
  path: '/api/places/:placeId',
  caller: 'public',
  summary: "A place's name, address, coordinates, locality and region",
  params: placeParams,
  responses: { 200: placeDetailsSchema, ...errorResponses(400, 404, 429, 503) },
});
