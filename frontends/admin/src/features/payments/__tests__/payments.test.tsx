import type { Reconciliation, StaffBookingLedger, StaffPayment, StaffPayout } from '@krom/contracts/http/staff-payments';
import { staffPaymentMessages, staffRefundMessages } from '@krom/contracts/http/staff-payments';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

const ama = { id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'ama', roles: ['administrator'], createdAt: '2025-03-01T09:30:00.000Z' };
const bookingId = '2c1d0e9f-1111-4a3a-8d54-3c1f0f5b8d21';

const paid: StaffPayment = {
  id: 'a1b2c3d4-1111-4a3a-8d54-3c1f0f5b8d21',
  bookingId,
  rideId: '7a6b5c4d-2222-4a3a-8d54-3c1f0f5b8d22',
  passengerId: '9a9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b',
  driverId: '8a9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6c',
  status: 'succeeded',
  amountPesewas: 12_600,
  farePesewas: 12_000,
  feePesewas: 600,
  currency: 'GHS',
  provider: 'paystack',
  walletNetwork: 'mtn',
  walletMasked: '024 *** **67',
  providerReference: '1001',
  reason: null,
  held: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:01:00.000Z',
};
const failed: StaffPayment = { ...paid, id: 'b1b2c3d4-1111-4a3a-8d54-3c1f0f5b8d21', bookingId: '3c1d0e9f-3333-4a3a-8d54-3c1f0f5b8d23', status: 'failed', reason: 'The payment was declined on the phone', providerReference: null };

const ledger: StaffBookingLedger = {
  bookingId,
  entries: [
    {
      id: 'e1000000-0000-4000-8000-000000000001',
      reference: `collection:${paid.id}`,
      kind: 'collection',
      memo: 'Fare and fee collected',
      postedAt: '2026-11-25T10:01:00.000Z',
      lines: [
        { account: 'gateway_clearing', type: 'gateway_clearing', debitPesewas: 12_600, creditPesewas: 0 },
        { account: `passenger_funds_held:${bookingId}`, type: 'passenger_funds_held', debitPesewas: 0, creditPesewas: 12_600 },
      ],
    },
  ],
  balances: [
    { account: 'gateway_clearing', netPesewas: 12_600 },
    { account: `passenger_funds_held:${bookingId}`, netPesewas: -12_600 },
  ],
  payments: [paid],
  refunds: [],
  payouts: [],
};

const reconciliation = (changes: Partial<Reconciliation> = {}): Reconciliation => ({
  id: 'f1000000-0000-4000-8000-000000000001',
  ranAt: '2026-11-28T08:00:00.000Z',
  ranBy: ama.id,
  since: '2026-10-29T08:00:00.000Z',
  limit: 200,
  checked: 2,
  truncated: false,
  books: {
    totalPesewas: 0,
    balanced: true,
    accounts: [
      { type: 'gateway_clearing', accounts: 1, debitsPesewas: 12_600, creditsPesewas: 0, balancePesewas: 12_600 },
      { type: 'passenger_funds_held', accounts: 1, debitsPesewas: 0, creditsPesewas: 12_600, balancePesewas: -12_600 },
    ],
  },
  gatewayTotals: [
    { movement: 'collections', booksPesewas: 12_600, gatewayPesewas: 12_600 },
    { movement: 'gateway_fees', booksPesewas: 0, gatewayPesewas: 0 },
  ],
  mismatches: [],
  passed: true,
  ...changes,
});

type Reply = { status: number; body: unknown };

/** A signed-in admin's API with the Payments tab's calls; the list answers by its query. */
function staffApi(
  list: (query: URLSearchParams) => Reply = () => ({ status: 200, body: { payments: [failed, paid], page: 1, pageSize: 50, hasMore: false } }),
  more: Record<string, Reply | ((request: { body: unknown }) => Reply)> = {},
) {
  const searches: string[] = [];
  const api = mockApi({
    'GET /api/admin/verify': { status: 200, body: { admin: ama } },
    'GET /api/admin/waitlist': { status: 200, body: [] },
    'GET /api/admin/users': { status: 200, body: [ama] },
    'GET /api/admin/verifications': { status: 200, body: { items: [], pendingCount: 0 } },
    'GET /api/admin/payments': ({ query }) => {
      searches.push(query.toString());
      return list(query);
    },
    'GET /api/admin/payments/reconciliations/latest': { status: 200, body: { reconciliation: null } },
    'GET /api/admin/payments/payouts/attention': { status: 200, body: { payouts: [] } },
    ...more,
  });
  return { ...api, searches };
}

