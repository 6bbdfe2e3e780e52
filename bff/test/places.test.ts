import { randomBytes, randomUUID } from 'node:crypto';
import {
  gazetteerAttribution,
  ghanaBounds,
  googleAttribution,
  haversineKm,
  maxPlaceSuggestions,
  nearbyStationRadiusKm,
  placeAutocompleteResponseSchema,
  placeDetailsSchema,
  placeMessages,
  type RoutePoint,
  routeEstimateSchema,
} from '@krom/contracts/http/places';
import { isolatedTestEnv } from '@krom/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { bffTestConfig, ORIGIN } from './bff-test-env.ts';
import { startFakeGoogle } from './fake-google-maps.ts';

/*
 * /api/places through the real BFF, once with the built-in gazetteer (no key set) and once with
 * Google Maps, where "Google" is a local HTTP server answering the documented JSON of the Places
 * Autocomplete, Place Details and Directions web services: both providers pass the same table.
 */

const ACCRA: RoutePoint = { latitude: 5.56, longitude: -0.2057 };
const KUMASI: RoutePoint = { latitude: 6.6981, longitude: -1.623 };
const KEJETIA: RoutePoint = { latitude: 6.695832, longitude: -1.621046 };
const ghanaRegions = [
  'Ahafo', 'Ashanti', 'Bono', 'Bono East', 'Central', 'Eastern', 'Greater Accra', 'North East',
  'Northern', 'Oti', 'Savannah', 'Upper East', 'Upper West', 'Volta', 'Western', 'Western North',
];

const env = isolatedTestEnv('bffplaces');
const redis = new Redis(env.redisUrl);
const apiKey = `AIza-test-${randomBytes(8).toString('hex')}`;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
const apps: FastifyInstance[] = [];

async function bffWith(overrides: Record<string, string> = {}) {
  const app = await buildBffApp(bffTestConfig(env, { RATE_LIMIT_PLACES_PER_MINUTE: '100000', ...overrides }), redis);
  apps.push(app);
  return app;
}
const withGoogle = (overrides: Record<string, string> = {}) =>
  bffWith({ GOOGLE_MAPS_API_KEY: apiKey, GOOGLE_MAPS_API_URL: google.url, GOOGLE_MAPS_TIMEOUT_MS: '30000', ...overrides });

