import type { MobileMoneyProvider, Payment, PaymentMethod, PaymentsResponse } from '@krom/contracts/http/payments';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { aPayment } from './a-payment.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => import('../components/payments-page.tsx'), 30_000);

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];

const history: Payment[] = [
  aPayment({ amount: '65.00', createdAt: '2026-11-22T09:30:00.000Z', transactionId: 'MP2611220930' }),
  aPayment({ status: 'pending', amount: '40.00', createdAt: '2026-11-21T18:05:00.000Z', booking: { ride: { from: 'Kumasi', to: 'Tamale' } } }),
  aPayment({ status: 'failed', amount: '30.00', createdAt: '2026-11-20T07:00:00.000Z', booking: { ride: { from: 'Accra', to: 'Ho' } } }),
  aPayment({ status: 'refunded', amount: '55.00', createdAt: '2026-11-19T12:00:00.000Z', booking: { ride: { from: 'Accra', to: 'Cape Coast' } } }),
  aPayment({ kind: 'payout', direction: 'earned', amount: '1250.50', createdAt: '2026-11-18T16:45:00.000Z', booking: null }),
  aPayment({ amount: '20.00', createdAt: '2026-11-10T10:00:00.000Z', booking: { ride: { from: 'Tema', to: 'Accra' } } }),
  aPayment({ amount: '25.00', createdAt: '2026-10-30T10:00:00.000Z', booking: { ride: { from: 'Takoradi', to: 'Accra' } } }),
];
const paymentsAnswer: PaymentsResponse = {
  payments: history,
  totals: { totalSpent: '105.00', totalEarned: '1250.50', currency: 'GHS' },
  page: 1,
  hasMore: false,
};

const mask = (number: string) => `${number.slice(0, 3)} *** ${number.slice(-4)}`;
type Stored = { id: string; provider: MobileMoneyProvider; full: string; isDefault: boolean; verified?: boolean };

/** The code the stand-in texts, and the wait it asks for after sending one. */
const textedCode = '4821';
const resendAfterSeconds = 30;

/** A payments service that keeps mobile money numbers the way the real one does (masked answers, one default). */
function paymentMethodsServer(initial: Stored[] = [], options: { codeRefusedFor?: number } = {}) {
  let stored = [...initial];
  let next = 100;
  const view = (method: Stored): PaymentMethod => ({
    id: method.id,
    type: 'mobile_money',
    provider: method.provider,
    number: mask(method.full),
    isDefault: method.isDefault,
    verified: method.verified ?? false,
  });
  const routes: Parameters<typeof mockApi>[0] = {
    'GET /api/payment-methods': () => ({ status: 200, body: [...stored].sort((a, b) => Number(b.isDefault) - Number(a.isDefault)).map(view) }),
    'POST /api/payment-methods': ({ body }) => {
      const { provider, number } = body as { provider: MobileMoneyProvider; number: string };
      if (stored.some((method) => method.full === number)) return { status: 409, body: { message: 'This number is already saved.' } };
      next += 1;
      const method: Stored = { id: `00000000-0000-4000-9000-${String(next).padStart(12, '0')}`, provider, full: number, isDefault: stored.length === 0 };
      stored.push(method);
      addRoutesFor(method);
      return { status: 201, body: view(method) };
    },
  };
  const addRoutesFor = (method: Stored) => {
    routes[`PUT /api/payment-methods/${method.id}`] = ({ body }) => {
      const changes = body as { provider?: MobileMoneyProvider; number?: string };
      stored = stored.map((candidate) =>
        candidate.id === method.id
          ? { ...candidate, provider: changes.provider ?? candidate.provider, full: changes.number ?? candidate.full, verified: false }
          : candidate,
      );
      return { status: 200, body: view(stored.find((candidate) => candidate.id === method.id) as Stored) };
    };
    routes[`POST /api/payment-methods/${method.id}/default`] = () => {
      stored = stored.map((candidate) => ({ ...candidate, isDefault: candidate.id === method.id }));
      return { status: 200, body: view(stored.find((candidate) => candidate.id === method.id) as Stored) };
    };
    routes[`DELETE /api/payment-methods/${method.id}`] = () => {
      const wasDefault = stored.find((candidate) => candidate.id === method.id)?.isDefault;
      stored = stored.filter((candidate) => candidate.id !== method.id);
      const newest = stored.at(-1);
      if (wasDefault && newest) newest.isDefault = true;
      return { status: 200, body: { ok: true } };
    };
    routes[`POST /api/payment-methods/${method.id}/confirmation`] = () => {
      if (stored.find((candidate) => candidate.id === method.id)?.verified) return { status: 409, body: { message: 'This number is already confirmed.' } };
      if (options.codeRefusedFor !== undefined) {
        return {
          status: 429,
          headers: { 'Retry-After': String(options.codeRefusedFor) },
          body: { message: 'Please wait before asking for another code.', resendAfterSeconds: options.codeRefusedFor },
        };
      }
      return { status: 201, body: { resendAfterSeconds } };
    };
    routes[`POST /api/payment-methods/${method.id}/confirm`] = ({ body }) => {
      if ((body as { code: string }).code !== textedCode) {
        return { status: 400, body: { message: 'That code is not right. Check the text message and try again.' } };
      }
      stored = stored.map((candidate) => (candidate.id === method.id ? { ...candidate, verified: true } : candidate));
      return { status: 200, body: view(stored.find((candidate) => candidate.id === method.id) as Stored) };
    };
  };
  for (const method of initial) addRoutesFor(method);
  return { routes };
}

