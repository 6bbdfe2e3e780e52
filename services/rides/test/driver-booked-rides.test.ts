import { bookingFactSchema } from '@krom/contracts/events/bookings';
import { rideChanged } from '@krom/contracts/events/rides';
import { bookingSchema } from '@krom/contracts/http/bookings';
import { driverDashboardSchema, driverProfileSchema, myRidesResponseSchema, rideMessages } from '@krom/contracts/http/rides';
import { describe, expect, it } from 'vitest';
import { cancelFutureRidesOf } from '../src/driver/driver-rides.ts';
import { bookingCalls, type Member } from './bookings-env.ts';
import { dayFromNow, useRidesService } from './rides-test-env.ts';

/*
 * A driver's ride once passengers hold seats: cancelling it cancels every live booking (refunded
 * in full) and counts against the driver's reliability; a change keeps what the bookings rely on;
 * the driver's views and dashboard count the real bookings.
 */

const handle = useRidesService();
const { call, member, ride, form, booked, legs, events, outbox, departAt } = bookingCalls(handle);
const HOUR = 3_600_000;

const statusOf = async (caller: Member, bookingId: string) => bookingSchema.parse((await call(caller, 'GET', `/bookings/${bookingId}`)).json());
/** The update body of the test ride as posted (bookings-env `ride`), with `changes`. */
const edit = (changes: object = {}) => ({
  departureDate: dayFromNow(3),
  departureTime: '07:30',
  availableSeats: 3,
  pricePerSeat: '120',
  bookingMode: 'approval',
  ...changes,
});
const upcomingOf = async (driver: Member) => myRidesResponseSchema.parse((await call(driver, 'GET', '/rides/mine?when=upcoming')).json()).rides;
const profileOf = async (driver: Member) => driverProfileSchema.parse((await call(driver, 'GET', `/drivers/${driver.userId}`)).json());

