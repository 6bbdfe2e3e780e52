import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routesManifest as accountManifest } from '@krom/account/routes-manifest';
import { declareScreens } from '@krom/ui-kit/declared-screens.ts';
import { matchPath } from 'react-router-dom';
import { routesManifest as marketplaceManifest } from '../../../app/routes-manifest.ts';
import { routes } from '../../../app/routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import type { User } from '@krom/contracts/http/auth';
import type { Booking } from '@krom/contracts/http/bookings';
import type { DriverRide } from '@krom/contracts/http/rides';
import type { Vehicle } from '@krom/contracts/http/vehicles';
import { aVehicle, driverRide } from '../../../components/__tests__/ride-fixtures.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => import('../components/dashboard-page.tsx'), 30_000);

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];

type Reply = { status: number; body?: unknown };
function openDashboard(user: User = aUser(), answers: { rides?: DriverRide[] | Reply; bookings?: Booking[] | Reply; vehicles?: Vehicle[] } = {}) {
  const rides = answers.rides ?? [];
  const bookings = answers.bookings ?? [];
  const api = mockApi({
    ...frameAnswers(user),
    'GET /api/rides/mine': Array.isArray(rides) ? { status: 200, body: { rides } } : rides,
    'GET /api/bookings/mine': Array.isArray(bookings) ? { status: 200, body: { bookings } } : bookings,
    'GET /api/vehicles': { status: 200, body: answers.vehicles ?? [] },
  });
  return { api, ...renderRoutes([...elsewhere, ...routes], '/dashboard') };
}

const step = (title: string) => screen.getByRole('listitem', { name: title });

