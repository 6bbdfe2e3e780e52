import type { DriverProfile } from '@krom/contracts/http/rides';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aReview, kwame, memberReviews } from '../../../components/__tests__/review-fixtures.ts';
import { driverRide, summaryOf } from '../../../components/__tests__/ride-fixtures.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => import('../components/driver-profile-page.tsx'), 30_000);

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];
const kwameId = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const signedOut = { 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } };
const kwamesRide = summaryOf(
  driverRide({ id: '00000000-0000-4000-8000-000000000001', driverId: kwameId, driverName: 'Kwame Boateng', driverRating: 4.8, duration: null }),
);

function aProfile(overrides: Partial<DriverProfile> = {}): DriverProfile {
  return {
    id: kwameId,
    firstName: 'Kwame',
    lastName: 'Boateng',
    profileImageUrl: null,
    isVerified: true,
    driverVerified: true,
    vehicles: [{ year: 2019, make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GR-1234-20', seats: 4 }],
    ridesPosted: 16,
    ridesCompleted: 14,
    completionRate: 92.4,
    rating: 4.75,
    reviewCount: 12,
    upcomingRides: [kwamesRide],
    ...overrides,
  };
}

const kwamesReview = aReview({ comment: 'Calm driver, good music.', reviewee: { ...kwame, id: kwameId } });

/** The profile's answers, with each driver's latest reviews (Ama's one of Kwame) unless given. */
function openProfile(path: string, answers: Parameters<typeof mockApi>[0]) {
  const reviews = Object.fromEntries(
    Object.keys(answers)
      .filter((key) => key.startsWith('GET /api/drivers/'))
      .map((key) => [`GET /api/members/${key.slice('GET /api/drivers/'.length)}/reviews`, { status: 200, body: memberReviews([kwamesReview]) }]),
  );
  const api = mockApi({ ...reviews, ...answers });
  return { api, ...renderRoutes([...elsewhere, ...routes], path) };
}

const stat = (term: string) => within(screen.getByRole('region', { name: 'Driver stats' })).getByText(term).nextElementSibling?.textContent;

describe('/driver-profile/{id}', () => {
  it("shows a guest the driver's real profile: name, verification, figures, vehicle and upcoming rides", async () => {
    const { api } = openProfile(`/driver-profile/${kwameId}`, { ...signedOut, [`GET /api/drivers/${kwameId}`]: { status: 200, body: aProfile() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kwame Boateng' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open account menu' })).toBeNull();
    expect(screen.getByText('KB')).toBeTruthy();
    expect(screen.getByText('✓ ID verified')).toBeTruthy();
    expect(screen.getByText('✓ Driver verified')).toBeTruthy();
    expect(stat('Rating')).toBe('★ 4.8 (12)');
    expect(stat('Completion rate')).toBe('92%');
    expect(stat('Rides completed')).toBe('14');

    const vehicle = within(screen.getByRole('list', { name: 'Vehicles' })).getByRole('listitem');
    expect(vehicle.textContent).toBe('2019 Toyota CorollaSilver · GR-1234-20 · 4 seats');
    expect(getComputedStyle(within(vehicle).getByText('GR-1234-20')).whiteSpace).toBe('nowrap');
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(within(reviews).getByText('★ 4.8 out of 5 · 12 reviews')).toBeTruthy();
    const latest = await within(reviews).findByRole('listitem', { name: 'Ama' });
    expect(latest.textContent).toContain('Calm driver, good music.');
    expect(within(latest).getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(within(reviews).getByRole('link', { name: 'See all reviews' }).getAttribute('href')).toBe(`/all-reviews?member=${kwameId}`);

    const ride = within(screen.getByRole('list', { name: 'Upcoming rides' })).getByRole('listitem', { name: 'Accra → Kumasi' });
    expect(ride.textContent).toContain('Thu, Nov 28, 2030 · 7:30 AM');
    expect(ride.textContent).toContain('3 seats left · GH₵120.00 per seat');
    expect(within(ride).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/ride-preview/00000000-0000-4000-8000-000000000001');
    expect(api.callsTo('GET', `/api/drivers/${kwameId}`)).toHaveLength(1);
  });

  it('offers a guest no call, message or booking buttons that would do nothing', async () => {
    openProfile(`/driver-profile/${kwameId}`, { ...signedOut, [`GET /api/drivers/${kwameId}`]: { status: 200, body: aProfile() } });
    await screen.findByRole('heading', { level: 1, name: 'Kwame Boateng' });
    await screen.findByRole('listitem', { name: 'Ama' });
    // A guest sees the latest reviews, but replying and reporting are for members, on /all-reviews.
    expect(screen.queryAllByRole('button')).toEqual([]);
    // The header's Log in comes back to this profile.
    expect([...document.querySelectorAll('a[href]')].map((link) => link.getAttribute('href'))).toEqual([
      '/',
      `/login?${new URLSearchParams({ next: `/driver-profile/${kwameId}` })}`,
      // Message: the conversation about the driver's next ride, after logging in.
      '/messages/ride/00000000-0000-4000-8000-000000000001',
      `/all-reviews?member=${kwameId}`,
      '/ride-preview/00000000-0000-4000-8000-000000000001',
    ]);
  });

  it('says so honestly for a driver with no ratings, rides, vehicle or verification yet', async () => {
    openProfile(`/driver-profile/${kwameId}`, {
      ...signedOut,
      [`GET /api/drivers/${kwameId}`]: {
        status: 200,
        body: aProfile({
          profileImageUrl: '/api/uploads/ProfilePhoto000000007',
          isVerified: false,
          driverVerified: false,
          vehicles: [],
          ridesPosted: 0,
          ridesCompleted: 0,
          completionRate: null,
          rating: null,
          reviewCount: 0,
          upcomingRides: [],
        }),
      },
      [`GET /api/members/${kwameId}/reviews`]: { status: 200, body: memberReviews([]) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Kwame Boateng' });
    expect(document.querySelector('main img')?.getAttribute('src')).toBe('/api/uploads/ProfilePhoto000000007');
    expect(screen.getByText('ID not verified')).toBeTruthy();
    expect(screen.getByText('Driver not verified')).toBeTruthy();
    expect(stat('Rating')).toBe('No ratings yet');
    expect(within(screen.getByRole('region', { name: 'Reviews' })).getByText('No reviews yet')).toBeTruthy();
    expect(stat('Completion rate')).toBe('—');
    expect(stat('Rides completed')).toBe('0');
    expect(screen.getByText('No vehicle registered yet')).toBeTruthy();
    expect(screen.getByText('No upcoming rides')).toBeTruthy();
  });

  it('shows only the first name, photo and badges of a driver who hides their profile', async () => {
    const hidden = aProfile({ lastName: '', profileHidden: true, vehicles: [], ridesPosted: 0, ridesCompleted: 0, completionRate: null, rating: null, upcomingRides: [] });
    openProfile(`/driver-profile/${kwameId}`, { ...signedOut, [`GET /api/drivers/${kwameId}`]: { status: 200, body: hidden } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kwame' })).toBeTruthy();
    expect(screen.getByText('✓ ID verified')).toBeTruthy();
    expect(screen.getByText('✓ Driver verified')).toBeTruthy();
    expect(screen.getByText('Kwame keeps their profile private: only their first name, photo and verification are shown.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Driver stats' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Vehicle' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Upcoming rides' })).toBeNull();
  });

  it('shows "Driver not found" for an id Krom does not know', async () => {
    openProfile('/driver-profile/nobody', { ...signedOut, 'GET /api/drivers/nobody': { status: 404, body: { message: 'Driver not found' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Driver not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a Ride' }).getAttribute('href')).toBe('/ride-listings');
  });

  it('says when the profile could not be loaded, and tries again on request', async () => {
    let fail = true;
    const { api, user } = openProfile(`/driver-profile/${kwameId}`, {
      ...signedOut,
      [`GET /api/drivers/${kwameId}`]: () => (fail ? { status: 502, body: { message: 'Bad gateway' } } : { status: 200, body: aProfile() }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('This driver profile could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kwame Boateng' })).toBeTruthy();
    expect(api.callsTo('GET', `/api/drivers/${kwameId}`)).toHaveLength(2);
  });

  it('keeps a signed-in visitor in their frame, without the owner-only notes', async () => {
    openProfile(`/driver-profile/${kwameId}`, { ...frameAnswers(aUser()), [`GET /api/drivers/${kwameId}`]: { status: 200, body: aProfile() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kwame Boateng' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open account menu' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Only you can see this' })).toBeNull();
  });
});

describe('/driver-profile (your own)', () => {
  it('sends a signed-out visitor to /login', async () => {
    const { router } = openProfile('/driver-profile', signedOut);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the signed-in user's own profile as passengers see it, with their emergency contact and where to change it", async () => {
    const me = aUser({ firstName: 'Ama', lastName: 'Mensah', emergencyContactName: 'Kofi Mensah', emergencyContactPhone: '0201112223' });
    const { api } = openProfile('/driver-profile', {
      ...frameAnswers(me),
      [`GET /api/drivers/${me.id}`]: { status: 200, body: aProfile({ id: me.id, firstName: 'Ama', lastName: 'Mensah', upcomingRides: [] }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ama Mensah' })).toBeTruthy();
    const notes = screen.getByRole('region', { name: 'Only you can see this' });
    expect(within(notes).getByText('This is how passengers see your driver profile.')).toBeTruthy();
    expect(within(notes).getByText('Kofi Mensah · 0201112223')).toBeTruthy();
    expect(within(notes).getByText("We'll only use this contact in case of emergencies.")).toBeTruthy();
    expect(within(notes).getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/edit-profile');
    expect(api.callsTo('GET', `/api/drivers/${me.id}`)).toHaveLength(1);
  });

  it('says when no emergency contact has been added', async () => {
    const me = aUser();
    openProfile(`/driver-profile/${me.id}`, {
      ...frameAnswers(me),
      [`GET /api/drivers/${me.id}`]: { status: 200, body: aProfile({ id: me.id, firstName: me.firstName, lastName: me.lastName }) },
    });
    const notes = await screen.findByRole('region', { name: 'Only you can see this' });
    expect(within(notes).getByText('Not added yet')).toBeTruthy();
  });
});

describe('calling the driver', () => {
  const member = aUser();
  const bookingId = 'b0000000-0000-4000-8000-00000000c411';
  const profileFor = (body: DriverProfile) =>
    openProfile(`/driver-profile/${kwameId}`, { ...frameAnswers(member), [`GET /api/drivers/${kwameId}`]: { status: 200, body } });

  it("shows Call Driver, to the booking's /call page, when the server names the member's booking in the phone window", async () => {
    profileFor(aProfile({ callBookingId: bookingId }));
    const link = await screen.findByRole('link', { name: 'Call Driver' });
    expect(link.getAttribute('href')).toBe(`/call/${bookingId}`);
  });

  it('keeps Call Driver on a hidden profile (calling is the phone setting’s)', async () => {
    profileFor(aProfile({ lastName: '', profileHidden: true, vehicles: [], upcomingRides: [], callBookingId: bookingId }));
    expect((await screen.findByRole('link', { name: 'Call Driver' })).getAttribute('href')).toBe(`/call/${bookingId}`);
  });

  it('shows no Call to a member without such a booking, nor to a guest', async () => {
    profileFor(aProfile({ callBookingId: null }));
    await screen.findByRole('heading', { level: 1, name: 'Kwame Boateng' });
    expect(screen.queryByRole('link', { name: 'Call Driver' })).toBeNull();
  });
});

describe('messaging the driver', () => {
  const member = aUser();
  const profileFor = (body: DriverProfile, viewer = member) =>
    openProfile(viewer.id === kwameId ? '/driver-profile' : `/driver-profile/${kwameId}`, {
      ...frameAnswers(viewer),
      [`GET /api/drivers/${kwameId}`]: { status: 200, body },
    });

  it("offers Message about the driver's next upcoming ride", async () => {
    const later = summaryOf(driverRide({ id: '00000000-0000-4000-8000-000000000002', driverId: kwameId, departureDate: '2026-12-20' }));
    profileFor(aProfile({ upcomingRides: [kwamesRide, later] }));
    const link = await screen.findByRole('link', { name: 'Message' });
    expect(link.getAttribute('href')).toBe(`/messages/ride/${kwamesRide.id}`);
    expect(link.parentElement?.textContent).toBe('MessageAbout Accra → Kumasi, Thu, Nov 28, 2030 · 7:30 AM');
  });

  it('says messages are about a ride when the driver has no upcoming one', async () => {
    profileFor(aProfile({ upcomingRides: [] }));
    expect(await screen.findByText('Messages are about a ride: you can write to Kwame once they post an upcoming ride.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
  });

  it('is not offered on one’s own profile', async () => {
    profileFor(aProfile(), aUser({ id: kwameId, firstName: 'Kwame', lastName: 'Boateng' }));
    await screen.findByRole('heading', { level: 1, name: 'Kwame Boateng' });
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
    expect(screen.queryByText(/^Messages are about a ride/)).toBeNull();
  });
});

describe('blocking and reporting the driver', () => {
  const member = aUser();
  const signedIn = { ...frameAnswers(member), [`GET /api/drivers/${kwameId}`]: { status: 200, body: aProfile() } };

  it('offers neither to a guest', async () => {
    openProfile(`/driver-profile/${kwameId}`, { ...signedOut, [`GET /api/drivers/${kwameId}`]: { status: 200, body: aProfile() } });
    await screen.findByRole('heading', { level: 1, name: 'Kwame Boateng' });
    expect(screen.queryByRole('button', { name: 'Block Kwame Boateng' })).toBeNull();
  });

  it("offers a signed-in member Block and Report of a latest review's writer, from that review", async () => {
    const { api, user } = openProfile(`/driver-profile/${kwameId}`, { ...signedIn, 'POST /api/blocks': { status: 201, body: {} } });
    const latest = await within(await screen.findByRole('list', { name: 'Latest reviews' })).findByRole('listitem', { name: 'Ama' });
    await user.click(within(latest).getByRole('button', { name: 'Block Ama' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Block Ama?' })).getByRole('button', { name: 'Block' }));
    await findToast();
    expect(api.callsTo('POST', '/api/blocks').map((call) => call.body)).toEqual([{ memberId: kwamesReview.reviewer.id }]);
  });

  it('shows a driver the member blocked as whom they blocked, with Unblock; unblocked, the whole profile comes back', async () => {
    let blocked = true;
    const { api, user } = openProfile(`/driver-profile/${kwameId}`, {
      ...frameAnswers(member),
      [`GET /api/drivers/${kwameId}`]: () => ({
        status: 200,
        body: blocked
          ? aProfile({ lastName: '', blockedByYou: true, vehicles: [], ridesPosted: 0, ridesCompleted: 0, completionRate: null, rating: null, reviewCount: 0, upcomingRides: [] })
          : aProfile(),
      }),
      [`DELETE /api/blocks/${kwameId}`]: () => {
        blocked = false;
        return { status: 200, body: { ok: true } };
      },
    });
    const notice = await screen.findByRole('status', { name: 'You blocked this member' });
    expect(screen.getByRole('heading', { level: 1, name: 'Kwame' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Driver stats' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Block Kwame' })).toBeNull();
    await user.click(within(notice).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kwame Boateng' })).toBeTruthy();
    expect(api.callsTo('DELETE', `/api/blocks/${kwameId}`)).toHaveLength(1);
    expect(screen.queryByRole('status', { name: 'You blocked this member' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Block Kwame Boateng' })).toBeTruthy();
  });

  it('asks before blocking, does nothing on Cancel, and blocks on Block', async () => {
    const { api, user } = openProfile(`/driver-profile/${kwameId}`, { ...signedIn, 'POST /api/blocks': { status: 201, body: {} } });
    await user.click(await screen.findByRole('button', { name: 'Block Kwame Boateng' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block Kwame Boateng?' });
    expect(dialog.textContent).toContain('Bookings already confirmed between you stay.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('POST', '/api/blocks')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Block Kwame Boateng' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    expect(await findToast()).toEqual({ text: 'Member blockedYou will no longer see Kwame Boateng’s rides.', destructive: false });
    expect(api.callsTo('POST', '/api/blocks').map((call) => call.body)).toEqual([{ memberId: kwameId }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks for a reason, then sends the report with its details and thanks the member', async () => {
    const thanks = 'Thank you for your report. Our team will review it and take action if needed.';
    const { api, user } = openProfile(`/driver-profile/${kwameId}`, {
      ...signedIn,
      [`POST /api/members/${kwameId}/reports`]: { status: 201, body: { message: thanks } },
    });
    await user.click(await screen.findByRole('button', { name: 'Report Kwame Boateng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Kwame Boateng' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a reason for your report.');
    expect(api.callsTo('POST', `/api/members/${kwameId}/reports`)).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Unsafe driving' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'Overtook on a bend');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await findToast()).toEqual({ text: `Report sent${thanks}`, destructive: false });
    expect(api.callsTo('POST', `/api/members/${kwameId}/reports`).map((call) => call.body)).toEqual([
      { reason: 'unsafe_driving', details: 'Overtook on a bend', source: 'profile' },
    ]);
  });
});
