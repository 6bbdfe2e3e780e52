import type { RideBooking } from '@krom/contracts/http/bookings';
import type { DriverEarnings } from '@krom/contracts/http/payment-receipts';
import type { DriverDashboard } from '@krom/contracts/http/rides';
import { declareScreens } from '@krom/ui-kit/declared-screens.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routesManifest } from '../../../app/routes-manifest.ts';
import { routes } from '../../../app/routes.tsx';
import { aRideBooking, driverRide } from '../../../components/__tests__/ride-fixtures.ts';
import { greetingAt } from '../format-dashboard.ts';
import { nothingYet, paidOut } from './dashboard-answers.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => import('../components/driver-dashboard-page.tsx'), 30_000);

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];


function openDriverDashboard(
  answer: DriverDashboard | { status: number; body: unknown } = nothingYet,
  bookings: Record<string, RideBooking[]> = {},
  earnings: DriverEarnings = nothingPaidOut,
) {
  const api = mockApi({
    ...frameAnswers(aUser({ firstName: 'Kwabena' })),
    'GET /api/payments/earnings': { status: 200, body: earnings },
    'GET /api/rides/driver-dashboard': 'status' in answer ? answer : { status: 200, body: answer },
    ...Object.fromEntries(Object.entries(bookings).map(([rideId, list]) => [`GET /api/rides/${rideId}/bookings`, { status: 200, body: { bookings: list } }])),
  });
  return { api, ...renderRoutes([...elsewhere, ...routes], '/driver-dashboard') };
}

const region = (name: string) => screen.getByRole('region', { name });

const nothingPaidOut = paidOut();


