import { bookingFactSchema, rideDepartingSoon } from '@krom/contracts/events/bookings';
import { rideCompleted } from '@krom/contracts/events/rides';
import { bookingMessages, bookingSchema } from '@krom/contracts/http/bookings';
import {
  closeUnboardedBookings,
  completeRides,
  defaultRideDurationHours,
  expireBookings,
  idempotencyKeyRetentionHours,
  pruneIdempotencyKeys,
  remindDepartures,
  rideCompletionLatestHours,
} from '../src/jobs/sweeps.ts';
import { describe, expect, it } from 'vitest';
import { bookingCalls, type Member } from './bookings-env.ts';
import { paymentAnswers } from './payment-facts-env.ts';
import { ridesTestConfig, useRidesService } from './rides-test-env.ts';

/*
 * The scheduled sweeps, each run with the clock the test gives it against the real database:
 * unanswered requests and lapsed holds expire, rides complete after departure + duration + 2 h
 * (24 h after departure at the latest), seats neither boarded nor reported as no-shows end not
 * boarded when the no-show window closes, both sides are reminded 2 h before departure; and each
 * happens once however often, or however many sweeps at once, it runs.
 */

const handle = useRidesService();
const { call, member, ride, form, booked, legs, events, outbox, departAt } = bookingCalls(handle);
const { paymentFact, deliver } = paymentAnswers(handle, events);
const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (ms: number) => new Date(ms);
const db = () => handle.service.db;

const statusOf = async (caller: Member, bookingId: string) => bookingSchema.parse((await call(caller, 'GET', `/bookings/${bookingId}`)).json()).status;
const factsOf = async (bookingId: string) => (await events(bookingId)).map((row) => row.subject);

async function rideRow(rideId: string) {
  const { rows } = await db().$client.query<{ status: string; version: number }>('SELECT status, version FROM rides WHERE id = $1', [rideId]);
  return rows[0]!;
}

