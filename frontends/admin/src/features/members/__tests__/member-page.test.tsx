import type { MemberPage } from '@krom/contracts/http/member-page';
import { suspensionErrors } from '@krom/contracts/http/suspensions';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

const staffOf = (role: string) => ({ id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'efua', roles: [role], createdAt: '2025-03-01T09:30:00.000Z' });
const memberId = '9a9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b';
const rideId = '7a6b5c4d-2222-4a3a-8d54-3c1f0f5b8d22';
const pagePath = `/admin/members/${memberId}`;
const apiPath = `/api${pagePath}`;

const account: Extract<MemberPage['account'], { available: true }> = {
  available: true,
  id: memberId,
  firstName: 'Akosua',
  lastName: 'Frimpong',
  phone: '0244123456',
  email: 'akosua@example.com',
  createdAt: '2026-11-25T10:00:00.000Z',
  verificationStatus: 'approved',
  driverVerificationStatus: 'not_submitted',
  deleted: false,
  suspended: false,
  suspendedAt: null,
  suspensionReason: null,
};
const rides: MemberPage['rides'] = {
  available: true,
  ridesAsDriver: { count: 12, latest: [{ id: rideId, fromCity: 'Accra', toCity: 'Kumasi', departureAt: '2026-12-04T07:30:00.000Z', status: 'completed' }] },
  bookingsAsPassenger: {
    count: 1,
    latest: [
      {
        id: '2c1d0e9f-1111-4a3a-8d54-3c1f0f5b8d21',
        rideId,
        fromCity: 'Kumasi',
        toCity: 'Tamale',
        departureAt: '2026-12-06T06:00:00.000Z',
        seats: 2,
        status: 'cancelled_by_driver',
        createdAt: '2026-11-26T10:00:00.000Z',
      },
    ],
  },
  vehicles: {
    count: 2,
    latest: [
      {
        id: '3b2a1c0d-9999-4a3a-8d54-3c1f0f5b8d29',
        make: 'Honda',
        model: 'Fit',
        year: 2016,
        color: 'Blue',
        licensePlate: 'GW-7781-16',
        seats: 4,
        isActive: true,
        addedAt: '2026-11-02T10:00:00.000Z',
        removedAt: '2026-11-03T10:00:00.000Z',
      },
      { id: '4c3b2a1d-aaaa-4a3a-8d54-3c1f0f5b8d2a', make: 'Toyota', model: 'Corolla', year: 2019, color: 'Silver', licensePlate: 'GR-2424-24', seats: 4, isActive: true, addedAt: '2026-11-01T10:00:00.000Z', removedAt: null },
    ],
  },
};
const bookingId = '2c1d0e9f-1111-4a3a-8d54-3c1f0f5b8d21';

const paidBookingId = '1a2b3c4d-bbbb-4a3a-8d54-3c1f0f5b8d2b';
const drivenBookingId = '2b3c4d5e-cccc-4a3a-8d54-3c1f0f5b8d2c';
const payment = {
  id: '3c4d5e6f-dddd-4a3a-8d54-3c1f0f5b8d2d',
  bookingId: paidBookingId,
  rideId,
  passengerId: memberId,
  driverId: '5e4f3a2b-3333-4a3a-8d54-3c1f0f5b8d23',
  status: 'succeeded' as const,
  amountPesewas: 12_600,
  farePesewas: 12_000,
  feePesewas: 600,
  currency: 'GHS',
  provider: 'paystack',
  walletNetwork: 'mtn',
  walletMasked: '024 *** **56',
  providerReference: 'T1a2b3c4d',
  reason: null,
  held: false,
  createdAt: '2026-11-26T10:05:00.000Z',
  updatedAt: '2026-11-26T10:06:00.000Z',
};
const money: MemberPage['payments'] = {
  available: true,
  paymentsAsPassenger: { count: 1, latest: [payment] },
  refundsTo: {
    count: 1,
    latest: [
      {
        id: '4d5e6f7a-eeee-4a3a-8d54-3c1f0f5b8d2e',
        bookingId: paidBookingId,
        paymentId: payment.id,
        cause: 'cancelled_by_driver',
        status: 'succeeded',
        amountPesewas: 12_600,
        walletMasked: '024 *** **56',
        attempts: 1,
        needsAttention: false,
        reason: null,
        staffReason: null,
        staffId: null,
        createdAt: '2026-11-27T10:00:00.000Z',
        updatedAt: '2026-11-27T10:01:00.000Z',
      },
    ],
  },
  payoutsTo: {
    count: 1,
    latest: [
      {
        id: '5e6f7a8b-ffff-4a3a-8d54-3c1f0f5b8d2f',
        bookingId: drivenBookingId,
        driverId: memberId,
        status: 'needs_attention',
        amountPesewas: 24_000,
        walletMasked: null,
        attempts: 0,
        reason: 'No confirmed number',
        retriedBy: null,
        dueAt: '2026-12-05T07:30:00.000Z',
        updatedAt: '2026-12-05T07:30:00.000Z',
      },
    ],
  },
};

