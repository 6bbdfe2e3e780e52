import { randomUUID } from 'node:crypto';
import { rideDetailsSchema, rideMessages, rideSearchResponseSchema } from '@krom/contracts/http/rides';
import { bookingMessages } from '@krom/contracts/http/bookings';
import type { Caller } from '@krom/server-kit/internal-auth';
import { describe, expect, it } from 'vitest';
import { dayFromNow, insertUserProfile, useRidesService } from './rides-test-env.ts';

/*
 * A passenger's leg of a ride with a stop: seats left and price from where they board to where
 * they leave, in the search and the ride's details. Accra → Nkawkaw → Kumasi: places 0, 1, 2;
 * leg 0 is Accra → Nkawkaw, leg 1 Nkawkaw → Kumasi.
 */

const handle = useRidesService();

async function call(caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) {
  return handle.service.app.inject({ method, url, headers: { ...(await handle.as(caller)), ...headers }, ...(payload ? { payload } : {}) });
}

// Places the server knows (its gazetteer), so the route's distance, cap and shares are real.
const accra = { city: 'Accra', location: 'Circle VIP Bus Station', localityArea: 'Circle', latitude: 5.57031, longitude: -0.21513 };
const nkawkaw = { city: 'Nkawkaw', location: 'Nkawkaw Lorry Station', latitude: 6.552795, longitude: -0.769811 };
const kumasi = { city: 'Kumasi', location: 'Kumasi Long Distance Bus Station', localityArea: 'Adum', latitude: 6.687504, longitude: -1.615079 };

let plates = 300;
let days = 2;

/** Posts Accra → Nkawkaw → Kumasi, 3 seats at GH₵120, on a day of its own; answers the ride's id, its date and its driver. */
async function postedRide(extra: object = {}) {
  const driver = { kind: 'user', userId: randomUUID() } as const;
  await insertUserProfile(handle.service, driver.userId);
  const vehicle = await call(driver, 'POST', '/vehicles', { make: 'Toyota', model: 'Sienna', year: 2017, color: 'White', licensePlate: `GE-${plates++}-17`, seats: 5 });
  expect(vehicle.statusCode).toBe(201);
  const date = dayFromNow(days++);
  const response = await call(driver, 'POST', '/rides', {
    vehicleId: vehicle.json().id,
    fromCity: accra.city,
    fromLocation: accra.location,
    fromLocalityArea: accra.localityArea,
    fromLatitude: accra.latitude,
    fromLongitude: accra.longitude,
    toCity: kumasi.city,
    toLocation: kumasi.location,
    toLocalityArea: kumasi.localityArea,
    toLatitude: kumasi.latitude,
    toLongitude: kumasi.longitude,
    stops: [nkawkaw],
    departureDate: date,
    departureTime: '07:00',
    availableSeats: 3,
    pricePerSeat: '120',
    ...extra,
  });
  return { response, date, driver };
}

async function ride(extra: object = {}) {
  const posted = await postedRide(extra);
  expect(posted.response.statusCode).toBe(201);
  return { id: posted.response.json().id as string, date: posted.date, driver: posted.driver };
}

/** Seats taken per leg, written as the booking code leaves them (leg i at position i + 1), with the freest leg's seats free. */
async function takeSeats(id: string, taken: number[]) {
  await handle.service.db.$client.query(
    `UPDATE rides SET leg_seats_taken = $2::int[],
       available_seats = seats_offered - (SELECT min(t) FROM unnest($2::int[] || array_fill(0, ARRAY[2 - cardinality($2::int[])])) t)
     WHERE id = $1`,
    [id, taken],
  );
}

async function search(query: Record<string, string | number>) {
  const response = await call({ kind: 'public' }, 'GET', `/rides?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`);
  expect(response.statusCode).toBe(200);
  return rideSearchResponseSchema.parse(response.json());
}

/** The ride's leg as a search with `query` answers it, or undefined when the ride is not listed. */
async function listedLeg(id: string, query: Record<string, string | number>) {
  const found = await search({ pageSize: 50, ...query });
  return found.rides.find((listed) => listed.id === id)?.leg;
}

async function details(id: string, query = '') {
  return call({ kind: 'public' }, 'GET', `/rides/${id}${query}`);
}