describe('request expiry', () => {
  it('expires an unanswered request exactly 12 hours after it was made, gives its seats back and says so once', async () => {
    const { rideId } = await ride({ bookingMode: 'approval', seats: 3 });
    const passenger = await member();
    const request = await booked(passenger, form(rideId, { seats: 2 }));
    const expiresAt = new Date(request.expiresAt!).getTime();
    expect(expiresAt).toBe(new Date(request.createdAt).getTime() + 12 * HOUR);
    expect((await legs(rideId)).taken).toEqual([2, 2]);

    expect(await expireBookings(db(), at(expiresAt - 1))).toEqual({ changed: 0 });
    expect(await statusOf(passenger, request.id)).toBe('requested');

    expect(await expireBookings(db(), at(expiresAt))).toEqual({ changed: 1 });
    expect(await statusOf(passenger, request.id)).toBe('expired');
    expect((await legs(rideId)).taken).toEqual([0, 0]);
    const facts = await events(request.id);
    expect(facts.map((row) => row.subject)).toEqual(['krom.rides.booking.requested.v1', 'krom.rides.booking.expired.v1']);
    const expired = bookingFactSchema.parse(facts[1]!.envelope.data);
    expect(expired).toMatchObject({ status: 'expired', previousStatus: 'requested', actor: 'system', version: 2, occurredAt: new Date(expiresAt).toISOString() });

    // Run again later: nothing more.
    expect(await expireBookings(db(), at(expiresAt + HOUR))).toEqual({ changed: 0 });
    expect(await factsOf(request.id)).toHaveLength(2);
  });

  it('expires a request 2 hours before departure when that comes before its 12 hours', async () => {
    const { rideId } = await ride({ bookingMode: 'approval' });
    const departure = Date.now() + 5 * HOUR;
    await departAt(rideId, at(departure));
    const passenger = await member();
    const request = await booked(passenger, form(rideId));
    const expiresAt = new Date(request.expiresAt!).getTime();
    expect(expiresAt).toBe(departure - 2 * HOUR);

    expect(await expireBookings(db(), at(expiresAt - 1))).toEqual({ changed: 0 });
    expect(await expireBookings(db(), at(expiresAt))).toEqual({ changed: 1 });
    expect(await statusOf(passenger, request.id)).toBe('expired');
  });

  it('leaves answered requests alone', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval' });
    const passenger = await member();
    const request = await booked(passenger, form(rideId));
    expect((await call(driver, 'POST', `/bookings/${request.id}/accept`)).statusCode).toBe(200);

    expect(await expireBookings(db(), at(new Date(request.expiresAt!).getTime() + HOUR))).toEqual({ changed: 0 });
    expect(await statusOf(passenger, request.id)).toBe('confirmed');
  });

  it('lapses a mobile-money hold exactly 15 minutes after it began, with the seats back', async () => {
    const { rideId } = await ride({ seats: 3 });
    const passenger = await member();
    const held = await booked(passenger, form(rideId, { seats: 2, paymentMethod: 'mobile_money', wallet: { phone: '0241234567', network: 'vodafone' } }));
    expect(held.status).toBe('awaiting_payment');
    expect((await legs(rideId)).taken).toEqual([2, 2]);
    const holdEnds = new Date(held.createdAt).getTime() + 15 * MINUTE;

    expect(await expireBookings(db(), at(holdEnds - 1))).toEqual({ changed: 0 });
    expect(await statusOf(passenger, held.id)).toBe('awaiting_payment');
    expect(await expireBookings(db(), at(holdEnds))).toEqual({ changed: 1 });
    expect(await statusOf(passenger, held.id)).toBe('expired');
    expect((await legs(rideId)).taken).toEqual([0, 0]);
    const last = bookingFactSchema.parse((await events(held.id)).at(-1)!.envelope.data);
    expect(last).toMatchObject({ status: 'expired', previousStatus: 'awaiting_payment', actor: 'system', version: 3, occurredAt: at(holdEnds).toISOString() });
    expect(await expireBookings(db(), at(holdEnds + HOUR))).toEqual({ changed: 0 });
  });

  it('holds an accepted mobile money request for 15 minutes from the accept, not from the request', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval' });
    const passenger = await member();
    const request = await booked(passenger, form(rideId, { paymentMethod: 'mobile_money', wallet: { phone: '0241234567', network: 'airteltigo' } }));
    expect((await call(driver, 'POST', `/bookings/${request.id}/accept`)).statusCode).toBe(200);
    const { rows } = await db().$client.query<{ at: Date }>(`SELECT at FROM booking_history WHERE booking_id = $1 AND to_status = 'awaiting_payment'`, [request.id]);
    const holdEnds = rows[0]!.at.getTime() + 15 * MINUTE;

    expect(await expireBookings(db(), at(holdEnds - 1))).toEqual({ changed: 0 });
    expect(await expireBookings(db(), at(holdEnds))).toEqual({ changed: 1 });
    expect(await statusOf(passenger, request.id)).toBe('expired');
    expect((await legs(rideId)).taken).toEqual([0, 0]);
  });

  it('changes each request once when two sweeps run at the same time', async () => {
    const { rideId } = await ride({ bookingMode: 'approval', seats: 4 });
    const requests = await Promise.all([1, 2, 3].map(async () => booked(await member(), form(rideId))));
    const later = at(Math.max(...requests.map((request) => new Date(request.expiresAt!).getTime())));

    const results = await Promise.all([expireBookings(db(), later), expireBookings(db(), later)]);
    expect(results[0]!.changed + results[1]!.changed).toBe(3);
    for (const request of requests) {
      expect(await factsOf(request.id)).toEqual(['krom.rides.booking.requested.v1', 'krom.rides.booking.expired.v1']);
    }
    expect((await legs(rideId)).taken).toEqual([0, 0]);
  });
});

/** An instant ride departed at `departure` with one boarded and one confirmed (never boarded) passenger. */
async function departedRide(departure: number, duration: string | null) {
  const { rideId, driver } = await ride({ seats: 3 });
  const boardedPassenger = await member();
  const waitingPassenger = await member();
  const boarded = await booked(boardedPassenger, form(rideId));
  const waiting = await booked(waitingPassenger, form(rideId));
  // Departed first: boarding opens 24 hours before departure.
  await departAt(rideId, at(departure));
  expect((await call(driver, 'POST', `/rides/${rideId}/board`, { code: boarded.boardingCode })).statusCode).toBe(200);
  await db().$client.query('UPDATE rides SET duration = $2 WHERE id = $1', [rideId, duration]);
  return { rideId, boarded, waiting, boardedPassenger, waitingPassenger };
}

