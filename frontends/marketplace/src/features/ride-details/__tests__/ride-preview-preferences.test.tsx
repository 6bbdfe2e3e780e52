import type { RideDetails } from '@krom/contracts/http/rides';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aRideWithDetails } from '../../../components/__tests__/ride-fixtures.ts';

beforeAll(() => import('../components/ride-preview-page.tsx'), 30_000);

const guest = { 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } };

function openPreview(ride: RideDetails) {
  mockApi({ ...guest, [`GET /api/rides/${ride.id}`]: { status: 200, body: ride } });
  return renderRoutes(routes, `/ride-preview/${ride.id}`);
}

const stated = () =>
  within(screen.getByRole('list', { name: 'Ride preferences' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/^\S+\s/, ''));

describe('/ride-preview/{id}: ride preferences', () => {
  it('names every stated preference in the trip details, the usual ones too', async () => {
    openPreview(aRideWithDetails({ preferences: { luggage: 'small', smoking: false, pets: false, airConditioning: false, maxTwoInBack: false }, womenOnly: false }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accra to Kumasi' })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Trip details' });
    expect(within(details).getByRole('list', { name: 'Ride preferences' })).toBeTruthy();
    expect(stated()).toEqual(['Small luggage', 'No smoking', 'No pets', 'No air conditioning', 'Up to 3 in the back']);
    expect(screen.queryByText(/Women only/)).toBeNull();
  });

  it('marks a women-only ride and says who can book it, to everyone', async () => {
    openPreview(aRideWithDetails({ preferences: { luggage: 'medium', smoking: false, pets: true, airConditioning: true, maxTwoInBack: true }, womenOnly: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accra to Kumasi' })).toBeTruthy();
    expect(stated()).toEqual(['Women only', 'Medium luggage', 'No smoking', 'Pets welcome', 'Air conditioning', 'Max. 2 in the back']);
    expect(screen.getByText('Only verified members whose profile says they are a woman can book this ride.')).toBeTruthy();
  });

  it('shows no preferences for a ride posted before they were asked', async () => {
    openPreview(aRideWithDetails({ preferences: null, womenOnly: false }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accra to Kumasi' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Ride preferences' })).toBeNull();
  });
});
