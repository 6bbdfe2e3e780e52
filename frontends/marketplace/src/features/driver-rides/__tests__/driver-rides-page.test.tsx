import type { DriverRide } from '@krom/contracts/http/rides';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { headingOrderSkips } from '@krom/ui-kit/testing/heading-order.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { driverRide } from '../../../components/__tests__/ride-fixtures.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => import('../components/driver-rides-page.tsx'), 30_000);

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];

/**
 * mockApi answers by method and path; GET /api/rides/mine differs by its `when` query. This
 * reads the query of each request as it goes out (still at the network boundary) so the test's
 * handler for that path can answer upcoming and past apart, and records what was asked.
 */
function routeRidesByWhen() {
  const asked: string[] = [];
  let current = 'upcoming';
  const mocked = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://krom.test');
    if (url.pathname === '/api/rides/mine') {
      current = url.searchParams.get('when') ?? '';
      asked.push(current);
    }
    return mocked(input, init);
  });
  return { asked, when: () => current };
}

/** A rides service holding the driver's rides, cancelling the way the real one does (only editable ones). */
function ridesServer(initial: { upcoming?: DriverRide[]; past?: DriverRide[] } = {}) {
  let upcoming = [...(initial.upcoming ?? [])];
  const past = [...(initial.past ?? [])];
  const api = mockApi({
    ...frameAnswers(aUser()),
    'GET /api/rides/mine': () => ({ status: 200, body: { rides: byWhen.when() === 'past' ? past : upcoming } }),
    ...Object.fromEntries(
      upcoming.map((ride) => [
        `POST /api/rides/${ride.id}/cancel`,
        () => {
          const current = upcoming.find((candidate) => candidate.id === ride.id);
          if (!current?.editable) return { status: 409, body: { message: 'This ride can no longer be changed' } };
          upcoming = upcoming.map((candidate) => (candidate.id === ride.id ? { ...candidate, status: 'cancelled' as const, editable: false } : candidate));
          return { status: 200, body: { ok: true } };
        },
      ]),
    ),
  });
  const byWhen = routeRidesByWhen();
  return {
    api,
    asked: byWhen.asked,
    /** Someone books the ride meanwhile: it cannot be changed any more. */
    book: (id: string) => {
      upcoming = upcoming.map((ride) => (ride.id === id ? { ...ride, bookedSeats: 1, availableSeats: ride.availableSeats - 1, editable: false } : ride));
    },
  };
}

function openDriverRides(rides: { upcoming?: DriverRide[]; past?: DriverRide[] } = {}, path = '/rides/as-driver') {
  const server = ridesServer(rides);
  return { ...server, ...renderRoutes([...elsewhere, ...routes], path) };
}

const card = (route: string) => screen.getByRole('listitem', { name: route });
const buttonsOf = (element: HTMLElement) =>
  [...element.querySelectorAll('a, button')].map((control) => [control.textContent, control.getAttribute('href')]);

