import type { Booking } from '@krom/contracts/http/bookings';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aBooking } from '../../../components/__tests__/booking-fixtures.ts';
import { aReviewToWrite, kwame } from '../../../components/__tests__/review-fixtures.ts';

// The screen and the QR code load lazily, as in the browser; compiling them once up front keeps that cost out of the first test's time limit.
beforeAll(() => Promise.all([import('../../../app/passenger-rides-route.tsx'), import('../../../components/boarding-qr.tsx')]), 30_000);
afterEach(() => vi.useRealTimers());

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];
const noRequests = {
  'GET /api/ride-requests/mine': { status: 200, body: { requests: [] } },
  'GET /api/reviews/to-write': { status: 200, body: { reviews: [] } },
};

/** My Rides for a signed-in Ama whose bookings are `upcoming` and `past`. */
function openMyRides(upcoming: Booking[], past: Booking[] = [], answers: Parameters<typeof mockApi>[0] = {}, path = '/rides/as-passenger') {
  const lists = { upcoming, past };
  const api = mockApi({
    ...frameAnswers(aUser()),
    ...noRequests,
    'GET /api/bookings/mine': ({ query }) => ({ status: 200, body: { bookings: query.get('when') === 'past' ? lists.past : lists.upcoming } }),
    ...answers,
  });
  return { api, lists, ...renderRoutes([...elsewhere, ...routes], path) };
}

const card = (route: string) => screen.getByRole('listitem', { name: route });

