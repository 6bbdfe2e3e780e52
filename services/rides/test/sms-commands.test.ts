import { randomUUID } from 'node:crypto';
import { smsCommandMessages } from '@krom/contracts/events/sms-command-messages';
import { type SmsCommandAnswered, type SmsRideCommand, smsCommandAnswered, smsCommandReceived } from '@krom/contracts/events/sms-commands';
import { bookingCodeLength, rideCodeLength, shortCodeAlphabet } from '@krom/contracts/http/booking-values';
import { bookingMessages, bookingSchema } from '@krom/contracts/http/bookings';
import { rideDetailsSchema } from '@krom/contracts/http/rides';
import { deliverToConsumer, testEnvelope } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { bookingCalls, type Member } from './bookings-env.ts';
import { paymentAnswers } from './payment-facts-env.ts';
import { dayFromNow, insertRide, insertUserProfile, useRidesService } from './rides-test-env.ts';

/*
 * Ride commands texted by members (krom.notifications.sms_command.received.v1, published on the
 * real bus as notifications does): rides runs each by the app's rules, once per command, and
 * answers with krom.rides.sms_command.answered.v1 in its outbox.
 */

const handle = useRidesService();
const { call, member, ride, form, booked, outbox, events } = bookingCalls(handle);
const payments = paymentAnswers(handle, events);
const MTN_PHONE = '+233244123456';

const codeOf = (length: number) => new RegExp(`^[${shortCodeAlphabet}]{${length}}$`);

async function rideCodeOf(rideId: string): Promise<string> {
  const response = await call(await member(), 'GET', `/rides/${rideId}`);
  expect(response.statusCode).toBe(200);
  const code = rideDetailsSchema.parse(response.json()).rideCode;
  expect(code).toMatch(codeOf(rideCodeLength));
  return code!;
}

/** Publishes the command under a fresh Nats-Msg-Id (a repeat is a second delivery) and waits until rides acknowledged it. */
async function deliver(sender: Member, command: SmsRideCommand, commandId: string = randomUUID(), phone = MTN_PHONE) {
  const data = { commandId, memberId: sender.userId, phone, command, receivedAt: new Date().toISOString() };
  await deliverToConsumer(handle.service.bus, 'rides', smsCommandReceived, testEnvelope(smsCommandReceived, data));
  return commandId;
}

/** Every answer rides wrote for the command. */
async function answersTo(commandId: string): Promise<SmsCommandAnswered[]> {
  const answers = await outbox<SmsCommandAnswered>(smsCommandAnswered.subject);
  return answers.map((envelope) => smsCommandAnswered.schema.parse(envelope.data)).filter((answered) => answered.commandId === commandId);
}

/** Sends the command and answers rides' one answer. */
async function text(sender: Member, command: SmsRideCommand, phone = MTN_PHONE) {
  const commandId = await deliver(sender, command, randomUUID(), phone);
  const answers = await answersTo(commandId);
  expect(answers).toHaveLength(1);
  expect(answers[0]).toMatchObject({ commandId, memberId: sender.userId, phone });
  return answers[0]!.answer;
}

const myBookings = async (caller: Member) => {
  const response = await call(caller, 'GET', '/bookings/mine?when=upcoming');
  return bookingSchema.array().parse(response.json().bookings);
};