const mtn: Stored = { id: '00000000-0000-4000-9000-000000000001', provider: 'mtn', full: '0241234567', isDefault: true, verified: true };
const telecel: Stored = { id: '00000000-0000-4000-9000-000000000002', provider: 'vodafone', full: '0501112222', isDefault: false };

function openPayments(options: { payments?: PaymentsResponse; methods?: Stored[]; codeRefusedFor?: number } = {}) {
  const server = paymentMethodsServer(options.methods, { codeRefusedFor: options.codeRefusedFor });
  const api = mockApi({
    ...frameAnswers(aUser()),
    'GET /api/payments': { status: 200, body: options.payments ?? paymentsAnswer },
    ...server.routes,
  });
  const view = renderRoutes([...elsewhere, ...routes], '/payments');
  return { api, ...view };
}

const rows = (list: HTMLElement) => within(list).getAllByRole('listitem');
const selectTab = async (user: ReturnType<typeof openPayments>['user'], label: string) =>
  user.selectOptions(await screen.findByRole('combobox', { name: 'Payment sections' }), label);

describe('/payments', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/payments');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows this month's totals from the server and the 5 most recent payments", async () => {
    openPayments();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();
    const spent = await screen.findByRole('region', { name: 'Total Spent' });
    expect(spent.textContent).toBe('Total SpentGH₵105.00This month');
    expect(screen.getByRole('region', { name: 'Total Earned' }).textContent).toBe('Total EarnedGH₵1,250.50This month');

    const recent = rows(screen.getByRole('list', { name: 'Recent transactions' }));
    expect(recent).toHaveLength(5);
    expect(recent[0]?.textContent).toBe('Accra → Kumasi22 Nov 2026, 09:30 · Mobile money · Ref MP2611220930−GH₵65.00Completed');
    // Each status has its own word, colour and drawing.
    const badges = recent.map((row) => row.querySelector('[data-status]') as HTMLElement);
    expect(badges.map((badge) => [badge.textContent, getComputedStyle(badge).color])).toEqual([
      ['Completed', 'rgb(10, 122, 75)'],
      ['Pending', 'rgb(181, 71, 8)'],
      ['Failed', 'rgb(180, 35, 24)'],
      ['Refunded', 'rgb(27, 99, 214)'],
      ['Completed', 'rgb(10, 122, 75)'],
    ]);
    expect(new Set(badges.slice(0, 4).map((badge) => badge.querySelector('path')?.getAttribute('d'))).size).toBe(4);
    expect(recent[4]?.textContent).toContain('Payout');
    expect(recent[4]?.textContent).toContain('+GH₵1,250.50');
  });

  it('lists every payment in History', async () => {
    const { user } = openPayments();
    await selectTab(user, 'History');
    const all = rows(await screen.findByRole('list', { name: 'Payment history' }));
    expect(all).toHaveLength(7);
    expect(all[6]?.textContent).toContain('Takoradi → Accra30 Oct 2026, 10:00');
  });

  it('shows zero totals and an empty history for a new user', async () => {
    const { user } = openPayments({ payments: { payments: [], totals: { totalSpent: '0.00', totalEarned: '0.00', currency: 'GHS' }, page: 1, hasMore: false } });
    expect((await screen.findByRole('region', { name: 'Total Spent' })).textContent).toContain('GH₵0.00');
    expect(screen.getByText('No transactions yet')).toBeTruthy();
    await selectTab(user, 'History');
    expect(screen.getByText('No transactions yet')).toBeTruthy();
  });
});

