import type { DriverProfile } from '@krom/contracts/http/rides';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { memberReviews } from '../../../components/__tests__/review-fixtures.ts';
import { profileStatsTexts } from '../components/profile-stats-page.tsx';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of the first test's time limit.
beforeAll(() => import('../components/profile-stats-page.tsx'), 30_000);

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];
const esi = aUser({ id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', firstName: 'Esi' });
const kojo = aUser({ id: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c', firstName: 'Kojo', isDriver: true, driverVerificationStatus: 'approved' });

const kojosProfile: DriverProfile = {
  id: kojo.id,
  firstName: 'Kojo',
  lastName: 'Asare',
  profileImageUrl: null,
  isVerified: true,
  driverVerified: true,
  vehicles: [],
  ridesPosted: 9,
  ridesCompleted: 7,
  completionRate: 87.5,
  cancelledWithBookings: 1,
  bookedRidesKeptRate: 83.3,
  rating: 4.6,
  reviewCount: 5,
  upcomingRides: [],
};

/** The figures of the region named `name`, term → value (with its note). */
const figures = (name: string) =>
  Object.fromEntries([...screen.getByRole('region', { name }).querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]));

describe('/edit-profile-stats', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/edit-profile-stats');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows a passenger their rating as a passenger, says the figures are earned, and asks for no driver figures', async () => {
    const api = mockApi({
      ...frameAnswers(esi),
      [`GET /api/members/${esi.id}/reviews`]: { status: 200, body: memberReviews([], null, { asPassenger: { average: 4.5, count: 2 } }) },
    });
    renderRoutes([...elsewhere, ...routes], '/edit-profile-stats');
    expect(await screen.findByRole('heading', { level: 1, name: profileStatsTexts.title })).toBeTruthy();
    expect(screen.getByText(profileStatsTexts.lead)).toBeTruthy();
    await screen.findByRole('region', { name: 'As a passenger' });
    expect(figures('As a passenger')).toEqual({ Rating: '★ 4.5 from 2 reviews' });
    expect(screen.queryByRole('region', { name: 'As a driver' })).toBeNull();
    expect(api.calls.some((call) => call.path.startsWith('/api/drivers/'))).toBe(false);
    expect(screen.getByRole('link', { name: profileStatsTexts.contactSupport }).getAttribute('href')).toBe('/support');
  });

  it("shows a driver their driver rating, completion rate with how it is worked out, and rides, from their public profile's figures", async () => {
    mockApi({
      ...frameAnswers(kojo),
      [`GET /api/members/${kojo.id}/reviews`]: { status: 200, body: memberReviews([], null, { asDriver: { average: 4.6, count: 5 } }) },
      [`GET /api/drivers/${kojo.id}`]: { status: 200, body: kojosProfile },
    });
    renderRoutes([...elsewhere, ...routes], '/edit-profile-stats');
    const driver = await screen.findByRole('region', { name: 'As a driver' });
    await within(driver).findByText('88%');
    expect(figures('As a driver')).toEqual({
      Rating: '★ 4.6 from 5 reviews',
      [profileStatsTexts.completionRate]: `88%${profileStatsTexts.completionRateNote}`,
      [profileStatsTexts.keptRate]: `83%${profileStatsTexts.keptRateNote}`,
      [profileStatsTexts.ridesCompleted]: '7',
      [profileStatsTexts.ridesPosted]: '9',
    });
    expect(figures('As a passenger')).toEqual({ Rating: 'No reviews yet' });
    expect(screen.getByRole('link', { name: profileStatsTexts.driverProfile }).getAttribute('href')).toBe('/driver-profile');
  });

  it('says a new driver has no completion rate yet, rather than 0%', async () => {
    mockApi({
      ...frameAnswers(kojo),
      [`GET /api/members/${kojo.id}/reviews`]: { status: 200, body: memberReviews([]) },
      [`GET /api/drivers/${kojo.id}`]: { status: 200, body: { ...kojosProfile, ridesCompleted: 0, ridesPosted: 1, completionRate: null, bookedRidesKeptRate: null } },
    });
    renderRoutes([...elsewhere, ...routes], '/edit-profile-stats');
    const driver = await screen.findByRole('region', { name: 'As a driver' });
    await within(driver).findByText(profileStatsTexts.notYet);
    expect(within(driver).queryByText(profileStatsTexts.keptRate)).toBeNull();
  });
});