describe('FIND <from> <to> [date]', () => {
  it('answers the next rides between the towns with seats, each with its ride code, the seats and the price of the whole ride', async () => {
    const posted = await ride({ seats: 3, price: '120' });
    const code = await rideCodeOf(posted.rideId);
    const answer = await text(await member(), { kind: 'find', from: 'accra', to: 'KUMASI', date: null });
    expect(answer.kind).toBe('rides');
    if (answer.kind !== 'rides') return;
    expect(answer.rides.length).toBeLessThanOrEqual(3);
    expect(answer.rides).toContainEqual({
      rideCode: code,
      from: 'Circle VIP Bus Station',
      to: 'Kejetia Lorry Park',
      departureAt: `${dayFromNow(3)}T07:30:00.000Z`,
      pricePerSeat: '120.00',
      currency: 'GHS',
      seatsLeft: 3,
    });
    // Soonest first.
    const departures = answer.rides.map((found) => found.departureAt);
    expect(departures).toEqual([...departures].sort());
  });

  it('answers from the day asked: a ride before it is not listed, and no ride is an empty list', async () => {
    const posted = await ride();
    const code = await rideCodeOf(posted.rideId);
    const later = await text(await member(), { kind: 'find', from: 'Accra', to: 'Kumasi', date: dayFromNow(4) });
    expect(later).toMatchObject({ kind: 'rides', date: dayFromNow(4) });
    if (later.kind === 'rides') expect(later.rides.map((found) => found.rideCode)).not.toContain(code);
    expect(await text(await member(), { kind: 'find', from: 'Tamale', to: 'Wa', date: null })).toEqual({ kind: 'rides', from: 'Tamale', to: 'Wa', date: null, rides: [] });
  });
});

describe('BOOK <ride code> <seats>', () => {
  it('books the whole ride in cash by its code (any case), and MY lists the booking with its codes', async () => {
    const posted = await ride({ seats: 3 });
    const code = await rideCodeOf(posted.rideId);
    const passenger = await member();
    const answer = await text(passenger, { kind: 'book', rideCode: code.toLowerCase(), seats: 2, paymentMethod: 'cash' });
    expect(answer).toMatchObject({
      kind: 'booked',
      rideCode: code,
      from: 'Circle VIP Bus Station',
      to: 'Kejetia Lorry Park',
      departureAt: `${dayFromNow(3)}T07:30:00.000Z`,
      seats: 2,
      totalAmount: '240.00',
      currency: 'GHS',
      paymentMethod: 'cash',
      status: 'confirmed',
    });
    if (answer.kind !== 'booked') return;
    expect(answer.bookingCode).toMatch(codeOf(bookingCodeLength));
    // The same booking as the app's, for the whole route, in the member's name and on the sender's phone.
    const [booking] = await myBookings(passenger);
    expect(booking).toMatchObject({ rideId: posted.rideId, bookingCode: answer.bookingCode, seats: 2, passengerName: 'Ama Serwaa', passengerPhone: '0244123456' });
    expect([booking?.board.index, booking?.alight.index]).toEqual([0, 2]);

    expect(await text(passenger, { kind: 'my' })).toEqual({
      kind: 'bookings',
      bookings: [
        { bookingCode: answer.bookingCode, rideCode: code, from: 'Circle VIP Bus Station', to: 'Kejetia Lorry Park', departureAt: answer.departureAt, seats: 2, status: 'confirmed' },
      ],
    });
  });

  it('books by mobile money from the sender’s number on the network its prefix tells: the seat held for the prompt, fare and fee', async () => {
    const posted = await ride({ price: '100' });
    const passenger = await member();
    const answer = await text(passenger, { kind: 'book', rideCode: await rideCodeOf(posted.rideId), seats: 1, paymentMethod: 'mobile_money' });
    expect(answer).toMatchObject({ kind: 'booked', paymentMethod: 'mobile_money', status: 'awaiting_payment', seats: 1 });
    const [booking] = await myBookings(passenger);
    expect(booking).toMatchObject({ status: 'awaiting_payment', totalAmount: '100.00' });
    if (answer.kind === 'booked') expect(answer.totalAmount).toBe((100 + Number(booking?.serviceFee)).toFixed(2));
    const { rows } = await handle.service.db.$client.query('SELECT wallet_phone, wallet_network FROM bookings WHERE id = $1', [booking?.id]);
    expect(rows[0]).toEqual({ wallet_phone: '0244123456', wallet_network: 'mtn' });
    // The prompt is asked for, as for a booking made in the app.
    const asked = await outbox<{ bookingId: string }>('krom.rides.booking.payment_requested.v1');
    expect(asked.map((envelope) => envelope.data.bookingId)).toContain(booking?.id);
  });

  it('refuses mobile money from a number whose network is unknown, saying to book in the app or pay cash', async () => {
    const posted = await ride();
    const passenger = await member();
    expect(await text(passenger, { kind: 'book', rideCode: await rideCodeOf(posted.rideId), seats: 1, paymentMethod: 'mobile_money' }, '+233302123456')).toEqual({
      kind: 'refused',
      command: 'book',
      message: smsCommandMessages.networkUnknown,
    });
    expect(await myBookings(passenger)).toEqual([]);
  });

  it('refuses a ride code no ride has', async () => {
    expect(await text(await member(), { kind: 'book', rideCode: 'QQQQQ', seats: 1, paymentMethod: 'cash' })).toEqual({
      kind: 'refused',
      command: 'book',
      message: smsCommandMessages.rideCodeUnknown('QQQQQ'),
    });
  });

  it('refuses a full ride in the app’s words, and books nothing', async () => {
    const posted = await ride({ seats: 1 });
    const code = await rideCodeOf(posted.rideId);
    await booked(await member(), form(posted.rideId, { seats: 1, paymentMethod: 'cash' }));
    const passenger = await member();
    expect(await text(passenger, { kind: 'book', rideCode: code, seats: 1, paymentMethod: 'cash' })).toEqual({
      kind: 'refused',
      command: 'book',
      message: bookingMessages.notEnoughSeats(0),
    });
    expect(await myBookings(passenger)).toEqual([]);
  });

  it('refuses a suspended member, and a driver on their own ride, in the app’s words', async () => {
    const posted = await ride();
    const code = await rideCodeOf(posted.rideId);
    const suspended = await member();
    await insertUserProfile(handle.service, suspended.userId, { suspended: true });
    expect(await text(suspended, { kind: 'book', rideCode: code, seats: 1, paymentMethod: 'cash' })).toEqual({
      kind: 'refused',
      command: 'book',
      message: bookingMessages.cannotBook,
    });
    expect(await text(posted.driver, { kind: 'book', rideCode: code, seats: 1, paymentMethod: 'cash' })).toEqual({
      kind: 'refused',
      command: 'book',
      message: bookingMessages.ownRide,
    });
  });

  it('books once and answers once when the same command is delivered twice', async () => {
    const posted = await ride({ seats: 3 });
    const passenger = await member();
    const command: SmsRideCommand = { kind: 'book', rideCode: await rideCodeOf(posted.rideId), seats: 1, paymentMethod: 'cash' };
    const commandId = await deliver(passenger, command);
    await deliver(passenger, command, commandId);
    expect(await answersTo(commandId)).toHaveLength(1);
    expect(await myBookings(passenger)).toHaveLength(1);
    const { rows } = await handle.service.db.$client.query('SELECT available_seats FROM rides WHERE id = $1', [posted.rideId]);
    expect(rows[0]?.available_seats).toBe(2);
  });
});