describe('the searched leg', () => {
  it('is the earliest boarding and latest leaving match, with its seats and its share of the price', async () => {
    const { id, date } = await ride();
    for (const withDate of [{ date }, {}] as Record<string, string>[]) {
      expect(await listedLeg(id, { from: 'Nkawkaw', to: 'Kumasi', ...withDate })).toEqual({ boardAt: 1, alightAt: 2, seatsLeft: 3, pricePerSeat: '50.00' });
      expect(await listedLeg(id, { from: 'Accra', to: 'Nkawkaw', ...withDate })).toEqual({ boardAt: 0, alightAt: 1, seatsLeft: 3, pricePerSeat: '70.00' });
      expect(await listedLeg(id, { from: 'Accra', to: 'Kumasi', ...withDate })).toEqual({ boardAt: 0, alightAt: 2, seatsLeft: 3, pricePerSeat: '120.00' });
      // One end alone: the other is the route's.
      expect(await listedLeg(id, { from: 'Nkawkaw', ...withDate })).toEqual({ boardAt: 1, alightAt: 2, seatsLeft: 3, pricePerSeat: '50.00' });
      expect(await listedLeg(id, { to: 'Nkawkaw', ...withDate })).toEqual({ boardAt: 0, alightAt: 1, seatsLeft: 3, pricePerSeat: '70.00' });
    }
    // No places: the whole route.
    expect(await listedLeg(id, { date })).toEqual({ boardAt: 0, alightAt: 2, seatsLeft: 3, pricePerSeat: '120.00' });
  });

  it('shows the seats left on the passenger’s legs, and leaves the ride out when they are full', async () => {
    const { id, date } = await ride();
    // Accra → Nkawkaw is full; one seat is taken from Nkawkaw to Kumasi.
    await takeSeats(id, [3, 1]);
    for (const withDate of [{ date }, {}] as Record<string, string>[]) {
      expect(await listedLeg(id, { from: 'Nkawkaw', to: 'Kumasi', ...withDate })).toEqual({ boardAt: 1, alightAt: 2, seatsLeft: 2, pricePerSeat: '50.00' });
      expect(await listedLeg(id, { from: 'Nkawkaw', to: 'Kumasi', seats: 2, ...withDate })).toMatchObject({ seatsLeft: 2 });
      expect(await listedLeg(id, { from: 'Nkawkaw', to: 'Kumasi', seats: 3, ...withDate })).toBeUndefined();
      expect(await listedLeg(id, { from: 'Nkawkaw', ...withDate })).toMatchObject({ boardAt: 1, seatsLeft: 2 });
      // The full leg: the ride is not listed, though Nkawkaw → Kumasi has seats.
      expect(await listedLeg(id, { from: 'Accra', to: 'Nkawkaw', ...withDate })).toBeUndefined();
      expect(await listedLeg(id, { from: 'Accra', to: 'Kumasi', ...withDate })).toBeUndefined();
      expect(await listedLeg(id, { to: 'Nkawkaw', ...withDate })).toBeUndefined();
    }
    expect(await listedLeg(id, { date })).toBeUndefined();
    expect(await listedLeg(id, {})).toBeUndefined();
    expect((await search({ from: 'Accra', to: 'Kumasi', date })).total).toBe(0);
  });

  it('counts a leg past the seats taken as free, and a seat freed on the way as free', async () => {
    const { id, date } = await ride();
    // One seat taken from Accra to Nkawkaw only: the array stops at leg 0.
    await takeSeats(id, [1]);
    expect(await listedLeg(id, { from: 'Nkawkaw', to: 'Kumasi', date })).toMatchObject({ seatsLeft: 3 });
    expect(await listedLeg(id, { from: 'Accra', to: 'Kumasi', date })).toMatchObject({ seatsLeft: 2 });
    expect(await listedLeg(id, { date, seats: 3 })).toBeUndefined();
    expect(await listedLeg(id, { from: 'Nkawkaw', date, seats: 3 })).toMatchObject({ seatsLeft: 3 });
  });
});