describe('payment methods', () => {
  it('lists the saved numbers masked, the default marked', async () => {
    const { user } = openPayments({ methods: [mtn, telecel] });
    await selectTab(user, 'Payment Methods');
    const first = await screen.findByRole('article', { name: 'MTN 024 *** 4567' });
    expect(within(first).getByText('Default')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Set as default' })).toBeNull();
    const second = screen.getByRole('article', { name: 'Telecel (Vodafone) 050 *** 2222' });
    expect(within(second).queryByText('Default')).toBeNull();
    expect(within(second).getByRole('button', { name: 'Set as default' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/0241234567|0501112222/);
  });

  it('says which numbers are confirmed, and an edited number is confirmed no more', async () => {
    const { user } = openPayments({ methods: [mtn, telecel] });
    await selectTab(user, 'Payment Methods');
    const confirmed = await screen.findByRole('article', { name: 'MTN 024 *** 4567' });
    expect(within(confirmed).getByText('Confirmed')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Telecel (Vodafone) 050 *** 2222' })).getByText('Not confirmed')).toBeTruthy();

    await user.click(within(confirmed).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Mobile Money' });
    await user.type(within(form).getByLabelText('Mobile Money Number'), '0559876543');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    const edited = await screen.findByRole('article', { name: 'MTN 055 *** 6543' });
    expect(within(edited).getByText('Not confirmed')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    const { user } = openPayments();
    await selectTab(user, 'Payment Methods');
    expect(await screen.findByText('No payment methods yet')).toBeTruthy();
  });

  it('adds a number with the network suggested from its prefix', async () => {
    const { api, user } = openPayments();
    await selectTab(user, 'Payment Methods');
    await user.click(await screen.findByRole('button', { name: 'Add Mobile Money' }));
    const form = screen.getByRole('form', { name: 'Add Mobile Money' });
    const network = within(form).getByLabelText('Network') as HTMLSelectElement;
    expect(within(network).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'Choose a network'],
      ['mtn', 'MTN'],
      ['vodafone', 'Telecel (Vodafone)'],
      ['airteltigo', 'AirtelTigo'],
    ]);
    const number = within(form).getByLabelText('Mobile Money Number');
    await user.type(number, '050');
    expect(network.value).toBe('vodafone');
    await user.clear(number);
    await user.type(number, '026 123 4567');
    expect(network.value).toBe('airteltigo');
    await user.clear(number);
    await user.type(number, '0551234567');
    expect(network.value).toBe('mtn');
    expect(within(form).getByText('055 is usually MTN')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Add Number' }));

    expect(await findToast()).toEqual({ text: 'Payment Method Added', destructive: false });
    expect(api.callsTo('POST', '/api/payment-methods')[0]?.body).toEqual({ provider: 'mtn', number: '0551234567' });
    const added = await screen.findByRole('article', { name: 'MTN 055 *** 4567' });
    expect(within(added).getByText('Default')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add Mobile Money' })).toBeNull();
  });

  it('keeps a network the person picked, even if the prefix suggests another', async () => {
    const { api, user } = openPayments();
    await selectTab(user, 'Payment Methods');
    await user.click(await screen.findByRole('button', { name: 'Add Mobile Money' }));
    const form = screen.getByRole('form', { name: 'Add Mobile Money' });
    await user.selectOptions(within(form).getByLabelText('Network'), 'AirtelTigo');
    await user.type(within(form).getByLabelText('Mobile Money Number'), '0241230000');
    expect((within(form).getByLabelText('Network') as HTMLSelectElement).value).toBe('airteltigo');
    await user.click(within(form).getByRole('button', { name: 'Add Number' }));
    await findToast();
    expect(api.callsTo('POST', '/api/payment-methods')[0]?.body).toEqual({ provider: 'airteltigo', number: '0241230000' });
  });

  it('checks the number and network before sending, and shows the server refusing a duplicate', async () => {
    const { api, user } = openPayments({ methods: [mtn] });
    await selectTab(user, 'Payment Methods');
    await user.click(await screen.findByRole('button', { name: 'Add Mobile Money' }));
    const form = screen.getByRole('form', { name: 'Add Mobile Money' });
    await user.type(within(form).getByLabelText('Mobile Money Number'), '123');
    await user.click(within(form).getByRole('button', { name: 'Add Number' }));
    expect(within(form).getByText('Please enter a valid 10-digit Ghana phone number starting with 0')).toBeTruthy();
    expect(within(form).getByText('Please choose a mobile money network')).toBeTruthy();
    expect(api.callsTo('POST', '/api/payment-methods')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Mobile Money Number'));
    await user.type(within(form).getByLabelText('Mobile Money Number'), '0241234567');
    await user.click(within(form).getByRole('button', { name: 'Add Number' }));
    expect(await findToast()).toEqual({ text: 'ErrorThis number is already saved.', destructive: true });
    expect(screen.getByRole('form', { name: 'Add Mobile Money' })).toBeTruthy();
  });

  it('edits a saved number: keeps the number when left empty, or takes a new one', async () => {
    const { api, user } = openPayments({ methods: [mtn, telecel] });
    await selectTab(user, 'Payment Methods');
    const telecelCard = await screen.findByRole('article', { name: 'Telecel (Vodafone) 050 *** 2222' });
    await user.click(within(telecelCard).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Mobile Money' });
    expect(within(form).getByText('Leave empty to keep 050 *** 2222')).toBeTruthy();
    expect((within(form).getByLabelText('Network') as HTMLSelectElement).value).toBe('vodafone');
    await user.type(within(form).getByLabelText('Mobile Money Number'), '0571112222');
    expect((within(form).getByLabelText('Network') as HTMLSelectElement).value).toBe('airteltigo');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast()).toEqual({ text: 'Payment Method Updated', destructive: false });
    expect(api.callsTo('PUT', `/api/payment-methods/${telecel.id}`)[0]?.body).toEqual({ provider: 'airteltigo', number: '0571112222' });
    expect(await screen.findByRole('article', { name: 'AirtelTigo 057 *** 2222' })).toBeTruthy();

    await user.click(within(screen.getByRole('article', { name: 'MTN 024 *** 4567' })).getByRole('button', { name: 'Edit' }));
    await user.selectOptions(screen.getByLabelText('Network'), 'Telecel (Vodafone)');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.callsTo('PUT', `/api/payment-methods/${mtn.id}`)[0]?.body).toEqual({ provider: 'vodafone' }));
  });

  it('sets another number as the default', async () => {
    const { api, user } = openPayments({ methods: [mtn, telecel] });
    await selectTab(user, 'Payment Methods');
    const telecelCard = await screen.findByRole('article', { name: 'Telecel (Vodafone) 050 *** 2222' });
    await user.click(within(telecelCard).getByRole('button', { name: 'Set as default' }));
    expect(await findToast()).toEqual({ text: 'Default Payment Method Updated', destructive: false });
    expect(api.callsTo('POST', `/api/payment-methods/${telecel.id}/default`)).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Telecel (Vodafone) 050 *** 2222' })).getByText('Default')).toBeTruthy(),
    );
    expect(within(screen.getByRole('article', { name: 'MTN 024 *** 4567' })).queryByText('Default')).toBeNull();
  });

  it('removes a number; the default moves to the one left', async () => {
    const { api, user } = openPayments({ methods: [mtn, telecel] });
    await selectTab(user, 'Payment Methods');
    const mtnCard = await screen.findByRole('article', { name: 'MTN 024 *** 4567' });
    await user.click(within(mtnCard).getByRole('button', { name: 'Remove' }));
    expect(await findToast()).toEqual({ text: 'Payment Method Removed', destructive: false });
    expect(api.callsTo('DELETE', `/api/payment-methods/${mtn.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'MTN 024 *** 4567' })).toBeNull());
    expect(within(screen.getByRole('article', { name: 'Telecel (Vodafone) 050 *** 2222' })).getByText('Default')).toBeTruthy();

    await user.click(within(screen.getByRole('article', { name: 'Telecel (Vodafone) 050 *** 2222' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No payment methods yet')).toBeTruthy();
  });
});

describe('confirming a number by code', () => {
  // The clock stands still, so the countdown shows exactly the wait the server asked for.
  const stillClock = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T09:00:00.000Z'));
  };
  afterEach(() => vi.useRealTimers());

  const openTelecel = async (options: { codeRefusedFor?: number } = {}) => {
    const opened = openPayments({ methods: [mtn, telecel], ...options });
    await selectTab(opened.user, 'Payment Methods');
    const card = await screen.findByRole('article', { name: 'Telecel (Vodafone) 050 *** 2222' });
    return { ...opened, card };
  };

  it('offers it only on an unconfirmed number, with a hint why', async () => {
    const { card } = await openTelecel();
    expect(within(card).getByText('Confirm this number to receive payouts to it.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Confirm number' })).toBeTruthy();
    const confirmed = screen.getByRole('article', { name: 'MTN 024 *** 4567' });
    expect(within(confirmed).queryByRole('button', { name: 'Confirm number' })).toBeNull();
    expect(within(confirmed).queryByText('Confirm this number to receive payouts to it.')).toBeNull();
  });

  it('texts a code and opens the code entry, the cursor in it, Resend waiting out the countdown', async () => {
    stillClock();
    const { api, user, card } = await openTelecel();
    await user.click(within(card).getByRole('button', { name: 'Confirm number' }));
    const entry = await within(card).findByRole('region', { name: 'Confirm 050 *** 2222' });
    expect(api.callsTo('POST', `/api/payment-methods/${telecel.id}/confirmation`)).toHaveLength(1);
    expect(within(entry).getByText('We texted a code to 050 *** 2222. Type it to confirm this number for payouts.')).toBeTruthy();
    const boxes = within(entry).getByRole('group', { name: 'Confirmation code' });
    expect(document.activeElement).toBe(boxes.querySelector('input'));
    expect((within(entry).getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(entry).getByRole('timer').textContent).toBe('00:30');
  });

  it('lets another code be asked for once the wait is over', async () => {
    stillClock();
    const { api, user, card } = await openTelecel();
    await user.click(within(card).getByRole('button', { name: 'Confirm number' }));
    const resend = (await within(card).findByRole('button', { name: 'Resend code' })) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    vi.setSystemTime(new Date('2026-11-28T09:00:30.000Z'));
    await waitFor(() => expect(resend.disabled).toBe(false));
    expect(within(card).getByRole('timer').textContent).toBe('00:00');
    await user.click(resend);
    await waitFor(() => expect(within(card).getByRole('timer').textContent).toBe('00:30'));
    expect(api.callsTo('POST', `/api/payment-methods/${telecel.id}/confirmation`)).toHaveLength(2);
  });

  it('shows a wrong code refused in the server words and lets the person type again', async () => {
    const { api, user, card } = await openTelecel();
    await user.click(within(card).getByRole('button', { name: 'Confirm number' }));
    await within(card).findByRole('group', { name: 'Confirmation code' });
    await user.keyboard('1111');
    expect((await within(card).findByRole('alert')).textContent).toBe('That code is not right. Check the text message and try again.');
    expect(api.callsTo('POST', `/api/payment-methods/${telecel.id}/confirm`)[0]?.body).toEqual({ code: '1111' });
    expect(within(card).getByText('Not confirmed')).toBeTruthy();
    const boxes = within(card).getByRole('group', { name: 'Confirmation code' });
    expect([...boxes.querySelectorAll('input')].map((box) => box.value).join('')).toBe('');
  });

  it('marks the number confirmed with the right code, and closes the entry', async () => {
    const { user, card } = await openTelecel();
    await user.click(within(card).getByRole('button', { name: 'Confirm number' }));
    await within(card).findByRole('group', { name: 'Confirmation code' });
    await user.keyboard(textedCode);
    const confirmed = await screen.findByRole('article', { name: 'Telecel (Vodafone) 050 *** 2222' });
    await waitFor(() => expect(within(confirmed).getByText('Confirmed')).toBeTruthy());
    expect(within(confirmed).queryByRole('group', { name: 'Confirmation code' })).toBeNull();
    expect(within(confirmed).queryByRole('button', { name: 'Confirm number' })).toBeNull();
    expect(within(confirmed).queryByText('Confirm this number to receive payouts to it.')).toBeNull();
  });

  it('says when another code may not go out yet, and counts down the wait', async () => {
    stillClock();
    const { user, card } = await openTelecel({ codeRefusedFor: 42 });
    await user.click(within(card).getByRole('button', { name: 'Confirm number' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Please wait before asking for another code.');
    expect((within(card).getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).getByRole('timer').textContent).toBe('00:42');
  });
});