describe('/driver-dashboard', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/driver-dashboard');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('greets the driver and shows honest zeros before anyone has booked', async () => {
    openDriverDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Kwabena$/ })).toBeTruthy();
    await Promise.all([screen.findByRole('region', { name: 'Today' }), screen.findByRole('region', { name: 'Active ride' })]);
    expect(['Today', 'This week', 'This month', 'Last month'].map((period) => region(period).textContent)).toEqual([
      'TodayGH₵0.00',
      'This weekGH₵0.00',
      'This monthGH₵0.00',
      'Last monthGH₵0.00',
    ]);
    expect(within(region('Active ride')).getByText('No ride departing in the next 24 hours.')).toBeTruthy();
    expect(within(region('Upcoming rides')).getByText('No upcoming rides')).toBeTruthy();
    expect(within(region('Upcoming rides')).getByRole('link', { name: 'Post a Ride' }).getAttribute('href')).toBe('/create-ride');
    expect(within(region('Recent ride activity')).getByText('No ride activity yet.')).toBeTruthy();
    expect(within(region('Ratings and reviews')).getByText('No ratings yet')).toBeTruthy();
    expect(within(region('Ratings and reviews')).getByText('No reviews yet')).toBeTruthy();
    expect(within(region('Ratings and reviews')).queryByRole('link')).toBeNull();
  });

  it("shows the server's figures: earnings, the active ride with Manage and View, upcoming and recent rides, the rating", async () => {
    const active = driverRide({ departureDate: '2030-11-28', departureTime: '07:30', availableSeats: 0, bookedSeats: 3, editable: false });
    const later = driverRide({ toCity: 'Tamale', departureDate: '2030-12-05', departureTime: '18:00', pricePerSeat: '200.00' });
    const done = driverRide({ fromCity: 'Kumasi', toCity: 'Accra', departureDate: '2030-11-01', status: 'completed' });
    const dropped = driverRide({ toCity: 'Ho', departureDate: '2030-10-20', status: 'cancelled' });
    const { api } = openDriverDashboard(
      {
        ...nothingYet,
        activeRide: active,
        upcomingRides: [active, later],
        recentRides: [done, dropped],
        rating: 4.75,
        reviewCount: 12,
      },
      {
        // A confirmed cash booking (paid at pickup), a request waiting for the driver, and one the passenger cancelled.
        [active.id]: [
          aRideBooking({ status: 'requested', id: 'b0000000-0000-4000-8000-000000000002', seats: 1, totalAmount: '120.00' }),
          aRideBooking({}),
          aRideBooking({ status: 'cancelled_by_passenger', id: 'b0000000-0000-4000-8000-000000000003', seats: 4, totalAmount: '480.00' }),
        ],
      },
      paidOut({ today: '240.00', thisWeek: '480.00', thisMonth: '1250.50', lastMonth: '96.00' }),
    );
    await Promise.all([screen.findByRole('region', { name: 'Today' }), screen.findByRole('region', { name: 'Active ride' })]);
    expect(['Today', 'This week', 'This month', 'Last month'].map((period) => region(period).textContent)).toEqual([
      'TodayGH₵240.00',
      'This weekGH₵480.00',
      'This monthGH₵1,250.50',
      'Last monthGH₵96.00',
    ]);

    const card = screen.getByRole('article', { name: 'Active ride Accra → Kumasi' });
    expect(card.textContent).toContain('Thu, Nov 28, 2030 · 7:30 AM');
    expect(card.textContent).toContain('0 of 3 seats left · 3 booked · GH₵120.00 per seat');
    // Counted as the rides service counts them: the request holds seats but is not sold yet, the cancelled booking is gone.
    expect(await within(card).findByText('1 booking · 2 seats sold · GH₵240.00 cash expected')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe('/rides/as-driver');
    expect(within(card).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(`/ride-preview/${active.id}`);

    const upcoming = within(screen.getByRole('list', { name: 'Upcoming rides' })).getAllByRole('listitem');
    expect(upcoming.map((item) => item.getAttribute('aria-label'))).toEqual(['Accra → Kumasi', 'Accra → Tamale']);
    expect(upcoming[0]?.textContent).toContain('1 booking · 2 seats sold · GH₵240.00 cash expected');
    expect(upcoming[1]?.textContent).toBe('Accra → Tamale ActiveThu, Dec 5, 2030 · 6:00 PM3 of 3 seats left · GH₵200.00 per seatNo bookings yetView');
    // The active ride's bookings are read once for its card and its row; a ride nobody booked asks nothing.
    expect(api.callsTo('GET', `/api/rides/${active.id}/bookings`)).toHaveLength(1);
    expect(api.callsTo('GET', `/api/rides/${later.id}/bookings`)).toHaveLength(0);
    expect(within(upcoming[1] as HTMLElement).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(`/ride-preview/${later.id}`);

    const recent = within(screen.getByRole('list', { name: 'Recent ride activity' })).getAllByRole('listitem');
    expect(recent.map((item) => item.querySelector('[data-status]')?.textContent)).toEqual(['Completed', 'Cancelled']);

    const ratings = region('Ratings and reviews');
    expect(ratings.textContent).toContain('4.8 out of 5');
    expect(ratings.textContent).toContain('12 reviews');
  });

  it("uses the rides service's own booking figures where it gives them, and asks no bookings list", async () => {
    const ride = driverRide({ availableSeats: 0, bookedSeats: 3, bookings: 2, seatsSold: 3, expectedCash: '360.00' });
    const { api } = openDriverDashboard({
      ...nothingYet,
      totals: { ...nothingYet.totals, bookings: 2, seatsSold: 3, expectedCash: '360.00' },
      upcomingRides: [ride],
    });
    const item = await screen.findByRole('listitem', { name: 'Accra → Kumasi' });
    expect(item.textContent).toContain('2 bookings · 3 seats sold · GH₵360.00 cash expected');
    expect(region('Upcoming rides').textContent).toContain('GH₵360.00 in cash to collect from 2 bookings (3 seats).');
    expect(api.callsTo('GET', `/api/rides/${ride.id}/bookings`)).toHaveLength(0);
  });

  it('does not link to all reviews before the first review', async () => {
    declareScreens([...routesManifest.paths, '/login']);
    try {
      openDriverDashboard(nothingYet);
      const ratings = await screen.findByRole('region', { name: 'Ratings and reviews' });
      expect(ratings.textContent).toContain('No reviews yet');
      expect(within(ratings).queryByRole('link')).toBeNull();
    } finally {
      declareScreens(undefined);
    }
  });

  it('links to all reviews when that screen exists and there are reviews', async () => {
    declareScreens(routesManifest.paths);
    try {
      openDriverDashboard({ ...nothingYet, rating: 5, reviewCount: 1 });
      const ratings = await screen.findByRole('region', { name: 'Ratings and reviews' });
      expect(within(ratings).getByRole('link', { name: 'See all reviews' }).getAttribute('href')).toBe('/all-reviews');
    } finally {
      declareScreens(undefined);
    }
  });

  it('says when the dashboard could not be loaded, and tries again on request', async () => {
    let fail = true;
    const api = mockApi({
      ...frameAnswers(aUser()),
      'GET /api/payments/earnings': { status: 200, body: nothingPaidOut },
      'GET /api/rides/driver-dashboard': () => (fail ? { status: 503, body: { message: 'Unavailable' } } : { status: 200, body: nothingYet }),
    });
    const { user } = renderRoutes([...elsewhere, ...routes], '/driver-dashboard');
    expect((await screen.findByRole('alert')).textContent).toBe('Your driver dashboard could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Active ride' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/rides/driver-dashboard')).toHaveLength(2);
  });
});

describe('greetingAt', () => {
  it('greets by the hour in Ghana (GMT)', () => {
    expect(greetingAt(new Date('2026-11-28T06:00:00Z'))).toBe('Good morning');
    expect(greetingAt(new Date('2026-11-28T12:00:00Z'))).toBe('Good afternoon');
    expect(greetingAt(new Date('2026-11-28T16:59:00Z'))).toBe('Good afternoon');
    expect(greetingAt(new Date('2026-11-28T17:00:00Z'))).toBe('Good evening');
  });
});