const ticketId = '4d3c2b1a-3333-4a3a-8d54-3c1f0f5b8d23';
const cases: MemberPage['cases'] = {
  available: true,
  tickets: { count: 1, latest: [{ id: '5e4d3c2b-4444-4a3a-8d54-3c1f0f5b8d24', subject: 'Refund not received', category: 'payment', status: 'awaiting_member', priority: 'medium', createdAt: '2026-11-26T12:00:00.000Z' }] },
  reportsAbout: {
    count: 2,
    latest: [
      { reportId: '6f5e4d3c-5555-4a3a-8d54-3c1f0f5b8d25', ticketId, reporterId: '8b7a6c5d-6666-4a3a-8d54-3c1f0f5b8d26', reason: 'scam_or_fraud', source: 'message', reportedAt: '2026-11-27T08:05:00.000Z' },
      { reportId: '7a6f5e4d-7777-4a3a-8d54-3c1f0f5b8d27', ticketId: null, reporterId: '9c8b7a6d-8888-4a3a-8d54-3c1f0f5b8d28', reason: 'no_show', source: 'booking', reportedAt: '2026-11-20T08:05:00.000Z' },
    ],
  },
};

/** A signed-in member of staff with `role`; the member page answers `page()`, read anew on every call. */
function staffApi(role: string, page: () => { status: number; body: unknown }, more: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/admin/verify': { status: 200, body: { admin: staffOf(role) } },
    [`GET ${apiPath}`]: () => page(),
    ...more,
  });
}