describe('a ride’s details for a leg', () => {
  it('answer the whole route by default and the leg asked for with ?board=&alight=', async () => {
    const { id } = await ride();
    await takeSeats(id, [3, 1]);
    const whole = rideDetailsSchema.parse((await details(id)).json());
    expect(whole.leg).toEqual({ boardAt: 0, alightAt: 2, seatsLeft: 0, pricePerSeat: '120.00' });
    expect((await details(id, '?board=1&alight=2')).json().leg).toEqual({ boardAt: 1, alightAt: 2, seatsLeft: 2, pricePerSeat: '50.00' });
    expect((await details(id, '?board=1')).json().leg).toEqual({ boardAt: 1, alightAt: 2, seatsLeft: 2, pricePerSeat: '50.00' });
    expect((await details(id, '?alight=1')).json().leg).toEqual({ boardAt: 0, alightAt: 1, seatsLeft: 0, pricePerSeat: '70.00' });
  });

  it('refuse a leg the ride does not have with 400', async () => {
    const { id } = await ride();
    for (const [query, message] of [
      ['?board=2&alight=1', bookingMessages.placesOrder],
      ['?board=1&alight=1', bookingMessages.placesOrder],
      ['?board=0&alight=3', bookingMessages.places],
      ['?board=2', bookingMessages.placesOrder],
      ['?board=x', bookingMessages.places],
    ] as const) {
      const response = await details(id, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
  });
});

describe('the driver’s leg prices', () => {
  it('replace the computed price of their leg, in the search and the details', async () => {
    const { id, date } = await ride({ legPrices: { '1-2': '45.50' } });
    expect(await listedLeg(id, { from: 'Nkawkaw', to: 'Kumasi', date })).toMatchObject({ pricePerSeat: '45.50' });
    expect(await listedLeg(id, { from: 'Accra', to: 'Nkawkaw', date })).toMatchObject({ pricePerSeat: '70.00' });
    const shown = (await details(id, '?board=1&alight=2')).json();
    expect(shown.leg.pricePerSeat).toBe('45.50');
    expect(shown.legPrices).toEqual({ '1-2': '45.50' });
  });

  it('are held to the route’s cap and to the route’s legs, with clear messages', async () => {
    const aboveCap = await postedRide({ legPrices: { '0-1': '5000' } });
    expect(aboveCap.response.statusCode).toBe(400);
    expect(aboveCap.response.json().message).toMatch(/^The price from Circle VIP Bus Station to Nkawkaw Lorry Station cannot be more than GH₵\d/);
    expect(aboveCap.response.json().errors).toEqual([{ field: 'legPrices.0-1', message: aboveCap.response.json().message }]);
    for (const legPrices of [{ '0-2': '50' }, { '1-3': '50' }, { '2-1': '50' }]) {
      const response = (await postedRide({ legPrices })).response;
      expect(response.statusCode, JSON.stringify(legPrices)).toBe(400);
      expect(response.json().message).toBe(rideMessages.legKey);
    }
    for (const legPrices of [{ '1-2': '0' }, { '1-2': 'ten' }, { 'one-two': '5' }]) {
      expect((await postedRide({ legPrices })).response.statusCode, JSON.stringify(legPrices)).toBe(400);
    }
  });

  it('change with the ride, and stay when a change leaves them out', async () => {
    const { id, date, driver } = await ride({ legPrices: { '1-2': '45.50' } });
    const change = { departureDate: date, departureTime: '07:00', availableSeats: 3, pricePerSeat: '120' };
    expect((await call(driver, 'PUT', `/rides/${id}`, change)).statusCode).toBe(200);
    expect((await details(id)).json().legPrices).toEqual({ '1-2': '45.50' });
    expect((await call(driver, 'PUT', `/rides/${id}`, { ...change, legPrices: { '0-1': '60' } })).statusCode).toBe(200);
    expect((await details(id, '?board=0&alight=1')).json().leg.pricePerSeat).toBe('60.00');
    expect((await details(id, '?board=1&alight=2')).json().leg.pricePerSeat).toBe('50.00');
    const refused = await call(driver, 'PUT', `/rides/${id}`, { ...change, legPrices: { '0-1': '5000' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('legPrices.0-1');
  });
});

describe('a booking', () => {
  /** Books `seats` from place `boardAt` to place `alightAt` for a new passenger; answers the booking. */
  async function booked(rideId: string, boardAt: number, alightAt: number, seats = 1) {
    const passenger = { kind: 'user', userId: randomUUID() } as const;
    await insertUserProfile(handle.service, passenger.userId, { firstName: 'Ama' });
    const body = { rideId, seats, boardAt, alightAt, passengerName: 'Ama Serwaa', passengerPhone: '024 412 3456' };
    const response = await call(passenger, 'POST', '/bookings', body, { 'idempotency-key': randomUUID() });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { pricePerSeat: string; totalAmount: string };
  }

  it('pays the price of its leg: the driver’s, else its share, and the whole route the ride’s price', async () => {
    const { id } = await ride({ legPrices: { '0-1': '72' } });
    expect(await booked(id, 1, 2, 2)).toMatchObject({ pricePerSeat: '50.00', totalAmount: '100.00' });
    expect(await booked(id, 0, 1)).toMatchObject({ pricePerSeat: '72.00', totalAmount: '72.00' });
    expect(await booked(id, 0, 2)).toMatchObject({ pricePerSeat: '120.00', totalAmount: '120.00' });
    // And the seats it took show on the legs searched.
    expect((await details(id, '?board=1&alight=2')).json().leg.seatsLeft).toBe(0);
    expect((await details(id, '?board=0&alight=1')).json().leg.seatsLeft).toBe(1);
  });
});
