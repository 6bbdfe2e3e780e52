import { dataPreloadUrl } from '@krom/ui-kit/build/prerender-manifest.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../app/routes.tsx';
import { aRide, aRideWithDetails, rideList } from '../components/__tests__/ride-fixtures.ts';
import { previewDataPreload } from '../features/ride-details/preview-data-preload.ts';
import { listingDataPreload } from '../features/search/listing-data-preload.ts';
import { tripDataPreload } from '../features/trip-share/trip-data-preload.ts';
import { rideSearchParams } from '../features/search/ride-search-params.ts';
import { render } from '../prerender.tsx';

/*
 * The web server renders the listing and a ride's preview with the API answers they declare
 * (dist/server/render.js, built from src/prerender.tsx) and sends those answers with the page; the
 * shell puts them into its query cache before its first render (shell/src/app/page-data.ts). These
 * hold the render to the page's own queries: the HTML shows the rides, and the page rendered in
 * the browser from that data shows the same without asking the API.
 */

afterEach(cleanup);

/** The page's markup without the empty comments React writes between adjacent texts. */
const markupOf = (page: { html: string }) => page.html.replace(/<!-- -->/g, '');

/** The page data as the browser reads it from the page (JSON), put into the cache the screens use. */
const withPageData = (pageData: unknown) => (queryClient: Parameters<typeof hydrate>[0]) => {
  hydrate(queryClient, JSON.parse(JSON.stringify(pageData)) as DehydratedState);
  return routes;
};

describe('the listing rendered on request', () => {
  const address = rideSearchParams({ from: { text: 'Accra' }, to: { text: 'Kumasi' }, date: '2026-12-03', seats: 2 });
  const url = `/ride-listings?${address}`;
  const ride = aRide({ fromLocation: 'Kaneshie <Station>' });
  const answers = { [dataPreloadUrl(listingDataPreload, address)]: { status: 200, body: rideList([ride]) } };

  it('has the ride cards in its HTML, each linking to its preview, and no loading state', async () => {
    const html = markupOf(await render(url, { static: false, answers }));
    expect(html).toContain('1 ride(s) found matching your search');
    expect(html).toContain('Kaneshie &lt;Station&gt; → Kejetia Market');
    expect(html).toContain(`href="/ride-preview/${ride.id}?seats=2"`);
    expect(html).not.toContain('Loading rides...');
  });

  it('takes over in the browser from its data: the same card, no request for the rides', async () => {
    const { pageData } = await render(url, { static: false, answers });
    const api = mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    renderRoutes(withPageData(pageData), url);
    expect(await screen.findByRole('heading', { name: 'Accra to Kumasi' })).toBeTruthy();
    expect(screen.queryByText('Loading rides...')).toBeNull();
    expect(api.callsTo('GET', '/api/rides')).toEqual([]);
  });

  it('shows an empty search’s own state, a lazy part of the page, in its HTML', async () => {
    // A guest's, as the web server renders it for a visitor without a session.
    const none = { [dataPreloadUrl(listingDataPreload, address)]: { status: 200, body: rideList([]) }, '/api/auth/user': { status: 401, body: { message: 'Not signed in' } } };
    const html = markupOf(await render(url, { static: false, answers: none }));
    expect(html).toContain('No rides found');
    expect(html).toContain('Login to Request a Ride');
  });

  it('is the frame with "Loading rides..." and no data when it has no answers (the prerendered fallback)', async () => {
    const page = await render(url);
    expect(page.html).toContain('Loading rides...');
    expect(page.pageData).toBeUndefined();
  });
});

