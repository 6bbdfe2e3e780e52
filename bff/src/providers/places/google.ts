import { Client, Language, type LatLngLiteral, TravelMode, UnitSystem } from '@googlemaps/google-maps-services-js';
import {
  googleAttribution,
  maxPlaceSuggestions,
  type PlaceDetails,
  type PlaceSuggestion,
  type RouteEstimate,
  type RoutePoint,
} from '@krom/contracts/http/places';
import { estimateRoute, type Gazetteer } from './local.ts';
import { type NearbyStation, type PlacesProvider, PlacesUnavailableError } from './port.ts';

/** Where Google's web services answer; a test (or a proxy) puts its own address here. */
export const googleMapsApiUrl = 'https://maps.googleapis.com';

export type GooglePlacesOptions = {
  /** The server-side key: it is sent to Google only, never to a browser. */
  apiKey: string;
  /** Google's origin (default `googleMapsApiUrl`); each call appends its documented path. */
  baseUrl?: string;
  /** A picker waits on this: an answer later than this is treated as a failure. */
  timeoutMs?: number;
  /** Offline answers where Google is not asked: the nearest pickup station, and places whose ids it issued. */
  gazetteer: Gazetteer;
  /** Told of each failure the caller does not see as one (a route that fell back to the estimate), described without the key. */
  onFallback?: (reason: string, operation: string) => void;
};

/** The details asked for: basic-data fields only, which Google bills as the cheapest tier. */
const detailFields = ['name', 'formatted_address', 'geometry', 'address_components', 'place_id', 'types'];

/** Google names regions "Ashanti Region"; the gazetteer and the rides service use the region's own name. */
const regionName = (name: string) => name.replace(/\s+Region$/i, '');

const latLng = (point: RoutePoint): LatLngLiteral => ({ lat: point.latitude, lng: point.longitude });

type FailedCall = { code?: string; message?: string; response?: { status?: number; data?: { status?: string; error_message?: string } } };

/** The HTTP status of a failed call (the client turns Google's `status` field into one: NOT_FOUND is 404, INVALID_REQUEST 400). */
const failedStatus = (error: unknown) => (error as FailedCall | undefined)?.response?.status;

/** What went wrong, for the log: the status, Google's own status and message, or the network error; not the request (it holds the key). */
function failure(error: unknown): string {
  const failed = (error ?? {}) as FailedCall;
  const google = failed.response?.data;
  if (failed.response) return [`HTTP ${failed.response.status}`, google?.status, google?.error_message].filter(Boolean).join(' ');
  return [failed.code, failed.message ?? String(error)].filter(Boolean).join(' ');
}

/**
 * Google Places and Directions as the places provider, used when GOOGLE_MAPS_API_KEY is set: the
 * key stays here and the browser only ever talks to /api/places. Autocomplete is restricted to
 * Ghana (`components=country:gh`) and asks for every type (Google documents that mixing
 * `establishment` and `geocode`, the spec's two kinds, has the same effect as sending no type).
 * The nearest pickup station is the gazetteer's (see bff/README.md). A route Google cannot give
 * falls back to the straight-line estimate, marked `estimated`.
 */
export class GooglePlaces implements PlacesProvider {
  readonly attribution = googleAttribution;
  /** Google's terms allow keeping only place ids: answers are not cached. */
  readonly answerMaxAgeSeconds = 0;
  private readonly client: Client;
  private readonly baseUrl: string;

  constructor(private readonly options: GooglePlacesOptions) {
    this.baseUrl = (options.baseUrl ?? googleMapsApiUrl).replace(/\/+$/, '');
    // No retries: a picker asks again on the next keystroke, and a retried route would hold the wizard.
    this.client = new Client({ config: { timeout: options.timeoutMs ?? 5000, raxConfig: { retry: 0, noResponseRetries: 0 } } });
  }

  private url(service: string): string {
    return `${this.baseUrl}/maps/api/${service}/json`;
  }