describe('ride completion', () => {
  it('completes the ride and its boarded bookings 2 hours after departure + its duration, once', async () => {
    const departure = Date.now() - 10 * HOUR;
    const { rideId, boarded, waiting, boardedPassenger, waitingPassenger } = await departedRide(departure, '4h 40min');
    const end = departure + (4 * 60 + 40) * MINUTE + 2 * HOUR;
    const version = (await rideRow(rideId)).version;

    expect(await completeRides(db(), at(end - 1))).toEqual({ changed: 0 });
    expect((await rideRow(rideId)).status).toBe('active');

    const results = await Promise.all([completeRides(db(), at(end)), completeRides(db(), at(end))]);
    expect(results[0]!.changed + results[1]!.changed).toBe(1);
    expect(await rideRow(rideId)).toEqual({ status: 'completed', version: version + 1 });
    expect(await statusOf(boardedPassenger, boarded.id)).toBe('completed');
    // A passenger never boarded is not completed: the driver may still report a no-show.
    expect(await statusOf(waitingPassenger, waiting.id)).toBe('confirmed');
    // The ride is over: that seat can no longer be cancelled, and stays confirmed.
    const cancel = await call(waitingPassenger, 'POST', `/bookings/${waiting.id}/cancel`);
    expect([cancel.statusCode, cancel.json().message]).toEqual([409, bookingMessages.rideCompleted]);
    expect(await statusOf(waitingPassenger, waiting.id)).toBe('confirmed');
    const facts = await events(boarded.id);
    expect(facts.map((row) => row.subject).filter((subject) => subject.endsWith('completed.v1'))).toEqual(['krom.rides.booking.completed.v1']);
    expect(bookingFactSchema.parse(facts.at(-1)!.envelope.data)).toMatchObject({ status: 'completed', previousStatus: 'boarded', actor: 'system' });
    const completed = (await outbox(rideCompleted.subject)).filter((envelope) => (envelope.data as { rideId: string }).rideId === rideId);
    expect(completed.map((envelope) => rideCompleted.schema.parse(envelope.data))).toEqual([
      { rideId, driverId: expect.any(String), departureAt: at(departure).toISOString(), bookingsCompleted: 1, completedAt: at(end).toISOString(), version: version + 1 },
    ]);

    expect(await completeRides(db(), at(end + HOUR))).toEqual({ changed: 0 });
  });

  it(`counts ${defaultRideDurationHours} hours for a ride without a duration`, async () => {
    const departure = Date.now() - 20 * HOUR;
    const { rideId } = await departedRide(departure, null);
    const end = departure + (defaultRideDurationHours + 2) * HOUR;

    expect(await completeRides(db(), at(end - 1))).toEqual({ changed: 0 });
    expect(await completeRides(db(), at(end))).toEqual({ changed: 1 });
    expect((await rideRow(rideId)).status).toBe('completed');
  });

  it('reads a duration in minutes only', async () => {
    const departure = Date.now() - 5 * HOUR;
    const { rideId } = await departedRide(departure, '45min');
    const end = departure + 45 * MINUTE + 2 * HOUR;

    expect(await completeRides(db(), at(end - 1))).toEqual({ changed: 0 });
    expect(await completeRides(db(), at(end))).toEqual({ changed: 1 });
    expect((await rideRow(rideId)).status).toBe('completed');
  });

  it('waits the grace the service is configured with (RIDE_COMPLETION_GRACE_MINUTES), 2 hours unless set', async () => {
    expect(handle.config.RIDE_COMPLETION_GRACE_MINUTES).toBe(2 * 60);
    const grace = ridesTestConfig({ RIDE_COMPLETION_GRACE_MINUTES: '1' }).config.RIDE_COMPLETION_GRACE_MINUTES;
    const departure = Date.now() - 30 * MINUTE;
    const { rideId } = await departedRide(departure, '20min');
    const end = departure + 20 * MINUTE + grace * MINUTE;

    expect(await completeRides(db(), at(end - 1), { completionGraceMinutes: grace })).toEqual({ changed: 0 });
    // Without the configured grace the ride is still 2 hours from completion.
    expect(await completeRides(db(), at(end))).toEqual({ changed: 0 });
    expect(await completeRides(db(), at(end), { completionGraceMinutes: grace })).toEqual({ changed: 1 });
    expect((await rideRow(rideId)).status).toBe('completed');
  });
});