describe('CANCEL <booking code>', () => {
  it('cancels the sender’s own booking by the policy and says what comes back', async () => {
    const posted = await ride();
    const passenger = await member();
    const seat = await booked(passenger, form(posted.rideId, { paymentMethod: 'cash' }));
    const answer = await text(passenger, { kind: 'cancel', bookingCode: seat.bookingCode!.toLowerCase() });
    expect(answer).toEqual({
      kind: 'cancelled',
      bookingCode: seat.bookingCode,
      from: 'Circle VIP Bus Station',
      to: 'Kejetia Lorry Park',
      departureAt: seat.departureAt,
      refundAmount: '0.00',
      currency: 'GHS',
      policy: 'Paid in cash to the driver: nothing was paid through Krom, nothing to refund.',
    });
    const response = await call(passenger, 'GET', `/bookings/${seat.id}`);
    expect(bookingSchema.parse(response.json()).status).toBe('cancelled_by_passenger');
  });

  it('cancels a seat paid by mobile money more than 24 hours ahead with the whole fare back', async () => {
    const posted = await ride({ price: '120' });
    const passenger = await member();
    const answer = await text(passenger, { kind: 'book', rideCode: await rideCodeOf(posted.rideId), seats: 1, paymentMethod: 'mobile_money' });
    const [held] = await myBookings(passenger);
    await payments.deliver(await payments.paymentFact(held!, 'succeeded'));
    expect((await myBookings(passenger))[0]?.status).toBe('confirmed');
    if (answer.kind !== 'booked') throw new Error(`not booked: ${JSON.stringify(answer)}`);
    expect(await text(passenger, { kind: 'cancel', bookingCode: answer.bookingCode })).toMatchObject({
      kind: 'cancelled',
      refundAmount: '120.00',
      currency: 'GHS',
      policy: 'More than 24 hours before departure: the full fare back.',
    });
    const cancelled = (await events(held!.id)).at(-1)!;
    expect(cancelled.subject).toBe('krom.rides.booking.cancelled_by_passenger.v1');
    expect(cancelled.envelope.data).toMatchObject({ refundAmount: '120.00' });
  });

  it('withdraws a seat not yet paid for, with nothing to refund', async () => {
    const posted = await ride();
    const passenger = await member();
    const booking = await text(passenger, { kind: 'book', rideCode: await rideCodeOf(posted.rideId), seats: 1, paymentMethod: 'mobile_money' });
    if (booking.kind !== 'booked') throw new Error(`not booked: ${JSON.stringify(booking)}`);
    expect(await text(passenger, { kind: 'cancel', bookingCode: booking.bookingCode })).toMatchObject({
      kind: 'cancelled',
      refundAmount: '0.00',
      policy: 'The seats were not paid for yet: nothing to refund.',
    });
    expect(await myBookings(passenger)).toEqual([]);
  });

  it('refuses another member’s booking code as if it did not exist, and leaves that booking alone', async () => {
    const posted = await ride();
    const owner = await member();
    const seat = await booked(owner, form(posted.rideId, { paymentMethod: 'cash' }));
    expect(await text(await member(), { kind: 'cancel', bookingCode: seat.bookingCode! })).toEqual({
      kind: 'refused',
      command: 'cancel',
      message: smsCommandMessages.bookingCodeUnknown(seat.bookingCode!),
    });
    expect((await myBookings(owner)).map((booking) => booking.status)).toEqual(['confirmed']);
  });
});