/** A booking as GET /api/bookings/mine answers it: 2 confirmed seats, Accra to Kumasi on Nov 30, 2030, cash. */
function aBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    rideId: '00000000-0000-4000-8000-000000000099',
    status: 'confirmed',
    bookingMode: 'instant',
    paymentMethod: 'cash',
    seats: 2,
    board: { index: 0, location: 'Kaneshie Station', city: 'Accra', meetingPoint: null },
    alight: { index: 2, location: 'Kejetia Market', city: 'Kumasi', meetingPoint: null },
    pricePerSeat: '120.00',
    totalAmount: '240.00',
    serviceFee: '0.00',
    currency: 'GHS',
    passengerName: 'Ama Mensah',
    passengerPhone: '+233241234567',
    specialRequests: null,
    boardingCode: 'KM7QX4',
    departureDate: '2030-11-30',
    departureTime: '07:30',
    departureAt: '2030-11-30T07:30:00.000Z',
    rideFrom: 'Accra',
    rideTo: 'Kumasi',
    rideStatus: 'active',
    driverName: 'Kofi Boateng',
    driverId: 'd0000000-0000-4000-8000-000000000001',
    vehicle: { make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GR-1234-20' },
    expiresAt: null,
    createdAt: '2030-11-20T09:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

describe('/dashboard', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('welcomes the user by first name and offers to find or post a ride', async () => {
    openDashboard(aUser({ firstName: 'Kwabena' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Kwabena!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Find a Ride/ }).getAttribute('href')).toBe('/ride-listings');
    expect(screen.getByRole('link', { name: /^Post a Ride/ }).getAttribute('href')).toBe('/create-ride');
  });

  it('has the four tabs, with honest empty states until rides and bookings exist', async () => {
    const { user } = openDashboard();
    const tabs = await screen.findByRole('combobox', { name: 'Dashboard sections' });
    expect(within(tabs).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Recent Activity',
      'My Bookings',
      'My Rides',
      'Profile',
    ]);
    const panel = () => screen.getByRole('tabpanel');
    expect(await within(panel()).findByText('No recent activity yet')).toBeTruthy();

    await user.selectOptions(tabs, 'My Bookings');
    expect(within(panel()).getByText('No bookings yet')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Find a Ride' }).getAttribute('href')).toBe('/find-ride');

    await user.selectOptions(tabs, 'My Rides');
    expect(within(panel()).getByText('No rides posted yet')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Post a Ride' }).getAttribute('href')).toBe('/create-ride');
  });

  it("shows the user's upcoming rides from the server in My Rides and Recent Activity", async () => {
    const kumasi = driverRide({ availableSeats: 2, bookedSeats: 1, editable: false, pricePerSeat: '120.00' });
    const tamale = driverRide({ toCity: 'Tamale', departureDate: '2030-12-05', departureTime: '14:05', availableSeats: 1, pricePerSeat: '1250.5', bookingMode: 'approval' });
    const { api, user } = openDashboard(aUser(), { rides: [kumasi, tamale] });
    const activity = await screen.findByRole('list', { name: 'Recent activity' });
    expect(within(activity).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ride postedAccra → KumasiThu, Nov 28, 2030 · 7:30 AM2 of 3 seats left · 1 booked · GH₵120.00 per seat · Instant bookingView Details',
      'Ride postedAccra → TamaleThu, Dec 5, 2030 · 2:05 PM1 of 1 seat left · GH₵1,250.50 per seat · Driver approvesView Details',
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Dashboard sections' }), 'My Rides');
    const mine = screen.getByRole('list', { name: 'Upcoming rides you drive' });
    const first = within(mine).getByRole('listitem', { name: 'Accra → Kumasi' });
    expect(within(first).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(`/ride-preview/${kumasi.id}`);
    expect(screen.getByRole('link', { name: 'Manage your rides' }).getAttribute('href')).toBe('/rides/as-driver');
    expect(screen.queryByText('No rides posted yet')).toBeNull();
    // Both tabs read one answer: the rides are asked for once, and only the upcoming ones.
    expect(api.callsTo('GET', '/api/rides/mine')).toHaveLength(1);
    // Vehicles are read only when the Profile tab is opened.
    expect(api.callsTo('GET', '/api/vehicles')).toHaveLength(0);
  });

  it("shows the user's upcoming bookings from the server in My Bookings: status, leg, departure, seats, total and driver", async () => {
    const confirmed = aBooking();
    const requested = aBooking({
      id: 'b0000000-0000-4000-8000-000000000002',
      status: 'requested',
      seats: 1,
      totalAmount: '45.00',
      board: { index: 1, location: 'Nkawkaw Lorry Station', city: 'Nkawkaw', meetingPoint: null },
      departureDate: '2030-12-05',
      departureTime: '14:05',
    });
    const { user, api } = openDashboard(aUser(), { bookings: [confirmed, requested] });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Dashboard sections' }), 'My Bookings');
    const list = await screen.findByRole('list', { name: 'Your upcoming bookings' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'ConfirmedAccra → KumasiSat, Nov 30, 2030 · 7:30 AM2 seats · GH₵240.00 · Kofi Boateng',
      'Waiting for the driverNkawkaw → KumasiThu, Dec 5, 2030 · 2:05 PM1 seat · GH₵45.00 · Kofi Boateng',
    ]);
    expect(screen.getByRole('link', { name: 'See all your bookings' }).getAttribute('href')).toBe('/my-rides');
    expect(api.calls.filter((call) => call.path === '/api/bookings/mine')).toHaveLength(1);
  });

  it('says when the bookings could not be loaded, and tries again on request', async () => {
    let fail = true;
    mockApi({
      ...frameAnswers(aUser()),
      'GET /api/rides/mine': { status: 200, body: { rides: [] } },
      'GET /api/bookings/mine': () => (fail ? { status: 500, body: { message: 'Internal error' } } : { status: 200, body: { bookings: [] } }),
    });
    const { user } = renderRoutes([...elsewhere, ...routes], '/dashboard');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Dashboard sections' }), 'My Bookings');
    expect((await screen.findByRole('alert')).textContent).toBe('Your bookings could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No bookings yet')).toBeTruthy();
  });

  it('says when the rides could not be loaded, and tries again on request', async () => {
    let fail = true;
    const api = mockApi({
      ...frameAnswers(aUser()),
      'GET /api/rides/mine': () => (fail ? { status: 500, body: { message: 'Internal error' } } : { status: 200, body: { rides: [driverRide()] } }),
    });
    const { user } = renderRoutes([...elsewhere, ...routes], '/dashboard');
    expect((await screen.findByRole('alert')).textContent).toBe('Your recent activity could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Recent activity' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/rides/mine')).toHaveLength(2);
  });

  it("shows a new account's profile steps as still to do, each linking to where it is done", async () => {
    const { user } = openDashboard();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Dashboard sections' }), 'Profile');
    expect(await screen.findByText('0 of 4 complete')).toBeTruthy();
    const links = ['Basic Profile', 'ID Verification', 'Driver Verification', 'Vehicle Added'].map((title) => {
      expect(within(step(title)).getByText('To do')).toBeTruthy();
      return within(step(title)).getByRole('link').getAttribute('href');
    });
    expect(links).toEqual(['/profile', '/verify-identity', '/driver-verification', '/add-vehicle']);
    expect(screen.getByRole('link', { name: 'Find your next ride' }).getAttribute('href')).toBe('/find-ride');
  });

  it('derives the badges from the real user: photo and contact, ID approved, driver check pending', async () => {
    const { user } = openDashboard(
      aUser({
        profileImageUrl: '/api/uploads/ProfilePhoto000000001',
        emergencyContactName: 'Kofi Mensah',
        emergencyContactPhone: '0201112223',
        verificationStatus: 'approved',
        isVerified: true,
        driverVerificationStatus: 'pending',
      }),
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Dashboard sections' }), 'Profile');
    expect(await screen.findByText('2 of 4 complete')).toBeTruthy();
    expect(within(step('Basic Profile')).getByText('Complete')).toBeTruthy();
    expect(within(step('ID Verification')).getByText('Complete')).toBeTruthy();
    expect(within(step('ID Verification')).getByText('Verified')).toBeTruthy();
    expect(within(step('Driver Verification')).getByText('Pending')).toBeTruthy();
    expect(within(step('Driver Verification')).getByText('Pending Approval')).toBeTruthy();
    expect(within(step('Vehicle Added')).getByText('To do')).toBeTruthy();
  });

  it('does not count a rejected verification or a half-filled profile as done', async () => {
    const { user } = openDashboard(aUser({ emergencyContactName: 'Kofi Mensah', verificationStatus: 'rejected' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Dashboard sections' }), 'Profile');
    expect(await screen.findByText('0 of 4 complete')).toBeTruthy();
    expect(within(step('Basic Profile')).getByText('Add a photo and an emergency contact')).toBeTruthy();
    expect(within(step('ID Verification')).getByText('Verification Failed')).toBeTruthy();
  });

  it('counts the vehicle step done from the vehicles the user has registered', async () => {
    const { user, api } = openDashboard(aUser(), { vehicles: [aVehicle(), aVehicle({ id: '00000000-0000-4000-9000-000000000002', licensePlate: 'AS-4821-Z' })] });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Dashboard sections' }), 'Profile');
    expect(await screen.findByText('1 of 4 complete')).toBeTruthy();
    expect(within(step('Vehicle Added')).getByText('Complete')).toBeTruthy();
    expect(within(step('Vehicle Added')).getByText('2 vehicles registered')).toBeTruthy();
    expect(within(step('Vehicle Added')).getByRole('link', { name: 'Manage Vehicles' }).getAttribute('href')).toBe('/manage-vehicles');
    expect(api.callsTo('GET', '/api/vehicles')).toHaveLength(1);
  });

  it('links only to screens that exist: none of its links, nor the side menu, lead to the 404', async () => {
    // The app's screens as the shell declares them: the remotes' manifests (the shell's own pages are not linked from here).
    const declared = [...marketplaceManifest.paths, ...accountManifest.paths];
    declareScreens(declared);
    try {
      const ride = driverRide();
      const { user } = openDashboard(aUser(), { rides: [ride] });
      const hrefs = new Set<string>();
      const collect = () => {
        for (const link of document.querySelectorAll('a[href]')) hrefs.add(link.getAttribute('href') ?? '');
      };
      const tabs = await screen.findByRole('combobox', { name: 'Dashboard sections' });
      for (const tab of ['Recent Activity', 'My Bookings', 'My Rides', 'Profile']) {
        await user.selectOptions(tabs, tab);
        await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
        collect();
      }
      await user.click(screen.getByRole('button', { name: 'Open account menu' }));
      collect();
      expect(hrefs.size).toBeGreaterThan(3);
      const dead = [...hrefs].filter((href) => !declared.some((pattern) => matchPath(pattern, href)));
      expect(dead).toEqual([]);
      // Every screen the side menu names is built now, so every entry is there.
      const menu = screen.getByRole('navigation', { name: 'Account menu' });
      expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Dashboard',
        'Messages',
        'Find a Ride',
        'Post a Ride',
        'My Vehicles',
        'Passenger',
        'Driver',
        'Profile',
        'Account Settings',
        'Verify Identity',
        'Payments',
        'Payouts',
      ]);
      expect(hrefs).toContain(`/ride-preview/${ride.id}`);
    } finally {
      declareScreens(undefined);
    }
  });
});