beforeAll(async () => {
  google = await startFakeGoogle(apiKey);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await google?.app.close();
  const keys = await redis.keys(`${env.redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const get = (app: FastifyInstance, url: string, remoteAddress = '10.2.0.1') => app.inject({ method: 'GET', url, remoteAddress });
const postRoute = (app: FastifyInstance, points: unknown, remoteAddress = '10.2.0.1') =>
  app.inject({ method: 'POST', url: '/api/places/route', headers: { origin: ORIGIN }, payload: { points }, remoteAddress });
const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([key, value]): [string, string][] => (value === undefined ? [] : [[key, String(value)]]))).toString();

type Provider = { name: string; open: () => Promise<FastifyInstance>; attribution: string; cacheControl: string; measuredRoute: boolean };
const providers: Provider[] = [
  { name: 'the built-in gazetteer', open: () => bffWith(), attribution: gazetteerAttribution, cacheControl: 'public, max-age=86400', measuredRoute: false },
  { name: 'Google Maps', open: () => withGoogle(), attribution: googleAttribution, cacheControl: 'no-store', measuredRoute: true },
];

describe.each(providers)('places from $name', (provider) => {
  let bff: FastifyInstance;
  beforeAll(async () => {
    bff = await provider.open();
  });

  it('suggests Kumasi for "kumasi", with the source\'s attribution', async () => {
    const response = await get(bff, '/api/places/autocomplete?q=kumasi');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(provider.cacheControl);
    const body = placeAutocompleteResponseSchema.parse(response.json());
    expect(body.attribution).toBe(provider.attribution);
    expect(body.suggestions[0]).toMatchObject({ name: 'Kumasi', placeId: expect.any(String), description: expect.any(String) });
  });

  it(`suggests at most ${maxPlaceSuggestions} places`, async () => {
    const body = (await get(bff, '/api/places/autocomplete?q=market')).json();
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.suggestions.length).toBeLessThanOrEqual(maxPlaceSuggestions);
  });

  it('answers an empty list when nothing matches', async () => {
    const response = await get(bff, '/api/places/autocomplete?q=zzqxvw');
    expect(response.statusCode).toBe(200);
    expect(response.json().suggestions).toEqual([]);
  });

  it("gives a suggestion's details in the spec's shape, in Ghana, with its locality and region", async () => {
    const [kumasi] = (await get(bff, '/api/places/autocomplete?q=kumasi')).json().suggestions;
    const response = await get(bff, `/api/places/${encodeURIComponent(kumasi.placeId)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(provider.cacheControl);
    const place = placeDetailsSchema.parse(response.json());
    expect(place).toMatchObject({ name: 'Kumasi', place_id: kumasi.placeId, district: 'Kumasi', region: 'Ashanti' });
    expect(place.formatted_address).toContain('Kumasi');
    expect(place.latitude).toBeGreaterThan(ghanaBounds.south);
    expect(place.latitude).toBeLessThan(ghanaBounds.north);
    expect(place.longitude).toBeGreaterThan(ghanaBounds.west);
    expect(place.longitude).toBeLessThan(ghanaBounds.east);
    expect(haversineKm(place, KUMASI)).toBeLessThan(5);
  });

  it('names one of the 16 regions for every suggestion', async () => {
    for (const text of ['accra', 'techiman', 'kejetia']) {
      for (const suggestion of (await get(bff, `/api/places/autocomplete?q=${text}`)).json().suggestions) {
        const place = (await get(bff, `/api/places/${encodeURIComponent(suggestion.placeId)}`)).json();
        expect(ghanaRegions).toContain(place.region);
      }
    }
  });

  it('answers 404 "Place not found" for an unknown place', async () => {
    for (const placeId of ['osm-n0', 'ChIJ-nowhere', 'no such place']) {
      const response = await get(bff, `/api/places/${encodeURIComponent(placeId)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(placeMessages.notFound);
    }
  });

  it('refuses text of 2 characters or fewer, or none, or too long, with the picker\'s message', async () => {
    for (const url of ['/api/places/autocomplete?q=ku', '/api/places/autocomplete?q=%20%20ku%20', '/api/places/autocomplete', `/api/places/autocomplete?q=${'a'.repeat(101)}`]) {
      const response = await get(bff, url);
      expect(response.statusCode, url).toBe(400);
    }
    expect((await get(bff, '/api/places/autocomplete?q=ku')).json().message).toBe(placeMessages.queryTooShort);
    expect((await get(bff, '/api/places/autocomplete')).json().message).toBe(placeMessages.queryTooShort);
  });

  it('says a search over 100 characters is too long, in words', async () => {
    const response = await get(bff, `/api/places/autocomplete?q=${'kumasi '.repeat(20)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Type at most 100 characters to search');
  });

  it('searches a short town name typed exactly, whatever its case and spacing', async () => {
    for (const text of ['Ho', 'wa', '%20HO%20']) {
      const response = await get(bff, `/api/places/autocomplete?q=${text}`);
      expect(response.statusCode, text).toBe(200);
    }
    // Two letters that name no known town keep the general rule.
    expect((await get(bff, '/api/places/autocomplete?q=kx')).json().message).toBe(placeMessages.queryTooShort);
  });

  it('finds a bus station near Kejetia, Kumasi, with the gazetteer\'s attribution', async () => {
    const response = await get(bff, `/api/places/nearby-station?${query(KEJETIA)}`);
    expect(response.statusCode).toBe(200);
    const { station, attribution } = response.json();
    expect(attribution).toBe(gazetteerAttribution);
    expect(station).toMatchObject({ kind: 'station', district: 'Kumasi', region: 'Ashanti' });
    expect(station.distanceKm).toBeLessThanOrEqual(nearbyStationRadiusKm);
    expect(station.name).toMatch(/station/i);
    // Whatever provider answers, the station's id leads back to it.
    const details = await get(bff, `/api/places/${encodeURIComponent(station.place_id)}`);
    expect(details.json().name).toBe(station.name);
  });

  it('answers no station far from any', async () => {
    const response = await get(bff, `/api/places/nearby-station?${query({ latitude: 7.3, longitude: -0.5 })}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().station).toBeNull();
  });

  it('refuses a point outside Ghana or not a number', async () => {
    for (const params of [{ latitude: 48.85, longitude: 2.35 }, { latitude: 'north', longitude: -1 }, { latitude: 6.7 }]) {
      const response = await get(bff, `/api/places/nearby-station?${query(params)}`);
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
    }
  });

  it('makes Accra to Kumasi 240-300 km and 4 to 6 hours', async () => {
    const response = await postRoute(bff, [ACCRA, KUMASI]);
    expect(response.statusCode).toBe(200);
    const route = routeEstimateSchema.parse(response.json());
    expect(route.estimated).toBe(!provider.measuredRoute);
    expect(route.distanceKm).toBeGreaterThan(240);
    expect(route.distanceKm).toBeLessThan(300);
    expect(route.durationMinutes).toBeGreaterThanOrEqual(4 * 60);
    expect(route.durationMinutes).toBeLessThanOrEqual(6 * 60);
  });

  it('goes through the stops in order: a detour is longer', async () => {
    const direct = (await postRoute(bff, [ACCRA, KUMASI])).json();
    const viaCapeCoast = (await postRoute(bff, [ACCRA, { latitude: 5.1053, longitude: -1.2466 }, KUMASI])).json();
    expect(viaCapeCoast.distanceKm).toBeGreaterThan(direct.distanceKm);
    expect(viaCapeCoast.durationMinutes).toBeGreaterThan(direct.durationMinutes);
  });

  it('refuses a route of fewer than 2 or more than 12 points, or points outside Ghana', async () => {
    for (const points of [[ACCRA], Array.from({ length: 13 }, () => ACCRA), [ACCRA, { latitude: 51.5, longitude: -0.12 }], 'Accra to Kumasi']) {
      expect((await postRoute(bff, points)).statusCode).toBe(400);
    }
  });
});

describe('places from the built-in gazetteer', () => {
  let bff: FastifyInstance;
  beforeAll(async () => {
    bff = await bffWith();
  });
  const first = async (text: string) => (await get(bff, `/api/places/autocomplete?q=${encodeURIComponent(text)}`)).json().suggestions[0];

  it.each(['kumasi', 'KUMASI', 'Kumsi', 'Kúmasi'])('finds the city Kumasi first for %j', async (text) => {
    expect(await first(text)).toMatchObject({ name: 'Kumasi', kind: 'city', description: 'City, Ashanti' });
  });

  it.each([
    ['acc', 'Accra', 'city'],
    ['Techiman', 'Techiman', 'city'],
    ['techiman', 'Techiman', 'city'],
    ['kejetia', 'Kejetia Market (Kumasi)', 'landmark'],
  ])('finds %s → %s first', async (text, name, kind) => {
    expect(await first(text)).toMatchObject({ name, kind });
  });

  it('answers text typed again in any case or spacing with the same suggestions, as JSON a browser may keep for a day', async () => {
    const answers = await Promise.all(['tema', 'Tema', '  TEMA ', 'tema'].map((text) => get(bff, `/api/places/autocomplete?q=${encodeURIComponent(text)}`)));
    for (const answer of answers) {
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('public, max-age=86400');
      expect(answer.json()).toEqual(answers[0]?.json());
    }
    expect(answers[0]?.json().suggestions[0]).toMatchObject({ name: 'Tema', kind: 'city' });
  });

  it('finds Ho and Wa by their two letters, and Ho by "Ho Volta" (town and region)', async () => {
    expect(await first('Ho')).toMatchObject({ name: 'Ho', description: 'City, Volta' });
    expect(await first('Wa')).toMatchObject({ name: 'Wa', description: 'City, Upper West' });
    expect(await first('Ho Volta')).toMatchObject({ name: 'Ho', description: 'City, Volta' });
    expect(await first('Wa, Upper West')).toMatchObject({ name: 'Wa', description: 'City, Upper West' });
  });

  it('puts the city Kumasi before the villages of the same name', async () => {
    const suggestions = (await get(bff, '/api/places/autocomplete?q=kumasi')).json().suggestions as { kind: string }[];
    expect(suggestions[0]?.kind).toBe('city');
    expect(suggestions.slice(1).some((suggestion) => suggestion.kind === 'village')).toBe(true);
  });
});

describe('places from Google Maps', () => {
  let bff: FastifyInstance;
  beforeAll(async () => {
    bff = await withGoogle();
  });
  const since = (count: number, path: string) => google.requests.slice(count).filter((request) => request.path === path);

  it('asks for places in Ghana only, with the key, and never hands the key to the browser', async () => {
    const before = google.requests.length;
    const response = await get(bff, '/api/places/autocomplete?q=kejetia');
    expect(response.json().suggestions).toEqual([{ placeId: 'ChIJ-kejetia', name: 'Kejetia Market', description: 'Kumasi, Ghana', kind: 'establishment' }]);
    const [asked] = since(before, '/maps/api/place/autocomplete/json');
    expect(asked?.query).toMatchObject({ input: 'kejetia', components: 'country:gh', key: apiKey });
    expect(response.body).not.toContain(apiKey);
    expect(JSON.stringify(response.headers)).not.toContain(apiKey);
  });

  it('asks Google again for text typed again (its answers are not kept), and lets no browser keep them', async () => {
    const before = google.requests.length;
    for (const text of ['kejetia', 'Kejetia ']) {
      const response = await get(bff, `/api/places/autocomplete?q=${encodeURIComponent(text)}`);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(since(before, '/maps/api/place/autocomplete/json')).toHaveLength(2);
  });

  it('asks only for the basic fields of a place', async () => {
    const before = google.requests.length;
    await get(bff, '/api/places/ChIJ-techiman');
    const [asked] = since(before, '/maps/api/place/details/json');
    expect(asked?.query.fields?.split(',').sort()).toEqual(['address_components', 'formatted_address', 'geometry', 'name', 'place_id', 'types']);
  });

  it('gives the region by its own name, without "Region"', async () => {
    expect((await get(bff, '/api/places/ChIJ-techiman')).json()).toEqual({
      name: 'Techiman',
      formatted_address: 'Techiman, Ghana',
      place_id: 'ChIJ-techiman',
      latitude: 7.5909,
      longitude: -1.9344,
      district: 'Techiman',
      region: 'Bono East',
      kind: 'geocode',
    });
  });

  it('does not offer a place outside Ghana', async () => {
    const response = await get(bff, '/api/places/ChIJ-lome');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(placeMessages.notFound);
  });

  it('sends the stops as waypoints and adds up the legs', async () => {
    const before = google.requests.length;
    const stop = { latitude: 6.0945, longitude: -0.2591 };
    const response = await postRoute(bff, [ACCRA, stop, KUMASI]);
    const [asked] = since(before, '/maps/api/directions/json');
    expect(asked?.query).toMatchObject({ origin: '5.56,-0.2057', destination: '6.6981,-1.623', waypoints: '6.0945,-0.2591', mode: 'driving', units: 'metric' });
    const legsKm = (haversineKm(ACCRA, stop) + haversineKm(stop, KUMASI)) * 1.25;
    expect(response.json().distanceKm).toBeCloseTo(legsKm, 0);
    expect(response.json().estimated).toBe(false);
  });

  describe.each(['http-500', 'denied'] as const)('when Google fails (%s)', (failure) => {
    beforeAll(() => {
      google.state.failure = failure;
    });
    afterAll(() => {
      google.state.failure = undefined;
    });

    it('answers 503 with "try again" to autocomplete and details', async () => {
      for (const url of ['/api/places/autocomplete?q=kumasi', '/api/places/ChIJ-kumasi']) {
        const response = await get(bff, url);
        expect(response.statusCode, url).toBe(503);
        expect(response.json().message).toBe(placeMessages.unavailable);
        expect(response.body).not.toContain(apiKey);
      }
    });

    it('still estimates a route, marked estimated', async () => {
      const response = await postRoute(bff, [ACCRA, KUMASI]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ estimated: true });
      expect(response.json().distanceKm).toBeGreaterThan(240);
    });

    it('still finds the nearest station (the gazetteer answers it)', async () => {
      expect((await get(bff, `/api/places/nearby-station?${query(KEJETIA)}`)).json().station).not.toBeNull();
    });
  });

  it('answers 503 when Google cannot be reached', async () => {
    const unreachable = await withGoogle({ GOOGLE_MAPS_API_URL: 'http://127.0.0.1:9' });
    const response = await get(unreachable, '/api/places/autocomplete?q=kumasi');
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(placeMessages.unavailable);
    expect((await postRoute(unreachable, [ACCRA, KUMASI])).json().estimated).toBe(true);
  });
});

describe('the per-visitor limit on /api/places', () => {
  it('refuses a client address over its allowance with 429, and leaves other visitors alone', async () => {
    const bff = await bffWith({ RATE_LIMIT_PLACES_PER_MINUTE: '3' });
    const address = `10.3.${Math.floor(Math.random() * 250)}.1`;
    for (let i = 0; i < 3; i++) expect((await get(bff, '/api/places/autocomplete?q=kumasi', address)).statusCode).toBe(200);
    const refused = await get(bff, '/api/places/autocomplete?q=kumasi', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many requests. Please wait a minute and try again.');

    // Another address, and a signed-in user behind the same address (a mobile network's), each have their own.
    expect((await get(bff, '/api/places/autocomplete?q=kumasi', '10.4.0.1')).statusCode).toBe(200);
    const sid = await bff.sessions.create('user', randomUUID());
    const cookies = { krom_session: bff.encodeSecureSession(bff.createSecureSession({ user: sid })) };
    const signedIn = await bff.inject({ method: 'GET', url: '/api/places/autocomplete?q=kumasi', remoteAddress: address, cookies });
    expect(signedIn.statusCode).toBe(200);
  });
});