describe('the departure reminder', () => {
  const remindersOf = async (rideId: string) =>
    (await outbox(rideDepartingSoon.subject)).map((envelope) => rideDepartingSoon.schema.parse(envelope.data)).filter((data) => data.rideId === rideId);

  it('reminds both sides 2 hours before departure, once, naming each confirmed passenger', async () => {
    const { rideId } = await ride({ seats: 3 });
    const departure = Date.now() + 3 * HOUR;
    const passenger = await member({ firstName: 'Efua' });
    const seat = await booked(passenger, form(rideId, { seats: 2, boardAt: 1 }));
    const second = await booked(await member(), form(rideId));
    await departAt(rideId, at(departure));
    const reminderAt = departure - 2 * HOUR;

    expect(await remindDepartures(db(), at(reminderAt - 1))).toEqual({ changed: 0 });
    const results = await Promise.all([remindDepartures(db(), at(reminderAt)), remindDepartures(db(), at(reminderAt))]);
    expect(results[0]!.changed + results[1]!.changed).toBe(1);
    expect(await remindDepartures(db(), at(reminderAt + HOUR))).toEqual({ changed: 0 });

    const reminders = await remindersOf(rideId);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      rideId,
      driverFirstName: 'Kofi',
      vehicle: { make: 'Toyota', model: 'Corolla' },
      fromLocation: 'Circle VIP Bus Station',
      departureAt: at(departure).toISOString(),
      remindedAt: at(reminderAt).toISOString(),
    });
    expect(reminders[0]!.passengers.map((entry) => [entry.bookingId, entry.passengerFirstName, entry.seats, entry.board.location, entry.boardingCode])).toEqual([
      [seat.id, 'Efua', 2, 'Nkawkaw Lorry Station', seat.boardingCode],
      [second.id, 'Ama', 1, 'Circle VIP Bus Station', second.boardingCode],
    ]);
  });

  it('reminds nobody of a ride without a confirmed seat, nor after departure', async () => {
    const { rideId } = await ride({ bookingMode: 'approval' });
    await booked(await member(), form(rideId));
    const departure = Date.now() + 3 * HOUR;
    await departAt(rideId, at(departure));
    await remindDepartures(db(), at(departure - 2 * HOUR));

    const { rideId: departed } = await ride();
    await booked(await member(), form(departed));
    const left = Date.now() + 3 * HOUR;
    await departAt(departed, at(left));
    await remindDepartures(db(), at(left + 1));
    expect(await remindersOf(rideId)).toEqual([]);
    expect(await remindersOf(departed)).toEqual([]);
  });
});

describe('Idempotency-Keys', () => {
  it(`are kept ${idempotencyKeyRetentionHours} hours: a retry within them is answered as the first time, the key is forgotten after`, async () => {
    const { rideId } = await ride();
    const passenger = await member();
    const key = crypto.randomUUID();
    const first = await call(passenger, 'POST', '/bookings', form(rideId), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const { rows } = await db().$client.query<{ created: Date }>('SELECT created_at AS created FROM idempotency_keys WHERE key = $1', [key]);
    const made = rows[0]!.created.getTime();

    await pruneIdempotencyKeys(db(), at(made + idempotencyKeyRetentionHours * HOUR - MINUTE));
    const retried = await call(passenger, 'POST', '/bookings', form(rideId), { 'idempotency-key': key });
    expect([retried.statusCode, retried.json().id]).toEqual([201, first.json().id]);

    await pruneIdempotencyKeys(db(), at(made + idempotencyKeyRetentionHours * HOUR + MINUTE));
    const { rows: left } = await db().$client.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key]);
    expect(left).toEqual([]);
  });
});

/*
 * The two rules that keep money from staying held for ever, last in this file: they run the sweeps
 * a day ahead, which settles every ride and seat the tests above left behind.
 */

describe('a ride its duration would keep going', () => {
  it(`is completed ${rideCompletionLatestHours} hours after departure at the latest, with its boarded seats, whatever its duration says`, async () => {
    const departure = Date.now() - HOUR;
    const long = await departedRide(departure, '30h');
    // A duration no int holds: read before as a number that failed the whole sweep, for every ride.
    const absurd = await departedRide(departure, '99999999999h 99999999999min');
    const latest = departure + rideCompletionLatestHours * HOUR;

    await completeRides(db(), at(latest - 1));
    expect([(await rideRow(long.rideId)).status, (await rideRow(absurd.rideId)).status]).toEqual(['active', 'active']);

    await completeRides(db(), at(latest));
    for (const { rideId, boarded, boardedPassenger, waiting, waitingPassenger } of [long, absurd]) {
      expect((await rideRow(rideId)).status).toBe('completed');
      expect(await statusOf(boardedPassenger, boarded.id)).toBe('completed');
      // The window's last instant: the driver may still report the passenger never boarded.
      expect(await statusOf(waitingPassenger, waiting.id)).toBe('confirmed');
    }
  });
});

