import type { StaffBooking, StaffBookingDetail } from '@krom/contracts/http/staff-bookings';
import { staffBookingMessages } from '@krom/contracts/http/staff-bookings';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';

const ama = { id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'ama', roles: ['administrator'], createdAt: '2025-03-01T09:30:00.000Z' };
const bookingId = '2c1d0e9f-1111-4a3a-8d54-3c1f0f5b8d21';
const rideId = '7a6b5c4d-2222-4a3a-8d54-3c1f0f5b8d22';
const passengerId = '9a9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b';
const driverId = '8a9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6c';

const confirmed: StaffBooking = {
  id: bookingId,
  rideId,
  status: 'confirmed',
  bookingMode: 'approval',
  paymentMethod: 'cash',
  rideFrom: 'Circle VIP Bus Station',
  rideTo: 'Kejetia Lorry Park',
  departureDate: '2026-12-04',
  departureTime: '07:30',
  departureAt: '2026-12-04T07:30:00.000Z',
  passengerId,
  passengerName: 'Akosua Frimpong',
  passengerPhone: '0244123456',
  driverId,
  driverName: 'Kofi Boateng',
  seats: 2,
  board: { index: 1, location: 'Nkawkaw Lorry Station' },
  alight: { index: 2, location: 'Kejetia Lorry Park' },
  totalAmount: '140.00',
  currency: 'GHS',
  boardingCode: 'ACDE34',
  createdAt: '2026-11-25T10:00:00.000Z',
  version: 3,
};
const older: StaffBooking = { ...confirmed, id: '3c1d0e9f-3333-4a3a-8d54-3c1f0f5b8d23', status: 'cancelled_by_passenger', boardingCode: 'FGHJ67', seats: 1, totalAmount: '70.00', createdAt: '2026-11-20T10:00:00.000Z' };

const history: StaffBookingDetail['history'] = [
  { from: null, to: 'requested', actor: 'passenger', actorId: passengerId, reason: null, at: '2026-11-25T10:00:00.000Z' },
  { from: 'requested', to: 'accepted', actor: 'driver', actorId: driverId, reason: null, at: '2026-11-25T11:00:00.000Z' },
  { from: 'accepted', to: 'confirmed', actor: 'driver', actorId: driverId, reason: null, at: '2026-11-25T11:00:00.000Z' },
];
const detail = (changes: Partial<StaffBookingDetail> = {}): StaffBookingDetail => ({ ...confirmed, history, ...changes });
const cancelledBy = (reason: string) =>
  detail({
    status: 'cancelled',
    version: 4,
    history: [...history, { from: 'confirmed', to: 'cancelled', actor: 'staff', actorId: ama.id, reason, at: '2026-11-26T09:00:00.000Z' }],
  });

type Reply = { status: number; body: unknown };

/** A signed-in admin's API; the list answers by its query (mockApi keys on the path only), and every list URL is recorded. */
function staffApi(
  routes: Record<string, Reply | ((request: { body: unknown }) => Reply)> = {},
  search: (query: URLSearchParams) => Reply = () => ({ status: 200, body: { bookings: [confirmed, older], nextCursor: null } }),
) {
  const api = mockApi({
    'GET /api/admin/verify': { status: 200, body: { admin: ama } },
    'GET /api/admin/waitlist': { status: 200, body: [] },
    'GET /api/admin/staff-names': { status: 200, body: { staff: [ama].map(({ id, username }) => ({ id, username })) } },
    'GET /api/admin/verifications': { status: 200, body: { items: [], pendingCount: 0 } },
    ...routes,
  });
  const answerByPath = globalThis.fetch;
  const searches: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://krom.test');
    if (url.pathname !== '/api/admin/bookings') return answerByPath(input, init);
    searches.push(url.search);
    const reply = search(url.searchParams);
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  return { ...api, searches };
}

async function openBookingsTab() {
  const view = renderRoutes(routes, '/admin');
  await screen.findByText('No waitlist signups yet');
  await view.user.selectOptions(screen.getByRole('combobox', { name: 'Admin sections' }), 'Bookings');
  return view;
}

