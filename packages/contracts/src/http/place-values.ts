/*
 * Place values the screens need without a schema (limits, Ghana's bounds, texts): no zod here, so
 * a public page (the search, a ride's preview) shows them without downloading it. places.ts builds
 * the schemas from them and exports them too.
 */

/** The picker searches after more than this many characters and shows at most this many suggestions. */
export const placeQueryMinLength = 3;
export const placeQueryMaxLength = 100;
export const maxPlaceSuggestions = 8;

/**
 * Known towns (the gazetteer's cities, towns and suburbs) whose whole name is shorter than
 * `placeQueryMinLength`: typing one exactly searches it, so Ho and Wa (regional capitals) can be
 * found. Kept in step with the gazetteer by bff/src/providers/places/local.test.ts; listed here so the
 * picker knows them without asking the server.
 */
export const shortTownNames = ['Ho', 'La', 'Wa'] as const;

/** Whether a query is searched: more than 2 characters, or exactly a short known town's name. */
export function isSearchablePlaceQuery(query: string): boolean {
  const typed = query.trim().toLowerCase();
  return typed.length >= placeQueryMinLength || shortTownNames.some((name) => name.toLowerCase() === typed);
}

/** The town a place is searched by (its locality, else its name), compared whatever the case: a ride or a request is between two towns. */
export const placeTown = (name: string, locality: string | null | undefined) => (locality?.trim() || name.trim()).toLowerCase();

/** Ghana's bounding box: coordinates outside it are not Ghanaian places. */
export const ghanaBounds = { south: 4.5, north: 11.2, west: -3.3, east: 1.2 } as const;

/** The spec's duration text: `Xh Ymin`, or `N min` under an hour. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}min`;
}

/** The attribution line the gazetteer's licences (ODbL, CC BY 4.0) require wherever its data is shown. */
export const gazetteerAttribution = '© OpenStreetMap contributors (ODbL). Contains data from GeoNames (www.geonames.org), CC BY 4.0.';
export const googleAttribution = 'Powered by Google';