describe('a seat never boarded nor reported', () => {
  const byMobileMoney = { paymentMethod: 'mobile_money', wallet: { phone: '0241234567', network: 'mtn' } } as const;

  /** An instant ride of 4 seats departed an hour ago (so the driver can board and report now), with two cash seats and a paid mobile money one confirmed. */
  async function rideWithSeats() {
    const { rideId, driver } = await ride({ seats: 4, price: '120' });
    const cashPassenger = await member();
    const cash = await booked(cashPassenger, form(rideId));
    const paidPassenger = await member();
    const held = await booked(paidPassenger, form(rideId, { ...byMobileMoney }));
    await deliver(await paymentFact(held, 'succeeded'));
    expect(await statusOf(paidPassenger, held.id)).toBe('confirmed');
    const other = await booked(await member(), form(rideId));
    const departure = Date.now() - HOUR;
    await departAt(rideId, at(departure));
    return { rideId, driver, departure, windowEnds: departure + 24 * HOUR, cash, cashPassenger, paid: held, paidPassenger, other };
  }

  const notBoardedFacts = async (bookingId: string) => (await factsOf(bookingId)).filter((subject) => subject === 'krom.rides.booking.not_boarded.v1');

  it('ends not boarded once the no-show window has closed, refunding the fare (cash the same, with no money), once', async () => {
    const { rideId, driver, windowEnds, cash, cashPassenger, paid, paidPassenger } = await rideWithSeats();

    await closeUnboardedBookings(db(), at(windowEnds));
    expect([await statusOf(cashPassenger, cash.id), await statusOf(paidPassenger, paid.id)]).toEqual(['confirmed', 'confirmed']);

    await Promise.all([closeUnboardedBookings(db(), at(windowEnds + 1)), closeUnboardedBookings(db(), at(windowEnds + 1))]);
    await closeUnboardedBookings(db(), at(windowEnds + HOUR));
    expect([await statusOf(cashPassenger, cash.id), await statusOf(paidPassenger, paid.id)]).toEqual(['not_boarded', 'not_boarded']);
    for (const booking of [cash, paid]) {
      expect(await notBoardedFacts(booking.id)).toHaveLength(1);
      expect(bookingFactSchema.parse((await events(booking.id)).at(-1)!.envelope.data)).toMatchObject({
        status: 'not_boarded',
        previousStatus: 'confirmed',
        actor: 'system',
        totalAmount: '120.00',
        refundAmount: '120.00',
        occurredAt: at(windowEnds + 1).toISOString(),
      });
    }
    expect(bookingFactSchema.parse((await events(paid.id)).at(-1)!.envelope.data)).toMatchObject({ paymentMethod: 'mobile_money', serviceFee: '6.00' });
    expect(bookingFactSchema.parse((await events(cash.id)).at(-1)!.envelope.data)).toMatchObject({ paymentMethod: 'cash', serviceFee: '0.00' });

    // The passenger finds it among their past rides; the driver can no longer board it.
    const past = await call(paidPassenger, 'GET', '/bookings/mine?when=past');
    expect(past.json().bookings.map((booking: { id: string; status: string }) => [booking.id, booking.status])).toContainEqual([paid.id, 'not_boarded']);
    const board = await call(driver, 'POST', `/rides/${rideId}/board`, { code: cash.boardingCode });
    expect([board.statusCode, board.json().message]).toEqual([409, bookingMessages.transition.board]);
    expect(await statusOf(cashPassenger, cash.id)).toBe('not_boarded');
  });

  it('leaves alone a seat boarded by its code or reported as a no-show in time', async () => {
    const { rideId, driver, windowEnds, cash, cashPassenger, paid, paidPassenger, other } = await rideWithSeats();
    expect((await call(driver, 'POST', `/rides/${rideId}/board`, { code: cash.boardingCode })).statusCode).toBe(200);
    expect((await call(driver, 'POST', `/bookings/${paid.id}/no-show`)).statusCode).toBe(200);

    await closeUnboardedBookings(db(), at(windowEnds + 1));
    await completeRides(db(), at(windowEnds + 1));
    expect(await statusOf(cashPassenger, cash.id)).toBe('completed');
    expect(await statusOf(paidPassenger, paid.id)).toBe('no_show');
    expect(await notBoardedFacts(cash.id)).toEqual([]);
    expect(await notBoardedFacts(paid.id)).toEqual([]);
    // The one the driver left as it was ends as the rule says.
    expect(await notBoardedFacts(other.id)).toEqual(['krom.rides.booking.not_boarded.v1']);
  });
});