describe('the driver cancels a ride with bookings', () => {
  it('cancels every live booking with a full refund, gives the seats back, and counts against the driver', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval', seats: 3 });
    const confirmedPassenger = await member();
    const waitingPassenger = await member();
    const confirmed = await booked(confirmedPassenger, form(rideId, { seats: 2 }));
    expect((await call(driver, 'POST', `/bookings/${confirmed.id}/accept`)).statusCode).toBe(200);
    const waiting = await booked(waitingPassenger, form(rideId, { boardAt: 1 }));
    const before = await upcomingOf(driver);
    expect(before.find((view) => view.id === rideId)).toMatchObject({ bookedSeats: 3, editable: true });

    const response = await call(driver, 'POST', `/rides/${rideId}/cancel`);
    expect(response.statusCode, response.body).toBe(200);

    expect((await statusOf(confirmedPassenger, confirmed.id)).status).toBe('cancelled_by_driver');
    expect((await statusOf(waitingPassenger, waiting.id)).status).toBe('cancelled_by_driver');
    expect((await legs(rideId)).taken).toEqual([0, 0]);
    // The confirmed seat is refunded in full; the request that was never the passenger's has nothing to give back.
    for (const [booking, refundAmount] of [
      [confirmed, confirmed.totalAmount],
      [waiting, null],
    ] as const) {
      const last = (await events(booking.id)).at(-1)!;
      expect(last.subject).toBe('krom.rides.booking.cancelled_by_driver.v1');
      expect(bookingFactSchema.parse(last.envelope.data)).toMatchObject({ actor: 'driver', refundAmount, status: 'cancelled_by_driver' });
    }
    const changes = (await outbox(rideChanged.subject)).map((envelope) => rideChanged.schema.parse(envelope.data)).filter((data) => data.rideId === rideId);
    expect(changes.map((data) => data.current.status)).toEqual(['cancelled']);

    expect(await profileOf(driver)).toMatchObject({ cancelledWithBookings: 1, bookedRidesKeptRate: 0 });
  });

  it('does not count a cancelled ride without bookings, and counts a kept one', async () => {
    const { rideId: kept, driver } = await ride();
    const passenger = await member();
    await booked(passenger, form(kept));
    await departAt(kept, new Date(Date.now() - HOUR));
    const other = await ride();
    expect((await call(other.driver, 'POST', `/rides/${other.rideId}/cancel`)).statusCode).toBe(200);

    expect(await profileOf(driver)).toMatchObject({ cancelledWithBookings: 0, bookedRidesKeptRate: 100 });
    expect(await profileOf(other.driver)).toMatchObject({ cancelledWithBookings: 0, bookedRidesKeptRate: null });
  });

  it('refuses a ride that has departed, and one whose passengers have boarded', async () => {
    const { rideId, driver } = await ride();
    const passenger = await member();
    const booking = await booked(passenger, form(rideId));
    // Boarding opens 24 hours before departure.
    await departAt(rideId, new Date(Date.now() + 2 * HOUR));
    expect((await call(driver, 'POST', `/rides/${rideId}/board`, { code: booking.boardingCode })).statusCode).toBe(200);
    const boarded = await call(driver, 'POST', `/rides/${rideId}/cancel`);
    expect(boarded.statusCode).toBe(409);
    expect(boarded.json().message).toBe(rideMessages.cancelAfterBoarding);

    const departed = await ride();
    const seat = await booked(passenger, form(departed.rideId));
    await departAt(departed.rideId, new Date(Date.now() - HOUR));
    const late = await call(departed.driver, 'POST', `/rides/${departed.rideId}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(rideMessages.notEditable);
    expect((await statusOf(passenger, seat.id)).status).toBe('confirmed');
  });

  it("cancels the bookings of a deleted driver's rides, for the driver", async () => {
    const { rideId, driver } = await ride();
    const passenger = await member();
    const seat = await booked(passenger, form(rideId, { seats: 2 }));

    expect(await handle.service.db.transaction((tx) => cancelFutureRidesOf(tx, driver.userId, 'account deleted'))).toBe(1);

    expect((await statusOf(passenger, seat.id)).status).toBe('cancelled_by_driver');
    expect((await legs(rideId)).taken).toEqual([0, 0]);
    const last = bookingFactSchema.parse((await events(seat.id)).at(-1)!.envelope.data);
    expect(last).toMatchObject({ actor: 'system', reason: 'account deleted', refundAmount: seat.totalAmount });
  });
});

describe('changing a booked ride', () => {
  const put = (driver: Member, rideId: string, body: object) => call(driver, 'PUT', `/rides/${rideId}`, body);

  it('keeps the date and time once a seat is booked', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval' });
    // Before any booking, the time may move.
    expect((await put(driver, rideId, edit({ departureTime: '08:00' }))).statusCode).toBe(200);
    await booked(await member(), form(rideId));
    for (const changes of [{ departureTime: '09:00' }, { departureDate: dayFromNow(4), departureTime: '08:00' }]) {
      const response = await put(driver, rideId, edit(changes));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(rideMessages.bookedScheduleFixed);
    }
  });

  it('keeps seats at least the most taken on any leg, and counts the free seats from the bookings', async () => {
    const { rideId, driver } = await ride({ seats: 3 });
    await booked(await member(), form(rideId, { seats: 2, boardAt: 0, alightAt: 1 }));
    await booked(await member(), form(rideId, { seats: 1, boardAt: 1, alightAt: 2 }));
    const below = await put(driver, rideId, edit({ availableSeats: 1, bookingMode: 'instant' }));
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(rideMessages.seatsBelowBooked(2));

    const changed = await put(driver, rideId, edit({ availableSeats: 2, bookingMode: 'instant' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ bookedSeats: 2, editable: true, availableSeats: 1 });
    expect(await legs(rideId)).toEqual({ taken: [2, 1], offered: 2, available: 1 });
  });

  it('changes the price for later bookings only', async () => {
    const { rideId, driver } = await ride({ price: '120' });
    const first = await member();
    const before = await booked(first, form(rideId));
    expect((await put(driver, rideId, edit({ pricePerSeat: '100', bookingMode: 'instant' }))).statusCode).toBe(200);
    const after = await booked(await member(), form(rideId));

    expect((await statusOf(first, before.id)).totalAmount).toBe(before.totalAmount);
    expect(Number(after.totalAmount)).toBeLessThan(Number(before.totalAmount));
  });

  it('refuses to switch the booking mode while requests wait, and allows it once they are answered', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval' });
    const request = await booked(await member(), form(rideId));
    const refused = await put(driver, rideId, edit({ bookingMode: 'instant' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(rideMessages.bookingModeWithRequests);

    expect((await call(driver, 'POST', `/bookings/${request.id}/decline`)).statusCode).toBe(200);
    const switched = await put(driver, rideId, edit({ bookingMode: 'instant' }));
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().bookingMode).toBe('instant');
  });
});

describe("the driver's views of booked rides", () => {
  it('show bookings, seats sold and the cash to collect per ride and in the dashboard, and the ride on the road as active', async () => {
    const { rideId, driver } = await ride({ seats: 3, bookingMode: 'approval' });
    const one = await booked(await member(), form(rideId, { seats: 2 }));
    expect((await call(driver, 'POST', `/bookings/${one.id}/accept`)).statusCode).toBe(200);
    await booked(await member(), form(rideId, { boardAt: 1 }));

    const view = (await upcomingOf(driver)).find((candidate) => candidate.id === rideId);
    expect(view).toMatchObject({ bookedSeats: 3, bookings: 1, seatsSold: 2, expectedCash: one.totalAmount });

    await departAt(rideId, new Date(Date.now() - HOUR));
    const board = driverDashboardSchema.parse((await call(driver, 'GET', '/rides/driver-dashboard')).json());
    expect(board.totals).toMatchObject({ bookings: 1, seatsSold: 2, expectedCash: one.totalAmount, upcomingRides: 0 });
    expect(board.activeRide).toMatchObject({ id: rideId, bookings: 1, editable: false });
  });
});
