import type { Booking } from '@krom/contracts/http/bookings';
import type { RideDetails } from '@krom/contracts/http/rides';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aBooking } from '../../../components/__tests__/booking-fixtures.ts';
import { aRideWithDetails } from '../../../components/__tests__/ride-fixtures.ts';

// The screen and the QR code load lazily, as in the browser; compiling them once up front keeps that cost out of the first test's time limit.
beforeAll(() => Promise.all([import('../components/book-seat-page.tsx'), import('../../../components/boarding-qr.tsx')]), 30_000);

const elsewhere = [
  { path: '/login', Component: () => <h1>Log in</h1> },
  { path: '/my-rides', Component: () => <h1>My Rides</h1> },
];

type BookingCall = { body: Record<string, unknown>; key: string | null };

/** The booking screen for a signed-in Ama at `query`, the server answering each booking with `answer` (in order, the last one repeated). */
function openBooking(ride: RideDetails, query: string, answers: ((call: BookingCall) => Promise<{ status: number; body: unknown }> | { status: number; body: unknown })[] = []) {
  const bookings: BookingCall[] = [];
  const api = mockApi({
    ...frameAnswers(aUser()),
    // The ride for the leg asked (?board=&alight=), its seats and price per seat as the fixture's.
    [`GET /api/rides/${ride.id}`]: ({ query }) => ({ status: 200, body: forLeg(ride, query) }),
    'GET /api/payment-methods': { status: 200, body: [] },
    'POST /api/bookings': ({ body, headers }) => {
      const call = { body: body as Record<string, unknown>, key: headers.get('idempotency-key') };
      bookings.push(call);
      const answer = answers[Math.min(bookings.length, answers.length) - 1];
      if (!answer) throw new Error('No answer for this booking in the test');
      return answer(call);
    },
  });
  return { api, bookings, ...renderRoutes([...elsewhere, ...routes], `/book-seat/${ride.id}${query}`) };
}

