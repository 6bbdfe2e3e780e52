import type { RideBooking } from '@krom/contracts/http/bookings';
import { bookingMessages } from '@krom/contracts/http/bookings';
import type { DriverRide } from '@krom/contracts/http/rides';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aRideBooking, driverRide } from '../../../components/__tests__/ride-fixtures.ts';

beforeAll(() => import('../components/driver-rides-page.tsx'), 30_000);
afterEach(() => {
  vi.useRealTimers();
});

/** The driver's clock: only Date is fake, so the screen's timers and user-event run as usual. */
function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

/** A booking as the fake server holds it: with the boarding code only the passenger's ticket shows. */
type Held = RideBooking & { code?: string };

/** A booking on the driver's ride, and the code its passenger's ticket shows. */
const aBooking = ({ code, ...overrides }: Partial<Held> = {}): Held => ({ ...aRideBooking(overrides), ...(code ? { code } : {}) });

/**
 * A rides service holding one driver's ride and its bookings, answering as the real one does:
 * accepting confirms a cash request, declining ends it, boarding finds the confirmed booking by its
 * code (404 with the contracts' message otherwise), a no-show only in its window.
 */
function bookingsServer(ride: DriverRide, initial: Held[], { past = false } = {}) {
  let bookings = [...initial];
  const move = (id: string, from: RideBooking['status'], to: RideBooking['status'], refused: string) => {
    const booking = bookings.find((candidate) => candidate.id === id);
    if (booking?.status !== from) return { status: 409, body: { message: refused } };
    bookings = bookings.map((candidate) => (candidate.id === id ? { ...candidate, status: to } : candidate));
    return { status: 200, body: { ...booking, status: to, code: undefined } };
  };
  const shown = () => bookings.map(({ code: _code, ...booking }) => booking);
  const api = mockApi({
    ...frameAnswers(aUser()),
    'GET /api/rides/mine': () => ({ status: 200, body: { rides: past ? [] : [ride] } }),
    [`GET /api/rides/${ride.id}/bookings`]: () => ({ status: 200, body: { bookings: shown() } }),
    'POST /api/blocks': { status: 201, body: {} },
    [`POST /api/rides/${ride.id}/board`]: ({ body }) => {
      const { code } = body as { code: string };
      const booking = bookings.find((candidate) => candidate.code === code);
      if (!booking) return { status: 404, body: { message: bookingMessages.wrongCode } };
      return move(booking.id, 'confirmed', 'boarded', bookingMessages.transition.board);
    },
    ...Object.fromEntries(
      initial.flatMap((booking) => [
        [`POST /api/bookings/${booking.id}/accept`, () => move(booking.id, 'requested', 'confirmed', bookingMessages.transition.accept)],
        [`POST /api/bookings/${booking.id}/decline`, () => move(booking.id, 'requested', 'declined', bookingMessages.transition.decline)],
        [`POST /api/bookings/${booking.id}/no-show`, () => move(booking.id, 'confirmed', 'no_show', bookingMessages.transition.noShow)],
      ]),
    ),
  });
  return {
    api,
    /** The booking moves on the server meanwhile (a job, the passenger). */
    becomes: (id: string, status: RideBooking['status']) => {
      bookings = bookings.map((candidate) => (candidate.id === id ? { ...candidate, status } : candidate));
    },
  };
}