describe('a ride preview rendered on request', () => {
  it('leaves out Book This Ride while no screen books a seat, as the browser’s app does, and shows it once one does', async () => {
    const bookable = aRideWithDetails({ availableSeats: 3 });
    const url = `/ride-preview/${bookable.id}`;
    const answers = { [dataPreloadUrl(previewDataPreload, new URLSearchParams(), { id: bookable.id })]: { status: 200, body: bookable } };
    const without = markupOf(await render(url, { static: false, answers, screens: ['/ride-preview/:id', '/ride-listings'] }));
    expect(without).toContain('Number of seats');
    expect(without).not.toContain('Book This Ride');
    const withBooking = markupOf(await render(url, { static: false, answers, screens: ['/ride-preview/:id', '/ride-listings', '/book-seat/:id'] }));
    expect(withBooking).toContain('Book This Ride');
  });

  const ride = aRideWithDetails({ fromCity: 'Cape Coast', toCity: 'Takoradi', departureDate: '2026-12-05', departureTime: '09:15', pricePerSeat: '30.00' });
  const url = `/ride-preview/${ride.id}`;
  const answerFor = (status: number, body: unknown) => ({ [dataPreloadUrl(previewDataPreload, new URLSearchParams(), { id: ride.id })]: { status, body } });

  it('shows the ride, names it in the title and description, and takes over without asking for it again', async () => {
    const page = await render(url, { static: false, answers: answerFor(200, ride) });
    expect(markupOf(page)).toContain('<h1>Cape Coast <span aria-hidden="true">→</span>');
    expect(page.head).toEqual({ title: 'Cape Coast → Takoradi · Krom', description: expect.stringContaining('GH₵30.00 per seat · 3 seats left') });
    const api = mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    renderRoutes(withPageData(page.pageData), url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cape Coast to Takoradi' })).toBeTruthy();
    expect(api.callsTo('GET', `/api/rides/${ride.id}`)).toEqual([]);
  });

  it("shows the leg its address names (?board=&alight=), asked of the API as the browser's app asks it", async () => {
    const leg = { boardAt: 1, alightAt: 2, seatsLeft: 1, pricePerSeat: '15.00' };
    const legUrl = `/ride-preview/${ride.id}?board=1&alight=2`;
    const answers = { [dataPreloadUrl(previewDataPreload, new URLSearchParams('board=1&alight=2'), { id: ride.id })]: { status: 200, body: { ...ride, leg } } };
    expect(Object.keys(answers)).toEqual([`/api/rides/${ride.id}?board=1&alight=2`]);
    const page = await render(legUrl, { static: false, answers });
    expect(markupOf(page)).toContain('Your trip');
    expect(page.head?.description).toContain('GH₵15.00 per seat · 1 seat left');
    const api = mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    renderRoutes(withPageData(page.pageData), legUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cape Coast to Takoradi' })).toBeTruthy();
    expect(api.callsTo('GET', `/api/rides/${ride.id}`)).toEqual([]);
  });

  it('shows its not-found state for a ride the API does not know', async () => {
    const page = await render(url, { static: false, answers: answerFor(404, { message: 'Ride not found' }) });
    expect(page.html).toContain('Failed to load ride details');
    expect(page.head).toBeUndefined();
  });
});

describe('a shared trip rendered on request', () => {
  const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd';
  const url = `/trip/${token}`;
  const trip = {
    fromLocation: 'Circle VIP Bus Station',
    toLocation: 'Kejetia Lorry Park',
    places: ['Circle VIP Bus Station', 'Nkawkaw Lorry Station', 'Kejetia Lorry Park'],
    departureAt: '2030-11-28T07:30:00.000Z',
    departureDate: '2030-11-28',
    departureTime: '07:30',
    expectedArrivalAt: '2030-11-28T11:40:00.000Z',
    driverFirstName: 'Kofi',
    vehicle: { make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GT-1234-21' },
    progress: 'on_the_way',
    expiresAt: '2030-11-28T13:40:00.000Z',
  };
  const answerFor = (status: number, body: unknown) => ({ [dataPreloadUrl(tripDataPreload, new URLSearchParams(), { token })]: { status, body } });

  it('has the trip in its HTML, for a phone without JavaScript: route, whether it has started, times, driver, car and plate', async () => {
    expect(Object.keys(answerFor(200, trip))).toEqual([`/api/trip-shares/${token}`]);
    const html = markupOf(await render(url, { static: false, answers: answerFor(200, trip) }));
    for (const text of ['Circle VIP Bus Station to Kejetia Lorry Park', 'On the way', 'Thu, Nov 28, 2030 at 7:30 AM', 'Thu, Nov 28, 2030 at 11:40 AM', 'Kofi', 'Silver Toyota Corolla', 'GT-1234-21']) {
      expect(html).toContain(text);
    }
  });

  it('takes over in the browser from its data without asking for the trip again', async () => {
    const { pageData } = await render(url, { static: false, answers: answerFor(200, trip) });
    const api = mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    renderRoutes(withPageData(pageData), url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Circle VIP Bus Station to Kejetia Lorry Park' })).toBeTruthy();
    expect(api.callsTo('GET', `/api/trip-shares/${token}`)).toEqual([]);
  });

  it('says in its HTML when the link has ended', async () => {
    const html = markupOf(await render(url, { static: false, answers: answerFor(410, { message: 'This trip link has ended.' }) }));
    expect(html).toContain('This trip link has ended.');
  });
});
