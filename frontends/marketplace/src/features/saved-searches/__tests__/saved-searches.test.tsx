import { savedSearchMessages } from '@krom/contracts/http/ride-request-values';
import type { SavedSearch, SavedSearchInput } from '@krom/contracts/http/ride-requests';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';

// The screens and the button load lazily, as in the browser; compiling them once up front keeps
// that cost out of the first test's time limit on a busy machine.
beforeAll(
  () =>
    Promise.all([import('../../../app/ride-listings-route.tsx'), import('../../../app/passenger-rides-route.tsx'), import('../components/save-search-button.tsx')]),
  30_000,
);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

type Handler = Parameters<typeof mockApi>[0][string];
const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];
const guest = { 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } };
const noRides = { 'GET /api/rides': { status: 200, body: { rides: [], total: 0, page: 1, pageSize: 20 } } };

/** A search from Accra to Kumasi for two on Nov 28, as the address carries it. */
const accraToKumasi = '/ride-listings?from=Accra&fromLat=5.6037&fromLng=-0.187&to=Kumasi&toLat=6.6885&toLng=-1.6244&date=2026-11-28&seats=2';

let sequence = 0;
function aSavedSearch(overrides: Partial<SavedSearch> = {}): SavedSearch {
  sequence += 1;
  return {
    id: `5a1b2c3d-4e5f-4a6b-8c7d-${String(sequence).padStart(12, '0')}`,
    fromLocation: 'Accra',
    toLocation: 'Kumasi',
    fromLocalityArea: 'Accra',
    toLocalityArea: 'Kumasi',
    fromRegion: null,
    toRegion: null,
    fromLatitude: 5.6037,
    fromLongitude: -0.187,
    toLatitude: 6.6885,
    toLongitude: -1.6244,
    departureDate: null,
    passengers: 1,
    maxPricePerSeat: null,
    status: 'active',
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-20T10:00:00.000Z',
    matchedRides: [],
    ...overrides,
  };
}

/** A signed-in member's BFF: no ride found, and their saved searches kept as the rides service keeps them. */
function savedSearchesApi({ stored = [], overrides = {} }: { stored?: SavedSearch[]; overrides?: Record<string, Handler> } = {}) {
  let searches = [...stored];
  const routes: Record<string, Handler> = {
    ...frameAnswers(aUser()),
    ...noRides,
    'GET /api/ride-requests/mine': { status: 200, body: { requests: [] } },
    'GET /api/bookings/mine': { status: 200, body: { bookings: [] } },
    'POST /api/saved-searches': ({ body }) => {
      const input = body as SavedSearchInput;
      const created = aSavedSearch({ fromLocation: String(input.fromLocation), toLocation: String(input.toLocation), departureDate: String(input.departureDate ?? '') || null });
      searches = [created, ...searches];
      return { status: 201, body: created };
    },
    'GET /api/saved-searches/mine': () => ({ status: 200, body: { searches } }),
  };
  for (const search of stored) {
    routes[`DELETE /api/saved-searches/${search.id}`] = () => {
      searches = searches.filter((candidate) => candidate.id !== search.id);
      return { status: 200, body: { ok: true } };
    };
  }
  return mockApi({ ...routes, ...overrides });
}

