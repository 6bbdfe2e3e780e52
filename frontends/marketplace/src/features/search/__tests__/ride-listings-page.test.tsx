import type { PlaceDetails } from '@krom/contracts/http/places';
import type { RideRequest } from '@krom/contracts/http/ride-requests';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, type Mock, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aRide, rideList } from '../../../components/__tests__/ride-fixtures.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => import('../../../app/ride-listings-route.tsx'), 30_000);
afterEach(() => vi.useRealTimers());

const guest = { 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } };
const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];

function openListing(path: string, answers: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ ...guest, ...answers });
  return { api, ...renderRoutes([...elsewhere, ...routes], path) };
}

/** The query of each GET /api/rides the screen sent, in order. */
const rideRequests = () =>
  (fetch as unknown as Mock).mock.calls
    .map(([input]) => new URL(String(input), 'http://krom.test'))
    .filter((url) => url.pathname === '/api/rides')
    .map((url) => Object.fromEntries(url.searchParams));

/** What the rides service stores for a request (the POST's answer takes what was sent over this). */
const createdRequest: RideRequest = {
  id: '7e3f1a2b-9c4d-4e5f-8a6b-000000000001',
  fromLocation: 'Accra',
  toLocation: 'Bolgatanga',
  fromLocalityArea: 'Accra',
  toLocalityArea: 'Bolgatanga',
  fromRegion: null,
  toRegion: null,
  fromLatitude: 5.6037,
  fromLongitude: -0.187,
  toLatitude: 10.7856,
  toLongitude: -0.8514,
  preferredDepartureDate: '2026-11-28',
  flexibleDates: true,
  passengers: 2,
  maxPricePerSeat: null,
  notes: null,
  notifyByEmail: true,
  notifyBySMS: false,
  status: 'active',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-29T00:00:00.000Z',
  lastNotifiedAt: null,
};

const cards = () => within(screen.getByRole('list', { name: 'Rides' })).getAllByRole('article');
const count = () => screen.getByRole('status');


