/*
 * What a ride stores of its whole route for the search's first cut (rides.route_search and the
 * route's box, rides.route_south/north/west/east, see search-rides.ts). Computed once, when the ride is posted: a ride's route
 * never changes afterwards.
 */

export type RoutePlace = {
  location: string;
  city?: string | null | undefined;
  localityArea?: string | null | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
};

/** Separates a place's locality, city and name, as the generated from_search, to_search and search_text columns do. */
export const FIELD_SEPARATOR = '\u001f';
/** Separates the route's places. */
export const PLACE_SEPARATOR = '\u001e';

/**
 * The route's places in order (departure, stops, destination), each as locality, city and name,
 * before lower-casing: the SQL that stores it applies lower(), the same function the generated
 * per-place columns use, so both agree on every character.
 */
export const routeSearchText = (places: readonly RoutePlace[]): string =>
  places.map((place) => [place.localityArea ?? '', place.city ?? '', place.location].join(FIELD_SEPARATOR)).join(PLACE_SEPARATOR);

export type RouteBox = { routeSouth: number | null; routeNorth: number | null; routeWest: number | null; routeEast: number | null };

/** The box around the route's places that have coordinates; all null when none has. */
export function routeBoxOf(places: readonly RoutePlace[]): RouteBox {
  const located = places.filter((place) => place.latitude != null && place.longitude != null) as { latitude: number; longitude: number }[];
  if (located.length === 0) return { routeSouth: null, routeNorth: null, routeWest: null, routeEast: null };
  const latitudes = located.map((place) => place.latitude);
  const longitudes = located.map((place) => place.longitude);
  return {
    routeSouth: Math.min(...latitudes),
    routeNorth: Math.max(...latitudes),
    routeWest: Math.min(...longitudes),
    routeEast: Math.max(...longitudes),
  };
}
