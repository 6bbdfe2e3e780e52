import { z } from 'zod';
import { decimal } from './fields.ts';
import { ghanaBounds, isSearchablePlaceQuery, maxPlaceSuggestions, placeQueryMaxLength, placeQueryMinLength } from './place-values.ts';

export { placeQueryMinLength, placeQueryMaxLength, maxPlaceSuggestions, shortTownNames, isSearchablePlaceQuery, placeTown, ghanaBounds, formatDuration, gazetteerAttribution, googleAttribution } from './place-values.ts';

export const latitudeField = decimal(z.number().min(ghanaBounds.south).max(ghanaBounds.north));
export const longitudeField = decimal(z.number().min(ghanaBounds.west).max(ghanaBounds.east));

export const placeMessages = {
  queryTooShort: `Type more than ${placeQueryMinLength - 1} characters to search`,
  queryTooLong: `Type at most ${placeQueryMaxLength} characters to search`,
  notFound: 'Place not found',
  unavailable: 'Location search is unavailable. Please try again.',
} as const;

/** GET /api/places/autocomplete?q= */
export const placeAutocompleteQuerySchema = z.object({
  q: z
    .string({ error: placeMessages.queryTooShort })
    .trim()
    .max(placeQueryMaxLength, placeMessages.queryTooLong)
    .refine(isSearchablePlaceQuery, { message: placeMessages.queryTooShort, abort: true }),
});

export const placeKinds = ['city', 'town', 'suburb', 'village', 'hamlet', 'station', 'landmark', 'establishment', 'geocode'] as const;

/** One suggestion: its id for the details call, its name and a second line (kind and region). */
export const placeSuggestionSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(placeKinds),
});
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

/**
 * The answer carries the attribution the source's licence asks for where its data is shown
 * (the gazetteer's ODbL / CC BY line, or "Powered by Google").
 */
export const placeAutocompleteResponseSchema = z.object({
  suggestions: z.array(placeSuggestionSchema).max(maxPlaceSuggestions),
  attribution: z.string(),
});
export type PlaceAutocompleteResponse = z.infer<typeof placeAutocompleteResponseSchema>;

export const placeParams = z.object({ placeId: z.string().min(1).max(300).describe('A placeId from a suggestion') });

/** A selection, in the spec's shape: name, formatted_address, place_id, latitude, longitude, district, region. */
export const placeDetailsSchema = z.object({
  name: z.string(),
  formatted_address: z.string(),
  place_id: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** The locality (town or city) the place lies in, when known. */
  district: z.string().optional(),
  /** The first-level administrative area: one of Ghana's 16 regions. */
  region: z.string().optional(),
  kind: z.enum(placeKinds).optional(),
});
export type PlaceDetails = z.infer<typeof placeDetailsSchema>;

/** GET /api/places/nearby-station?latitude=&longitude=: the bus station or landmark nearest a point, if one is close. */
export const nearbyStationQuerySchema = z.object({ latitude: latitudeField, longitude: longitudeField });
export const nearbyStationResponseSchema = z.object({
  station: placeDetailsSchema.extend({ distanceKm: z.number() }).nullable(),
  attribution: z.string(),
});
/** How far a pickup station may be from the departure to be offered for it. */
export const nearbyStationRadiusKm = 5;

export const routePointSchema = z.object({ latitude: latitudeField, longitude: longitudeField });
export type RoutePoint = z.infer<typeof routePointSchema>;

/** POST /api/places/route: driving distance and time through the points in order (departure, stops, destination). */
export const routeEstimateRequestSchema = z.object({ points: z.array(routePointSchema).min(2).max(12) });
export const routeEstimateSchema = z.object({
  distanceKm: z.number(),
  durationMinutes: z.number().int(),
  /** True when worked out from straight-line distance (no directions service configured or it failed). */
  estimated: z.boolean(),
});
export type RouteEstimate = z.infer<typeof routeEstimateSchema>;

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two points, in km. */
export function haversineKm(a: RoutePoint, b: RoutePoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Roads wind: Ghana's trunk roads run about 1.3 times the straight line between towns (Accra to
 * Kumasi is 200 km as the crow flies and about 250-270 km by road).
 */
export const roadWindingFactor = 1.3;
/** Average intercity driving speed for an estimate, stops and town traffic included. */
export const estimatedAverageSpeedKmh = 55;

/** Estimated road distance through the points in order, in km (one decimal). */
export function estimatedRoadDistanceKm(points: readonly RoutePoint[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += haversineKm(points[i - 1] as RoutePoint, points[i] as RoutePoint);
  return Math.round(total * roadWindingFactor * 10) / 10;
}

/** Estimated driving time for a road distance, in whole minutes (at least 1). */
export const estimatedDurationMinutes = (distanceKm: number) => Math.max(1, Math.round((distanceKm / estimatedAverageSpeedKmh) * 60));

