import { type ReviewReminderDue, reviewReminderDue } from '@krom/contracts/events/reviews';
import { reviewWindowDays } from '@krom/contracts/http/reviews';
import { describe, expect, it } from 'vitest';
import { closeUnboardedBookings, completeRides } from '../src/jobs/sweeps.ts';
import { remindReviewers, reviewReminderLatestDays } from '../src/reviews/remind-reviewers.ts';
import { bookingCalls, type Member } from './bookings-env.ts';
import { useRidesService } from './rides-test-env.ts';

/*
 * The reminder to review, on the real database at the times the test gives the sweep: due at 09:00
 * Ghana time the day after the ride's arrival, once per ride whatever runs it again, only for the
 * sides that have not reviewed, never once the review window has closed.
 */

let now = new Date();
const handle = useRidesService({}, { clock: () => now });
const { call, member, ride, form, booked, departAt, outbox } = bookingCalls(handle);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const db = () => handle.service.db;
const good = { rating: 5, comment: 'Safe driver, on time, friendly.' };

/**
 * A ride that departed 13 hours ago (12 hours' default duration: it arrived an hour ago) with
 * `passengers` boarded and completed, the `cancelled` after the first cancelled before it left, and
 * the last `unboarded` of them left confirmed, never boarded.
 */
async function completedTrip(passengers: number, unboarded = 0, cancelled = 0) {
  const { driver, rideId } = await ride({ seats: 4 });
  const riders: { passenger: Member; bookingId: string }[] = [];
  for (let i = 0; i < passengers; i += 1) {
    const passenger = await member({ firstName: ['Ama', 'Efua', 'Akosua'][i] });
    riders.push({ passenger, bookingId: (await booked(passenger, form(rideId))).id });
  }
  // The `cancelled` after the first cancel their seats before the ride leaves.
  for (const { passenger, bookingId } of riders.slice(1, 1 + cancelled)) {
    expect((await call(passenger, 'POST', `/bookings/${bookingId}/cancel`)).statusCode).toBe(200);
  }
  const departure = Date.now() - 13 * HOUR;
  await departAt(rideId, new Date(departure));
  for (const { bookingId, passenger } of [riders[0]!, ...riders.slice(1 + cancelled)].slice(0, passengers - cancelled - unboarded)) {
    const code = (await call(passenger, 'GET', `/bookings/${bookingId}`)).json().boardingCode as string;
    expect((await call(driver, 'POST', `/rides/${rideId}/board`, { code })).statusCode).toBe(200);
  }
  const arrival = departure + 12 * HOUR;
  await completeRides(db(), new Date(arrival + 2 * HOUR));
  now = new Date();
  // Ghana is on GMT: 09:00 on the day after the arrival's date.
  const dueAt = Date.parse(`${new Date(arrival).toISOString().slice(0, 10)}T09:00:00.000Z`) + DAY;
  return { driver, rideId, riders, departure, dueAt, windowEnd: arrival + reviewWindowDays * DAY };
}

const remindersOf = async (rideId: string) =>
  (await outbox<ReviewReminderDue>(reviewReminderDue.subject)).filter((envelope) => envelope.data.rideId === rideId).map((envelope) => envelope.data);
const reviewed = async (caller: Member, bookingId: string) => {
  const response = await call(caller, 'POST', `/bookings/${bookingId}/review`, good);
  expect(response.statusCode, response.body).toBe(201);
};