const filterForm = () => screen.getByRole('search', { name: 'Filter the bookings' });

/** Types `text` into the filter `label` (after clearing it) and filters. */
async function filterBy(user: Awaited<ReturnType<typeof openBookingsTab>>['user'], label: string, text: string) {
  const box = within(filterForm()).getByLabelText(new RegExp(`^${label}`));
  await user.clear(box);
  await user.type(box, text);
  await user.click(within(filterForm()).getByRole('button', { name: 'Filter' }));
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

const aBooking = (n: number): StaffBooking => ({
  ...confirmed,
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  boardingCode: `ACD${String(n).padStart(3, '0').replace(/[0-9]/g, (digit) => 'EFGHJKMNPQ'[Number(digit)] ?? 'E')}`,
});

describe('the list of bookings', () => {
  it('lists every booking at once, with what staff need to see', async () => {
    const api = staffApi();
    await openBookingsTab();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Code',
      'Status',
      'Ride',
      'Passenger',
      'Driver',
      'Seats',
      'Leg',
      'Total',
      'Payment',
      'Booked',
    ]);
    const [first, second] = rowTexts(table);
    expect(first?.slice(0, 2)).toEqual(['ACDE34', 'Confirmed']);
    expect(first?.[2]).toBe('Circle VIP Bus Station → Kejetia Lorry ParkDec 4, 2026, 07:30');
    expect(first?.slice(3, 9)).toEqual(['Akosua Frimpong0244123456', 'Kofi Boateng', '2', 'Nkawkaw Lorry Station → Kejetia Lorry Park', 'GH₵140.00', 'Cash']);
    expect(first?.[9]).toMatch(/Nov 25, 2026/);
    expect(second?.slice(0, 2)).toEqual(['FGHJ67', 'Cancelled by passenger']);
    expect(api.searches).toEqual(['']);
    expect(screen.queryByRole('button', { name: 'Older bookings' })).toBeNull();
  });

  it('filters by status, payment, days, ride, phone and code together, kept in the address', async () => {
    const api = staffApi();
    const { user, router } = await openBookingsTab();
    await screen.findByRole('table');
    const form = filterForm();
    await user.selectOptions(within(form).getByLabelText('Status'), 'Awaiting payment');
    await user.selectOptions(within(form).getByLabelText('Payment'), 'Mobile money');
    await user.type(within(form).getByLabelText('Departing from (day)'), '2026-12-01');
    await user.type(within(form).getByLabelText('Departing to (day)'), '2026-12-31');
    await user.type(within(form).getByLabelText('Ride id'), ` ${rideId} `);
    await user.type(within(form).getByLabelText(/^Passenger phone/), '024 412 3456');
    await user.type(within(form).getByLabelText('Boarding code'), 'acde34');
    await user.click(within(form).getByRole('button', { name: 'Filter' }));
    const wanted = {
      status: 'awaiting_payment',
      paymentMethod: 'mobile_money',
      departureFrom: '2026-12-01',
      departureTo: '2026-12-31',
      rideId,
      phone: '024 412 3456',
      code: 'acde34',
    };
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(api.searches.at(-1)))).toEqual(wanted));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ tab: 'bookings', ...wanted });
  });

  it('reads its filters from the address, so a shared link (the Rides tab\'s to a ride\'s bookings) shows the same list', async () => {
    const api = staffApi();
    renderRoutes(routes, `/admin?tab=bookings&rideId=${rideId}&status=confirmed`);
    await screen.findByRole('table');
    expect(Object.fromEntries(new URLSearchParams(api.searches.at(-1)))).toEqual({ rideId, status: 'confirmed' });
    expect(within(filterForm()).getByLabelText('Ride id')).toHaveProperty('value', rideId);
    expect(within(filterForm()).getByLabelText('Status')).toHaveProperty('value', 'confirmed');
  });

  it('still opens what an address from the one-box search (?q=) searched for', async () => {
    const api = staffApi();
    for (const [q, wanted] of [
      ['ACDE34', { code: 'ACDE34' }],
      ['024 412 3456', { phone: '024 412 3456' }],
      [rideId, { rideId }],
    ] as const) {
      const view = renderRoutes(routes, `/admin?tab=bookings&q=${encodeURIComponent(q)}`);
      await screen.findByRole('table');
      expect(Object.fromEntries(new URLSearchParams(api.searches.at(-1)))).toEqual(wanted);
      view.unmount();
    }
  });

  it('loads older bookings from the cursor the page gave, keeping the filters, and stops when there are no more', async () => {
    const firstPage = Array.from({ length: 50 }, (_, n) => aBooking(n));
    const api = staffApi({}, (query) =>
      query.get('before')
        ? { status: 200, body: { bookings: [aBooking(50)], nextCursor: null } }
        : { status: 200, body: { bookings: firstPage, nextCursor: 'cursor-after-49' } },
    );
    const { user } = renderRoutes(routes, '/admin?tab=bookings&status=confirmed');
    await screen.findByRole('link', { name: aBooking(49).boardingCode });
    await user.click(screen.getByRole('button', { name: 'Older bookings' }));
    await screen.findByRole('link', { name: aBooking(50).boardingCode });
    expect(Object.fromEntries(new URLSearchParams(api.searches.at(-1)))).toEqual({ status: 'confirmed', before: 'cursor-after-49' });
    expect(rowTexts(screen.getByRole('table'))).toHaveLength(51);
    expect(screen.queryByRole('button', { name: 'Older bookings' })).toBeNull();
  });

  it("says when nothing matches, and shows the server's reason for filters it refuses", async () => {
    staffApi({}, (query) =>
      query.get('code') === 'NOPE'
        ? { status: 400, body: { message: 'Enter the 6-character boarding code', errors: [{ field: 'code', message: 'Enter the 6-character boarding code' }] } }
        : { status: 200, body: { bookings: [], nextCursor: null } },
    );
    const { user } = await openBookingsTab();
    expect(await screen.findByText('No bookings found')).toBeTruthy();
    await filterBy(user, 'Boarding code', 'NOPE');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6-character boarding code');
  });
});