/** The ride as the server answers it for the leg in `query` (the whole route without one). */
function forLeg(ride: RideDetails, query: URLSearchParams): RideDetails {
  const board = query.get('board');
  const alight = query.get('alight');
  return { ...ride, leg: { ...ride.leg, boardAt: board === null ? 0 : Number(board), alightAt: alight === null ? ride.stops.length + 1 : Number(alight) } };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const selectedText = (name: string) => select(name).selectedOptions[0]?.textContent;
const confirm = () => screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;

/** A promise the test settles itself: the server's answer arrives when the test says so. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('/book-seat/{id}', () => {
  it('sends a signed-out visitor to log in, with the way back to this booking', async () => {
    const ride = aRideWithDetails();
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], `/book-seat/${ride.id}?seats=2&board=1&alight=2`);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(`/book-seat/${ride.id}?seats=2&board=1&alight=2`);
  });

  it("shows the ride, the leg and seats the address carries, the passenger's profile and the exact total", async () => {
    const ride = aRideWithDetails({ pricePerSeat: '33.35', availableSeats: 3, bookingMode: 'approval' });
    const { user } = openBooking(ride, '?seats=2&board=1&alight=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book your seat' })).toBeTruthy();
    const trip = screen.getByRole('region', { name: 'Your trip' });
    expect(within(trip).getByRole('heading', { name: 'Accra → Kumasi' })).toBeTruthy();
    expect(trip.textContent).toContain('Sat, Nov 28, 2026 · 7:30 AM');
    expect(trip.textContent).toContain('DriverKofi Boateng');
    expect(trip.textContent).toContain('2019 Toyota Corolla, Silver');
    expect(trip.textContent).toContain('GR-1234-20');
    expect(trip.textContent).toContain('Driver approves');
    expect([...select('Where you board').options].map((option) => option.textContent)).toEqual([
      'Accra · Kaneshie Station',
      'Nkawkaw · Nkawkaw Lorry Station',
    ]);
    expect(selectedText('Where you board')).toBe('Nkawkaw · Nkawkaw Lorry Station');
    expect(selectedText('Where you leave')).toBe('Kumasi · Kejetia Market');
    expect([...select('Seats').options].map((option) => option.value)).toEqual(['1', '2', '3']);
    expect(select('Seats').value).toBe('2');
    expect(field('Passenger name').value).toBe('Ama Mensah');
    expect(field('Phone number').value).toBe('0241234567');
    expect(screen.getByText('GH₵66.70')).toBeTruthy();
    await user.selectOptions(select('Seats'), '3');
    expect(screen.getByText('GH₵100.05')).toBeTruthy();
  });

  it('lets the passenger board only before they leave: boarding later moves where they leave on', async () => {
    const ride = aRideWithDetails();
    const { user } = openBooking(ride, '');
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    expect([selectedText('Where you board'), selectedText('Where you leave')]).toEqual(['Accra · Kaneshie Station', 'Kumasi · Kejetia Market']);
    await user.selectOptions(select('Where you leave'), '1');
    await user.selectOptions(select('Where you board'), '1');
    expect(selectedText('Where you leave')).toBe('Kumasi · Kejetia Market');
    expect([...select('Where you leave').options].map((option) => option.value)).toEqual(['2']);
  });

  it('takes the leg from the searched towns when the address names them instead', async () => {
    openBooking(aRideWithDetails(), '?seats=1&from=nkawkaw&to=Kumasi');
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    expect([selectedText('Where you board'), selectedText('Where you leave')]).toEqual(['Nkawkaw · Nkawkaw Lorry Station', 'Kumasi · Kejetia Market']);
  });

  it('keeps Confirm disabled without a name or a phone number', async () => {
    const { user } = openBooking(aRideWithDetails(), '');
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    expect(confirm().disabled).toBe(false);
    await user.clear(field('Passenger name'));
    expect(confirm().disabled).toBe(true);
    await user.type(field('Passenger name'), 'Esi Owusu');
    await user.clear(field('Phone number'));
    expect(confirm().disabled).toBe(true);
    await user.type(field('Phone number'), '0201112222');
    expect(confirm().disabled).toBe(false);
  });

  it('says Processing... while booking, then shows the confirmed seat with its boarding code and a way to My Rides', async () => {
    const ride = aRideWithDetails({ id: '00000000-0000-4000-8000-000000000999' });
    const answer = deferred<{ status: number; body: Booking }>();
    const { user, bookings, router } = openBooking(ride, '?seats=2&board=1&alight=2', [() => answer.promise]);
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    await user.type(screen.getByRole('textbox', { name: 'Special requests (optional)' }), 'One big suitcase');
    await user.click(confirm());
    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]?.body).toEqual({
      rideId: ride.id,
      seats: 2,
      boardAt: 1,
      alightAt: 2,
      passengerName: 'Ama Mensah',
      passengerPhone: '0241234567',
      specialRequests: 'One big suitcase',
    });
    expect(bookings[0]?.key).toMatch(/^[0-9a-f-]{36}$/);

    answer.resolve({ status: 201, body: aBooking({ rideId: ride.id, boardingCode: 'K7QX4M' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeTruthy();
    expect(screen.getByText('2 seats booked from Nkawkaw to Kumasi.')).toBeTruthy();
    expect(screen.getByText('K7QX4M')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'QR code of boarding code K7QX4M' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Go to My Rides' }));
    expect(router.state.location.pathname).toBe('/my-rides');
  });

  it('offers Share my trip on the confirmation, texted to the emergency contact at departure, and the emergency screen, as My Rides does', async () => {
    const ride = aRideWithDetails();
    const booking = aBooking({ rideId: ride.id, status: 'confirmed' });
    const sharePath = `/api/bookings/${booking.id}/trip-share`;
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd';
    const api = mockApi({
      ...frameAnswers(aUser({ emergencyContactName: 'Kwame Mensah', emergencyContactPhone: '0201234567' })),
      [`GET /api/rides/${ride.id}`]: { status: 200, body: ride },
      'GET /api/payment-methods': { status: 200, body: [] },
      'POST /api/bookings': { status: 201, body: booking },
      [`GET ${sharePath}`]: { status: 404, body: { message: 'This trip is not shared.' } },
      [`POST ${sharePath}`]: ({ body }) => ({
        status: 200,
        body: { bookingId: booking.id, link: `/trip/${token}`, expiresAt: '2030-11-28T13:40:00.000Z', contactTextedAt: null, ...(body as object) },
      }),
    });
    const { user } = renderRoutes([...elsewhere, ...routes], `/book-seat/${ride.id}?seats=1`);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeTruthy();
    await user.click(await screen.findByRole('checkbox', { name: /Text this link to my emergency contact when we leave/ }));
    await user.click(screen.getByRole('button', { name: 'Share my trip' }));
    const link = (await screen.findByRole('textbox', { name: 'Trip link' })) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/trip/${token}`);
    expect(api.calls.find((call) => call.method === 'POST' && call.path === sharePath)?.body).toEqual({ textContactAtDeparture: true });
    expect(screen.getByRole('link', { name: 'Emergency' }).getAttribute('href')).toBe(`/emergency/${booking.id}`);
  });

  it('offers no trip sharing on a request the driver has still to answer', async () => {
    const ride = aRideWithDetails({ bookingMode: 'approval' });
    const request = aBooking({ rideId: ride.id, status: 'requested', bookingMode: 'approval', boardingCode: null, expiresAt: '2026-11-27T19:30:00.000Z' });
    const { user, api } = openBooking(ride, '?seats=1', [() => ({ status: 201, body: request })]);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request sent' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share my trip' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Emergency' })).toBeNull();
    expect(api.calls.some((call) => call.path.endsWith('/trip-share'))).toBe(false);
  });

  it("on an approval ride, says the request is sent, that the driver will answer, and when it lapses", async () => {
    const ride = aRideWithDetails({ bookingMode: 'approval' });
    const request = aBooking({ rideId: ride.id, status: 'requested', bookingMode: 'approval', boardingCode: null, expiresAt: '2026-11-27T19:30:00.000Z' });
    const { user } = openBooking(ride, '?seats=2&board=1&alight=2', [() => ({ status: 201, body: request })]);
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    await user.click(confirm());
    expect(await screen.findByRole('heading', { level: 1, name: 'Request sent' })).toBeTruthy();
    expect(screen.getByText('You asked for 2 seats from Nkawkaw to Kumasi. The driver will answer your request.')).toBeTruthy();
    expect(screen.getByText('If the driver has not answered by Fri, Nov 27, 2026 at 7:30 PM, the request lapses and its seats are released.')).toBeTruthy();
    expect(screen.queryByText(/Boarding code/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to My Rides' }).getAttribute('href')).toBe('/my-rides');
  });

  it("shows Booking failed with the server's reason, and a retry of the same booking sends the same Idempotency-Key", async () => {
    const ride = aRideWithDetails();
    const { user, bookings } = openBooking(ride, '?seats=2', [
      () => ({ status: 409, body: { message: 'This booking is still being made. Please wait a moment and try again.' } }),
      () => ({ status: 503, body: { message: 'The rides service is unavailable' } }),
      () => ({ status: 201, body: aBooking({ rideId: ride.id }) }),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    await user.click(confirm());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Booking failed. Please try again.This booking is still being made. Please wait a moment and try again.');

    await user.click(confirm());
    expect((await screen.findByRole('alert')).textContent).toContain('The rides service is unavailable');
    await user.click(confirm());
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeTruthy();
    expect(bookings).toHaveLength(3);
    expect(new Set(bookings.map((call) => call.key)).size).toBe(1);
  });

  it('makes a new Idempotency-Key for a changed booking after a failure: it is another booking', async () => {
    const ride = aRideWithDetails();
    const { user, bookings } = openBooking(ride, '?seats=3', [
      () => ({ status: 409, body: { message: 'Only 2 seats are left on this part of the route' } }),
      () => ({ status: 201, body: aBooking({ rideId: ride.id }) }),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    await user.click(confirm());
    expect((await screen.findByRole('alert')).textContent).toContain('Only 2 seats are left on this part of the route');
    await user.selectOptions(select('Seats'), '2');
    await user.click(confirm());
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeTruthy();
    expect(bookings.map((call) => call.body.seats)).toEqual([3, 2]);
    expect(bookings[0]?.key).not.toBe(bookings[1]?.key);
  });

  it('makes a new Idempotency-Key after a refusal of the same booking: the server would only repeat its refusal for that key', async () => {
    const ride = aRideWithDetails();
    const { user, bookings } = openBooking(ride, '?seats=2', [
      () => ({ status: 409, body: { message: 'No seats are left on this part of the route' } }),
      () => ({ status: 201, body: aBooking({ rideId: ride.id }) }),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Book your seat' });
    await user.click(confirm());
    expect((await screen.findByRole('alert')).textContent).toContain('No seats are left on this part of the route');
    // A seat came free meanwhile: the same booking asked again is a new attempt.
    await user.click(confirm());
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeTruthy();
    expect(bookings).toHaveLength(2);
    expect(bookings[0]?.key).not.toBe(bookings[1]?.key);
  });

  it('offers no booking on the signed-in driver’s own ride', async () => {
    openBooking(aRideWithDetails({ isOwnRide: true }), '');
    expect(await screen.findByText('You cannot book a seat on your own ride')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });
});
