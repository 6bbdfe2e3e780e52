import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

const ama = { id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'ama', roles: ['administrator'], createdAt: '2025-03-01T09:30:00.000Z' };
const driverId = '7c4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f';
const ride = (n: number, departureAt: string) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  fromCity: 'Accra',
  fromLocation: 'Circle VIP Bus Station',
  toCity: n === 0 ? 'Kumasi' : `Town ${n}`,
  toLocation: 'Kejetia Lorry Park',
  departureAt,
  status: 'active',
  driverId,
  driverFirstName: 'Kofi',
  seatsOffered: 3,
  availableSeats: 1,
  pricePerSeat: '120.00',
  currency: 'GHS',
  bookingsCount: 2,
});

/** The staff area's API with the ride list answered by `answer`; `queries` are the list's queries, in order. */
function ridesApi(
  answer: (query: URLSearchParams) => unknown[],
  nextCursor: (query: URLSearchParams) => string | null = () => null,
  admin: typeof ama = ama,
) {
  const queries: URLSearchParams[] = [];
  const bookingSearches: URLSearchParams[] = [];
  mockApi({
    'GET /api/admin/verify': { status: 200, body: { admin } },
    'GET /api/admin/waitlist': { status: 200, body: [] },
    'GET /api/admin/users': { status: 200, body: [ama] },
    'GET /api/admin/verifications': { status: 200, body: { items: [], pendingCount: 0 } },
    'GET /api/admin/rides': ({ query }) => {
      queries.push(query);
      return { status: 200, body: { rides: answer(query), nextCursor: nextCursor(query) } };
    },
    'GET /api/admin/bookings': ({ query }) => {
      bookingSearches.push(query);
      return { status: 200, body: { bookings: [], nextCursor: null } };
    },
  });
  return { queries, bookingSearches };
}

describe('the rides tab', () => {
  it('shows each ride with its departure in Ghana time, route, driver, seats, price and bookings', async () => {
    ridesApi(() => [ride(0, '2026-12-01T07:30:00.000Z')]);
    renderRoutes(routes, '/admin?tab=rides');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    await within(table).findByText('Kofi');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Departure', 'Route', 'Status', 'Driver', 'Seats', 'Price', 'Bookings']);
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells[0]?.textContent).toBe('1 Dec 2026, 07:30');
    expect(cells[1]?.textContent).toContain('Accra → Kumasi');
    expect(cells[1]?.textContent).toContain('Circle VIP Bus Station → Kejetia Lorry Park');
    expect(cells[2]?.textContent).toBe('Active');
    expect(cells[4]?.textContent).toBe('1 of 3 free');
    expect(cells[6]?.textContent).toBe('2 booked');
  });

  it('filters by status, places, days and driver, kept in the address', async () => {
    const api = ridesApi(() => []);
    const { user, router } = renderRoutes(routes, '/admin?tab=rides');
    await screen.findByText('No rides found', {}, { timeout: 5000 });
    const form = screen.getByRole('search', { name: 'Filter the rides' });
    await user.selectOptions(within(form).getByLabelText('Status'), 'Cancelled');
    await user.type(within(form).getByLabelText(/^From/), ' acc ');
    await user.type(within(form).getByLabelText(/^To/), 'Kumasi');
    await user.type(within(form).getByLabelText('Departing from (day)'), '2026-11-01');
    await user.type(within(form).getByLabelText('Departing to (day)'), '2026-11-30');
    await user.type(within(form).getByLabelText('Driver id'), driverId);
    await user.click(within(form).getByRole('button', { name: 'Filter' }));
    await screen.findByText('No rides found');
    const wanted = { status: 'cancelled', from: 'acc', to: 'Kumasi', departureFrom: '2026-11-01', departureTo: '2026-11-30', driverId };
    expect(Object.fromEntries(api.queries.at(-1) ?? [])).toEqual(wanted);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ tab: 'rides', ...wanted });
  });

  it('reads its filters from the address, so a shared link shows the same rides', async () => {
    const api = ridesApi(() => []);
    renderRoutes(routes, `/admin?tab=rides&status=completed&from=Tamale&driverId=${driverId}`);
    await screen.findByText('No rides found', {}, { timeout: 5000 });
    expect(Object.fromEntries(api.queries.at(-1) ?? [])).toEqual({ status: 'completed', from: 'Tamale', driverId });
    const form = screen.getByRole('search', { name: 'Filter the rides' });
    expect(within(form).getByLabelText(/^From/)).toHaveProperty('value', 'Tamale');
  });

  it('loads older rides from the cursor the page gave, keeping the filters, and stops when there are no more', async () => {
    const firstPage = Array.from({ length: 50 }, (_, n) => ride(n, new Date(Date.UTC(2026, 11, 20, 12, 0) - n * 60_000).toISOString()));
    const api = ridesApi(
      (query) => (query.get('before') ? [ride(50, '2026-12-01T08:00:00.000Z')] : firstPage),
      (query) => (query.get('before') ? null : 'cursor-after-49'),
    );
    const { user } = renderRoutes(routes, '/admin?tab=rides&status=active');
    await screen.findByText('Accra → Town 49', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Older rides' }));
    await screen.findByText('Accra → Town 50');
    expect(Object.fromEntries(api.queries.at(-1) ?? [])).toEqual({ status: 'active', before: 'cursor-after-49' });
    expect(screen.getByText('Accra → Town 49')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Older rides' })).toBeNull();
  });

  it("leads from a ride to its bookings: the Bookings tab filtered by the ride's id", async () => {
    const api = ridesApi(() => [ride(0, '2026-12-01T07:30:00.000Z')]);
    const { user, router } = renderRoutes(routes, '/admin?tab=rides');
    await user.click(await screen.findByRole('link', { name: /^Bookings of the ride Accra → Kumasi/ }, { timeout: 5000 }));
    await screen.findByText('No bookings found');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ tab: 'bookings', rideId: ride(0, '').id });
    expect(Object.fromEntries(api.bookingSearches.at(-1) ?? [])).toEqual({ rideId: ride(0, '').id });
  });

  it('shows staff who may not open bookings the count without the link', async () => {
    ridesApi(() => [ride(0, '2026-12-01T07:30:00.000Z')], undefined, { ...ama, roles: ['trust_safety'] });
    renderRoutes(routes, '/admin?tab=rides');
    await screen.findByText('2 booked', {}, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: /^Bookings of the ride/ })).toBeNull();
  });
});
