import { isCalendarDate } from '@krom/contracts/ghana-time';
import { ghanaBounds } from '@krom/contracts/http/place-values';
import type { PlaceDetails } from '@krom/contracts/http/places';
import { searchSeatOptions } from '@krom/contracts/http/ride-values';
import type { RideFilters } from './api/search-rides.ts';
import { type LuggageSize, luggageSizes, type RidePreferenceFilterName } from '@krom/contracts/http/ride-preference-values';

/**
 * A ride search as the address carries it: /ride-listings?from=&to=&date=&seats= (the spec's
 * parameters) plus fromLat/fromLng/toLat/toLng, the chosen places' coordinates, so the server's
 * nearby matching works. Empty parts are left out. The address is the search's only state: the
 * find-ride form writes it, the listing's filters rewrite it, a shared link reproduces it.
 */
export type SearchPlace = { text: string; latitude?: number | undefined; longitude?: number | undefined };
/** The listing's preference filters as the address carries them (`luggage=medium&noSmoking=true`); absent ones are off. */
export type PreferenceFilters = { luggage: LuggageSize | null } & Record<PreferenceFlag, boolean>;
export type PreferenceFlag = Exclude<RidePreferenceFilterName, 'luggage'>;
export const preferenceFlags: readonly PreferenceFlag[] = ['noSmoking', 'pets', 'airConditioning', 'maxTwoInBack', 'womenOnly'];
export const noPreferenceFilters: PreferenceFilters = { luggage: null, noSmoking: false, pets: false, airConditioning: false, maxTwoInBack: false, womenOnly: false };
export type RideSearch = { from: SearchPlace | null; to: SearchPlace | null; date: string; seats: number | null; preferences?: PreferenceFilters | undefined };

/** The text a place is searched by: its locality (district) if known, else its name (the spec's matching). */
export function searchPlaceOf(place: PlaceDetails): SearchPlace {
  return { text: (place.district ?? place.name).trim(), latitude: place.latitude, longitude: place.longitude };
}

const MAX_PLACE_TEXT = 100;

function readPlace(params: URLSearchParams, prefix: 'from' | 'to'): SearchPlace | null {
  const text = (params.get(prefix) ?? '').trim().slice(0, MAX_PLACE_TEXT);
  if (!text) return null;
  const latitude = Number(params.get(`${prefix}Lat`) || Number.NaN);
  const longitude = Number(params.get(`${prefix}Lng`) || Number.NaN);
  // Coordinates count only as a pair inside Ghana (what the server accepts); otherwise the text alone is searched.
  const inGhana =
    latitude >= ghanaBounds.south && latitude <= ghanaBounds.north && longitude >= ghanaBounds.west && longitude <= ghanaBounds.east;
  return inGhana ? { text, latitude, longitude } : { text };
}

/** The search in an address; a malformed part (a typo in a shared link) is ignored rather than failing the page. */
export function readRideSearch(params: URLSearchParams): RideSearch {
  const date = params.get('date') ?? '';
  const seats = Number(params.get('seats'));
  return {
    from: readPlace(params, 'from'),
    to: readPlace(params, 'to'),
    date: isCalendarDate(date) ? date : '',
    seats: (searchSeatOptions as readonly number[]).includes(seats) ? seats : null,
    preferences: readPreferences(params),
  };
}

function readPreferences(params: URLSearchParams): PreferenceFilters {
  const luggage = params.get('luggage');
  const read: PreferenceFilters = { ...noPreferenceFilters, luggage: (luggageSizes as readonly string[]).includes(luggage ?? '') ? (luggage as LuggageSize) : null };
  for (const flag of preferenceFlags) read[flag] = params.get(flag) === 'true';
  return read;
}

/** The preference filters that are on, as query parameters (`true` for a flag). */
function preferenceParams(preferences: PreferenceFilters = noPreferenceFilters): [string, string][] {
  const on: [string, string][] = preferences.luggage ? [['luggage', preferences.luggage]] : [];
  for (const flag of preferenceFlags) if (preferences[flag]) on.push([flag, 'true']);
  return on;
}

/** The address's query for a search, without its empty parts. */
export function rideSearchParams(search: RideSearch): URLSearchParams {
  const params = new URLSearchParams();
  const writePlace = (prefix: 'from' | 'to', place: SearchPlace | null) => {
    if (!place?.text) return;
    params.set(prefix, place.text);
    if (place.latitude !== undefined && place.longitude !== undefined) {
      params.set(`${prefix}Lat`, String(place.latitude));
      params.set(`${prefix}Lng`, String(place.longitude));
    }
  };
  writePlace('from', search.from);
  writePlace('to', search.to);
  if (search.date) params.set('date', search.date);
  if (search.seats !== null) params.set('seats', String(search.seats));
  for (const [name, value] of preferenceParams(search.preferences)) params.set(name, value);
  return params;
}

/** What GET /api/rides is asked for this search. */
export function rideFiltersOf(search: RideSearch): RideFilters {
  return {
    from: search.from?.text,
    fromLatitude: search.from?.latitude,
    fromLongitude: search.from?.longitude,
    to: search.to?.text,
    toLatitude: search.to?.latitude,
    toLongitude: search.to?.longitude,
    date: search.date || undefined,
    seats: search.seats ?? undefined,
    ...Object.fromEntries(preferenceParams(search.preferences)),
  };
}

export const hasPreferenceFilter = (search: RideSearch) => preferenceParams(search.preferences).length > 0;
export const hasAnyFilter = (search: RideSearch) => Boolean(search.from || search.to || search.date || search.seats !== null || hasPreferenceFilter(search));

/**
 * What a location field shows for a place the address names: its searched text. (The address
 * keeps the locality searched by, not the landmark first chosen; that is what the search uses.)
 */
export function placeShownFor(place: SearchPlace | null): PlaceDetails | null {
  if (!place) return null;
  return { name: place.text, formatted_address: place.text, place_id: '', latitude: place.latitude ?? 0, longitude: place.longitude ?? 0 };
}
