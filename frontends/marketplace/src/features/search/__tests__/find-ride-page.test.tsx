import type { PlaceDetails } from '@krom/contracts/http/places';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { rideList } from '../../../components/__tests__/ride-fixtures.ts';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';

beforeAll(() => import('../components/find-ride-page.tsx'), 30_000);
afterEach(() => vi.useRealTimers());

const guest = { 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } };

const place = (placeId: string, name: string, district: string | undefined, latitude: number, longitude: number): PlaceDetails => ({
  name,
  formatted_address: `${name}, Ghana`,
  place_id: placeId,
  latitude,
  longitude,
  ...(district ? { district } : {}),
  region: 'Somewhere',
});
const kaneshie = place('gaz-kaneshie', 'Kaneshie Station', 'Accra', 5.5656, -0.2364);
const kumasi = place('gaz-kumasi', 'Kumasi', undefined, 6.6885, -1.6244);

function openFindRide(path = '/find-ride') {
  const api = mockApi({
    ...guest,
    'GET /api/places/autocomplete': {
      status: 200,
      body: {
        suggestions: [
          { placeId: 'gaz-kaneshie', name: 'Kaneshie Station', description: 'Station · Greater Accra', kind: 'station' },
          { placeId: 'gaz-kumasi', name: 'Kumasi', description: 'City · Ashanti', kind: 'city' },
        ],
        attribution: 'OSM',
      },
    },
    'GET /api/places/gaz-kaneshie': { status: 200, body: kaneshie },
    'GET /api/places/gaz-kumasi': { status: 200, body: kumasi },
    'GET /api/rides': { status: 200, body: rideList([]) },
  });
  return { api, ...renderRoutes(routes, path) };
}

async function choosePlace(user: ReturnType<typeof openFindRide>['user'], field: string, typed: string, option: RegExp) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${field}`) }));
  const dialog = screen.getByRole('dialog', { name: field });
  await user.type(within(dialog).getByRole('combobox', { name: 'Search locations' }), typed);
  await user.click(await within(dialog).findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}


describe('/find-ride', () => {
  it("has the spec's nav links: /find-ride, /profile, /support", async () => {
    openFindRide();
    const nav = await screen.findByRole('navigation', { name: 'Find a ride' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/find-ride', '/profile', '/support']);
  });

  it('asks where, when and for how many seats, with the spec texts; /find-rides is the same screen', async () => {
    openFindRide('/find-rides');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find Your Perfect Ride' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Where do you want to go?' });
    expect(within(form).getByRole('button', { name: 'From Leaving from' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'To Going to' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Date Select a date' })).toBeTruthy();
    const seats = within(form).getByRole('combobox', { name: 'Number of seats' }) as HTMLSelectElement;
    expect([...seats.options].map((option) => option.value)).toEqual(['1', '2', '3', '4']);
    expect(within(form).getByRole('button', { name: 'Search Available Rides' })).toBeTruthy();
  });

  it('searches with the places (their locality, else their name, and coordinates), the date and the seats', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    const { user, router } = openFindRide();
    await screen.findByRole('heading', { level: 1, name: 'Find Your Perfect Ride' });
    await choosePlace(user, 'From', 'Kaneshie', /^Kaneshie Station/);
    await choosePlace(user, 'To', 'Kumasi', /^Kumasi/);
    expect(screen.getByRole('button', { name: /^From Kaneshie Station/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Date/ }));
    await user.click(screen.getByRole('button', { name: 'Saturday, November 28, 2026' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of seats' }), '2');
    await user.click(screen.getByRole('button', { name: 'Search Available Rides' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/ride-listings'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      from: 'Accra',
      fromLat: '5.5656',
      fromLng: '-0.2364',
      to: 'Kumasi',
      toLat: '6.6885',
      toLng: '-1.6244',
      date: '2026-11-28',
      seats: '2',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Available Rides' })).toBeTruthy();
  });

  it('leaves empty fields out of the search', async () => {
    const { user, router } = openFindRide();
    await user.click(await screen.findByRole('button', { name: 'Search Available Rides' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ride-listings'));
    expect(router.state.location.search).toBe('?seats=1');
  });
});

describe('/find-ride while the sign-in check is still on its way', () => {
  it('keeps the place being typed when the signed-in header replaces the guest one', async () => {
    let answerSignIn: () => void = () => undefined;
    const signInAnswered = new Promise<void>((resolve) => {
      answerSignIn = resolve;
    });
    const user = aUser();
    const frame = frameAnswers(user);
    mockApi({
      ...frame,
      'GET /api/auth/user': async () => {
        await signInAnswered;
        return frame['GET /api/auth/user'];
      },
      'GET /api/places/autocomplete': {
        status: 200,
        body: { suggestions: [{ placeId: 'gaz-kumasi', name: 'Kumasi', description: 'City · Ashanti', kind: 'city' }], attribution: 'OSM' },
      },
    });
    const { user: person } = renderRoutes(routes, '/find-ride');
    await person.click(await screen.findByRole('button', { name: /^From/ }));
    const dialog = screen.getByRole('dialog', { name: 'From' });
    await person.type(within(dialog).getByRole('combobox', { name: 'Search locations' }), 'Kum');
    answerSignIn();
    expect(await screen.findByRole('button', { name: 'Open account menu' })).toBeTruthy();
    const stillOpen = screen.getByRole('dialog', { name: 'From' });
    expect((within(stillOpen).getByRole('combobox', { name: 'Search locations' }) as HTMLInputElement).value).toBe('Kum');
    expect(await within(stillOpen).findByRole('option', { name: /Kumasi/ })).toBeTruthy();
  });
});