/** /rides/as-driver with Manage Bookings opened on the ride's card. */
async function manageBookings(ride: DriverRide, bookings: Held[]) {
  const server = bookingsServer(ride, bookings);
  const { user } = renderRoutes(routes, '/rides/as-driver');
  const card = await screen.findByRole('listitem', { name: `${ride.fromCity} → ${ride.toCity}` });
  const toggle = within(card).getByRole('button', { name: 'Manage Bookings' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await user.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  const panel = screen.getByLabelText(`Bookings on ${ride.fromCity} → ${ride.toCity}`);
  expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
  return { ...server, user, card, panel };
}

const passenger = (panel: HTMLElement, name: string) => within(panel).getByRole('listitem', { name });
const statusOf = (item: HTMLElement) => item.querySelector('[data-booking-status]')?.textContent;

describe('Manage Bookings on /rides/as-driver', () => {
  it("lists the ride's passengers: name, seats, leg, total, cash, requests, status, and when a request lapses", async () => {
    clockAt('2030-11-25T08:00:00Z');
    const ride = driverRide({ bookingMode: 'approval', availableSeats: 0, bookedSeats: 3 });
    const request = aBooking({
      status: 'requested',
      passengerFirstName: 'Efua',
      seats: 1,
      totalAmount: '60.00',
      alight: { index: 1, location: 'Nkawkaw Lorry Station', city: 'Nkawkaw', meetingPoint: null },
      specialRequests: 'A small bag of yams',
      expiresAt: '2030-11-25T20:00:00.000Z',
    });
    const confirmed = aBooking();
    const { card, panel } = await manageBookings(ride, [request, confirmed]);
    expect(card.textContent).toContain('Driver approves');
    expect(card.textContent).toContain('0 of 3 seats left');

    const efua = await within(panel).findByRole('listitem', { name: 'Efua, 1 seat' });
    expect(statusOf(efua)).toBe('Request');
    expect(efua.textContent).toContain('1 seat · Accra → Nkawkaw');
    expect(efua.textContent).toContain('GH₵60.00 · Cash to you');
    expect(efua.textContent).toContain('“A small bag of yams”');
    expect(efua.textContent).toContain('Answer by 25 Nov 2030, 20:00, or the request lapses.');
    expect(within(efua).getAllByRole('button').map((button) => button.textContent)).toEqual(['Accept', 'Decline', 'Block passenger', 'Report passenger']);

    const kwame = passenger(panel, 'Kwame, 2 seats');
    expect(statusOf(kwame)).toBe('Confirmed');
    expect(kwame.textContent).toContain('2 seats · Accra → Kumasi');
    expect(kwame.textContent).toContain('GH₵240.00 · Cash to you');
    expect(within(kwame).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it("shows each passenger's rating from drivers, or New before their first", async () => {
    clockAt('2030-11-25T08:00:00Z');
    const ride = driverRide({ bookingMode: 'approval' });
    const rated = aBooking({ status: 'requested', passengerFirstName: 'Efua', seats: 1, passengerRating: { average: 4.5, count: 3 } });
    const unrated = aBooking({ passengerRating: { average: null, count: 0 } });
    const { panel } = await manageBookings(ride, [rated, unrated]);
    const ratingOf = (item: HTMLElement) => item.querySelector('[data-passenger-rating]')?.textContent;
    expect(ratingOf(await within(panel).findByRole('listitem', { name: 'Efua, 1 seat' }))).toBe('★ 4.5 (3)');
    expect(ratingOf(passenger(panel, 'Kwame, 2 seats'))).toBe('New');
  });

  it('accepts a request, says so and reads the bookings and rides again', async () => {
    clockAt('2030-11-25T08:00:00Z');
    const ride = driverRide({ bookingMode: 'approval' });
    const request = aBooking({ status: 'requested', passengerFirstName: 'Efua', seats: 1 });
    const { api, user, panel } = await manageBookings(ride, [request]);
    const efua = await within(panel).findByRole('listitem', { name: 'Efua, 1 seat' });
    await user.click(within(efua).getByRole('button', { name: 'Accept' }));
    expect(await findToast()).toEqual({ text: 'Booking AcceptedEfua, 1 seat', destructive: false });
    await waitFor(() => expect(statusOf(passenger(panel, 'Efua, 1 seat'))).toBe('Confirmed'));
    expect(api.callsTo('POST', `/api/bookings/${request.id}/accept`)).toHaveLength(1);
    expect(api.callsTo('GET', `/api/rides/${ride.id}/bookings`)).toHaveLength(2);
    expect(api.callsTo('GET', '/api/rides/mine')).toHaveLength(2);
  });

  it("declines a request; a request that lapsed meanwhile shows the server's refusal and its state", async () => {
    clockAt('2030-11-25T08:00:00Z');
    const ride = driverRide({ bookingMode: 'approval' });
    const first = aBooking({ status: 'requested', passengerFirstName: 'Efua', seats: 1 });
    const second = aBooking({ status: 'requested', passengerFirstName: 'Yaw', seats: 2 });
    const { api, user, panel, becomes } = await manageBookings(ride, [first, second]);
    await user.click(within(await within(panel).findByRole('listitem', { name: 'Efua, 1 seat' })).getByRole('button', { name: 'Decline' }));
    expect(await findToast()).toEqual({ text: 'Booking DeclinedEfua, 1 seat', destructive: false });
    await waitFor(() => expect(statusOf(passenger(panel, 'Efua, 1 seat'))).toBe('Declined'));
    // Only Block and Report are left: nothing more to do with the booking.
    expect(within(passenger(panel, 'Efua, 1 seat')).queryAllByRole('button').map((button) => button.textContent)).toEqual(['Block passenger', 'Report passenger']);
    expect(api.callsTo('POST', `/api/bookings/${first.id}/decline`)).toHaveLength(1);

    // Yaw's request lapsed on the server (the expiry job) while the screen still offered Accept.
    becomes(second.id, 'expired');
    await user.click(within(passenger(panel, 'Yaw, 2 seats')).getByRole('button', { name: 'Accept' }));
    expect(await findToast()).toEqual({ text: `Error${bookingMessages.transition.accept}`, destructive: true });
    await waitFor(() => expect(statusOf(passenger(panel, 'Yaw, 2 seats'))).toBe('Expired'));
    // Only Block and Report are left: nothing more to do with the booking.
    expect(within(passenger(panel, 'Yaw, 2 seats')).queryAllByRole('button').map((button) => button.textContent)).toEqual(['Block passenger', 'Report passenger']);
  });

  it('boards a passenger by the code they show, typed in lower case', async () => {
    clockAt('2030-11-28T07:20:00Z');
    const ride = driverRide();
    const kwame = aBooking({ code: 'KM7QX4' });
    const { api, user, panel } = await manageBookings(ride, [kwame, aBooking({ passengerFirstName: 'Abena', seats: 1, code: 'CDEFGH' })]);
    const field = await within(panel).findByLabelText('Boarding code');
    await user.type(field, 'km7 qx4');
    expect((field as HTMLInputElement).value).toBe('KM7QX4');
    await user.click(within(panel).getByRole('button', { name: 'Board' }));
    expect((await within(panel).findByRole('status')).textContent).toBe('Kwame boarded (2 seats).');
    expect(api.callsTo('POST', `/api/rides/${ride.id}/board`).map((call) => call.body)).toEqual([{ code: 'KM7QX4' }]);
    await waitFor(() => expect(statusOf(passenger(panel, 'Kwame, 2 seats'))).toBe('Boarded'));
    expect((field as HTMLInputElement).value).toBe('');
    expect(statusOf(passenger(panel, 'Abena, 1 seat'))).toBe('Confirmed');
  });

  it('says when this browser cannot start the camera, and leaves the code to be typed', async () => {
    clockAt('2030-11-28T07:20:00Z');
    const { user, panel } = await manageBookings(driverRide(), [aBooking({ code: 'KM7QX4' })]);
    await user.click(await within(panel).findByRole('button', { name: 'Scan QR Code' }));
    // jsdom has no camera: the scanner downloads, asks for one and says so.
    expect((await within(panel).findByRole('alert')).textContent).toBe('The camera could not be started. Type the boarding code instead.');
    await user.click(within(panel).getByRole('button', { name: 'Stop Scanning' }));
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(within(panel).getByLabelText('Boarding code')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Scan QR Code' })).toBeTruthy();
  });

  it("shows the server's message for a code no booking has, and refuses a code that cannot be one without asking", async () => {
    clockAt('2030-11-28T07:20:00Z');
    const ride = driverRide();
    const { api, user, panel } = await manageBookings(ride, [aBooking({ code: 'KM7QX4' })]);
    const field = await within(panel).findByLabelText('Boarding code');
    await user.type(field, 'KM7QX9{Enter}');
    expect((await within(panel).findByRole('alert')).textContent).toBe(bookingMessages.wrongCode);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(statusOf(passenger(panel, 'Kwame, 2 seats'))).toBe('Confirmed');

    await user.clear(field);
    await user.type(field, 'KM7{Enter}');
    expect((await within(panel).findByRole('alert')).textContent).toBe(bookingMessages.boardingCode);
    // An O is never in a code (no look-alikes): refused here too.
    await user.clear(field);
    await user.type(field, 'KM7QXO{Enter}');
    expect(within(panel).getByRole('alert').textContent).toBe(bookingMessages.boardingCode);
    expect(api.callsTo('POST', `/api/rides/${ride.id}/board`)).toHaveLength(1);
  });

  it('waits with Report No-Show until departure, and says when it opens', async () => {
    clockAt('2030-11-28T07:29:00Z');
    const booking = aBooking();
    const { panel, api } = await manageBookings(driverRide(), [booking]);
    const kwame = await within(panel).findByRole('listitem', { name: 'Kwame, 2 seats' });
    expect((within(kwame).getByRole('button', { name: 'Report No-Show' }) as HTMLButtonElement).disabled).toBe(true);
    expect(kwame.textContent).toContain('A no-show can be reported from departure until 24 hours after.');
    expect(api.callsTo('POST', `/api/bookings/${booking.id}/no-show`)).toHaveLength(0);
  });

  it('reports a no-show after departure, and the booking then says No-show', async () => {
    clockAt('2030-11-28T08:30:00Z');
    const booking = aBooking();
    const { panel, api, user } = await manageBookings(driverRide(), [booking]);
    const kwame = await within(panel).findByRole('listitem', { name: 'Kwame, 2 seats' });
    expect(kwame.textContent).not.toContain('A no-show can be reported');
    await user.click(within(kwame).getByRole('button', { name: 'Report No-Show' }));
    expect(await findToast()).toEqual({ text: 'No-Show ReportedKwame, 2 seats', destructive: false });
    await waitFor(() => expect(statusOf(passenger(panel, 'Kwame, 2 seats'))).toBe('No-show'));
    expect(api.callsTo('POST', `/api/bookings/${booking.id}/no-show`)).toHaveLength(1);
  });

  it('says a confirmed seat neither boarded nor reported in time ends not boarded, and shows one that did so', async () => {
    clockAt('2030-11-28T08:30:00Z');
    const paid = aBooking({ paymentMethod: 'mobile_money' });
    const ended = aBooking({ status: 'not_boarded', passengerFirstName: 'Efua', seats: 1, paymentMethod: 'mobile_money' });
    const { panel } = await manageBookings(driverRide(), [paid, ended]);
    const kwame = await within(panel).findByRole('listitem', { name: 'Kwame, 2 seats' });
    expect(kwame.textContent).toContain(
      'Board them with their code, or report a no-show within 24 hours of departure: otherwise the booking ends as not boarded and their payment goes back to them.',
    );
    const efua = passenger(panel, 'Efua, 1 seat');
    expect(statusOf(efua)).toBe('Not boarded');
    expect(efua.textContent).toContain('Neither boarded with their code nor reported as a no-show within 24 hours of departure: their payment went back to them.');
    expect(within(efua).queryByRole('button', { name: 'Report No-Show' })).toBeNull();
  });

  it('is no longer offered once the no-show window has closed, nor on a cancelled ride', async () => {
    clockAt('2030-11-29T07:31:00Z');
    const over = driverRide({ departureDate: '2030-11-28', departureTime: '07:30', editable: false });
    const cancelled = driverRide({ toCity: 'Ho', status: 'cancelled', editable: false });
    mockApi({ ...frameAnswers(aUser()), 'GET /api/rides/mine': { status: 200, body: { rides: [over, cancelled] } } });
    renderRoutes(routes, '/rides/as-driver');
    await screen.findByRole('listitem', { name: 'Accra → Kumasi' });
    expect(screen.queryByRole('button', { name: 'Manage Bookings' })).toBeNull();
  });

  it('says when nobody has booked yet, and offers no boarding', async () => {
    clockAt('2030-11-25T08:00:00Z');
    const { panel } = await manageBookings(driverRide(), []);
    expect(await within(panel).findByText('No bookings yet')).toBeTruthy();
    expect(within(panel).getByText('Passengers who book seats on this ride will appear here.')).toBeTruthy();
    expect(within(panel).queryByLabelText('Boarding code')).toBeNull();
  });

  it('cancels a booked ride after saying its passengers will be told', async () => {
    clockAt('2030-11-25T08:00:00Z');
    // A booked ride the server still lets its driver change and cancel.
    const ride = driverRide({ availableSeats: 1, bookedSeats: 2, editable: true });
    bookingsServer(ride, [aBooking()]);
    const { user } = renderRoutes(routes, '/rides/as-driver');
    const card = await screen.findByRole('listitem', { name: 'Accra → Kumasi' });
    expect(card.textContent).toContain('Instant booking');
    await user.click(within(card).getByRole('button', { name: 'Cancel Ride' }));
    expect(screen.getByRole('alertdialog', { name: 'Cancel this ride?' }).textContent).toContain(
      'Accra → Kumasi, Thu, Nov 28, 2030 · 7:30 AM. Passengers holding its 2 booked seats will be told by SMS and in the app, and this cannot be undone.',
    );
  });
});

describe('blocking a passenger from Manage Bookings', () => {
  it('asks first, then blocks the passenger of that booking', async () => {
    const ride = driverRide();
    const booking = aBooking({ passengerFirstName: 'Efua', seats: 1, passengerId: 'a0000000-0000-4000-8000-0000000000ef' });
    const { api, user, panel } = await manageBookings(ride, [booking]);
    const efua = await within(panel).findByRole('listitem', { name: 'Efua, 1 seat' });
    await user.click(within(efua).getByRole('button', { name: 'Block Efua' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block Efua?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await findToast()).toEqual({ text: 'Member blockedYou will no longer see Efua’s rides.', destructive: false });
    expect(api.callsTo('POST', '/api/blocks').map((call) => call.body)).toEqual([{ memberId: booking.passengerId }]);
  });
});
