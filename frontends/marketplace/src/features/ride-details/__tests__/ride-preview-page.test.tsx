import type { RideDetails } from '@krom/contracts/http/rides';
import { declareScreens } from '@krom/ui-kit/declared-screens.ts';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { routesManifest } from '../../../app/routes-manifest.ts';
import { routes } from '../../../app/routes.tsx';
import { aRide, aRideWithDetails, driverRide, rideDetailsOf, rideList } from '../../../components/__tests__/ride-fixtures.ts';

beforeAll(() => import('../components/ride-preview-page.tsx'), 30_000);

const loginRoute = { path: '/login', Component: () => <h1>Log in</h1> };
const guest = { 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } };

function openPreview(ride: RideDetails, answers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...guest, [`GET /api/rides/${ride.id}`]: { status: 200, body: ride }, ...answers });
  return { api, ...renderRoutes(routes, `/ride-preview/${ride.id}`) };
}

const detail = (term: string) => {
  const list = screen.getByRole('region', { name: 'Trip details' });
  const dt = within(list).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};


describe('/ride-preview/{id}', () => {
  it("shows the ride's route with stops and their meeting points, date, time, vehicle, seats, duration, description and the driver's pickup station", async () => {
    const ride = aRideWithDetails({ departureTime: '07:30' });
    openPreview(ride);
    expect(await screen.findByRole('heading', { level: 1, name: 'Accra to Kumasi' })).toBeTruthy();
    const route = screen.getByRole('region', { name: 'Route' });
    expect(within(route).getAllByRole('listitem').map((stop) => stop.querySelector('strong')?.textContent)).toEqual([
      'Kaneshie Station',
      'Nkawkaw Lorry Station',
      'Kejetia Market',
    ]);
    expect(within(route).getByText('Meeting point: By the Total fuel station')).toBeTruthy();
    expect(detail('Date')).toBe('Sat, Nov 28, 2026');
    expect(detail('Time')).toBe('7:30 AM');
    expect(detail('Duration')).toBe('4h 30min');
    expect(detail('Seats available')).toBe('3 of 4');
    expect(detail('Pickup station')).toBe('Kaneshie Station, main gate');
    expect(detail('Vehicle')).toBe('2019 Toyota Corolla');
    expect(detail('Colour')).toBe('Silver');
    expect(detail('Licence plate')).toBe('GR-1234-20');
    expect(getComputedStyle(screen.getByText('GR-1234-20')).whiteSpace).toBe('nowrap');
    expect(screen.getByText('Leaving on time. One small bag each, please.')).toBeTruthy();
  });

  it('shows the ride code a passenger texts after BOOK, and no line for an answer without one', async () => {
    const ride = aRideWithDetails();
    const { unmount } = openPreview({ ...ride, rideCode: 'K7P2Q' });
    expect(await screen.findByText('Ride code: K7P2Q')).toBeTruthy();
    unmount();
    openPreview({ ...ride, rideCode: undefined });
    expect(await screen.findByRole('heading', { level: 1, name: 'Accra to Kumasi' })).toBeTruthy();
    expect(screen.queryByText(/Ride code/)).toBeNull();
  });

  it('shows a plate the server sent in part as such, saying when it is shown whole', async () => {
    const ride = aRideWithDetails();
    openPreview({ ...ride, vehicle: { ...ride.vehicle, licensePlate: 'GR-••••-20' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Accra to Kumasi' })).toBeTruthy();
    expect(detail('Licence plate')).toBe('GR-••••-20 (shown in full once your seat is confirmed)');
  });

  it('draws the route map through the towns in order, with the place data attribution', async () => {
    openPreview(aRideWithDetails());
    const map = await screen.findByRole('img', { name: /^Map of the route from Accra to Kumasi:/ });
    expect(map.getAttribute('aria-label')).toBe('Map of the route from Accra to Kumasi: Accra (departure), Nkawkaw (stop), Kumasi (destination)');
    expect([...map.querySelectorAll('text')].slice(0, 3).map((label) => label.textContent)).toEqual(['Accra', 'Nkawkaw', 'Kumasi']);
    expect(screen.getByText(/© OpenStreetMap contributors \(ODbL\)/)).toBeTruthy();
  });

  it('shows a driver without reviews as new, never a made-up rating, with the verified badge and a link to the profile', async () => {
    const ride = aRideWithDetails({ driverRating: null, driverVerified: true, driverName: 'Kofi Boateng' });
    openPreview(ride);
    const driver = await screen.findByRole('region', { name: 'Driver' });
    expect(driver.textContent).toContain('Kofi Boateng');
    expect(driver.textContent).toContain('Verified driver');
    expect(driver.textContent).toContain('New driver · No ratings yet');
    expect(driver.textContent).not.toMatch(/4\.8|out of 5/);
    expect(driver.textContent).toContain('12 rides completed');
    expect(driver.textContent).toContain('KB');
    expect(within(driver).getByRole('link', { name: 'View driver profile' }).getAttribute('href')).toBe(`/driver-profile/${ride.driverId}`);
  });

  it("shows a reviewed driver's rating and photo, and no badge for an unverified driver", async () => {
    openPreview(aRideWithDetails({ driverRating: 4.66, driverReviewCount: 12, driverVerified: false, driverPhotoUrl: '/api/uploads/DriverPhoto0001' }));
    const driver = await screen.findByRole('region', { name: 'Driver' });
    expect(driver.textContent).toContain('4.7 out of 5 · 12 reviews');
    expect(driver.textContent).not.toContain('Verified');
    const photo = driver.querySelector('img');
    expect(photo?.getAttribute('src')).toBe('/api/uploads/DriverPhoto0001');
    expect([photo?.getAttribute('width'), photo?.getAttribute('height')]).toEqual(['56', '56']);
  });

  it('limits the seats to those left and totals price × seats: 2 seats at GH₵45 are GH₵90.00, booked through /book-seat', async () => {
    const ride = aRideWithDetails({ pricePerSeat: '45.00', availableSeats: 3 });
    const { user } = openPreview(ride);
    const panel = await screen.findByRole('region', { name: 'Book seats' });
    const seats = within(panel).getByRole('combobox', { name: 'Number of seats' }) as HTMLSelectElement;
    expect([...seats.options].map((option) => option.value)).toEqual(['1', '2', '3']);
    expect(panel.textContent).toContain('GH₵45.00 per seat');
    expect(panel.textContent).toContain('TotalGH₵45.00');
    await user.selectOptions(seats, '2');
    expect(panel.textContent).toContain('TotalGH₵90.00');
    // The whole route: the booking screen's default leg, so the address leaves it out.
    expect(within(panel).getByRole('link', { name: 'Book This Ride' }).getAttribute('href')).toBe(`/book-seat/${ride.id}?seats=2`);
    expect(within(panel).getByRole('link', { name: 'Back to Rides' }).getAttribute('href')).toBe('/ride-listings');
    // Contact Driver opens the conversation with the driver about this ride (a guest logs in first).
    expect(within(panel).getByRole('link', { name: 'Contact Driver' }).getAttribute('href')).toBe(`/messages/ride/${ride.id}`);
  });

  it("shows the passenger's leg from the address, its seats and price, and passes it on to the booking", async () => {
    const ride = aRideWithDetails({ pricePerSeat: '45.00', availableSeats: 3, leg: { boardAt: 1, alightAt: 2, seatsLeft: 2, pricePerSeat: '20.00' } });
    mockApi({ ...guest, [`GET /api/rides/${ride.id}`]: { status: 200, body: ride } });
    const { user } = renderRoutes(routes, `/ride-preview/${ride.id}?seats=2&board=1&alight=2`);
    const panel = await screen.findByRole('region', { name: 'Book seats' });
    // The leg is asked of the API as the web server's preload asks it.
    expect(vi.mocked(fetch).mock.calls.map(([input]) => String(input))).toContain(`/api/rides/${ride.id}?board=1&alight=2`);
    expect(screen.getByText(/GH₵20\.00 per seat from Nkawkaw → Kumasi/)).toBeTruthy();
    expect(detail('Your trip')).toBe('Nkawkaw → Kumasi');
    expect(detail('Seats available')).toBe('2 of 4');
    const seats = within(panel).getByRole('combobox', { name: 'Number of seats' }) as HTMLSelectElement;
    expect([...seats.options].map((option) => option.value)).toEqual(['1', '2']);
    expect(panel.textContent).toContain('GH₵20.00 per seat');
    expect(panel.textContent).toContain('TotalGH₵40.00');
    await user.selectOptions(seats, '1');
    expect(within(panel).getByRole('link', { name: 'Book This Ride' }).getAttribute('href')).toBe(`/book-seat/${ride.id}?seats=1&board=1&alight=2`);
  });

  it('says the leg is full when it has no seats left, though the ride has seats elsewhere', async () => {
    const ride = aRideWithDetails({ availableSeats: 2, leg: { boardAt: 0, alightAt: 1, seatsLeft: 0, pricePerSeat: '25.00' } });
    mockApi({ ...guest, [`GET /api/rides/${ride.id}`]: { status: 200, body: ride } });
    renderRoutes(routes, `/ride-preview/${ride.id}?board=0&alight=1`);
    const panel = await screen.findByRole('region', { name: 'Book seats' });
    expect(panel.textContent).toContain('This ride is fully booked.');
    expect(within(panel).queryByRole('link', { name: 'Book This Ride' })).toBeNull();
  });

  it('rounds totals to 2 decimals', async () => {
    const { user } = openPreview(aRideWithDetails({ pricePerSeat: '33.35', availableSeats: 4 }));
    const panel = await screen.findByRole('region', { name: 'Book seats' });
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Number of seats' }), '3');
    expect(panel.textContent).toContain('TotalGH₵100.05');
  });

  it('offers Book This Ride now that the marketplace declares the booking screen', async () => {
    declareScreens(routesManifest.paths);
    try {
      const ride = aRideWithDetails();
      openPreview(ride);
      const panel = await screen.findByRole('region', { name: 'Book seats' });
      expect(within(panel).getByRole('link', { name: 'Book This Ride' }).getAttribute('href')).toBe(`/book-seat/${ride.id}?seats=1`);
    } finally {
      declareScreens(undefined);
    }
  });

  it("says how the ride is booked: at once, or with the driver's approval", async () => {
    openPreview(aRideWithDetails({ bookingMode: 'approval' }));
    const panel = await screen.findByRole('region', { name: 'Book seats' });
    expect(panel.textContent).toContain('Driver approves');
    expect(detail('Booking')).toBe('Driver approves');
  });

  it("passes the passenger's leg from the listing on to the booking, with the seats", async () => {
    // The ride as the service answers for the leg asked (Nkawkaw → Kumasi).
    const ride = aRideWithDetails({ leg: { boardAt: 1, alightAt: 2, seatsLeft: 3, pricePerSeat: '25.00' } });
    mockApi({ ...guest, [`GET /api/rides/${ride.id}`]: { status: 200, body: ride } });
    renderRoutes(routes, `/ride-preview/${ride.id}?seats=2&board=1&alight=2`);
    const panel = await screen.findByRole('region', { name: 'Book seats' });
    expect(within(panel).getByRole('link', { name: 'Book This Ride' }).getAttribute('href')).toBe(`/book-seat/${ride.id}?seats=2&board=1&alight=2`);
  });

  it('sends a guest who books to log in, and back to the booking afterwards', async () => {
    // The ride as the service answers for the leg asked (Nkawkaw → Kumasi).
    const ride = aRideWithDetails({ leg: { boardAt: 1, alightAt: 2, seatsLeft: 3, pricePerSeat: '25.00' } });
    mockApi({ ...guest, [`GET /api/rides/${ride.id}`]: { status: 200, body: ride } });
    const { user, router } = renderRoutes([loginRoute, ...routes], `/ride-preview/${ride.id}?seats=2&board=1&alight=2`);
    const panel = await screen.findByRole('region', { name: 'Book seats' });
    await user.click(within(panel).getByRole('link', { name: 'Book This Ride' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(`/book-seat/${ride.id}?seats=2&board=1&alight=2`);
  });

  it('says so when the ride is fully booked or no longer active, and offers no seats', async () => {
    openPreview(aRideWithDetails({ availableSeats: 0 }));
    const panel = await screen.findByRole('region', { name: 'Book seats' });
    expect(panel.textContent).toContain('This ride is fully booked.');
    expect(within(panel).queryByRole('combobox')).toBeNull();
    expect(within(panel).queryByRole('link', { name: 'Book This Ride' })).toBeNull();
  });

  it('shows Failed to load ride details with Back to Rides when the ride cannot be loaded', async () => {
    mockApi({ ...guest, 'GET /api/rides/00000000-0000-4000-8000-00000000dead': { status: 404, body: { message: 'Ride not found' } } });
    renderRoutes(routes, '/ride-preview/00000000-0000-4000-8000-00000000dead');
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed to load ride details' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Rides' }).getAttribute('href')).toBe('/ride-listings');
  });

  it('opened from the listing, Back to Rides returns to the same search', async () => {
    const summary = aRide();
    const details = aRideWithDetails({ id: summary.id });
    mockApi({
      ...guest,
      'GET /api/rides': { status: 200, body: rideList([summary]) },
      [`GET /api/rides/${summary.id}`]: { status: 200, body: details },
    });
    const { user, router } = renderRoutes(routes, '/ride-listings?from=Accra&seats=2');
    await user.click(await screen.findByRole('link', { name: 'View Details' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accra to Kumasi' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to Rides' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/ride-listings?from=Accra&seats=2');
    expect(await screen.findByText('1 ride(s) found matching your search')).toBeTruthy();
  });

  it('opened from the listing, starts the seat selector at the seats searched for, and totals them', async () => {
    const summary = aRide({ pricePerSeat: '45.00', availableSeats: 3 });
    mockApi({
      ...guest,
      'GET /api/rides': { status: 200, body: rideList([summary]) },
      [`GET /api/rides/${summary.id}`]: { status: 200, body: aRideWithDetails({ ...summary }) },
    });
    const { user, router } = renderRoutes(routes, '/ride-listings?from=Accra&seats=2');
    await user.click(await screen.findByRole('link', { name: 'View Details' }));
    const panel = await screen.findByRole('region', { name: 'Book seats' });
    expect(router.state.location.search).toBe('?seats=2');
    expect((within(panel).getByRole('combobox', { name: 'Number of seats' }) as HTMLSelectElement).value).toBe('2');
    expect(panel.textContent).toContain('TotalGH₵90.00');
  });

  it.each([
    ['4', '3'],
    ['0', '1'],
    ['two', '1'],
  ])('clamps ?seats=%s to the seats left (3): %s', async (asked, shown) => {
    const ride = aRideWithDetails({ availableSeats: 3 });
    mockApi({ ...guest, [`GET /api/rides/${ride.id}`]: { status: 200, body: ride } });
    renderRoutes(routes, `/ride-preview/${ride.id}?seats=${asked}`);
    const panel = await screen.findByRole('region', { name: 'Book seats' });
    expect((within(panel).getByRole('combobox', { name: 'Number of seats' }) as HTMLSelectElement).value).toBe(shown);
  });
});

describe("/ride-preview/{id} of the signed-in driver's own ride", () => {
  const ownRide = () => rideDetailsOf(driverRide({ availableSeats: 3 }));
  function openOwn(ride: RideDetails, answers: Parameters<typeof mockApi>[0] = {}) {
    const api = mockApi({ ...frameAnswers(aUser()), [`GET /api/rides/${ride.id}`]: { status: 200, body: ride }, ...answers });
    return { api, ...renderRoutes(routes, `/ride-preview/${ride.id}`) };
  }

  it('offers Edit and Cancel Ride instead of booking', async () => {
    const ride = ownRide();
    openOwn(ride);
    const panel = await screen.findByRole('region', { name: 'Your ride' });
    expect(within(panel).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/edit-ride/${ride.id}`);
    expect(within(panel).getByRole('button', { name: 'Cancel Ride' })).toBeTruthy();
    expect(panel.textContent).toContain('3 seats left');
    expect(screen.queryByRole('region', { name: 'Book seats' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Number of seats' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book This Ride' })).toBeNull();
    // No messaging oneself about one's own ride.
    expect(screen.queryByRole('link', { name: 'Contact Driver' })).toBeNull();
  });

  it('cancels it once the driver confirms, and then shows it cancelled', async () => {
    const ride = ownRide();
    let cancelled = false;
    const { api, user } = openOwn(ride, {
      [`GET /api/rides/${ride.id}`]: () => ({ status: 200, body: cancelled ? { ...ride, status: 'cancelled' } : ride }),
      [`POST /api/rides/${ride.id}/cancel`]: () => {
        cancelled = true;
        return { status: 200, body: { ok: true } };
      },
    });
    const panel = await screen.findByRole('region', { name: 'Your ride' });
    await user.click(within(panel).getByRole('button', { name: 'Cancel Ride' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this ride?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Ride' }));
    expect(await findToast()).toEqual({ text: 'Ride CancelledYour ride from Accra to Kumasi has been cancelled.', destructive: false });
    expect(api.callsTo('POST', `/api/rides/${ride.id}/cancel`)).toHaveLength(1);
    expect(await screen.findByText('This ride is cancelled and can no longer be booked.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Your ride' })).queryByRole('button', { name: 'Cancel Ride' })).toBeNull();
  });

  it('offers no Edit or Cancel once the ride has departed', async () => {
    openOwn(rideDetailsOf(driverRide({ departureDate: '2020-01-01' })));
    const panel = await screen.findByRole('region', { name: 'Your ride' });
    expect(panel.textContent).toContain('This ride can no longer be changed');
    expect(within(panel).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Cancel Ride' })).toBeNull();
  });
});
