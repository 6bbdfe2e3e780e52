import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, type Mock } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aRide, rideList } from '../../../components/__tests__/ride-fixtures.ts';

beforeAll(() => import('../../../app/ride-listings-route.tsx'), 30_000);

const guest = { 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } };

/** The query of each GET /api/rides the screen sent, in order. */
const rideRequests = () =>
  (fetch as unknown as Mock).mock.calls
    .map(([input]) => new URL(String(input), 'http://krom.test'))
    .filter((url) => url.pathname === '/api/rides')
    .map((url) => Object.fromEntries(url.searchParams));

const cards = () => within(screen.getByRole('list', { name: 'Rides' })).getAllByRole('article');
/** The facts a card lists under "Ride preferences", as read (the symbols before them are hidden from screen readers). */
const statedOn = (card: HTMLElement) =>
  within(card)
    .queryAllByRole('list', { name: 'Ride preferences' })
    .flatMap((list) => within(list).getAllByRole('listitem').map((item) => item.textContent?.replace(/^\S+\s/, '')));

describe('/ride-listings: ride preferences', () => {
  it('shows on each card what sets the ride apart, Women only first, and nothing for a ride that states none', async () => {
    const rides = [
      aRide({ preferences: { luggage: 'large', smoking: false, pets: true, airConditioning: true, maxTwoInBack: true }, womenOnly: true }),
      aRide({ preferences: { luggage: 'small', smoking: true, pets: false, airConditioning: false, maxTwoInBack: false }, womenOnly: false }),
      aRide(),
    ];
    mockApi({ ...guest, 'GET /api/rides': { status: 200, body: rideList(rides) } });
    renderRoutes(routes, '/ride-listings');
    expect(await screen.findByText('3 ride(s) found')).toBeTruthy();
    const [first, second, third] = cards() as HTMLElement[];
    expect(statedOn(first!)).toEqual(['Women only', 'Large luggage', 'No smoking', 'Pets welcome', 'Air conditioning', 'Max. 2 in the back']);
    // The usual case (no pets, no air conditioning, three in the back) is left to the preview.
    expect(statedOn(second!)).toEqual(['Small luggage', 'Smoking allowed']);
    expect(statedOn(third!)).toEqual([]);
    for (const symbol of first!.querySelectorAll('[aria-label="Ride preferences"] li > span')) expect(symbol.getAttribute('aria-hidden')).toBe('true');
  });

  it('sends the chosen preferences to the search and keeps them in the address', async () => {
    mockApi({ ...guest, 'GET /api/rides': { status: 200, body: rideList([aRide()]) } });
    const { user, router } = renderRoutes(routes, '/ride-listings?from=Accra');
    expect(await screen.findByText(/1 ride\(s\) found/)).toBeTruthy();
    await user.click(screen.getByText('Ride preferences', { selector: 'summary' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Luggage' }), 'Medium or larger');
    await user.click(screen.getByRole('checkbox', { name: 'No smoking' }));
    await user.click(screen.getByRole('checkbox', { name: 'Women only' }));
    await waitFor(() => expect(rideRequests().at(-1)).toEqual({ from: 'Accra', luggage: 'medium', noSmoking: 'true', womenOnly: 'true', page: '1' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ from: 'Accra', luggage: 'medium', noSmoking: 'true', womenOnly: 'true' });
    expect(await screen.findByText('1 ride(s) found matching your search')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'No smoking' }));
    await waitFor(() => expect(rideRequests().at(-1)).toEqual({ from: 'Accra', luggage: 'medium', womenOnly: 'true', page: '1' }));
  });

  it('opens a shared link with its preferences shown and asked for, and Clear filters drops them', async () => {
    mockApi({ ...guest, 'GET /api/rides': { status: 200, body: rideList([aRide()]) } });
    const { user } = renderRoutes(routes, '/ride-listings?pets=true&luggage=large&airConditioning=nonsense');
    expect(await screen.findByText('1 ride(s) found matching your search')).toBeTruthy();
    expect(rideRequests()[0]).toEqual({ luggage: 'large', pets: 'true', page: '1' });
    expect((screen.getByRole('checkbox', { name: 'Pets welcome' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Air conditioning' }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rideRequests().at(-1)).toEqual({ page: '1' }));
  });
});