describe('the review reminder the day after the trip', () => {
  it('is due at 09:00 the morning after arrival, once, for the passengers who have not rated the driver and the driver for those left to rate', async () => {
    const { driver, rideId, riders, dueAt } = await completedTrip(3);
    const [rated, unrated, third] = riders;
    // The first passenger and the driver reviewed each other; the driver also rated the third passenger.
    await reviewed(rated!.passenger, rated!.bookingId);
    await reviewed(driver, rated!.bookingId);
    await reviewed(driver, third!.bookingId);

    await remindReviewers(db(), new Date(dueAt - 60_000));
    expect(await remindersOf(rideId)).toEqual([]);

    // Two sweeps at once, then again later and after a restart: one reminder.
    await Promise.all([remindReviewers(db(), new Date(dueAt)), remindReviewers(db(), new Date(dueAt))]);
    await remindReviewers(db(), new Date(dueAt + 2 * HOUR));
    const reminders = await remindersOf(rideId);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      rideId,
      driverId: driver.userId,
      driverFirstName: 'Kofi',
      passengersToRate: 1,
      passengers: [
        { bookingId: unrated!.bookingId, passengerId: unrated!.passenger.userId },
        { bookingId: third!.bookingId, passengerId: third!.passenger.userId },
      ],
      remindedAt: new Date(dueAt).toISOString(),
    });
  });

  it('does not ask a no-show passenger how their trip was, nor a cancelled one; the driver is still reminded to rate the no-show', async () => {
    const { driver, rideId, riders, dueAt } = await completedTrip(3, 1, 1);
    const [travelled, cancelled, noShow] = riders;
    expect((await call(driver, 'POST', `/bookings/${noShow!.bookingId}/no-show`)).json().status).toBe('no_show');
    await remindReviewers(db(), new Date(dueAt));
    const reminders = await remindersOf(rideId);
    expect(reminders.map(({ passengers, passengersToRate }) => ({ passengers, passengersToRate }))).toEqual([
      { passengers: [{ bookingId: travelled!.bookingId, passengerId: travelled!.passenger.userId }], passengersToRate: 2 },
    ]);
    // Reviews still go both ways after a no-show: the reported passenger may rate the driver unasked.
    expect((await call(noShow!.passenger, 'GET', '/reviews/to-write')).json().reviews).toMatchObject([{ bookingId: noShow!.bookingId, reviewType: 'driver' }]);
    expect((await call(cancelled!.passenger, 'GET', '/reviews/to-write')).json().reviews).toEqual([]);
  });

  it('reminds nobody when both sides of every booking have reviewed', async () => {
    const { driver, rideId, riders, dueAt } = await completedTrip(1);
    await reviewed(riders[0]!.passenger, riders[0]!.bookingId);
    await reviewed(driver, riders[0]!.bookingId);
    await remindReviewers(db(), new Date(dueAt));
    expect(await remindersOf(rideId)).toEqual([]);
  });

  it('waits while a seat is still confirmed (a no-show the driver may still report), then reminds those of the trip', async () => {
    const { driver, rideId, riders, departure, dueAt } = await completedTrip(2, 1);
    const [boarded] = riders;
    await remindReviewers(db(), new Date(dueAt));
    expect(await remindersOf(rideId)).toEqual([]);

    // The no-show window closes: the seat never boarded ends not_boarded, which nobody reviews.
    const later = new Date(Math.max(dueAt, departure + DAY) + 60_000);
    await closeUnboardedBookings(db(), later);
    await remindReviewers(db(), later);
    const reminders = await remindersOf(rideId);
    expect(reminders.map(({ driverId, passengers, passengersToRate }) => ({ driverId, passengers, passengersToRate }))).toEqual([
      { driverId: driver.userId, passengers: [{ bookingId: boarded!.bookingId, passengerId: boarded!.passenger.userId }], passengersToRate: 1 },
    ]);
  });

  it('is never sent once the review window has closed', async () => {
    const { rideId, windowEnd } = await completedTrip(1);
    await remindReviewers(db(), new Date(windowEnd + 60_000));
    await remindReviewers(db(), new Date(windowEnd + DAY));
    expect(await remindersOf(rideId)).toEqual([]);
  });

  it('is not sent days late: a trip whose reminder was due more than two days ago (the sweep stopped, or not yet running) is left alone', async () => {
    const { rideId, dueAt } = await completedTrip(1);
    await remindReviewers(db(), new Date(dueAt + reviewReminderLatestDays * DAY + 60_000));
    expect(await remindersOf(rideId)).toEqual([]);
    // On its last minute it still goes.
    await remindReviewers(db(), new Date(dueAt + reviewReminderLatestDays * DAY));
    expect(await remindersOf(rideId)).toHaveLength(1);
  });
});