describe('short codes', () => {
  it('gives every ride and booking its own code from the alphabet, drawing again when a code is taken', async () => {
    const posted = await ride();
    const seat = await booked(await member(), form(posted.rideId, { paymentMethod: 'cash' }));
    expect(seat.bookingCode).toMatch(codeOf(bookingCodeLength));
    const client = await handle.service.db.$client.connect();
    try {
      // The same seed draws the same first code: free, it is the code; taken by a ride, the next draw is.
      const drawn = async (statement: string) => {
        await client.query('SELECT setseed(0.42)');
        return (await client.query<{ code: string }>(statement)).rows[0]!.code;
      };
      const first = await drawn('SELECT short_code(5) AS code');
      expect(await drawn("SELECT new_short_code('rides', 'ride_code', 5) AS code")).toBe(first);
      const taken = await insertRide(handle.service, { driverId: posted.driver.userId, vehicleId: await rideVehicle(posted.rideId), departureAt: new Date(Date.now() + 86_400_000) });
      await client.query('UPDATE rides SET ride_code = $2 WHERE id = $1', [taken, first]);
      const next = await drawn("SELECT new_short_code('rides', 'ride_code', 5) AS code");
      expect(next).toMatch(codeOf(rideCodeLength));
      expect(next).not.toBe(first);
    } finally {
      client.release();
    }
    const { rows } = await handle.service.db.$client.query<{ codes: number; rides: number }>('SELECT count(DISTINCT ride_code)::int AS codes, count(*)::int AS rides FROM rides');
    expect(rows[0]!.codes).toBe(rows[0]!.rides);
  });
});

async function rideVehicle(rideId: string): Promise<string> {
  const { rows } = await handle.service.db.$client.query<{ vehicle_id: string }>('SELECT vehicle_id FROM rides WHERE id = $1', [rideId]);
  return rows[0]!.vehicle_id;
}
