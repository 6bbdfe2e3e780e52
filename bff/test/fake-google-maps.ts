import { haversineKm, type RoutePoint } from '@krom/contracts/http/places';
import Fastify from 'fastify';

/*
 * A local stand-in for maps.googleapis.com answering the documented JSON of the Places
 * Autocomplete, Place Details and Directions web services, for the Google places provider's tests.
 */

/** Places the stand-in knows, as Google describes them. */
export type FakePlace = { placeId: string; name: string; secondary: string; types: string[]; lat: number; lng: number; locality?: string; region?: string; country: string };
export const googlePlaces: FakePlace[] = [
  { placeId: 'ChIJ-kumasi', name: 'Kumasi', secondary: 'Ghana', types: ['locality', 'political', 'geocode'], lat: 6.6885, lng: -1.6244, locality: 'Kumasi', region: 'Ashanti Region', country: 'GH' },
  { placeId: 'ChIJ-kejetia', name: 'Kejetia Market', secondary: 'Kumasi, Ghana', types: ['establishment', 'point_of_interest'], lat: 6.6958, lng: -1.621, locality: 'Kumasi', region: 'Ashanti Region', country: 'GH' },
  { placeId: 'ChIJ-accra', name: 'Accra', secondary: 'Ghana', types: ['locality', 'political', 'geocode'], lat: 5.6037, lng: -0.187, locality: 'Accra', region: 'Greater Accra Region', country: 'GH' },
  { placeId: 'ChIJ-techiman', name: 'Techiman', secondary: 'Ghana', types: ['locality', 'political', 'geocode'], lat: 7.5909, lng: -1.9344, locality: 'Techiman', region: 'Bono East Region', country: 'GH' },
  { placeId: 'ChIJ-lome', name: 'Lomé', secondary: 'Togo', types: ['locality', 'political', 'geocode'], lat: 6.1319, lng: 1.2228, locality: 'Lomé', region: 'Maritime', country: 'TG' },
  // Ten markets: more than the picker shows.
  ...Array.from({ length: 10 }, (_, i) => ({
    placeId: `ChIJ-market-${i}`,
    name: `Market ${i}`,
    secondary: 'Accra, Ghana',
    types: ['establishment'],
    lat: 5.55 + i / 100,
    lng: -0.2,
    locality: 'Accra',
    region: 'Greater Accra Region',
    country: 'GH',
  })),
];

/** The stand-in for maps.googleapis.com: the requests it received, and a switch to make it fail. */
export async function startFakeGoogle(apiKey: string) {
  const requests: { path: string; query: Record<string, string> }[] = [];
  const state: { failure?: 'http-500' | 'denied' } = {};
  const app = Fastify();
  const denied = (reply: { send: (body: unknown) => unknown }) =>
    reply.send({ status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', predictions: [], results: [], routes: [] });
  app.addHook('onRequest', async (request, reply) => {
    requests.push({ path: request.url.split('?')[0] ?? '', query: request.query as Record<string, string> });
    if (state.failure === 'http-500') return reply.status(500).send('Internal error');
    const { key } = request.query as { key?: string };
    if (state.failure === 'denied' || key !== apiKey) return denied(reply);
  });
  app.get('/maps/api/place/autocomplete/json', async (request) => {
    const { input = '' } = request.query as { input?: string };
    const predictions = googlePlaces
      .filter((place) => place.name.toLowerCase().includes(input.toLowerCase()))
      .map((place) => ({
        description: `${place.name}, ${place.secondary}`,
        place_id: place.placeId,
        reference: place.placeId,
        types: place.types,
        terms: [{ offset: 0, value: place.name }],
        matched_substrings: [{ length: input.length, offset: 0 }],
        structured_formatting: { main_text: place.name, main_text_matched_substrings: [{ length: input.length, offset: 0 }], secondary_text: place.secondary },
      }));
    return { status: predictions.length > 0 ? 'OK' : 'ZERO_RESULTS', predictions };
  });
  app.get('/maps/api/place/details/json', async (request) => {
    const { place_id } = request.query as { place_id?: string };
    if (!place_id?.startsWith('ChIJ')) return { status: 'INVALID_REQUEST', html_attributions: [] };
    const place = googlePlaces.find((candidate) => candidate.placeId === place_id);
    if (!place) return { status: 'NOT_FOUND', html_attributions: [] };
    return {
      status: 'OK',
      html_attributions: [],
      result: {
        name: place.name,
        place_id: place.placeId,
        formatted_address: `${place.name}, ${place.secondary}`,
        types: place.types,
        geometry: { location: { lat: place.lat, lng: place.lng }, viewport: { northeast: { lat: place.lat + 0.1, lng: place.lng + 0.1 }, southwest: { lat: place.lat - 0.1, lng: place.lng - 0.1 } } },
        address_components: [
          ...(place.locality ? [{ long_name: place.locality, short_name: place.locality, types: ['locality', 'political'] }] : []),
          ...(place.region ? [{ long_name: place.region, short_name: place.region.slice(0, 2).toUpperCase(), types: ['administrative_area_level_1', 'political'] }] : []),
          { long_name: place.country === 'GH' ? 'Ghana' : 'Togo', short_name: place.country, types: ['country', 'political'] },
        ],
      },
    };
  });
  // Each leg 1.25 times the straight line, driven at 60 km/h.
  app.get('/maps/api/directions/json', async (request) => {
    const { origin = '', destination = '', waypoints } = request.query as Record<string, string | undefined>;
    const point = (text: string): RoutePoint => {
      const [latitude, longitude] = text.split(',').map(Number);
      return { latitude: latitude ?? Number.NaN, longitude: longitude ?? Number.NaN };
    };
    const points = [origin, ...(waypoints ? waypoints.split('|') : []), destination].map(point);
    const legs = points.slice(1).map((to, i) => {
      const meters = Math.round(haversineKm(points[i] as RoutePoint, to) * 1250);
      return { distance: { text: `${meters / 1000} km`, value: meters }, duration: { text: '', value: Math.round(meters / (60_000 / 3600)) } };
    });
    return { status: 'OK', geocoded_waypoints: [], routes: [{ summary: 'N6', legs, warnings: [], waypoint_order: [] }] };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, requests, state };
}
