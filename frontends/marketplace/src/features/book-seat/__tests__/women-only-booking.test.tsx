import type { User } from '@krom/contracts/http/auth';
import { womenOnlyMessages } from '@krom/contracts/http/ride-preference-values';
import type { RideDetails } from '@krom/contracts/http/rides';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aRideWithDetails } from '../../../components/__tests__/ride-fixtures.ts';

beforeAll(() => import('../components/book-seat-page.tsx'), 30_000);

const womenOnlyRide = aRideWithDetails({ womenOnly: true, preferences: { luggage: 'medium', smoking: false, pets: false, airConditioning: true, maxTwoInBack: true } });

function openBooking(user: User, ride: RideDetails = womenOnlyRide) {
  mockApi({ ...frameAnswers(user), [`GET /api/rides/${ride.id}`]: { status: 200, body: ride } });
  return renderRoutes(routes, `/book-seat/${ride.id}?seats=1`);
}

const verified = { isVerified: true, verificationStatus: 'approved' } as const;

describe('/book-seat/{id} on a women-only ride', () => {
  it.each([
    ['a man', aUser({ ...verified, gender: 'man' })],
    ['a member who stated no gender', aUser({ ...verified, gender: null })],
    ['a member from before the profile asked', aUser(verified)],
  ])('tells %s why they cannot book it, with no form to confirm', async (_who, user) => {
    openBooking(user);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', womenOnlyMessages.book);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the ride' })).toBeTruthy();
  });

  it('tells a woman not yet verified to verify her identity first', async () => {
    openBooking(aUser({ gender: 'woman', isVerified: false, verificationStatus: 'pending' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', womenOnlyMessages.bookUnverified);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('lets a verified woman book it', async () => {
    openBooking(aUser({ ...verified, gender: 'woman' }));
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets anyone book a ride that is not women-only', async () => {
    openBooking(aUser({ ...verified, gender: 'man' }), aRideWithDetails({ womenOnly: false }));
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
  });
});