describe('/ride-listings', () => {
  it("sends the address's search to GET /api/rides and shows what the server found, without filtering it again", async () => {
    const ridesAnswer = rideList([aRide(), aRide({ toCity: 'Tamale', toLocation: 'Tamale Station', stops: [] })]);
    openListing('/ride-listings?from=Accra&fromLat=5.6037&fromLng=-0.187&to=Kumasi&toLat=6.6885&toLng=-1.6244&date=2026-11-28&seats=2', {
      'GET /api/rides': { status: 200, body: ridesAnswer },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Available Rides' })).toBeTruthy();
    expect(await screen.findByText('2 ride(s) found matching your search')).toBeTruthy();
    expect(rideRequests()).toEqual([
      {
        from: 'Accra',
        fromLatitude: '5.6037',
        fromLongitude: '-0.187',
        to: 'Kumasi',
        toLatitude: '6.6885',
        toLongitude: '-1.6244',
        date: '2026-11-28',
        seats: '2',
        page: '1',
      },
    ]);
    const [first, second] = cards();
    expect(within(first as HTMLElement).getByRole('heading', { level: 2, name: 'Accra to Kumasi' })).toBeTruthy();
    expect(within(second as HTMLElement).getByRole('heading', { level: 2, name: 'Accra to Tamale' })).toBeTruthy();
    // The filters show the search.
    expect(screen.getByRole('button', { name: 'From Accra' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'To Kumasi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Date Nov 28, 2026' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Seats' }) as HTMLSelectElement).value).toBe('2');
  });

  it('shows on each card the route with stops, date, 12-hour time, seats left, price per seat, driver and vehicle, and View Details', async () => {
    const ride = aRide({ departureTime: '14:05', availableSeats: 1, pricePerSeat: '45.00' });
    openListing('/ride-listings', { 'GET /api/rides': { status: 200, body: rideList([ride]) } });
    expect(await screen.findByText('1 ride(s) found')).toBeTruthy();
    const [card] = cards();
    const text = card?.textContent ?? '';
    for (const part of ['Kaneshie Station → Kejetia Market', 'via Nkawkaw', 'GH₵45.00', 'per seat', 'Sat, Nov 28, 2026', '2:05 PM', '1 seat left', 'Kofi Boateng', 'Verified', 'New driver', '2019 Toyota Corolla']) {
      expect(text).toContain(part);
    }
    const details = within(card as HTMLElement).getByRole('link', { name: 'View Details' });
    expect(details.getAttribute('href')).toBe(`/ride-preview/${ride.id}`);
    expect(text).not.toContain('Your trip');
  });

  it("shows a reviewed driver's average and count on the card, and New driver before the first review", async () => {
    const reviewed = aRide({ driverName: 'Kwame Mensah', driverRating: 4.6, driverReviewCount: 12 });
    const fresh = aRide({ driverName: 'Yaw Asante', driverRating: null, driverReviewCount: 0 });
    openListing('/ride-listings', { 'GET /api/rides': { status: 200, body: rideList([reviewed, fresh]) } });
    expect(await screen.findByText('2 ride(s) found')).toBeTruthy();
    const [first, second] = cards() as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('★ 4.6 (12) · 2019 Toyota Corolla');
    expect(second.textContent).toContain('New driver · 2019 Toyota Corolla');
    expect(second.textContent).not.toMatch(/★|4\.8/);
  });

  it("shows on a card the passenger's own leg, its seats left and price, and opens the preview on that leg", async () => {
    // Searched from Nkawkaw: the ride's second place to its destination, 2 seats left there at GH₵20.
    const ride = aRide({ availableSeats: 3, pricePerSeat: '45.00', leg: { boardAt: 1, alightAt: 2, seatsLeft: 2, pricePerSeat: '20.00' } });
    openListing('/ride-listings?from=Nkawkaw&seats=2', { 'GET /api/rides': { status: 200, body: rideList([ride]) } });
    expect(await screen.findByText(/1 ride\(s\) found/)).toBeTruthy();
    const [card] = cards();
    const text = card?.textContent ?? '';
    for (const part of ['Your trip: Nkawkaw → Kumasi', 'GH₵20.00', '2 seats left']) expect(text).toContain(part);
    expect(text).not.toContain('GH₵45.00');
    const details = within(card as HTMLElement).getByRole('link', { name: 'View Details' });
    expect(details.getAttribute('href')).toBe(`/ride-preview/${ride.id}?seats=2&board=1&alight=2`);
  });

  it('says how each ride is booked, and carries the searched leg and seats to its preview', async () => {
    // The service answers each ride with the leg it found for the search: Nkawkaw (place 1) to Kumasi (place 2).
    const leg = { boardAt: 1, alightAt: 2, seatsLeft: 3, pricePerSeat: '25.00' };
    const instant = aRide({ leg });
    const approval = aRide({ bookingMode: 'approval', leg });
    openListing('/ride-listings?from=Nkawkaw&to=Kumasi&seats=2', { 'GET /api/rides': { status: 200, body: rideList([instant, approval]) } });
    expect(await screen.findByText(/2 ride\(s\) found/)).toBeTruthy();
    const [first, second] = cards() as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Instant booking');
    expect(second.textContent).toContain('Driver approves');
    expect(within(first).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(`/ride-preview/${instant.id}?seats=2&board=1&alight=2`);
  });

  it('asks for every ride when the address has no search, and does not say "matching your search"', async () => {
    openListing('/ride-listings', { 'GET /api/rides': { status: 200, body: rideList([aRide(), aRide(), aRide()], { total: 3 }) } });
    expect(await screen.findByText('3 ride(s) found')).toBeTruthy();
    expect(count().textContent).toBe('3 ride(s) found');
    expect(rideRequests()).toEqual([{ page: '1' }]);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('ignores malformed parts of a shared link instead of failing', async () => {
    openListing('/ride-listings?from=Accra&fromLat=abc&fromLng=-0.18&date=2026-02-30&seats=9', {
      'GET /api/rides': { status: 200, body: rideList([aRide()]) },
    });
    expect(await screen.findByText('1 ride(s) found matching your search')).toBeTruthy();
    expect(rideRequests()).toEqual([{ from: 'Accra', page: '1' }]);
  });

  it('says Loading rides..., then Error loading rides. Please try again. when the call fails, and tries again', async () => {
    let attempts = 0;
    // The first answer waits until the test has seen the loading state, then fails.
    let answerFirst: () => void = () => undefined;
    const firstAnswered = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    const { user } = openListing('/ride-listings', {
      'GET /api/rides': async () => {
        attempts += 1;
        if (attempts === 1) {
          await firstAnswered;
          return { status: 500, body: { message: 'Internal error' } };
        }
        return { status: 200, body: rideList([aRide()]) };
      },
    });
    expect(await screen.findByText('Loading rides...')).toBeTruthy();
    answerFirst();
    expect(await screen.findByText('Error loading rides. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Rides' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 ride(s) found')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('offers a guest Log in in the header, which comes back to this listing', async () => {
    const { user, router } = openListing('/ride-listings?from=Accra&to=Bolgatanga', {
      'GET /api/rides': { status: 200, body: rideList([aRide()]) },
    });
    const header = await screen.findByRole('banner');
    await user.click(await within(header).findByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/ride-listings?from=Accra&to=Bolgatanga');
  });

  it('offers a guest Login to Request a Ride when nothing is found', async () => {
    const { user, router } = openListing('/ride-listings?from=Accra&to=Bolgatanga', {
      'GET /api/rides': { status: 200, body: rideList([]) },
    });
    expect(await screen.findByText('No rides found')).toBeTruthy();
    expect(count().textContent).toBe('0 ride(s) found matching your search');
    const login = screen.getByRole('link', { name: 'Login to Request a Ride' });
    // Logging in brings them back to this listing.
    expect(login.getAttribute('href')).toBe(`/login?${new URLSearchParams({ next: '/ride-listings?from=Accra&to=Bolgatanga' })}`);
    await user.click(login);
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/ride-listings?from=Accra&to=Bolgatanga');
  });

  it('offers a signed-in user Request a Ride, which opens the request form filled in with the search, and sends it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    const api = mockApi({
      ...frameAnswers(aUser()),
      'GET /api/rides': { status: 200, body: rideList([]) },
      'POST /api/ride-requests': ({ body }) => ({ status: 201, body: { ...createdRequest, ...(body as object) } }),
    });
    const { user } = renderRoutes(
      routes,
      '/ride-listings?from=Accra&fromLat=5.6037&fromLng=-0.187&to=Bolgatanga&toLat=10.7856&toLng=-0.8514&date=2026-11-28&seats=2',
    );
    // Inside the signed-in frame, and no guest link.
    expect(await screen.findByRole('button', { name: 'Open account menu' })).toBeTruthy();
    expect(await screen.findByText('No rides found')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login to Request a Ride' })).toBeNull();

    const request = await screen.findByRole('button', { name: 'Request a Ride' });
    await user.click(request);
    const dialog = await screen.findByRole('dialog', { name: 'Request a Ride' });
    expect(within(dialog).getByRole('button', { name: 'From Accra' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'To Bolgatanga' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Preferred Date (optional) Nov 28, 2026' })).toBeTruthy();
    expect((within(dialog).getByRole('combobox', { name: 'Passengers' }) as HTMLSelectElement).value).toBe('2');

    // Escape leaves it, and the focus is back on the button.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Request a Ride' })).toBeNull();
    expect(document.activeElement).toBe(request);

    await user.click(request);
    await user.click(within(await screen.findByRole('dialog', { name: 'Request a Ride' })).getByRole('button', { name: 'Create Request' }));
    expect(await findToast()).toEqual({ text: "Ride request created! We'll notify you when matching rides become available.", destructive: false });
    expect(api.callsTo('POST', '/api/ride-requests').map((call) => call.body)).toEqual([
      {
        fromLocation: 'Accra',
        fromLocalityArea: 'Accra',
        fromLatitude: 5.6037,
        fromLongitude: -0.187,
        toLocation: 'Bolgatanga',
        toLocalityArea: 'Bolgatanga',
        toLatitude: 10.7856,
        toLongitude: -0.8514,
        preferredDepartureDate: '2026-11-28',
        flexibleDates: true,
        passengers: 2,
        notifyByEmail: true,
        notifyBySMS: false,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request a Ride' })).toBeNull());
  });

  it('opens the request form empty for a signed-in user whose search lacks a place', async () => {
    mockApi({ ...frameAnswers(aUser()), 'GET /api/rides': { status: 200, body: rideList([]) } });
    const { user } = renderRoutes(routes, '/ride-listings?from=Accra&date=2026-11-28&seats=3');
    await user.click(await screen.findByRole('button', { name: 'Request a Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a Ride' });
    expect(within(dialog).getByRole('button', { name: 'From Choose departure' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'To Choose destination' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Preferred Date (optional) Select a date' })).toBeTruthy();
    expect((within(dialog).getByRole('combobox', { name: 'Passengers' }) as HTMLSelectElement).value).toBe('1');
  });

  it('rewrites the address and asks again when a filter changes: seats, places (with coordinates), date, clearing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    const kejetia: PlaceDetails = {
      name: 'Kejetia Market',
      formatted_address: 'Kejetia Market, Kumasi, Ashanti, Ghana',
      place_id: 'gaz-kejetia',
      latitude: 6.6961,
      longitude: -1.6236,
      district: 'Kumasi',
      region: 'Ashanti',
    };
    const { user, router } = openListing('/ride-listings?from=Accra', {
      'GET /api/rides': { status: 200, body: rideList([aRide()]) },
      'GET /api/places/autocomplete': {
        status: 200,
        body: { suggestions: [{ placeId: 'gaz-kejetia', name: 'Kejetia Market', description: 'Landmark · Ashanti', kind: 'landmark' }], attribution: 'OSM' },
      },
      'GET /api/places/gaz-kejetia': { status: 200, body: kejetia },
    });
    await screen.findByText('1 ride(s) found matching your search');
    const search = () => Object.fromEntries(new URLSearchParams(router.state.location.search));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Seats' }), '3');
    expect(search()).toEqual({ from: 'Accra', seats: '3' });
    await waitFor(() => expect(rideRequests().at(-1)).toEqual({ from: 'Accra', seats: '3', page: '1' }));

    await user.click(screen.getByRole('button', { name: /^To/ }));
    const dialog = await screen.findByRole('dialog', { name: 'To' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Search locations' }), 'Kejetia');
    await user.click(await within(dialog).findByRole('option', { name: /^Kejetia Market/ }));
    await waitFor(() => expect(search()).toEqual({ from: 'Accra', to: 'Kumasi', toLat: '6.6961', toLng: '-1.6236', seats: '3' }));
    await waitFor(() =>
      expect(rideRequests().at(-1)).toEqual({ from: 'Accra', to: 'Kumasi', toLatitude: '6.6961', toLongitude: '-1.6236', seats: '3', page: '1' }),
    );

    await user.click(screen.getByRole('button', { name: /^Date/ }));
    await user.click(screen.getByRole('button', { name: 'Saturday, November 28, 2026' }));
    expect(search().date).toBe('2026-11-28');
    await waitFor(() => expect(rideRequests().at(-1)?.date).toBe('2026-11-28'));

    await user.click(screen.getByRole('button', { name: 'Clear From' }));
    expect(search()).toEqual({ to: 'Kumasi', toLat: '6.6961', toLng: '-1.6236', date: '2026-11-28', seats: '3' });
    await waitFor(() => expect(rideRequests().at(-1)?.from).toBeUndefined());

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('1 ride(s) found')).toBeTruthy();
  });

  it('opens the picker of the first filter chosen, and clears a filter, as soon as the page shows', async () => {
    // The calendar disables days gone by: the searched day stays ahead of today's clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    const { user, router } = openListing('/ride-listings?from=Accra&date=2026-11-28', {
      'GET /api/rides': { status: 200, body: rideList([aRide()]) },
    });
    await screen.findByText('1 ride(s) found matching your search');
    // The pickers' code loads when a field is chosen; the chosen one opens, once, with focus in it.
    await user.click(screen.getByRole('button', { name: 'Date Nov 28, 2026' }));
    const chosenDay = await screen.findByRole('button', { name: 'Saturday, November 28, 2026' });
    await waitFor(() => expect(document.activeElement).toBe(chosenDay));
    expect(screen.getByRole('button', { name: 'Date Nov 28, 2026' }).getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Saturday, November 28, 2026' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Clear From' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ date: '2026-11-28' });
  });

  it('clears a place before any picker has loaded', async () => {
    const { user, router } = openListing('/ride-listings?from=Accra&to=Kumasi', {
      'GET /api/rides': { status: 200, body: rideList([aRide()]) },
    });
    await screen.findByText('1 ride(s) found matching your search');
    await user.click(screen.getByRole('button', { name: 'Clear To' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ from: 'Accra' });
    expect(screen.getByRole('button', { name: 'To Any destination' })).toBeTruthy();
  });

  it('loads further pages with Load more rides until every ride found is shown', async () => {
    let page = 0;
    const { user } = openListing('/ride-listings', {
      'GET /api/rides': () => {
        page += 1;
        return page === 1
          ? { status: 200, body: rideList([aRide(), aRide()], { total: 3, page: 1, pageSize: 2 }) }
          : { status: 200, body: rideList([aRide({ toCity: 'Tamale' })], { total: 3, page: 2, pageSize: 2 }) };
      },
    });
    expect(await screen.findByText('3 ride(s) found')).toBeTruthy();
    expect(cards()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more rides' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(rideRequests().map((query) => query.page)).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more rides' })).toBeNull();
  });
});