describe('/rides/as-passenger', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/rides/as-passenger');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('has Upcoming and Past, each with the spec’s empty state offering Find a Ride', async () => {
    const { user } = openMyRides([], []);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Rides' })).toBeTruthy();
    const tabs = screen.getByRole('combobox', { name: 'Ride sections' });
    expect(within(tabs).getAllByRole('option').map((option) => option.textContent)).toEqual(['Upcoming', 'Past']);
    const panel = () => screen.getByRole('tabpanel');
    expect(await within(panel()).findByText('No upcoming rides')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Find a Ride' }).getAttribute('href')).toBe('/find-ride');

    await user.selectOptions(tabs, 'Past');
    expect(await within(panel()).findByText('No past rides')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Find a Ride' }).getAttribute('href')).toBe('/find-ride');
  });

  it("shows each booking's state, seats, leg, price, boarding place, meeting point and booking code, and a confirmed one's boarding code with its QR code", async () => {
    openMyRides([aBooking({ boardingCode: 'K7QX4M', bookingCode: 'HX4RT7A' })]);
    const booking = await screen.findByRole('listitem', { name: 'Accra → Kumasi' });
    expect(booking.textContent).toContain('Confirmed');
    expect(booking.textContent).toContain('Thu, Nov 28, 2030 · 7:30 AM');
    expect(booking.textContent).toContain('2 seats');
    expect(booking.textContent).toContain('Nkawkaw → Kumasi');
    expect(booking.textContent).toContain('GH₵45.00 per seat · GH₵90.00 in all');
    expect(booking.textContent).toContain('Boarding atNkawkaw Lorry Station');
    expect(booking.textContent).toContain('Meeting pointBy the Total fuel station');
    // The booking's own code, what CANCEL takes by SMS.
    expect(booking.textContent).toContain('Booking codeHX4RT7A');
    expect(within(booking).getByText('K7QX4M')).toBeTruthy();
    expect(await within(booking).findByRole('img', { name: 'QR code of boarding code K7QX4M' })).toBeTruthy();
    expect(within(booking).getByRole('button', { name: 'Cancel Booking' })).toBeTruthy();
  });

  it('shows a request waiting for the driver with when it lapses and no code, and a past trip without Cancel', async () => {
    const { user } = openMyRides(
      [aBooking({ status: 'requested', bookingMode: 'approval', boardingCode: null, expiresAt: '2030-11-27T19:30:00.000Z' })],
      [
        aBooking({ status: 'completed', rideFrom: 'Tema', rideTo: 'Ho', boardingCode: 'K7QX4M', departureDate: '2026-10-02' }),
        aBooking({ status: 'confirmed', rideStatus: 'completed', rideFrom: 'Cape Coast', rideTo: 'Takoradi', departureDate: '2026-10-01' }),
      ],
    );
    const request = await screen.findByRole('listitem', { name: 'Accra → Kumasi' });
    expect(request.textContent).toContain('Waiting for the driver');
    expect(request.textContent).toContain('The driver has until Wed, Nov 27, 2030 at 7:30 PM to answer.');
    expect(within(request).queryByText(/Boarding code/)).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Ride sections' }), 'Past');
    const trip = await screen.findByRole('listitem', { name: 'Tema → Ho' });
    expect(trip.textContent).toContain('Completed');
    expect(within(trip).queryByRole('button', { name: 'Cancel Booking' })).toBeNull();
    // A completed trip's code has done its work: it is not shown for scanning again.
    expect(within(trip).queryByText('K7QX4M')).toBeNull();
    // A seat never boarded on a ride now completed can no longer be cancelled (the service refuses it).
    const missed = screen.getByRole('listitem', { name: 'Cape Coast → Takoradi' });
    expect(within(missed).queryByRole('button', { name: 'Cancel Booking' })).toBeNull();
  });

  it('offers Pay now on a booking whose seats are held for its mobile money payment, with when the hold ends', async () => {
    const held = aBooking({ status: 'awaiting_payment', paymentMethod: 'mobile_money', serviceFee: '4.50', boardingCode: null, expiresAt: '2030-11-20T09:15:00.000Z' });
    openMyRides([held]);
    const booking = await screen.findByRole('listitem', { name: 'Accra → Kumasi' });
    expect(booking.textContent).toContain('Awaiting payment');
    expect(booking.textContent).toContain('Approve the mobile money prompt on your phone by Wed, Nov 20, 2030 at 9:15 AM, or the seats are released.');
    expect(within(booking).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(`/booking-payment/${held.id}`);
    expect(within(booking).queryByText(/Boarding code/)).toBeNull();
  });

  it('says of a seat the driver never boarded nor reported that it ended, and that a mobile money payment goes back in full', async () => {
    const { user } = openMyRides(
      [],
      [
        aBooking({ status: 'not_boarded', paymentMethod: 'mobile_money', serviceFee: '4.50', rideStatus: 'completed', rideFrom: 'Tema', rideTo: 'Ho', departureDate: '2026-10-02' }),
        aBooking({ status: 'not_boarded', paymentMethod: 'cash', rideStatus: 'completed', rideFrom: 'Cape Coast', rideTo: 'Takoradi', departureDate: '2026-10-01' }),
      ],
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Ride sections' }), 'Past');
    const paid = await screen.findByRole('listitem', { name: 'Tema → Ho' });
    expect(paid.textContent).toContain('Not boarded');
    expect(paid.textContent).toContain('The driver did not record you on board, so everything you paid, the service fee included, goes back to your mobile money.');
    expect(within(paid).queryByRole('button', { name: 'Cancel Booking' })).toBeNull();
    expect(within(paid).queryByText(/Boarding code/)).toBeNull();
    const cash = screen.getByRole('listitem', { name: 'Cape Coast → Takoradi' });
    expect(cash.textContent).toContain('The driver did not record you on board. You paid nothing through Krom, so nothing is charged.');
  });

  it('offers Rate driver on a finished trip still to review: the contract’s rules, then that the review stays hidden until the driver reviews too', async () => {
    const trip = aBooking({ status: 'completed', rideFrom: 'Tema', rideTo: 'Ho', departureDate: '2026-10-02' });
    const reviewed = aBooking({ status: 'completed', rideFrom: 'Cape Coast', rideTo: 'Takoradi', departureDate: '2026-10-01' });
    let toWrite = [aReviewToWrite({ bookingId: trip.id, reviewType: 'driver', reviewee: { ...kwame, firstName: 'Kofi' } })];
    const { api, user } = openMyRides([], [trip, reviewed], {
      'GET /api/reviews/to-write': () => ({ status: 200, body: { reviews: toWrite } }),
      [`POST /api/bookings/${trip.id}/review`]: () => {
        toWrite = [];
        return { status: 201, body: {} };
      },
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Ride sections' }), 'Past');
    const card = await screen.findByRole('listitem', { name: 'Tema → Ho' });
    await user.click(await within(card).findByRole('button', { name: 'Rate driver' }));
    // Reviewed already (the server no longer lists it): nothing to offer.
    expect(within(screen.getByRole('listitem', { name: 'Cape Coast → Takoradi' })).queryByRole('button', { name: 'Rate driver' })).toBeNull();

    await user.click(await within(card).findByRole('button', { name: 'Submit review' }));
    expect(within(card).getByText('Rating must be 1 to 5')).toBeTruthy();
    expect(within(card).getByText('Comment must be at least 10 characters')).toBeTruthy();
    expect(api.callsTo('POST', `/api/bookings/${trip.id}/review`)).toHaveLength(0);

    await user.click(within(card).getByRole('radio', { name: '4 stars' }));
    await user.type(within(card).getByRole('textbox', { name: 'Comment about the driver' }), 'Smooth ride, waited at Kasoa.');
    await user.click(within(card).getByRole('button', { name: 'Submit review' }));
    expect((await within(card).findByRole('status')).textContent).toBe(
      'Thank you. Your review stays hidden until Kofi Boateng reviews you too or 14 days pass, so neither of you writes knowing what the other wrote.',
    );
    expect(within(card).queryByRole('button', { name: 'Rate driver' })).toBeNull();
    expect(api.callsTo('POST', `/api/bookings/${trip.id}/review`).map((call) => call.body)).toEqual([{ rating: 4, comment: 'Smooth ride, waited at Kasoa.' }]);
  });

  describe('Cancel says what the policy gives back before the tap', () => {
    const departure = new Date('2030-11-28T07:30:00.000Z');
    const hoursBefore = (hours: number) => new Date(departure.getTime() - hours * 3_600_000);

    async function askToCancel(booking: Booking, now: Date) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      const view = openMyRides([booking]);
      await screen.findByRole('listitem', { name: 'Accra → Kumasi' });
      await view.user.click(within(card('Accra → Kumasi')).getByRole('button', { name: 'Cancel Booking' }));
      return { ...view, dialog: screen.getByRole('alertdialog', { name: 'Cancel this booking?' }) };
    }

    it('more than 24 hours before departure: the fare in full', async () => {
      const { dialog } = await askToCancel(aBooking({ paymentMethod: 'mobile_money', totalAmount: '90.00' }), hoursBefore(25));
      expect(dialog.textContent).toContain('More than 24 hours before departure, the policy gives back the full fare of GH₵90.00.');
      expect(dialog.textContent).not.toContain('no charge');
    });

    it('less than 24 hours before departure: half the fare, rounded down to the pesewa', async () => {
      const { dialog } = await askToCancel(aBooking({ paymentMethod: 'mobile_money', totalAmount: '90.05' }), hoursBefore(23));
      expect(dialog.textContent).toContain('Less than 24 hours before departure, the policy gives back half the fare: GH₵45.02 of GH₵90.05.');
    });

    it('after departure: nothing', async () => {
      const { dialog } = await askToCancel(aBooking({ paymentMethod: 'mobile_money' }), hoursBefore(-1));
      expect(dialog.textContent).toContain('The ride has already left, so the policy gives nothing back.');
    });

    it('a cash fare has not been paid: it says no charge applies, not that money comes back', async () => {
      const { dialog } = await askToCancel(aBooking({ paymentMethod: 'cash' }), hoursBefore(23));
      expect(dialog.textContent).toContain('You pay the driver in cash and have paid nothing yet, so no charge applies.');
    });

    it('cancels once confirmed, then shows the list as the server has it', async () => {
      const booking = aBooking({ paymentMethod: 'cash' });
      const cancelled = { ...booking, status: 'cancelled_by_passenger' as const, boardingCode: null };
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(hoursBefore(48));
      const view = openMyRides([booking], [], {
        [`POST /api/bookings/${booking.id}/cancel`]: () => {
          view.lists.upcoming = [cancelled];
          return { status: 200, body: cancelled };
        },
      });
      await screen.findByRole('listitem', { name: 'Accra → Kumasi' });
      await view.user.click(within(card('Accra → Kumasi')).getByRole('button', { name: 'Cancel Booking' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Cancel this booking?' });
      await view.user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
      expect(await findToast()).toEqual({ text: 'Booking CancelledYour booking for Accra → Kumasi is cancelled.', destructive: false });
      expect(await within(card('Accra → Kumasi')).findByText('Cancelled by you')).toBeTruthy();
      expect(within(card('Accra → Kumasi')).queryByRole('button', { name: 'Cancel Booking' })).toBeNull();
      expect(view.api.callsTo('POST', `/api/bookings/${booking.id}/cancel`)).toHaveLength(1);
    });

    it('keeps the booking when the passenger answers Keep Booking', async () => {
      const { user, dialog, api } = await askToCancel(aBooking(), hoursBefore(48));
      await user.click(within(dialog).getByRole('button', { name: 'Keep Booking' }));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    });
  });

  it('is also at /my-rides', async () => {
    const { router } = openMyRides([], [], {}, '/my-rides');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Rides' })).toBeTruthy();
    expect(await screen.findByText('No upcoming rides')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-rides');
  });
});

describe('reporting the driver from My Rides', () => {
  it('reports the driver of the booking with the booking named, and thanks the passenger', async () => {
    const thanks = 'Thank you for your report. Our team will review it and take action if needed.';
    const booking = aBooking();
    const { api, user } = openMyRides([booking], [], { [`POST /api/members/${booking.driverId}/reports`]: { status: 201, body: { message: thanks } } });
    await user.click(await screen.findByRole('button', { name: 'Report Kofi Boateng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Kofi Boateng' });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or threats' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await findToast()).toEqual({ text: `Report sent${thanks}`, destructive: false });
    expect(api.callsTo('POST', `/api/members/${booking.driverId}/reports`).map((call) => call.body)).toEqual([
      { reason: 'harassment', source: 'booking', sourceId: booking.id },
    ]);
  });
});
