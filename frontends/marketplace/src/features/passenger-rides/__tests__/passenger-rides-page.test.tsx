import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => import('../../../app/passenger-rides-route.tsx'), 30_000);

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];

describe('/rides/as-passenger', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/rides/as-passenger');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('has Upcoming and Past, both honestly empty until booking exists, each offering Find a Ride', async () => {
    // Only the frame's own calls and the ride requests are answered: the screen asks the server for no bookings and shows no demo data.
    const api = mockApi({ ...frameAnswers(aUser()), 'GET /api/ride-requests/mine': { status: 200, body: { requests: [] } } });
    const { user } = renderRoutes([...elsewhere, ...routes], '/rides/as-passenger');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Rides' })).toBeTruthy();
    const tabs = screen.getByRole('combobox', { name: 'Ride sections' });
    expect(within(tabs).getAllByRole('option').map((option) => option.textContent)).toEqual(['Upcoming', 'Past']);
    const panel = () => screen.getByRole('tabpanel');
    expect(within(panel()).getByText('No upcoming rides')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Find a Ride' }).getAttribute('href')).toBe('/find-ride');

    await user.selectOptions(tabs, 'Past');
    expect(within(panel()).getByText('No past rides')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Find a Ride' }).getAttribute('href')).toBe('/find-ride');
    expect(api.calls.map((call) => call.path).filter((path) => !['/api/auth/user', '/api/notifications'].includes(path))).toEqual([
      '/api/ride-requests/mine',
    ]);
  });

  it('is also at /my-rides', async () => {
    mockApi({ ...frameAnswers(aUser()), 'GET /api/ride-requests/mine': { status: 200, body: { requests: [] } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/my-rides');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Rides' })).toBeTruthy();
    expect(screen.getByText('No upcoming rides')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-rides');
  });
});