async function openPaymentsTab() {
  const view = renderRoutes(routes, '/admin');
  await screen.findByText('No waitlist signups yet');
  await view.user.selectOptions(screen.getByRole('combobox', { name: 'Admin sections' }), 'Payments');
  return view;
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('the Payments tab', () => {
  it('lists payments newest first and filters them by status, booking and wallet phone, kept in the address', async () => {
    const api = staffApi();
    const { user, router } = await openPaymentsTab();
    const rows = rowTexts(within(await screen.findByLabelText('Payments found')).getByRole('table'));
    expect(rows[0]?.slice(0, 5)).toEqual(['3c1d0e9f', 'FailedThe payment was declined on the phone', 'GH₵126.00', 'GH₵120.00 + GH₵6.00', '024 *** **67mtn']);
    expect(rows[1]?.slice(0, 3)).toEqual(['2c1d0e9f', 'Succeeded', 'GH₵126.00']);

    await user.selectOptions(screen.getByLabelText('Status'), 'Succeeded');
    await user.type(screen.getByLabelText('Wallet phone'), '+233 24 123 4567');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.searches.at(-1)).toBe('status=succeeded&phone=%2B233+24+123+4567'));
    expect(router.state.location.search).toBe('?tab=payments&status=succeeded&phone=%2B233+24+123+4567');

    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await user.clear(screen.getByLabelText('Wallet phone'));
    await user.click(screen.getByLabelText('Booking id'));
    await user.paste(bookingId);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.searches.at(-1)).toBe(`bookingId=${bookingId}`));
  });

  it("shows the server's reason for a filter it refuses, and pages through a long list", async () => {
    const api = staffApi((query) =>
      query.get('bookingId') === 'ABC'
        ? { status: 400, body: { message: staffPaymentMessages.bookingId, errors: [{ field: 'bookingId', message: staffPaymentMessages.bookingId }] } }
        : { status: 200, body: { payments: [paid], page: Number(query.get('page') ?? 1), pageSize: 50, hasMore: query.get('page') === null } },
    );
    const { user } = await openPaymentsTab();
    await user.click(await screen.findByRole('button', { name: 'Older' }));
    await waitFor(() => expect(api.searches.at(-1)).toBe('page=2'));
    expect(await screen.findByText('Page 2')).toBeTruthy();
    await user.type(screen.getByLabelText('Booking id'), 'ABC');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe(staffPaymentMessages.bookingId);
  });

  it("opens a booking's ledger: its payment, entries with their lines in GH₵, and the net per account", async () => {
    staffApi(undefined, { [`GET /api/admin/payments/bookings/${bookingId}`]: { status: 200, body: ledger } });
    const { user, router } = await openPaymentsTab();
    await user.click(await screen.findByRole('link', { name: `Ledger of booking ${bookingId}` }));
    expect(await screen.findByRole('heading', { name: 'Ledger of booking 2c1d0e9f' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/admin/payments/bookings/${bookingId}`);
    expect(within(await screen.findByRole('region', { name: 'Payments' })).getByRole('listitem').textContent).toMatch(/^GH₵126\.00 from 024 \*\*\* \*\*67 · Succeeded · /);
    const [debit, credit] = rowTexts(within(screen.getByLabelText('Entry lines')).getByRole('table'));
    expect(debit?.slice(1)).toEqual(['Money at the gateway', 'GH₵126.00', '']);
    expect(debit?.[0]).toMatch(/^Fare and fee collected collection · /);
    expect(credit).toEqual(['', 'Passenger’s money held', '', 'GH₵126.00']);
    expect(rowTexts(within(screen.getByLabelText('Net balances')).getByRole('table'))).toEqual([
      ['Money at the gateway', 'GH₵126.00'],
      ['Passenger’s money held', '-GH₵126.00'],
    ]);
    await user.click(screen.getByRole('link', { name: '← Back to payments' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin?tab=payments');
  });
});

describe('the reconciliation panel', () => {
  it('runs the reconciliation and shows the result: who ran it, the books, and each mismatch in words', async () => {
    const mismatched = reconciliation({
      passed: false,
      mismatches: [{ kind: 'collection', reference: paid.id, bookingId, text: 'The books count GH₵126.00 collected, but the gateway collected GH₵120.00.' }],
      gatewayTotals: [
        { movement: 'collections', booksPesewas: 12_600, gatewayPesewas: 12_000 },
        { movement: 'gateway_fees', booksPesewas: 0, gatewayPesewas: 0 },
      ],
    });
    const api = staffApi(undefined, { 'POST /api/admin/payments/reconciliations': { status: 200, body: mismatched } });
    const { user } = await openPaymentsTab();
    const panel = await screen.findByRole('region', { name: 'Reconciliation' });
    expect(await within(panel).findByText('No reconciliation has been run yet.')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Run reconciliation' }));
    const status = await within(panel).findByRole('status');
    expect(status.textContent).toMatch(/^1 mismatchRan .* by ama$/);
    expect(within(panel).getByText(/The books balance: every entry balances and the accounts sum to GH₵0\.00\. 2 payments made since .* read again at the gateway \(at most 200\)\./)).toBeTruthy();
    expect(within(within(panel).getByRole('list', { name: 'Mismatches' })).getByRole('listitem').textContent).toBe(
      'Booking 2c1d0e9f: The books count GH₵126.00 collected, but the gateway collected GH₵120.00.',
    );
    expect(rowTexts(within(within(panel).getByLabelText('Books and gateway totals')).getByRole('table'))).toEqual([
      ['Collected from passengers', 'GH₵126.00', 'GH₵120.00'],
      ['Gateway fees', 'GH₵0.00', 'GH₵0.00'],
    ]);
    expect(api.callsTo('POST', '/api/admin/payments/reconciliations')).toHaveLength(1);
  });

  it('shows the last result when the tab opens, and why a run was refused', async () => {
    staffApi(undefined, {
      'GET /api/admin/payments/reconciliations/latest': { status: 200, body: { reconciliation: reconciliation() } },
      'POST /api/admin/payments/reconciliations': { status: 409, body: { message: 'A reconciliation is running already. Please wait for its result.' } },
    });
    const { user } = await openPaymentsTab();
    const panel = await screen.findByRole('region', { name: 'Reconciliation' });
    expect((await within(panel).findByRole('status')).textContent).toMatch(/^PassedRan .* by ama$/);
    expect(rowTexts(within(within(panel).getByLabelText('Account totals')).getByRole('table'))).toEqual([
      ['Money at the gateway', 'GH₵126.00', 'GH₵0.00', 'GH₵126.00'],
      ['Passenger’s money held', 'GH₵0.00', 'GH₵126.00', '-GH₵126.00'],
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Run reconciliation' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('A reconciliation is running already. Please wait for its result.');
  });
});

describe('staff refunds and payouts', () => {
  it('refunds part of a paid booking with a reason after a confirmation, and the ledger shows it', async () => {
    let current = ledger;
    const api = staffApi(undefined, {
      [`GET /api/admin/payments/bookings/${bookingId}`]: () => ({ status: 200, body: current }),
      [`POST /api/admin/payments/bookings/${bookingId}/refunds`]: ({ body }) => {
        const { reason, amountPesewas } = body as { reason: string; amountPesewas: number };
        const made = { id: 'c1000000-0000-4000-8000-000000000001', bookingId, paymentId: paid.id, cause: 'staff', status: 'pending', amountPesewas, walletMasked: paid.walletMasked, attempts: 1, needsAttention: false, reason: null, staffReason: reason, staffId: ama.id, createdAt: '2026-11-28T08:00:00.000Z', updatedAt: '2026-11-28T08:00:00.000Z' };
        current = { ...ledger, refunds: [made] };
        return { status: 200, body: made };
      },
    });
    const { user } = renderRoutes(routes, `/admin/payments/bookings/${bookingId}`);
    const refund = await screen.findByRole('button', { name: 'Refund' });
    await user.type(screen.getByLabelText('Amount (GH₵)'), '20');
    await user.click(refund);
    expect(screen.getByText(staffRefundMessages.reason)).toBeTruthy();
    await user.click(screen.getByLabelText('Reason for the refund'));
    await user.paste('Charged for a seat the driver never had');
    await user.click(refund);
    const asking = await screen.findByRole('alertdialog', { name: 'Send this refund?' });
    expect(asking.textContent).toContain('GH₵20.00 goes back to the passenger’s wallet.');
    await user.click(within(asking).getByRole('button', { name: 'Send refund' }));
    expect(await findToast()).toEqual({ text: 'Refund sentGH₵20.00 is on its way back to 024 *** **67.', destructive: false });
    expect(api.callsTo('POST', `/api/admin/payments/bookings/${bookingId}/refunds`).map((call) => call.body)).toEqual([{ reason: 'Charged for a seat the driver never had', amountPesewas: 2_000 }]);
    const refunds = within(screen.getByRole('region', { name: 'Refunds and payout' }));
    expect((await refunds.findByRole('listitem')).textContent).toBe('Refund of GH₵20.00 to 024 *** **67 · pending · by staff · Reason: Charged for a seat the driver never had');
  });

  it('lists payouts needing attention and asks for one again', async () => {
    const payout: StaffPayout = { id: 'd1000000-0000-4000-8000-000000000001', bookingId, driverId: paid.driverId, status: 'needs_attention', amountPesewas: 12_000, walletMasked: null, attempts: 0, reason: 'The driver has no confirmed mobile money number', retriedBy: null, dueAt: '2026-11-27T08:00:00.000Z', updatedAt: '2026-11-27T08:00:00.000Z' };
    let waiting = [payout];
    const api = staffApi(undefined, {
      'GET /api/admin/payments/payouts/attention': () => ({ status: 200, body: { payouts: waiting } }),
      [`POST /api/admin/payments/payouts/${payout.id}/retry`]: () => {
        waiting = [{ ...payout, retriedBy: ama.id }];
        return { status: 200, body: waiting[0] };
      },
    });
    const { user } = await openPaymentsTab();
    const table = within(await screen.findByLabelText('Payouts needing attention', { selector: 'div' }));
    expect(rowTexts(table.getByRole('table'))[0]?.slice(0, 5)).toEqual(['2c1d0e9f', 'GH₵120.00', 'The driver has no confirmed mobile money number', '0', 'No confirmed number']);
    await user.click(table.getByRole('button', { name: 'Try payout of booking 2c1d0e9f again' }));
    expect((await findToast()).text).toBe('Payout asked againIt goes out with the next run of the payouts.');
    expect(api.callsTo('POST', `/api/admin/payments/payouts/${payout.id}/retry`)).toHaveLength(1);
    expect(await table.findByText('Asked again by ama')).toBeTruthy();
  });
});
