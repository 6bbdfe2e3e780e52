import { randomUUID } from 'node:crypto';
import { staffRideListSchema, staffRideMessages, staffRidePageSize } from '@krom/contracts/http/staff-rides';
import { staffCaller } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { bookingCalls } from './bookings-env.ts';
import { useRidesService } from './rides-test-env.ts';

const handle = useRidesService();
const { call, driver, ride, rideForm, form, booked, member, departAt } = bookingCalls(handle);
const staff = staffCaller(['support']);

async function list(query: string) {
  const response = await call(staff, 'GET', `/staff/rides?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return staffRideListSchema.parse(response.json());
}
const ids = async (query: string) => (await list(query)).rides.map((found) => found.id);

async function setStatus(rideId: string, status: 'completed' | 'cancelled') {
  await handle.service.db.$client.query('UPDATE rides SET status = $2 WHERE id = $1', [rideId, status]);
}

describe('who may call', () => {
  it('refuses members and guests with 401', async () => {
    for (const caller of [{ kind: 'user', userId: randomUUID() } as const, { kind: 'public' } as const]) {
      const response = await call(caller, 'GET', '/staff/rides');
      expect([response.statusCode, response.json().message]).toEqual([401, 'Admin sign-in required']);
    }
  });
});

describe('the list of rides', () => {
  it('shows each ride with its driver, seats, price and bookings, and each filter narrows the list', async () => {
    // Days no other test in this file departs on.
    const day = '2031-03-10';
    const nextDay = '2031-03-11';
    const accra = await ride({ seats: 3, price: '120' });
    await departAt(accra.rideId, new Date(`${day}T07:30:00Z`));
    await booked(await member(), form(accra.rideId, { seats: 2 }));
    const cancelled = await ride();
    await departAt(cancelled.rideId, new Date(`${day}T09:00:00Z`));
    await setStatus(cancelled.rideId, 'cancelled');
    const north = await driver();
    const posted = await call(
      north.caller,
      'POST',
      '/rides',
      rideForm(north.vehicleId, { fromCity: 'Tamale', fromLocation: 'Tamale Central Station', toCity: 'Bolgatanga', toLocation: 'Bolga Main Station', stops: [], fromLatitude: 9.4008, fromLongitude: -0.8393, toLatitude: 10.7856, toLongitude: -0.8514 }),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const tamale = posted.json().id as string;
    await departAt(tamale, new Date(`${nextDay}T06:00:00Z`));
    await setStatus(tamale, 'completed');

    const both = `departureFrom=${day}&departureTo=${nextDay}`;
    const page = await list(both);
    expect(page.rides.map((found) => found.id)).toEqual([tamale, cancelled.rideId, accra.rideId]);
    expect(page.nextCursor).toBeNull();
    expect(page.rides[2]).toEqual({
      id: accra.rideId,
      fromCity: 'Accra',
      fromLocation: 'Circle VIP Bus Station',
      toCity: 'Kumasi',
      toLocation: 'Kejetia Lorry Park',
      departureAt: `${day}T07:30:00.000Z`,
      status: 'active',
      driverId: accra.driver.userId,
      driverFirstName: 'Kofi',
      seatsOffered: 3,
      availableSeats: 1,
      pricePerSeat: '120.00',
      currency: 'GHS',
      bookingsCount: 1,
    });

    expect(await ids(`${both}&status=cancelled`)).toEqual([cancelled.rideId]);
    expect(await ids(`${both}&status=completed`)).toEqual([tamale]);
    // A city or a location, by how it begins, any case.
    expect(await ids(`${both}&from=TAM`)).toEqual([tamale]);
    expect(await ids(`${both}&from=circle%20vip`)).toEqual([cancelled.rideId, accra.rideId]);
    expect(await ids(`${both}&to=bolga`)).toEqual([tamale]);
    expect(await ids(`${both}&to=kej`)).toEqual([cancelled.rideId, accra.rideId]);
    expect(await ids(`${both}&from=umasi`)).toEqual([]);
    // Whole Ghana days at each end.
    expect(await ids(`departureFrom=${nextDay}&departureTo=${nextDay}`)).toEqual([tamale]);
    expect(await ids(`departureFrom=${day}&departureTo=${day}`)).toEqual([cancelled.rideId, accra.rideId]);
    expect(await ids(`driverId=${accra.driver.userId}`)).toEqual([accra.rideId]);
    expect(await ids(`driverId=${north.caller.userId}&status=active`)).toEqual([]);
  });

  it(`pages ${staffRidePageSize} at a time through rides sharing one departure, none skipped or repeated`, async () => {
    const at = new Date('2031-06-01T08:00:00Z');
    const made = await Promise.all(Array.from({ length: staffRidePageSize + 3 }, () => ride()));
    for (const { rideId } of made) await departAt(rideId, at);
    const day = 'departureFrom=2031-06-01&departureTo=2031-06-01';

    const first = await list(day);
    expect(first.rides).toHaveLength(staffRidePageSize);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(`${day}&before=${first.nextCursor}`);
    expect(second.rides).toHaveLength(3);
    expect(second.nextCursor).toBeNull();

    const seen = [...first.rides, ...second.rides].map((found) => found.id);
    // One order (the id, newest departure being the same), every ride once.
    expect(seen).toEqual(made.map(({ rideId }) => rideId).sort().reverse());
  });

  it.each([
    ['status=gone', staffRideMessages.status],
    ['from=', staffRideMessages.place],
    [`to=${'a'.repeat(101)}`, staffRideMessages.place],
    ['departureFrom=2026-02-30', staffRideMessages.date],
    ['departureTo=yesterday', staffRideMessages.date],
    ['departureFrom=2026-12-02&departureTo=2026-12-01', staffRideMessages.dateOrder],
    ['driverId=not-a-driver', staffRideMessages.driverId],
    ['before=not-a-cursor', staffRideMessages.cursor],
  ])('refuses %j with a clear 400', async (query, message) => {
    const response = await call(staff, 'GET', `/staff/rides?${query}`);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });
});
