import { randomInt, randomUUID } from 'node:crypto';
import { bookingMessages } from '@krom/contracts/http/bookings';
import { ghanaPhoneMessage } from '@krom/contracts/http/fields';
import {
  staffBookingDetailSchema,
  staffBookingListSchema,
  staffBookingMessages,
  staffBookingPageSize,
} from '@krom/contracts/http/staff-bookings';
import { staffRideMessages } from '@krom/contracts/http/staff-rides';
import { staffCaller } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { bookingCalls } from './bookings-env.ts';
import { useRidesService } from './rides-test-env.ts';

const handle = useRidesService();
const { call, member, ride, form, booked, legs, events, departAt } = bookingCalls(handle);
const staff = staffCaller(['support']);

/** A phone no other test in this file books with, in the spaced form a person types. */
const aPhone = () => {
  const digits = String(randomInt(1_000_000, 10_000_000));
  return { typed: `024 ${digits.slice(0, 3)} ${digits.slice(3)}`, local: `024${digits}`, international: `+23324${digits}` };
};

async function list(query: string) {
  const response = await call(staff, 'GET', `/staff/bookings?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return staffBookingListSchema.parse(response.json());
}
const search = async (query: string) => (await list(query)).bookings;
const ids = async (query: string) => (await search(query)).map((found) => found.id);
/** Newest departure first, then by id (descending) among bookings sharing one. */
const byId = (...bookings: { id: string }[]) => bookings.map((booking) => booking.id).sort().reverse();
const byMobileMoney = { paymentMethod: 'mobile_money', wallet: { phone: '055 123 4567', network: 'mtn' } } as const;

describe('who may call', () => {
  it.each([
    ['GET', '/staff/bookings?code=ACDEFG'],
    ['GET', `/staff/bookings/${randomUUID()}`],
    ['POST', `/staff/bookings/${randomUUID()}/cancel`],
  ] as const)('%s %s refuses members and guests with 401', async (method, url) => {
    const body = method === 'POST' ? { reason: 'Driver reported a breakdown' } : undefined;
    for (const caller of [{ kind: 'user', userId: randomUUID() } as const, { kind: 'public' } as const]) {
      const response = await call(caller, method, url, body);
      expect([response.statusCode, response.json().message]).toEqual([401, 'Admin sign-in required']);
    }
  });
});

describe('the list of bookings', () => {
  it('finds it by boarding code (any case), by the phone given on the booking (any form) and by ride, with what staff need to see', async () => {
    const { rideId } = await ride({ seats: 3, price: '100' });
    const phone = aPhone();
    const booking = await booked(await member(), form(rideId, { seats: 2, boardAt: 1, alightAt: 2, passengerName: 'Akosua Frimpong', passengerPhone: phone.typed }));
    const other = await booked(await member(), form(rideId, { passengerPhone: aPhone().typed }));

    const [byCode] = await search(`code=${booking.boardingCode!.toLowerCase()}`);
    expect(byCode).toEqual({
      id: booking.id,
      rideId,
      status: 'confirmed',
      bookingMode: 'instant',
      paymentMethod: 'cash',
      rideFrom: 'Circle VIP Bus Station',
      rideTo: 'Kejetia Lorry Park',
      departureDate: booking.departureDate,
      departureTime: '07:30',
      departureAt: booking.departureAt,
      passengerId: expect.any(String),
      passengerName: 'Akosua Frimpong',
      passengerPhone: phone.local,
      driverId: expect.any(String),
      driverName: 'Kofi Boateng',
      seats: 2,
      board: { index: 1, location: 'Nkawkaw Lorry Station' },
      alight: { index: 2, location: 'Kejetia Lorry Park' },
      totalAmount: booking.totalAmount,
      currency: 'GHS',
      boardingCode: booking.boardingCode,
      createdAt: booking.createdAt,
      version: 1,
    });
    expect((await search(`phone=${encodeURIComponent(phone.international)}`)).map((found) => found.id)).toEqual([booking.id]);
    expect(await ids(`rideId=${rideId}`)).toEqual(byId(booking, other));
    expect(await search('code=ACDEFG')).toEqual(booking.boardingCode === 'ACDEFG' ? [byCode] : []);
    expect(await search(`rideId=${randomUUID()}`)).toEqual([]);
  });

  it('lists every booking by its ride\'s departure, newest first, and each filter narrows the list, combined with the others', async () => {
    // Days no other test in this file departs on.
    const day = '2032-04-10';
    const nextDay = '2032-04-11';
    const early = await ride({ seats: 3 });
    await departAt(early.rideId, new Date(`${day}T07:30:00Z`));
    const late = await ride({ seats: 3 });
    await departAt(late.rideId, new Date(`${nextDay}T06:00:00Z`));
    const phone = aPhone();
    const cash = await booked(await member(), form(early.rideId, { passengerPhone: phone.typed }));
    const mobile = await booked(await member(), form(early.rideId, { ...byMobileMoney, passengerPhone: aPhone().typed }));
    const ended = await booked(await member(), form(late.rideId, { passengerPhone: phone.typed }));
    expect((await call(staff, 'POST', `/staff/bookings/${ended.id}/cancel`, { reason: 'Driver reported a breakdown' })).statusCode).toBe(200);

    const both = `departureFrom=${day}&departureTo=${nextDay}`;
    const page = await list(both);
    expect(page.bookings.map((found) => found.id)).toEqual([ended.id, ...byId(cash, mobile)]);
    expect(page.nextCursor).toBeNull();
    expect(page.bookings[0]).toMatchObject({ status: 'cancelled', paymentMethod: 'cash', departureAt: `${nextDay}T06:00:00.000Z` });

    expect(await ids(`${both}&status=confirmed`)).toEqual([cash.id]);
    expect(await ids(`${both}&status=awaiting_payment`)).toEqual([mobile.id]);
    expect(await ids(`${both}&paymentMethod=mobile_money`)).toEqual([mobile.id]);
    expect(await ids(`${both}&paymentMethod=cash`)).toEqual([ended.id, cash.id]);
    expect(await ids(`${both}&paymentMethod=cash&status=cancelled`)).toEqual([ended.id]);
    // Whole Ghana days at each end.
    expect(await ids(`departureFrom=${nextDay}&departureTo=${nextDay}`)).toEqual([ended.id]);
    expect(await ids(`departureFrom=${day}&departureTo=${day}`)).toEqual(byId(cash, mobile));
    expect(await ids(`phone=${phone.local}`)).toEqual([ended.id, cash.id]);
    expect(await ids(`phone=${phone.local}&rideId=${early.rideId}`)).toEqual([cash.id]);
    expect(await ids(`phone=${phone.local}&departureTo=${day}&status=cancelled`)).toEqual([]);
    expect(await ids(`code=${cash.boardingCode}&rideId=${early.rideId}&paymentMethod=cash`)).toEqual([cash.id]);
    expect(await ids(`code=${cash.boardingCode}&rideId=${late.rideId}`)).toEqual([]);
  });

  it(`pages ${staffBookingPageSize} at a time through bookings sharing one departure, none skipped or repeated`, async () => {
    const at = new Date('2032-06-01T08:00:00Z');
    const rides = await Promise.all(Array.from({ length: 27 }, () => ride({ seats: 3 })));
    const made = [];
    for (const { rideId } of rides) {
      await departAt(rideId, at);
      // Two on each ride: bookings sharing a ride and bookings sharing only the departure.
      for (let n = 0; n < 2; n++) made.push(await booked(await member(), form(rideId, { passengerPhone: aPhone().typed })));
    }
    const day = 'departureFrom=2032-06-01&departureTo=2032-06-01';

    const first = await list(day);
    expect(first.bookings).toHaveLength(staffBookingPageSize);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(`${day}&before=${first.nextCursor}`);
    expect(second.bookings).toHaveLength(made.length - staffBookingPageSize);
    expect(second.nextCursor).toBeNull();
    // One order (the id, the departure being the same), every booking once.
    expect([...first.bookings, ...second.bookings].map((found) => found.id)).toEqual(byId(...made));
  });

  it.each([
    ['status=gone', staffBookingMessages.status],
    ['paymentMethod=card', staffBookingMessages.paymentMethod],
    ['departureFrom=2026-02-30', staffRideMessages.date],
    ['departureTo=yesterday', staffRideMessages.date],
    ['departureFrom=2026-12-02&departureTo=2026-12-01', staffRideMessages.dateOrder],
    ['code=O0I1', bookingMessages.boardingCode],
    ['phone=12345', ghanaPhoneMessage],
    ['rideId=not-a-ride', staffBookingMessages.rideId],
    ['before=not-a-cursor', staffBookingMessages.cursor],
    [`before=${Buffer.from(`2032-06-01T08:00:00.000Z|not-an-id`).toString('base64url')}`, staffBookingMessages.cursor],
    [`before=${'a'.repeat(201)}`, staffBookingMessages.cursor],
  ])('refuses %j with a clear 400', async (query, message) => {
    const response = await call(staff, 'GET', `/staff/bookings?${query}`);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });
});

describe('a booking and its history', () => {
  it('shows every transition with who made it and why, oldest first', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval' });
    const passenger = await member();
    const booking = await booked(passenger, form(rideId));
    expect((await call(driver, 'POST', `/bookings/${booking.id}/accept`)).statusCode).toBe(200);

    const response = await call(staff, 'GET', `/staff/bookings/${booking.id}`);
    const detail = staffBookingDetailSchema.parse(response.json());
    expect(detail).toMatchObject({ id: booking.id, status: 'confirmed', version: 3 });
    expect(detail.history.map(({ from, to, actor, actorId, reason }) => ({ from, to, actor, actorId, reason }))).toEqual([
      { from: null, to: 'requested', actor: 'passenger', actorId: passenger.userId, reason: null },
      { from: 'requested', to: 'accepted', actor: 'driver', actorId: driver.userId, reason: null },
      { from: 'accepted', to: 'confirmed', actor: 'driver', actorId: driver.userId, reason: null },
    ]);
  });

  it('answers 404 for a booking that does not exist', async () => {
    for (const id of [randomUUID(), 'not-a-booking']) {
      const response = await call(staff, 'GET', `/staff/bookings/${id}`);
      expect([response.statusCode, response.json().message]).toEqual([404, bookingMessages.notFound]);
    }
  });
});

describe('cancelling as staff', () => {
  it('cancels with the reason: the seats come back, the history and the event name staff, the reason and a full refund', async () => {
    const { rideId } = await ride({ seats: 3, price: '100' });
    const booking = await booked(await member(), form(rideId, { seats: 2 }));
    expect((await legs(rideId)).taken).toEqual([2, 2]);

    const response = await call(staff, 'POST', `/staff/bookings/${booking.id}/cancel`, { reason: '  Driver reported the car broke down  ' });
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = staffBookingDetailSchema.parse(response.json());
    expect(cancelled).toMatchObject({ id: booking.id, status: 'cancelled', version: 2 });
    expect(cancelled.history.at(-1)).toMatchObject({
      from: 'confirmed',
      to: 'cancelled',
      actor: 'staff',
      actorId: staff.adminId,
      reason: 'Driver reported the car broke down',
    });
    expect((await legs(rideId)).taken).toEqual([0, 0]);
    const last = (await events(booking.id)).at(-1);
    expect(last?.subject).toBe('krom.rides.booking.cancelled.v1');
    expect(last?.envelope.data).toMatchObject({
      status: 'cancelled',
      previousStatus: 'confirmed',
      actor: 'staff',
      reason: 'Driver reported the car broke down',
      refundAmount: booking.totalAmount,
      version: 2,
    });
    // As read again, and as the search lists it.
    expect(staffBookingDetailSchema.parse((await call(staff, 'GET', `/staff/bookings/${booking.id}`)).json()).history).toEqual(cancelled.history);
    expect((await search(`rideId=${rideId}`))[0]?.status).toBe('cancelled');
  });

  it('cancels a request waiting for the driver too', async () => {
    const { rideId } = await ride({ bookingMode: 'approval' });
    const request = await booked(await member(), form(rideId));
    const response = await call(staff, 'POST', `/staff/bookings/${request.id}/cancel`, { reason: 'Passenger asked by phone' });
    expect(staffBookingDetailSchema.parse(response.json()).status).toBe('cancelled');
    expect((await legs(rideId)).taken).toEqual([0, 0]);
  });

  it.each([
    [{}, staffBookingMessages.reasonRequired],
    [{ reason: '  bad  ' }, staffBookingMessages.reasonRequired],
    [{ reason: 'x'.repeat(501) }, staffBookingMessages.reasonLength],
  ])('refuses %j with a clear 400 and changes nothing', async (body, message) => {
    const { rideId } = await ride();
    const booking = await booked(await member(), form(rideId));
    const response = await call(staff, 'POST', `/staff/bookings/${booking.id}/cancel`, body);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
    expect(staffBookingDetailSchema.parse((await call(staff, 'GET', `/staff/bookings/${booking.id}`)).json()).status).toBe('confirmed');
  });

  it('answers 409 once the booking can no longer be cancelled, and 404 for none', async () => {
    const { rideId, driver } = await ride();
    const booking = await booked(await member(), form(rideId));
    const reason = { reason: 'Duplicate booking made by mistake' };
    expect((await call(staff, 'POST', `/staff/bookings/${booking.id}/cancel`, reason)).statusCode).toBe(200);
    const twice = await call(staff, 'POST', `/staff/bookings/${booking.id}/cancel`, reason);
    expect([twice.statusCode, twice.json().message]).toEqual([409, bookingMessages.transition.staffCancel]);
    expect((await events(booking.id)).map((row) => row.subject)).toEqual(['krom.rides.booking.confirmed.v1', 'krom.rides.booking.cancelled.v1']);

    // A boarded passenger is on their way: staff cannot cancel that either.
    const boarded = await booked(await member(), form(rideId));
    // Boarding opens 24 hours before departure.
    await departAt(rideId, new Date(Date.now() + 2 * 3_600_000));
    expect((await call(driver, 'POST', `/rides/${rideId}/board`, { code: boarded.boardingCode })).statusCode).toBe(200);
    expect((await call(staff, 'POST', `/staff/bookings/${boarded.id}/cancel`, reason)).statusCode).toBe(409);

    const missing = await call(staff, 'POST', `/staff/bookings/${randomUUID()}/cancel`, reason);
    expect([missing.statusCode, missing.json().message]).toEqual([404, bookingMessages.notFound]);
  });
});