/** The table in the page's section called `section`. */
const tableIn = (section: string) => within(screen.getByRole('region', { name: section })).getByRole('table');

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('the member page', () => {
  it('opens from the Members tab with the account, rides and bookings, and leads back to the search', async () => {
    const { available: _available, suspendedAt: _at, suspensionReason: _reason, ...found } = account;
    staffApi('support', () => ({ status: 200, body: { account, rides, cases, payments: money } }), {
      'GET /api/admin/members': { status: 200, body: { members: [found] } },
      'GET /api/admin/tickets': { status: 200, body: { tickets: [] } },
    });
    const { user, router } = renderRoutes(routes, '/admin?tab=members&member=Akosua');
    await user.click(await screen.findByRole('link', { name: 'Akosua Frimpong' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Akosua Frimpong' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(pagePath);
    const details = within(screen.getByRole('region', { name: 'Account' }));
    expect(details.getByText('0244123456')).toBeTruthy();
    expect(details.getByText('akosua@example.com')).toBeTruthy();
    expect(details.getByText('Approved')).toBeTruthy();
    expect(rowsOf(tableIn('Rides as driver')).map((row) => [row[0], row[2]])).toEqual([['Accra → Kumasi', 'Completed']]);
    expect(screen.getByText('12 in all, the latest 1 below')).toBeTruthy();
    expect(rowsOf(tableIn('Bookings as passenger')).map((row) => [row[0], row[2], row[3]])).toEqual([
      ['Kumasi → Tamale', '2', 'Cancelled by driver'],
    ]);
    // Support may look, not suspend.
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lift suspension' })).toBeNull();

    await user.click(screen.getByRole('link', { name: '← Back to members' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin?tab=members&member=Akosua'));
  });

  it('shows the account when the rides section could not be loaded', async () => {
    staffApi('finance', () => ({ status: 200, body: { account, rides: { available: false }, cases: { available: false }, payments: { available: false } } }));
    renderRoutes(routes, pagePath);
    expect(await screen.findByRole('heading', { level: 1, name: 'Akosua Frimpong' })).toBeTruthy();
    for (const section of ['Vehicles', 'Rides as driver', 'Bookings as passenger', 'Payments']) {
      expect(within(screen.getByRole('region', { name: section })).getByText('This section could not be loaded. Try again later.')).toBeTruthy();
    }
    expect(within(screen.getByRole('region', { name: 'Account' })).queryByText('This section could not be loaded. Try again later.')).toBeNull();
  });

  it('says so when no such member exists', async () => {
    staffApi('support', () => ({ status: 404, body: { message: suspensionErrors.memberNotFound } }));
    renderRoutes(routes, pagePath);
    expect((await screen.findByRole('alert')).textContent).toBe(suspensionErrors.memberNotFound);
  });

  it('lets trust and safety suspend with a reason and lift it, reading the page again after each', async () => {
    let current = account;
    const api = staffApi('trust_safety', () => ({ status: 200, body: { account: current, rides, cases, payments: money } }), {
      [`POST ${apiPath}/suspension`]: ({ body }) => {
        const { reason } = body as { reason: string };
        current = { ...account, suspended: true, suspendedAt: '2026-11-28T09:00:00.000Z', suspensionReason: reason };
        return { status: 200, body: { userId: memberId, suspendedAt: current.suspendedAt, reason, suspendedBy: staffOf('trust_safety').id } };
      },
      [`DELETE ${apiPath}/suspension`]: () => {
        current = account;
        return { status: 200, body: { userId: memberId, suspendedAt: null, reason: null, suspendedBy: null } };
      },
    });
    const { user } = renderRoutes(routes, pagePath);

    // No reason: the contract's words, and nothing sent.
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText(suspensionErrors.reasonRequired)).toBeTruthy();
    expect(api.callsTo('POST', `${apiPath}/suspension`)).toEqual([]);

    await user.type(screen.getByLabelText('Reason for suspending'), 'Took payment outside Krom');
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Suspend' }));

    expect(await screen.findByRole('button', { name: 'Lift suspension' })).toBeTruthy();
    expect(api.callsTo('POST', `${apiPath}/suspension`).map((call) => call.body)).toEqual([{ reason: 'Took payment outside Krom' }]);
    expect(within(screen.getByRole('region', { name: 'Account' })).getByText('Took payment outside Krom')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Lift suspension' }));
    expect(await screen.findByRole('button', { name: 'Suspend' })).toBeTruthy();
    expect(api.callsTo('DELETE', `${apiPath}/suspension`)).toHaveLength(1);
    expect(screen.queryByText('Took payment outside Krom')).toBeNull();
  });

  it("shows the reports made about the member, each leading to its case, and the member's own tickets", async () => {
    staffApi('support', () => ({ status: 200, body: { account, rides, cases, payments: money } }));
    renderRoutes(routes, pagePath);
    await screen.findByRole('heading', { level: 1, name: 'Akosua Frimpong' });
    expect(within(screen.getByRole('region', { name: 'Reports about this member' })).getByText('2 in all')).toBeTruthy();
    expect(rowsOf(tableIn('Reports about this member')).map((cells) => [cells[0], cells[1], cells[3]])).toEqual([
      ['Scam or asked for payment outside Krom', 'Message', 'Open the case'],
      ['Did not show up', 'Booking', '—'],
    ]);
    expect(within(tableIn('Reports about this member')).getByRole('link', { name: 'Open the case' }).getAttribute('href')).toBe(`/admin/tickets/${ticketId}`);
    expect(rowsOf(tableIn('Support tickets')).map((cells) => [cells[0], cells[1], cells[2], cells[3]])).toEqual([['Refund not received', 'Payment', 'Awaiting member', 'Medium']]);
  });

  it('shows the rest of the page when admin could not answer for the tickets and reports', async () => {
    staffApi('support', () => ({ status: 200, body: { account, rides, cases: { available: false }, payments: money } }));
    renderRoutes(routes, pagePath);
    await screen.findByRole('heading', { level: 1, name: 'Akosua Frimpong' });
    for (const section of ['Reports about this member', 'Support tickets']) {
      expect(within(screen.getByRole('region', { name: section })).getByText('This section could not be loaded. Try again later.')).toBeTruthy();
    }
    expect(tableIn('Rides as driver')).toBeTruthy();
  });

  it("shows the member's vehicles, a removed one with when it was removed", async () => {
    staffApi('trust_safety', () => ({ status: 200, body: { account, rides, cases, payments: { available: false, restricted: true } } }));
    renderRoutes(routes, pagePath);
    await screen.findByRole('heading', { level: 1, name: 'Akosua Frimpong' });
    expect(within(screen.getByRole('region', { name: 'Vehicles' })).getByText('2 in all')).toBeTruthy();
    expect(rowsOf(tableIn('Vehicles')).map((cells) => [cells[0], cells[1], cells[2], cells[3], cells[5]?.startsWith('Removed') ? 'Removed' : cells[5]])).toEqual([
      ['Honda Fit (2016)', 'GW-7781-16', 'Blue', '4', 'Removed'],
      ['Toyota Corolla (2019)', 'GR-2424-24', 'Silver', '4', 'In use'],
    ]);
  });

  it("shows finance the member's payments, refunds and payouts, each leading to its booking's ledger, and a payout needing attention to the Payments tab", async () => {
    staffApi('finance', () => ({ status: 200, body: { account, rides, cases, payments: money } }));
    renderRoutes(routes, pagePath);
    await screen.findByRole('heading', { level: 1, name: 'Akosua Frimpong' });
    const section = within(screen.getByRole('region', { name: 'Payments' }));
    expect(rowsOf(tableIn('Payments as passenger')).map((cells) => [cells[0], cells[1], cells[2], cells[3]])).toEqual([
      [paidBookingId.slice(0, 8), 'GH₵126.00', 'Succeeded', '024 *** **56'],
    ]);
    expect(rowsOf(tableIn('Refunds to this member')).map((cells) => [cells[1], cells[2], cells[3]])).toEqual([
      ['GH₵126.00', 'driver cancelled', 'Paid back'],
    ]);
    expect(rowsOf(tableIn('Payouts as driver')).map((cells) => [cells[0], cells[1], cells[2], cells[3], cells[5]])).toEqual([
      [drivenBookingId.slice(0, 8), 'GH₵240.00', 'Needs attention', 'No confirmed number', 'Try again from the Payments tab'],
    ]);
    expect(section.getAllByRole('link', { name: `Ledger of booking ${paidBookingId}` }).map((link) => link.getAttribute('href'))).toEqual([
      `/admin/payments/bookings/${paidBookingId}`,
      `/admin/payments/bookings/${paidBookingId}`,
    ]);
    expect(section.getByRole('link', { name: `Ledger of booking ${drivenBookingId}` }).getAttribute('href')).toBe(`/admin/payments/bookings/${drivenBookingId}`);
    expect(section.getByRole('link', { name: 'Try again from the Payments tab' }).getAttribute('href')).toBe('/admin?tab=payments');
  });

  it('tells support the payments are not for their role, and shows the payments unavailable on their own when they could not be loaded', async () => {
    let payments: MemberPage['payments'] = { available: false, restricted: true };
    staffApi('support', () => ({ status: 200, body: { account, rides, cases, payments } }));
    const { unmount } = renderRoutes(routes, pagePath);
    await screen.findByRole('heading', { level: 1, name: 'Akosua Frimpong' });
    expect(within(screen.getByRole('region', { name: 'Payments' })).getByText('Payments are shown to finance staff and administrators only.')).toBeTruthy();
    expect(screen.queryByText('This section could not be loaded. Try again later.')).toBeNull();
    unmount();

    payments = { available: false };
    renderRoutes(routes, pagePath);
    await screen.findByRole('heading', { level: 1, name: 'Akosua Frimpong' });
    expect(within(screen.getByRole('region', { name: 'Payments' })).getByText('This section could not be loaded. Try again later.')).toBeTruthy();
    expect(screen.getAllByText('This section could not be loaded. Try again later.')).toHaveLength(1);
    expect(tableIn('Bookings as passenger')).toBeTruthy();
  });

  it("leads support from a booking to the booking's page (where it is cancelled) and back; trust and safety, who may not open bookings, see no link", async () => {
    staffApi('support', () => ({ status: 200, body: { account, rides, cases, payments: { available: false, restricted: true } } }), {
      [`GET /api/admin/bookings/${bookingId}`]: { status: 404, body: { message: 'Booking not found' } },
    });
    const { user, router, unmount } = renderRoutes(routes, pagePath);
    await screen.findByRole('heading', { level: 1, name: 'Akosua Frimpong' });
    await user.click(within(tableIn('Bookings as passenger')).getByRole('link', { name: 'Kumasi → Tamale' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/bookings/${bookingId}`));
    expect(router.state.location.state).toEqual({ back: pagePath });
    unmount();

    staffApi('trust_safety', () => ({ status: 200, body: { account, rides, cases, payments: { available: false, restricted: true } } }));
    renderRoutes(routes, pagePath);
    await screen.findByRole('heading', { level: 1, name: 'Akosua Frimpong' });
    expect(rowsOf(tableIn('Bookings as passenger'))[0]?.[0]).toBe('Kumasi → Tamale');
    expect(within(tableIn('Bookings as passenger')).queryByRole('link')).toBeNull();
  });
});