  async autocomplete(query: string): Promise<PlaceSuggestion[]> {
    try {
      const { data } = await this.client.placeAutocomplete({
        url: this.url('place/autocomplete'),
        params: { input: query, components: ['country:gh'], language: Language.en, key: this.options.apiKey },
      });
      return (data.predictions ?? []).slice(0, maxPlaceSuggestions).map((prediction) => ({
        placeId: prediction.place_id,
        name: prediction.structured_formatting?.main_text ?? prediction.description,
        description: prediction.structured_formatting?.secondary_text ?? prediction.description,
        kind: (prediction.types as string[] | undefined)?.includes('establishment') ? 'establishment' : 'geocode',
      }));
    } catch (error) {
      throw new PlacesUnavailableError(failure(error));
    }
  }

  async details(placeId: string): Promise<PlaceDetails | undefined> {
    // A station the gazetteer offered (nearbyStation) is looked up where it came from.
    if (this.options.gazetteer.has(placeId)) return this.options.gazetteer.details(placeId);
    let place: Awaited<ReturnType<Client['placeDetails']>>['data']['result'];
    try {
      const { data } = await this.client.placeDetails({
        url: this.url('place/details'),
        params: { place_id: placeId, fields: detailFields, language: Language.en, key: this.options.apiKey },
      });
      place = data.result;
    } catch (error) {
      const status = failedStatus(error);
      if (status === 404 || status === 400) return undefined;
      throw new PlacesUnavailableError(failure(error));
    }
    const location = place?.geometry?.location;
    const components = place?.address_components ?? [];
    const component = (type: string) => components.find((part) => (part.types as string[]).includes(type));
    // Ghana only: a place id from elsewhere is not a place this app can offer.
    if (!place || !location || component('country')?.short_name !== 'GH') return undefined;
    const district = component('locality')?.long_name;
    const region = component('administrative_area_level_1')?.long_name;
    return {
      name: place.name ?? place.formatted_address ?? placeId,
      formatted_address: place.formatted_address ?? place.name ?? '',
      place_id: place.place_id ?? placeId,
      latitude: location.lat,
      longitude: location.lng,
      ...(district ? { district } : {}),
      ...(region ? { region: regionName(region) } : {}),
      kind: (place.types as string[] | undefined)?.includes('establishment') ? 'establishment' : 'geocode',
    };
  }

  /**
   * From the gazetteer, not Places Nearby: its stations are the lorry and bus stations people name,
   * the answer is the same whichever provider runs, and the wizard's every departure change costs
   * no billed request.
   */
  nearbyStation(point: RoutePoint): Promise<{ station: NearbyStation | null; attribution: string }> {
    return this.options.gazetteer.nearbyStation(point);
  }

  /** Driving through the points in order (stops as waypoints), summed over the legs; the estimate when Google has no route or fails. */
  async route(points: readonly RoutePoint[]): Promise<RouteEstimate> {
    const first = points[0];
    const last = points.at(-1);
    if (!first || !last || points.length < 2) return estimateRoute(points);
    try {
      const { data } = await this.client.directions({
        url: this.url('directions'),
        params: {
          origin: latLng(first),
          destination: latLng(last),
          ...(points.length > 2 ? { waypoints: points.slice(1, -1).map(latLng) } : {}),
          mode: TravelMode.driving,
          units: UnitSystem.metric,
          key: this.options.apiKey,
        },
      });
      const legs = data.routes?.[0]?.legs ?? [];
      if (legs.length === 0 || legs.some((leg) => !leg.distance || !leg.duration)) throw new Error(`no route (${data.status})`);
      const meters = legs.reduce((sum, leg) => sum + leg.distance.value, 0);
      const seconds = legs.reduce((sum, leg) => sum + leg.duration.value, 0);
      return { distanceKm: Math.round(meters / 100) / 10, durationMinutes: Math.max(1, Math.round(seconds / 60)), estimated: false };
    } catch (error) {
      this.options.onFallback?.(failure(error), 'directions');
      return estimateRoute(points);
    }
  }
}
