import type { BookingPayment } from '@krom/contracts/http/booking-payments';
import { bookingMessages } from '@krom/contracts/http/booking-values';
import type { Booking } from '@krom/contracts/http/bookings';
import type { PaymentMethod } from '@krom/contracts/http/payments';
import type { RideDetails } from '@krom/contracts/http/rides';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aBooking } from '../../../components/__tests__/booking-fixtures.ts';
import { aRideWithDetails } from '../../../components/__tests__/ride-fixtures.ts';

// The screens load lazily, as in the browser; compiling them once up front keeps that cost out of the first test's time limit.
beforeAll(
  () =>
    Promise.all([
      import('../components/book-seat-page.tsx'),
      import('../components/booking-payment-page.tsx'),
      import('../components/voucher-page.tsx'),
      import('../../../components/boarding-qr.tsx'),
    ]),
  30_000,
);

const elsewhere = [{ path: '/my-rides', Component: () => <h1>My Rides</h1> }];
type Reply = { status: number; body?: unknown };

/** 2 seats at GH₵45.00 by mobile money: GH₵90.00, Krom's fee GH₵4.50 (5%), GH₵94.50 asked of an MTN wallet. */
function aPayment(overrides: Partial<BookingPayment> = {}): BookingPayment {
  return {
    id: '20000000-0000-4000-8000-000000000001',
    bookingId: '10000000-0000-4000-8000-000000000777',
    status: 'pending',
    fare: '90.00',
    serviceFee: '4.50',
    total: '94.50',
    currency: 'GHS',
    network: 'mtn',
    walletMasked: '024 *** **67',
    displayText: 'Please complete authorization process on your mobile phone',
    reason: null,
    expiresAt: new Date(Date.now() + 14 * 60_000 + 30_000).toISOString(),
    ...overrides,
  };
}

const heldBooking = (overrides: Partial<Booking> = {}) =>
  aBooking({
    id: '10000000-0000-4000-8000-000000000777',
    status: 'awaiting_payment',
    paymentMethod: 'mobile_money',
    serviceFee: '4.50',
    boardingCode: null,
    expiresAt: new Date(Date.now() + 14 * 60_000 + 30_000).toISOString(),
    ...overrides,
  });

/**
 * The payment screens at `path` for a signed-in Ama: the booking and its payment answered from the
 * lists given (each read takes the next, the last one repeated), as the polling reads them.
 */