describe('a booking', () => {
  it('opens from the results with its ride, passenger and history, staff named', async () => {
    staffApi({ [`GET /api/admin/bookings/${bookingId}`]: { status: 200, body: cancelledBy('Duplicate booking') } });
    const { user, router } = await openBookingsTab();
    await filterBy(user, 'Boarding code', 'ACDE34');
    await user.click(await screen.findByRole('link', { name: 'ACDE34' }));
    expect(await screen.findByRole('heading', { name: 'Booking ACDE34' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/admin/bookings/${bookingId}`);

    const value = (region: string, term: string) => within(screen.getByRole('region', { name: region })).getByText(term).nextElementSibling?.textContent;
    expect(value('Ride', 'Route')).toBe('Circle VIP Bus Station → Kejetia Lorry Park');
    expect(value('Ride', 'Departure')).toBe('Dec 4, 2026, 07:30');
    expect(value('Ride', 'Driver')).toBe('Kofi Boateng');
    expect(value('Booking', 'Phone')).toBe('0244123456');
    expect(value('Booking', 'Leg')).toBe('Nkawkaw Lorry Station → Kejetia Lorry Park');
    expect(value('Booking', 'Total')).toBe('GH₵140.00');

    const entries = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(entries).toHaveLength(4);
    expect(entries[0]).toMatch(/^Requested · Passenger · /);
    expect(entries[1]).toMatch(/^Accepted \(from requested\) · Driver · /);
    expect(entries[3]).toMatch(/^Cancelled \(from confirmed\) · Staff \(ama\) · .*Reason: Duplicate booking$/);
    // Cancelled already: nothing to cancel.
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();

    await user.click(screen.getByRole('link', { name: '← Back to bookings' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin?tab=bookings&code=ACDE34');
    expect(await screen.findByRole('link', { name: 'ACDE34' })).toBeTruthy();
  });

  it('cancels with a reason of at least 5 characters after a confirmation, then shows it cancelled with the reason', async () => {
    let current = detail();
    const api = staffApi({
      [`GET /api/admin/bookings/${bookingId}`]: () => ({ status: 200, body: current }),
      [`POST /api/admin/bookings/${bookingId}/cancel`]: ({ body }) => {
        current = cancelledBy((body as { reason: string }).reason);
        return { status: 200, body: current };
      },
    });
    const { user } = renderRoutes(routes, `/admin/bookings/${bookingId}`);
    const cancel = await screen.findByRole('button', { name: 'Cancel booking' });
    await user.click(cancel);
    expect(screen.getByText(staffBookingMessages.reasonRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Reason for cancelling'), ' bad ');
    await user.click(cancel);
    expect(screen.getByText(staffBookingMessages.reasonRequired)).toBeTruthy();
    expect(api.callsTo('POST', `/api/admin/bookings/${bookingId}/cancel`)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Reason for cancelling'));
    await user.type(screen.getByLabelText('Reason for cancelling'), 'Driver reported the car broke down');
    await user.click(cancel);
    // One tap only asks, saying what follows; Keep booking (which has the focus) sends nothing.
    const asking = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    expect(asking.textContent).toContain('The seats go back on sale and the passenger is refunded in full (GH₵140.00).');
    expect(document.activeElement).toBe(within(asking).getByRole('button', { name: 'Keep booking' }));
    await user.click(within(asking).getByRole('button', { name: 'Keep booking' }));
    expect(api.callsTo('POST', `/api/admin/bookings/${bookingId}/cancel`)).toEqual([]);

    await user.click(cancel);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel booking' }));
    expect(await findToast()).toEqual({ text: 'Booking cancelledThe seats are back on sale and the reason is in the history.', destructive: false });
    expect(api.callsTo('POST', `/api/admin/bookings/${bookingId}/cancel`).map((call) => call.body)).toEqual([{ reason: 'Driver reported the car broke down' }]);
    expect(await screen.findByText('Reason: Driver reported the car broke down')).toBeTruthy();
    expect(within(screen.getByRole('heading', { level: 1 }).parentElement!).getByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('offers finance staff the booking but not its cancellation, which only support may do', async () => {
    staffApi({
      'GET /api/admin/verify': { status: 200, body: { admin: { ...ama, roles: ['finance'] } } },
      [`GET /api/admin/bookings/${bookingId}`]: { status: 200, body: detail() },
    });
    renderRoutes(routes, `/admin/bookings/${bookingId}`);
    await screen.findByRole('heading', { name: /^Booking / });
    await screen.findByRole('heading', { name: 'History' });
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.queryByLabelText('Reason for cancelling')).toBeNull();
  });

  it("shows the server's message when the booking can no longer be cancelled, and where it is now", async () => {
    let boarded = false;
    staffApi({
      [`GET /api/admin/bookings/${bookingId}`]: () => ({ status: 200, body: boarded ? detail({ status: 'boarded' }) : detail() }),
      [`POST /api/admin/bookings/${bookingId}/cancel`]: () => {
        boarded = true;
        return { status: 409, body: { message: 'This booking can no longer be cancelled' } };
      },
    });
    const { user } = renderRoutes(routes, `/admin/bookings/${bookingId}`);
    await user.type(await screen.findByLabelText('Reason for cancelling'), 'Passenger asked by phone');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel booking' }));
    expect(await findToast()).toEqual({ text: 'Cannot cancelThis booking can no longer be cancelled', destructive: true });
    expect(await within(screen.getByRole('heading', { level: 1 }).parentElement!).findByText('Boarded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('sends a visitor without an admin session to the login page', async () => {
    mockApi({ 'GET /api/admin/verify': { status: 401, body: { message: 'Admin sign-in required' } } });
    const { router } = renderRoutes(routes, `/admin/bookings/${bookingId}`);
    expect(await screen.findByRole('heading', { name: 'Admin Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
  });
});