describe('/rides/as-driver', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/rides/as-driver');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("lists the driver's upcoming rides from the server, with Manage Bookings, and Edit and Cancel Ride on those that can still change", async () => {
    const open = driverRide({ availableSeats: 3, totalSeats: 4, pricePerSeat: '120.00' });
    const booked = driverRide({ toCity: 'Tamale', toLocation: 'Tamale Central', departureDate: '2030-12-05', departureTime: '18:00', availableSeats: 1, bookedSeats: 2, editable: false, pricePerSeat: '1250.5' });
    const { asked } = openDriverRides({ upcoming: [open, booked] });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Rides' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Upcoming rides' });
    // Each card's route is a heading right under the page's (axe: heading-order).
    expect(screen.getByRole('heading', { level: 2, name: 'Accra → Kumasi' })).toBeTruthy();
    expect(headingOrderSkips()).toEqual([]);

    const first = card('Accra → Kumasi');
    expect(first.querySelector('[data-status]')?.textContent).toBe('Active');
    expect(getComputedStyle(first.querySelector('[data-status]') as HTMLElement).color).toBe('rgb(10, 122, 75)');
    expect(first.textContent).toContain('Thu, Nov 28, 2030 · 7:30 AM');
    expect(first.textContent).toContain('Kaneshie Station, Accra to Kejetia, Kumasi');
    expect(first.textContent).toContain('3 of 3 seats left');
    expect(first.textContent).toContain('GH₵120.00 per seat');
    expect(first.textContent).toContain('Instant booking');
    expect(buttonsOf(first)).toEqual([
      ['Manage Bookings', null],
      ['View Details', `/ride-preview/${open.id}`],
      ['Edit', `/edit-ride/${open.id}`],
      ['Cancel Ride', null],
    ]);

    const second = card('Accra → Tamale');
    expect(second.textContent).toContain('Thu, Dec 5, 2030 · 6:00 PM');
    expect(second.textContent).toContain('1 of 3 seats left');
    expect(second.textContent).toContain('2 booked');
    expect(second.textContent).toContain('GH₵1,250.50 per seat');
    expect(second.textContent).toContain('This ride can no longer be changed');
    expect(buttonsOf(second)).toEqual([
      ['Manage Bookings', null],
      ['View Details', `/ride-preview/${booked.id}`],
    ]);
    expect(asked).toEqual(['upcoming']);
  });

  it('shows past rides on their tab, completed in grey with View Details and Rate (its passengers), cancelled with View Details only', async () => {
    const done = driverRide({ fromCity: 'Kumasi', toCity: 'Accra', departureDate: '2026-10-02', status: 'completed', editable: false });
    const dropped = driverRide({ toCity: 'Ho', departureDate: '2026-09-12', status: 'cancelled', editable: false });
    const { user, asked } = openDriverRides({ past: [done, dropped] });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Ride sections' }), 'Past');
    await screen.findByRole('list', { name: 'Past rides' });
    const completed = card('Kumasi → Accra');
    expect(completed.querySelector('[data-status]')?.textContent).toBe('Completed');
    expect(getComputedStyle(completed.querySelector('[data-status]') as HTMLElement).color).toBe('rgb(85, 99, 91)');
    expect(buttonsOf(completed)).toEqual([
      ['View Details', `/ride-preview/${done.id}`],
      ['Rate', `/rate-riders/${done.id}`],
    ]);
    expect(card('Accra → Ho').querySelector('[data-status]')?.textContent).toBe('Cancelled');
    expect(buttonsOf(card('Accra → Ho'))).toEqual([['View Details', `/ride-preview/${dropped.id}`]]);
    expect(asked).toEqual(['upcoming', 'past']);
  });

  it('says "No rides posted yet" with Post a Ride when there are none, and so on the past tab', async () => {
    const { user } = openDriverRides();
    const panel = () => screen.getByRole('tabpanel');
    expect(await within(await screen.findByRole('tabpanel')).findByText('No rides posted yet')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Post a Ride' }).getAttribute('href')).toBe('/create-ride');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ride sections' }), 'Past');
    expect(await within(panel()).findByText('No past rides yet')).toBeTruthy();
  });

  it('asks before cancelling; Keep Ride keeps it, Cancel Ride cancels it, says so and refreshes the list', async () => {
    const ride = driverRide();
    const { api, user } = openDriverRides({ upcoming: [ride] });
    await screen.findByRole('list', { name: 'Upcoming rides' });

    await user.click(within(card('Accra → Kumasi')).getByRole('button', { name: 'Cancel Ride' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel this ride?' });
    expect(dialog.textContent).toContain('Accra → Kumasi, Thu, Nov 28, 2030 · 7:30 AM.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep Ride' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep Ride' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('POST', `/api/rides/${ride.id}/cancel`)).toHaveLength(0);

    await user.click(within(card('Accra → Kumasi')).getByRole('button', { name: 'Cancel Ride' }));
    dialog = screen.getByRole('alertdialog', { name: 'Cancel this ride?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Ride' }));
    expect(await findToast()).toEqual({ text: 'Ride CancelledYour ride from Accra to Kumasi has been cancelled.', destructive: false });
    expect(api.callsTo('POST', `/api/rides/${ride.id}/cancel`)).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(card('Accra → Kumasi').querySelector('[data-status]')?.textContent).toBe('Cancelled'));
    expect(buttonsOf(card('Accra → Kumasi'))).toEqual([['View Details', `/ride-preview/${ride.id}`]]);
    expect(api.callsTo('GET', '/api/rides/mine')).toHaveLength(2);
  });

  it('/cancel-ride/{id} shows the driver their rides with the question for that ride, asked once', async () => {
    const ride = driverRide({ bookedSeats: 2 });
    const { api, user, router } = openDriverRides({ upcoming: [driverRide({ toCity: 'Tamale' }), ride] }, `/cancel-ride/${ride.id}`);
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this ride?' });
    expect(dialog.textContent).toContain('Accra → Kumasi, Thu, Nov 28, 2030 · 7:30 AM. Passengers holding its 2 booked seats will be told by SMS and in the app');
    expect(router.state.location.pathname).toBe('/rides/as-driver');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Ride' }));
    await findToast();
    expect(api.callsTo('POST', `/api/rides/${ride.id}/cancel`)).toHaveLength(1);
    // The address no longer asks: a refresh of the list does not open the question again.
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Escape closes the question without cancelling', async () => {
    const ride = driverRide();
    const { api, user } = openDriverRides({ upcoming: [ride] });
    await screen.findByRole('list', { name: 'Upcoming rides' });
    await user.click(within(card('Accra → Kumasi')).getByRole('button', { name: 'Cancel Ride' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('POST', `/api/rides/${ride.id}/cancel`)).toHaveLength(0);
  });

  it("shows the server's refusal when the ride was booked meanwhile, and the list then says so", async () => {
    const ride = driverRide();
    const { user, book } = openDriverRides({ upcoming: [ride] });
    await screen.findByRole('list', { name: 'Upcoming rides' });
    book(ride.id);
    await user.click(within(card('Accra → Kumasi')).getByRole('button', { name: 'Cancel Ride' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel Ride' }));
    expect(await findToast()).toEqual({ text: 'ErrorThis ride can no longer be changed', destructive: true });
    await waitFor(() => expect(card('Accra → Kumasi').textContent).toContain('1 booked'));
    expect(within(card('Accra → Kumasi')).queryByRole('button', { name: 'Cancel Ride' })).toBeNull();
  });

  it('says when the rides could not be loaded, and tries again on request', async () => {
    let fail = true;
    const api = mockApi({
      ...frameAnswers(aUser()),
      'GET /api/rides/mine': () => (fail ? { status: 500, body: { message: 'Internal error' } } : { status: 200, body: { rides: [] } }),
    });
    const { user } = renderRoutes([...elsewhere, ...routes], '/rides/as-driver');
    expect((await screen.findByRole('alert')).textContent).toBe('Your rides could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No rides posted yet')).toBeTruthy();
    expect(api.callsTo('GET', '/api/rides/mine')).toHaveLength(2);
  });

  it('is also at /my-rides-driver', async () => {
    openDriverRides({ upcoming: [driverRide()] }, '/my-rides-driver');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Rides' })).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: 'Accra → Kumasi' })).toBeTruthy();
  });
});
