import type { PaymentReceipt } from '@krom/contracts/http/payment-receipts';
import type { Payment, PaymentsResponse } from '@krom/contracts/http/payments';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aPayment } from './a-payment.ts';

// Both screens load lazily, as in the browser; compiled once up front, out of the first test's time limit.
beforeAll(() => Promise.all([import('../components/payments-page.tsx'), import('../components/payment-receipt-page.tsx')]), 30_000);
afterEach(() => vi.unstubAllGlobals());

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];
const PAYMENT_ID = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const BOOKING_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const totals = { totalSpent: '73.50', totalEarned: '80.50', currency: 'GHS' };
const page = (payments: Payment[], number: number, hasMore: boolean): PaymentsResponse => ({ payments, totals, page: number, hasMore });

const receipt: PaymentReceipt = {
  paymentId: PAYMENT_ID,
  bookingId: BOOKING_ID,
  bookingReference: 'KR-1A2B3C4D',
  status: 'completed',
  route: { from: 'Accra', to: 'Kumasi' },
  createdAt: '2026-11-22T09:30:00.000Z',
  fare: '120.50',
  fee: '6.03',
  total: '126.53',
  currency: 'GHS',
  paymentMethod: 'mobile_money',
  wallet: { provider: 'vodafone', number: '050 *** **67' },
  gatewayReference: 'T685312',
  refunds: [
    { id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', amount: '60.25', status: 'completed', createdAt: '2026-11-23T14:05:00.000Z' },
    { id: '8c7b6a5f-4e3d-4c2b-9a1f-0e9d8c7b6a5f', amount: '6.03', status: 'pending', createdAt: '2026-11-24T08:00:00.000Z' },
  ],
  refundedTotal: '60.25',
};

function open(path: string, answers: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ ...frameAnswers(aUser()), ...answers });
  return { api, ...renderRoutes([...elsewhere, ...routes], path) };
}

const selectTab = async (user: ReturnType<typeof open>['user'], label: string) =>
  user.selectOptions(await screen.findByRole('combobox', { name: 'Payment sections' }), label);

describe('History', () => {
  it('shows payments, refunds and payouts with their route, sign, status and en-GB date, each payment with its receipt', async () => {
    const rows = [
      aPayment({ kind: 'refund', receiptId: PAYMENT_ID, status: 'refunded', amount: '52.50', createdAt: '2026-11-23T14:05:00.000Z' }),
      aPayment({ kind: 'payout', direction: 'earned', amount: '80.50', createdAt: '2026-11-22T18:00:00.000Z', booking: { ride: { from: 'Kumasi', to: 'Tamale' } } }),
      aPayment({ id: PAYMENT_ID, receiptId: PAYMENT_ID, status: 'refunded', amount: '52.50', transactionId: 'T685312', createdAt: '2026-11-02T07:05:00.000Z' }),
    ];
    const { user, router } = open('/payments', { 'GET /api/payments': { status: 200, body: page(rows, 1, false) }, [`GET /api/payments/${PAYMENT_ID}/receipt`]: { status: 200, body: receipt } });
    await selectTab(user, 'History');
    const items = within(await screen.findByRole('list', { name: 'Payment history' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Refund: Accra → Kumasi23 Nov 2026, 14:05 · Mobile moneyReceipt+GH₵52.50Refunded',
      'Payout: Kumasi → Tamale22 Nov 2026, 18:00 · Mobile money+GH₵80.50Completed',
      'Accra → Kumasi2 Nov 2026, 07:05 · Mobile money · Ref T685312Receipt−GH₵52.50Refunded',
    ]);
    await user.click(within(items[2] as HTMLElement).getByRole('link', { name: 'Receipt for Accra → Kumasi, 2 Nov 2026, 07:05' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/payments/receipt/${PAYMENT_ID}`);
  });

  it('shows older transactions a page at a time until there are no more', async () => {
    const first = Array.from({ length: 20 }, (_, index) => aPayment({ createdAt: new Date(Date.UTC(2026, 10, 22, 9, 30 - index)).toISOString() }));
    const second = [aPayment({ status: 'failed', createdAt: '2026-10-01T08:00:00.000Z', booking: { ride: { from: 'Tema', to: 'Ho' } } })];
    const { api, user } = open('/payments', {
      'GET /api/payments': ({ query }) => ({ status: 200, body: query.get('page') === '2' ? page(second, 2, false) : page(first, 1, true) }),
    });
    await selectTab(user, 'History');
    const list = await screen.findByRole('list', { name: 'Payment history' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show older transactions' }));
    expect(await screen.findByText('Tema → Ho')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Payment history' })).getAllByRole('listitem')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Show older transactions' })).toBeNull();
    expect(api.callsTo('GET', '/api/payments')).toHaveLength(2);
  });

  it("shows the Overview's totals and 5 most recent from the first page only", async () => {
    const first = Array.from({ length: 20 }, (_, index) => aPayment({ createdAt: new Date(Date.UTC(2026, 10, 22, 9, 30 - index)).toISOString() }));
    const { api } = open('/payments', { 'GET /api/payments': { status: 200, body: page(first, 1, true) } });
    expect((await screen.findByRole('region', { name: 'Total Spent' })).textContent).toBe('Total SpentGH₵73.50This month');
    expect(screen.getByRole('region', { name: 'Total Earned' }).textContent).toBe('Total EarnedGH₵80.50This month');
    expect(within(screen.getByRole('list', { name: 'Recent transactions' })).getAllByRole('listitem')).toHaveLength(5);
    expect(api.callsTo('GET', '/api/payments')).toHaveLength(1);
  });
});

describe('/payments/receipt/:id', () => {
  it('shows the booking, route, date, wallet, gateway reference, fare, fee, total, status and refunds, and prints', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = open(`/payments/receipt/${PAYMENT_ID}`, { [`GET /api/payments/${PAYMENT_ID}/receipt`]: { status: 200, body: receipt } });
    const sheet = await screen.findByRole('article', { name: 'Receipt' });
    const facts = [...sheet.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Booking reference', 'KR-1A2B3C4D'],
      ['Route', 'Accra → Kumasi'],
      ['Date', '22 Nov 2026, 09:30'],
      ['Paid with', 'Telecel (Vodafone) mobile money 050 *** **67'],
      ['Gateway reference', 'T685312'],
    ]);
    const amounts = within(within(sheet).getByRole('table', { name: 'Amounts' })).getAllByRole('row');
    expect(amounts.map((row) => row.textContent)).toEqual(['FareGH₵120.50', 'Service feeGH₵6.03', 'TotalGH₵126.53']);
    expect(sheet.querySelector('[data-status]')?.textContent).toBe('Completed');
    const refunds = within(sheet).getByRole('region', { name: 'Refunds' });
    expect(within(refunds).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '23 Nov 2026, 14:05: GH₵60.25 paid back',
      '24 Nov 2026, 08:00: GH₵6.03 on its way',
    ]);
    expect(refunds.textContent).toContain('Refunded in all: GH₵60.25');
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to Payments' }).getAttribute('href')).toBe('/payments');
  });

  it('says the receipt was not found when it is not the member\'s (404)', async () => {
    open(`/payments/receipt/${PAYMENT_ID}`, { [`GET /api/payments/${PAYMENT_ID}/receipt`]: { status: 404, body: { message: 'Payment not found' } } });
    expect((await screen.findByRole('alert')).textContent).toBe('This receipt was not found.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], `/payments/receipt/${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
