import { dataPreloadUrl } from '@krom/ui-kit/build/prerender-manifest.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { cleanup, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, type Mock } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aRide, rideList } from '../../../components/__tests__/ride-fixtures.ts';
import { listingDataPreload } from '../listing-data-preload.ts';
import { rideSearchParams } from '../ride-search-params.ts';

/*
 * The web server has the browser fetch the listing's first GET /api/rides with the page, from
 * listingDataPreload. The browser hands the page that answer only if the page then asks for the
 * very same URL: these hold the listing's own first call to the declaration, for the addresses the
 * find-ride form and the listing's filters write.
 */

beforeAll(() => import('../../../app/ride-listings-route.tsx'), 30_000);

/** The first GET /api/rides the listing sent, as the path and query it requested. */
const firstRidesCall = () =>
  (fetch as unknown as Mock).mock.calls
    .map(([input]) => new URL(String(input), 'http://krom.test'))
    .filter((url) => url.pathname === '/api/rides')
    .map((url) => `${url.pathname}${url.search}`)[0];

const addresses = {
  'a route, date and seats': rideSearchParams({ from: { text: 'Accra' }, to: { text: 'Kumasi' }, date: '2026-12-03', seats: 2 }),
  'places with coordinates and spaces': rideSearchParams({
    from: { text: 'Cape Coast', latitude: 5.1053, longitude: -1.2466 },
    to: { text: 'Techiman', latitude: 7.5909, longitude: -1.9344 },
    date: '',
    seats: null,
  }),
  'a route with ride preferences': rideSearchParams({
    from: { text: 'Accra' },
    to: { text: 'Ho' },
    date: '2026-12-03',
    seats: null,
    preferences: { luggage: 'medium', noSmoking: true, pets: false, airConditioning: true, maxTwoInBack: false, womenOnly: true },
  }),
  'a destination alone': rideSearchParams({ from: null, to: { text: 'Tamale' }, date: '', seats: 1 }),
  'no search at all': rideSearchParams({ from: null, to: null, date: '', seats: null }),
};

describe('the listing’s first call and the preload the web server names', () => {
  it.each(Object.entries(addresses))('are the same URL for %s', async (_name, address) => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } }, 'GET /api/rides': { status: 200, body: rideList([aRide()]) } });
    renderRoutes(routes, `/ride-listings?${address}`);
    expect(await screen.findByText(/1 ride\(s\) found/)).toBeTruthy();
    expect(firstRidesCall()).toBe(dataPreloadUrl(listingDataPreload, address));
    cleanup();
  });
});