describe('Save this search on the listing', () => {
  it("saves the search's places, date and seats for a signed-in member, and says so", async () => {
    const api = savedSearchesApi();
    const { user } = renderRoutes(routes, accraToKumasi);
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    expect(await findToast()).toEqual({ text: "Search savedWe'll tell you when a matching ride is posted.", destructive: false });
    expect(api.callsTo('POST', '/api/saved-searches').map((call) => call.body)).toEqual([
      {
        fromLocation: 'Accra',
        fromLocalityArea: 'Accra',
        fromLatitude: 5.6037,
        fromLongitude: -0.187,
        toLocation: 'Kumasi',
        toLocalityArea: 'Kumasi',
        toLatitude: 6.6885,
        toLongitude: -1.6244,
        departureDate: '2026-11-28',
        passengers: 2,
      },
    ]);
    // Saved: the button says so and cannot save it twice.
    const saved = screen.getByRole('button', { name: 'Search saved' }) as HTMLButtonElement;
    expect(saved.disabled).toBe(true);
  });

  it("toasts the server's words when it refuses (ten saved already), and the button stays", async () => {
    savedSearchesApi({ overrides: { 'POST /api/saved-searches': { status: 400, body: { message: savedSearchMessages.tooMany } } } });
    const { user } = renderRoutes(routes, accraToKumasi);
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    expect(await findToast()).toEqual({ text: 'ErrorYou have 10 saved searches. Delete one before saving another.', destructive: true });
    expect((screen.getByRole('button', { name: 'Save this search' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers a guest to sign in and come back to this search instead', async () => {
    mockApi({ ...guest, ...noRides });
    const { user } = renderRoutes([...elsewhere, ...routes], accraToKumasi);
    const link = await screen.findByRole('link', { name: 'Sign in to save this search' });
    expect(new URL(link.getAttribute('href') ?? '', 'http://krom.test').searchParams.get('next')).toBe(accraToKumasi);
    expect(screen.queryByRole('button', { name: 'Save this search' })).toBeNull();
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('offers nothing for a search without both places', async () => {
    savedSearchesApi();
    renderRoutes(routes, '/ride-listings?from=Accra');
    expect(await screen.findByText('0 ride(s) found matching your search')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save this search' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in to save this search' })).toBeNull();
  });
});

describe('/rides/as-passenger: saved searches', () => {
  it('lists the saved searches with their date, passengers, price limit, expiry and matched rides, and deletes one', async () => {
    const tamale = aSavedSearch({ toLocation: 'Tamale', departureDate: '2026-12-24', passengers: 3, maxPricePerSeat: '150.00', expiresAt: '2026-12-24T23:59:59.999Z' });
    const kumasi = aSavedSearch({
      matchedRides: [{ id: '3c1d2e4f-5a6b-4c7d-8e9f-000000000001', fromCity: 'Accra', toCity: 'Kumasi', departureDate: '2026-11-28', departureTime: '07:30', pricePerSeat: '120.00', currency: 'GHS', availableSeats: 3 }],
    });
    const api = savedSearchesApi({ stored: [tamale, kumasi] });
    const { user } = renderRoutes(routes, '/rides/as-passenger');
    const section = await screen.findByRole('region', { name: 'Saved searches' });
    const first = await within(section).findByRole('listitem', { name: 'Accra → Tamale' });
    for (const text of ['Thu, Dec 24, 2026', '3 passengers', 'Up to GH₵150.00 per seat', 'Expires Thu, Dec 24, 2026', "No matching ride yet. We'll tell you when one is posted."]) {
      expect(within(first).getByText(text)).toBeTruthy();
    }
    const second = within(section).getByRole('listitem', { name: 'Accra → Kumasi' });
    expect(within(second).getByText('Any date')).toBeTruthy();
    expect(within(second).getByRole('link').getAttribute('href')).toBe('/ride-preview/3c1d2e4f-5a6b-4c7d-8e9f-000000000001?seats=1');

    await user.click(within(first).getByRole('button', { name: 'Delete saved search Accra → Tamale' }));
    expect(await findToast()).toEqual({ text: 'Saved search deletedAccra → Tamale', destructive: false });
    expect(api.callsTo('DELETE', `/api/saved-searches/${tamale.id}`)).toHaveLength(1);
    await waitFor(() => expect(within(section).queryByRole('listitem', { name: 'Accra → Tamale' })).toBeNull());
    expect(within(section).getByRole('listitem', { name: 'Accra → Kumasi' })).toBeTruthy();
  });

  it('says so when there are none', async () => {
    savedSearchesApi();
    renderRoutes(routes, '/rides/as-passenger');
    const section = await screen.findByRole('region', { name: 'Saved searches' });
    expect(await within(section).findByText(savedSearchMessages.empty)).toBeTruthy();
  });
});