function openPayment(path: string, { bookings, payments, voucher }: { bookings: Booking[]; payments: Reply[]; voucher?: (otp: string) => Reply }) {
  let bookingReads = 0;
  let paymentReads = 0;
  const booking = bookings[0]!;
  const api = mockApi({
    ...frameAnswers(aUser()),
    [`GET /api/bookings/${booking.id}`]: () => ({ status: 200, body: bookings[Math.min(bookingReads++, bookings.length - 1)] }),
    [`GET /api/bookings/${booking.id}/payment`]: () => payments[Math.min(paymentReads++, payments.length - 1)]!,
    [`GET /api/bookings/${booking.id}/trip-share`]: { status: 404, body: { message: 'This trip is not shared.' } },
    [`POST /api/bookings/${booking.id}/payment/otp`]: ({ body }) => {
      if (!voucher) throw new Error('No voucher answer in this test');
      return voucher((body as { otp: string }).otp);
    },
  });
  return { api, ...renderRoutes([...elsewhere, ...routes], path) };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('/book-seat/{id}: paying by mobile money', () => {
  function openBooking(ride: RideDetails, answer: (body: Record<string, unknown>) => Reply, saved: Reply = { status: 200, body: [] }) {
    const sent: Record<string, unknown>[] = [];
    const api = mockApi({
      ...frameAnswers(aUser()),
      [`GET /api/rides/${ride.id}`]: { status: 200, body: ride },
      'GET /api/payment-methods': saved,
      'POST /api/bookings': ({ body }) => {
        sent.push(body as Record<string, unknown>);
        return answer(body as Record<string, unknown>);
      },
      'GET /api/bookings/10000000-0000-4000-8000-000000000777': { status: 200, body: heldBooking() },
      'GET /api/bookings/10000000-0000-4000-8000-000000000777/payment': { status: 200, body: aPayment() },
    });
    return { api, sent, ...renderRoutes([...elsewhere, ...routes], `/book-seat/${ride.id}?seats=2`) };
  }

  it('offers cash by default, with no fee; mobile money shows the fare, Krom’s fee and the total, the wallet prefilled and its network suggested', async () => {
    const ride = aRideWithDetails({ pricePerSeat: '45.00' });
    const { user } = openBooking(ride, () => ({ status: 500 }));
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    expect((screen.getByRole('radio', { name: /^Cash/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('You pay the driver in cash at pickup.')).toBeTruthy();
    expect(screen.queryByText('Krom service fee')).toBeNull();
    expect(screen.getByText('GH₵90.00')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /^Mobile Money/ }));
    expect(field('Mobile money number').value).toBe('0241234567');
    expect((screen.getByRole('combobox', { name: 'Network' }) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('MTN Mobile Money');
    const fee = screen.getByText('Krom service fee').closest('div')!;
    expect(fee.textContent).toBe('Krom service feeGH₵4.50');
    expect(screen.getByText('Fare').closest('div')!.textContent).toBe('FareGH₵90.00');
    expect(screen.getByText('GH₵94.50')).toBeTruthy();
    expect(screen.getByText('After you confirm, approve the payment prompt on your phone to secure your seat.')).toBeTruthy();

    // A Telecel number suggests Telecel; the minimum fee applies to a small fare.
    await user.clear(field('Mobile money number'));
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Enter your mobile money number and choose its network to confirm.')).toBeTruthy();
    await user.type(field('Mobile money number'), '0201234567');
    expect((screen.getByRole('combobox', { name: 'Network' }) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Telecel Cash');
  });

  it('books with the wallet and goes to the payment screen while the prompt is out', async () => {
    const ride = aRideWithDetails({ pricePerSeat: '45.00' });
    const { user, sent, router } = openBooking(ride, () => ({ status: 201, body: heldBooking() }));
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    await user.click(screen.getByRole('radio', { name: /^Mobile Money/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Approve the payment on your phone' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/booking-payment/10000000-0000-4000-8000-000000000777');
    expect(sent[0]).toMatchObject({ rideId: ride.id, seats: 2, paymentMethod: 'mobile_money', wallet: { phone: '0241234567', network: 'mtn' } });
  });

  it('tells the passenger of an approval ride that the prompt comes when the driver accepts', async () => {
    const ride = aRideWithDetails({ pricePerSeat: '45.00', bookingMode: 'approval' });
    const { user } = openBooking(ride, () => ({ status: 201, body: heldBooking({ status: 'requested', bookingMode: 'approval' }) }));
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    await user.click(screen.getByRole('radio', { name: /^Mobile Money/ }));
    expect(screen.getByText(/The payment prompt comes to your phone when the driver accepts your request/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request sent' })).toBeTruthy();
    expect(screen.getByText('When the driver accepts, the payment prompt comes to your phone; approve it to secure your seat.')).toBeTruthy();
  });
});

describe('/book-seat/{id}: paying from a saved mobile money number', () => {
  /** Ama's saved numbers as GET /api/payment-methods lists them: masked, the default first. */
  const savedNumbers: PaymentMethod[] = [
    { id: '30000000-0000-4000-8000-000000000001', type: 'mobile_money', provider: 'vodafone', number: '020 *** 1234', isDefault: true, verified: false },
    { id: '30000000-0000-4000-8000-000000000002', type: 'mobile_money', provider: 'airteltigo', number: '027 *** 9876', isDefault: false, verified: true },
  ];

  function openBooking(ride: RideDetails, saved: Reply, answer: (body: Record<string, unknown>) => Reply = () => ({ status: 201, body: heldBooking() })) {
    const sent: Record<string, unknown>[] = [];
    const api = mockApi({
      ...frameAnswers(aUser()),
      [`GET /api/rides/${ride.id}`]: { status: 200, body: ride },
      'GET /api/payment-methods': saved,
      'POST /api/bookings': ({ body }) => {
        sent.push(body as Record<string, unknown>);
        return answer(body as Record<string, unknown>);
      },
      'GET /api/bookings/10000000-0000-4000-8000-000000000777': { status: 200, body: heldBooking() },
      'GET /api/bookings/10000000-0000-4000-8000-000000000777/payment': { status: 200, body: aPayment() },
    });
    return { api, sent, ...renderRoutes([...elsewhere, ...routes], `/book-seat/${ride.id}?seats=2`) };
  }
  const radio = (name: string | RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

  it('offers the saved numbers masked, the default chosen, and books with the chosen one by its id, no number typed', async () => {
    const ride = aRideWithDetails({ pricePerSeat: '45.00' });
    const { user, sent } = openBooking(ride, { status: 200, body: savedNumbers });
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    await user.click(screen.getByRole('radio', { name: /^Mobile Money/ }));

    const payFrom = await screen.findByRole('group', { name: 'Pay from' });
    expect(within(payFrom).getAllByRole('radio').map((option) => option.closest('label')?.textContent)).toEqual([
      'Telecel Cash 020 *** 1234Your default number',
      'AirtelTigo Money 027 *** 9876',
      'Use another number',
    ]);
    expect(radio(/^Telecel Cash 020 \*\*\* 1234/).checked).toBe(true);
    // The full number is the server's to know: nothing to type or see here.
    expect(screen.queryByRole('textbox', { name: 'Mobile money number' })).toBeNull();
    expect(screen.getByText('GH₵94.50')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Approve the payment on your phone' })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ paymentMethod: 'mobile_money', paymentMethodId: savedNumbers[0]!.id });
    expect(sent[0]).not.toHaveProperty('wallet');
  });

  it('books with another saved number when it is chosen', async () => {
    const ride = aRideWithDetails({ pricePerSeat: '45.00' });
    const { user, sent } = openBooking(ride, { status: 200, body: savedNumbers });
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    await user.click(screen.getByRole('radio', { name: /^Mobile Money/ }));
    await user.click(await screen.findByRole('radio', { name: /^AirtelTigo Money 027 \*\*\* 9876/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { level: 1, name: 'Approve the payment on your phone' });
    expect(sent[0]).toMatchObject({ paymentMethodId: savedNumbers[1]!.id });
  });

  it('lets the passenger use another number: typed with its network, the profile phone to start from', async () => {
    const ride = aRideWithDetails({ pricePerSeat: '45.00' });
    const { user, sent } = openBooking(ride, { status: 200, body: savedNumbers });
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    await user.click(screen.getByRole('radio', { name: /^Mobile Money/ }));
    await user.click(await screen.findByRole('radio', { name: 'Use another number' }));
    expect(field('Mobile money number').value).toBe('0241234567');
    expect((screen.getByRole('combobox', { name: 'Network' }) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('MTN Mobile Money');
    await user.clear(field('Mobile money number'));
    await user.type(field('Mobile money number'), '0551234567');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { level: 1, name: 'Approve the payment on your phone' });
    expect(sent[0]).toMatchObject({ paymentMethod: 'mobile_money', wallet: { phone: '0551234567', network: 'mtn' } });
    expect(sent[0]).not.toHaveProperty('paymentMethodId');
  });

  it('shows the server’s words when the saved number is no longer there', async () => {
    const ride = aRideWithDetails({ pricePerSeat: '45.00' });
    const { user } = openBooking(ride, { status: 200, body: savedNumbers }, () => ({ status: 400, body: { message: bookingMessages.savedWalletGone } }));
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    await user.click(screen.getByRole('radio', { name: /^Mobile Money/ }));
    await screen.findByRole('group', { name: 'Pay from' });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(bookingMessages.savedWalletGone)).toBeTruthy();
  });

  it('asks for a number to type when the saved numbers cannot be read', async () => {
    const ride = aRideWithDetails({ pricePerSeat: '45.00' });
    const { user, sent } = openBooking(ride, { status: 503, body: { message: 'Service unavailable. Please try again.' } });
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    await user.click(screen.getByRole('radio', { name: /^Mobile Money/ }));
    expect(field('Mobile money number').value).toBe('0241234567');
    expect(screen.queryByRole('group', { name: 'Pay from' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { level: 1, name: 'Approve the payment on your phone' });
    expect(sent[0]).toMatchObject({ wallet: { phone: '0241234567', network: 'mtn' } });
  });
});

describe('/booking-payment/{id}', () => {
  it('shows the prompt’s progress: the amount and wallet, the gateway’s words, the hold counting down, the fare, fee and total', async () => {
    openPayment('/booking-payment/10000000-0000-4000-8000-000000000777', { bookings: [heldBooking()], payments: [{ status: 200, body: aPayment() }] });
    expect(await screen.findByText('We sent a prompt for GH₵94.50 to 024 *** **67 (MTN Mobile Money). Enter your mobile money PIN on your phone to approve it.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Approve the payment on your phone' })).toBeTruthy();
    expect(screen.getByText('Please complete authorization process on your mobile phone')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^Your seat is held for 14:(2\d|30)\.$/);
    expect(screen.getByText('Krom service fee').closest('div')!.textContent).toBe('Krom service feeGH₵4.50');
  });

  it('says the prompt is being sent while payments has not made it yet, then follows it to the confirmed seat and its e-ticket', async () => {
    const { queryClient } = openPayment('/booking-payment/10000000-0000-4000-8000-000000000777', {
      bookings: [heldBooking(), heldBooking(), heldBooking({ status: 'confirmed', boardingCode: 'K7QX4M', expiresAt: null })],
      payments: [{ status: 404, body: { message: 'Payment not found' } }, { status: 200, body: aPayment() }, { status: 200, body: aPayment({ status: 'succeeded', displayText: null }) }],
    });
    expect(await screen.findByText('Sending the payment prompt to your phone…')).toBeTruthy();
    // Each poll: the queries read again, as the interval does.
    await act(() => queryClient.refetchQueries());
    expect(await screen.findByText(/We sent a prompt for GH₵94.50/)).toBeTruthy();
    await act(() => queryClient.refetchQueries());
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeTruthy();
    expect(screen.getByText('K7QX4M')).toBeTruthy();
    expect(screen.getByText('GH₵94.50')).toBeTruthy();
    // The paid seat's confirmation offers the trip sharing too.
    expect(await screen.findByRole('button', { name: 'Share my trip' })).toBeTruthy();
  });

  it('shows why a payment failed, and the way to book the same seats again', async () => {
    openPayment('/booking-payment/10000000-0000-4000-8000-000000000777', {
      bookings: [heldBooking({ status: 'expired' })],
      payments: [{ status: 200, body: aPayment({ status: 'failed', reason: 'The mobile money payment was declined or could not be completed', displayText: null }) }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The mobile money payment was declined or could not be completed');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/book-seat/00000000-0000-4000-8000-000000000999?seats=2&board=1&alight=2');
    expect(screen.getByRole('link', { name: 'Go to My Rides' })).toBeTruthy();
  });

  it('says the payment failed when the hold lapsed before any payment was made', async () => {
    openPayment('/booking-payment/10000000-0000-4000-8000-000000000777', {
      bookings: [heldBooking({ status: 'expired', expiresAt: null })],
      payments: [{ status: 404, body: { message: 'Payment not found' } }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The mobile money payment was not completed');
  });
});

describe("/booking-payment/{id}/voucher: Telecel's voucher step", () => {
  const telecel = (overrides: Partial<BookingPayment> = {}) =>
    aPayment({ status: 'needs_otp', network: 'vodafone', walletMasked: '020 *** **67', displayText: 'Please dial *110# to generate a voucher code. Then input the voucher', ...overrides });

  it('has its own screen; a wrong code is refused in the server’s words, the right one goes back to waiting on the prompt', async () => {
    const sent: string[] = [];
    const { router, user, api } = openPayment('/booking-payment/10000000-0000-4000-8000-000000000777', {
      bookings: [heldBooking()],
      payments: [{ status: 200, body: telecel() }],
      voucher: (otp) => {
        sent.push(otp);
        return otp === '482913'
          ? { status: 200, body: telecel({ status: 'pending', displayText: 'Please complete authorization process on your mobile phone' }) }
          : { status: 400, body: { message: 'That voucher code was not accepted. Check the code Telecel texted you and try again.' } };
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your Telecel voucher code' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/booking-payment/10000000-0000-4000-8000-000000000777/voucher');
    expect(screen.getByText('Telecel asks for a voucher code before it sends the payment prompt to 020 *** **67 (Telecel Cash).')).toBeTruthy();
    expect(screen.getByText('Please dial *110# to generate a voucher code. Then input the voucher')).toBeTruthy();

    await user.type(field('Voucher code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter the voucher code Telecel texted you (digits only)')).toBeTruthy();
    expect(api.callsTo('POST', '/api/bookings/10000000-0000-4000-8000-000000000777/payment/otp')).toHaveLength(0);

    await user.clear(field('Voucher code'));
    await user.type(field('Voucher code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('That voucher code was not accepted. Check the code Telecel texted you and try again.')).toBeTruthy();

    await user.clear(field('Voucher code'));
    await user.type(field('Voucher code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Approve the payment on your phone' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/booking-payment/10000000-0000-4000-8000-000000000777');
    expect(sent).toEqual(['111111', '482913']);
  });
});
