import type { PlaceDetails, PlaceSuggestion, RouteEstimate, RoutePoint } from '@krom/contracts/http/places';

/** A station or landmark offered as the pickup point near a departure. */
export type NearbyStation = PlaceDetails & { distanceKm: number };

/**
 * Where the location picker, the pickup station and the wizard's duration come from: the built-in
 * gazetteer (`local.ts`) or Google Maps (`google.ts`). Both answer in the spec's shapes
 * and pass the same tests (bff/test/places.test.ts).
 */
export interface PlacesProvider {
  /** The line the source's licence or terms ask to show beside its suggestions and details. */
  readonly attribution: string;
  /** How long a browser may keep an autocomplete or details answer, in seconds; 0 for not at all. */
  readonly answerMaxAgeSeconds: number;
  /** Up to `maxPlaceSuggestions` places in Ghana matching the text, best first; none is an empty list. */
  autocomplete(query: string): Promise<PlaceSuggestion[]>;
  /** The place a suggestion names, or undefined when there is no such place. */
  details(placeId: string): Promise<PlaceDetails | undefined>;
  /** The bus station (else landmark) nearest the point within `nearbyStationRadiusKm`, or null; with the attribution of its source. */
  nearbyStation(point: RoutePoint): Promise<{ station: NearbyStation | null; attribution: string }>;
  /** Driving distance and time through the points in order. */
  route(points: readonly RoutePoint[]): Promise<RouteEstimate>;
}

/**
 * The maps service failed (unreachable, refused the key, over its quota): the caller is told to
 * try again. It carries a description of the failure, never the failed request itself, whose
 * parameters hold the API key and would otherwise reach the logs.
 */
export class PlacesUnavailableError extends Error {
  constructor(reason: string) {
    super(`The maps service did not answer: ${reason}`);
    this.name = 'PlacesUnavailableError';
  }
}
