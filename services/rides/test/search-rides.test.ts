import { randomBytes, randomUUID } from 'node:crypto';
import { nearbyRadiusKm, rideMessages, rideSearchResponseSchema } from '@krom/contracts/http/rides';
import type { Caller } from '@krom/server-kit/internal-auth';
import { administratorCaller } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { dayFromNow, insertRide, insertUserProfile, useRidesService } from './rides-test-env.ts';

const handle = useRidesService();
const DAY = 24 * 60 * 60 * 1000;

async function call(caller: Caller, method: 'GET' | 'POST', url: string, payload?: object) {
  return handle.service.app.inject({ method, url, headers: await handle.as(caller), ...(payload ? { payload } : {}) });
}

/** Each test's places carry a tag of their own: the file's tests share one database. */
const newTag = () => randomBytes(4).toString('hex');

let plates = 100;
async function newDriver(seats = 7) {
  const caller = { kind: 'user', userId: randomUUID() } as const;
  await insertUserProfile(handle.service, caller.userId);
  const vehicle = await call(caller, 'POST', '/vehicles', { make: 'Toyota', model: 'Sienna', year: 2017, color: 'White', licensePlate: `GE-${plates++}-17`, seats });
  expect(vehicle.statusCode).toBe(201);
  return { caller, vehicleId: vehicle.json().id as string };
}

type Place = { city: string; location: string; localityArea?: string; latitude?: number; longitude?: number };
type Stop = Place & { stopType?: 'pickup' | 'dropoff' | 'either' };

/** Posts a ride through the API (so its search text is what posting writes) and returns its id. */
async function posted(
  driver: { caller: Caller; vehicleId: string },
  from: Place,
  to: Place,
  options: { stops?: Stop[]; date?: string; time?: string; seats?: number } = {},
): Promise<string> {
  const response = await call(driver.caller, 'POST', '/rides', {
    vehicleId: driver.vehicleId,
    fromCity: from.city,
    fromLocation: from.location,
    fromLocalityArea: from.localityArea,
    fromLatitude: from.latitude,
    fromLongitude: from.longitude,
    toCity: to.city,
    toLocation: to.location,
    toLocalityArea: to.localityArea,
    toLatitude: to.latitude,
    toLongitude: to.longitude,
    stops: options.stops ?? [],
    departureDate: options.date ?? dayFromNow(3),
    departureTime: options.time ?? '08:00',
    availableSeats: options.seats ?? 3,
    // The tests' towns are their own, unknown to the server: a short trip's cap holds them (price-cap.ts).
    pricePerSeat: '10',
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function search(query: Record<string, string | number>, caller: Caller = { kind: 'public' }) {
  const response = await call(caller, 'GET', `/rides?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`);
  expect(response.statusCode).toBe(200);
  return rideSearchResponseSchema.parse(response.json());
}
const idsFor = async (query: Record<string, string | number>) => (await search({ pageSize: 50, ...query })).rides.map((ride) => ride.id);

/** Three towns of one test, each with a locality and a named spot. */
function towns(tag: string) {
  const place = (name: string, latitude: number, longitude: number): Place => ({
    city: `${name}-${tag}`,
    location: `${name} Lorry Park ${tag}`,
    localityArea: `${name}Zongo-${tag}`,
    latitude,
    longitude,
  });
  return { a: place('Accra', 5.56, -0.2), b: place('Nkawkaw', 6.55, -0.77), c: place('Kumasi', 6.69, -1.62) };
}

describe('who may search', () => {
  it('answers guests and users alike; staff too (the BFF asserts every caller)', async () => {
    for (const caller of [{ kind: 'public' } as const, { kind: 'user', userId: randomUUID() } as const, administratorCaller()]) {
      expect((await call(caller, 'GET', '/rides')).statusCode).toBe(200);
    }
    expect((await handle.service.app.inject({ method: 'GET', url: '/rides' })).statusCode).toBe(401);
  });

  it.each([
    ['seats=9', rideMessages.seats],
    ['seats=0', rideMessages.seats],
    ['date=2026-13-01', rideMessages.date],
    ['fromLatitude=40&fromLongitude=0', rideMessages.coordinates],
  ])('answers 400 for %s', async (query, message) => {
    const response = await call({ kind: 'public' }, 'GET', `/rides?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('matching places by text', () => {
  it("matches `from` against the departure's city, locality or name, any case, as a part", async () => {
    const tag = newTag();
    const { a, c } = towns(tag);
    const driver = await newDriver();
    const ride = await posted(driver, a, c);
    for (const from of [`ACCRA-${tag}`, `accrazongo-${tag}`, `lorry park ${tag}`, `ccra-${tag}`]) expect(await idsFor({ from })).toEqual([ride]);
    expect(await idsFor({ from: `kumasi-${tag}` })).toEqual([]);
  });

  it("matches `to` against the destination's city, locality or name", async () => {
    const tag = newTag();
    const { a, c } = towns(tag);
    const ride = await posted(await newDriver(), a, c);
    for (const to of [`Kumasi-${tag}`, `KumasiZongo-${tag}`, `Kumasi Lorry Park ${tag}`]) expect(await idsFor({ to })).toEqual([ride]);
    expect(await idsFor({ to: `Accra-${tag}` })).toEqual([]);
  });

  it('takes LIKE characters in the text literally', async () => {
    const tag = newTag();
    const { a, c } = towns(tag);
    await posted(await newDriver(), a, c);
    expect(await idsFor({ from: `Accra%${tag}` })).toEqual([]);
    expect(await idsFor({ from: `Accra_${tag}` })).toEqual([]);
    const odd = await posted(await newDriver(), { ...a, city: `Ho_%-${tag}` }, c);
    expect(await idsFor({ from: `ho_%-${tag}` })).toEqual([odd]);
  });
});

describe('stops as pick-up and drop-off points, in route order', () => {
  it('boards at a stop and leaves at a stop or the destination', async () => {
    const tag = newTag();
    const { a, b, c } = towns(tag);
    const ride = await posted(await newDriver(), a, c, { stops: [b] });
    expect(await idsFor({ from: b.city })).toEqual([ride]);
    expect(await idsFor({ from: b.city, to: c.city })).toEqual([ride]);
    expect(await idsFor({ to: b.city })).toEqual([ride]);
    expect(await idsFor({ from: a.city, to: b.city })).toEqual([ride]);
    expect(await idsFor({ from: a.city, to: c.city })).toEqual([ride]);
  });

  it('never matches against the route order: A → B is no ride from B to A', async () => {
    const tag = newTag();
    const { a, b, c } = towns(tag);
    await posted(await newDriver(), a, c, { stops: [b] });
    expect(await idsFor({ from: c.city, to: a.city })).toEqual([]);
    expect(await idsFor({ from: b.city, to: a.city })).toEqual([]);
    expect(await idsFor({ from: c.city, to: b.city })).toEqual([]);
    // Nobody boards at the destination or leaves at the departure.
    expect(await idsFor({ from: c.city })).toEqual([]);
    expect(await idsFor({ to: a.city })).toEqual([]);
  });

  it('keeps drop-off-only stops from boarding and pick-up-only stops from leaving', async () => {
    const tag = newTag();
    const { a, b, c } = towns(tag);
    const dropOnly = await posted(await newDriver(), a, c, { stops: [{ ...b, stopType: 'dropoff' }] });
    const pickOnly = await posted(await newDriver(), a, c, { stops: [{ ...b, stopType: 'pickup' }] });
    expect(await idsFor({ from: b.city })).toEqual([pickOnly]);
    expect(await idsFor({ to: b.city })).toEqual([dropOnly]);
  });

  it('matches when the text is found at a later point than an earlier, wrong-way one', async () => {
    const tag = newTag();
    const { a, b, c } = towns(tag);
    // A → B → A → C (out and back before going on): from A to B holds through the first A.
    const loop = await posted(await newDriver(), a, c, { stops: [b, { ...a, location: `Second stop ${tag}` }] });
    expect(await idsFor({ from: b.city, to: a.city })).toEqual([loop]);
    expect(await idsFor({ from: c.city, to: b.city })).toEqual([]);
  });
});

describe('matching places by coordinates', () => {
  const accra = { latitude: 5.6037, longitude: -0.187 };
  /** About `km` north of the point (a degree of latitude is 111.2 km). */
  const north = (point: { latitude: number; longitude: number }, km: number) => ({ latitude: point.latitude + km / 111.195, longitude: point.longitude });

  it(`matches a departure, stop or destination within ${nearbyRadiusKm} km, whatever its name`, async () => {
    const tag = newTag();
    const { a, b, c } = towns(tag);
    const near = north(accra, 6);
    // The stop names a town the server knows, so its point is kept (a stop it cannot place is stored by name alone).
    const ride = await posted(await newDriver(), { ...a, ...accra }, { ...c, latitude: 6.69, longitude: -1.62 }, { stops: [{ ...b, city: 'Nkawkaw', latitude: 6.55, longitude: -0.77 }], date: dayFromNow(11) });
    const date = dayFromNow(11);
    expect(await idsFor({ date, fromLatitude: near.latitude, fromLongitude: near.longitude })).toContain(ride);
    expect(await idsFor({ date, fromLatitude: 6.55, fromLongitude: -0.77, toLatitude: 6.7, toLongitude: -1.6 })).toContain(ride);
    expect(await idsFor({ date, toLatitude: 6.56, toLongitude: -0.77 })).toContain(ride);
    // The wrong way round, and too far away.
    expect(await idsFor({ date, fromLatitude: 6.69, fromLongitude: -1.62, toLatitude: accra.latitude, toLongitude: accra.longitude })).not.toContain(ride);
    const far = north(accra, 12);
    expect(await idsFor({ date, fromLatitude: far.latitude, fromLongitude: far.longitude })).not.toContain(ride);
  });

  it('matches by text or by coordinates when both are given', async () => {
    const tag = newTag();
    const { a, c } = towns(tag);
    const date = dayFromNow(12);
    const named = await posted(await newDriver(), { ...a, latitude: 9.4, longitude: -0.84 }, c, { date });
    const placed = await posted(await newDriver(), { city: `Elsewhere-${tag}`, location: `Spot ${tag}`, ...accra }, c, { date });
    const ids = await idsFor({ date, from: a.city, fromLatitude: accra.latitude, fromLongitude: accra.longitude, to: c.city });
    expect(ids.sort()).toEqual([named, placed].sort());
  });
});

describe('the other filters', () => {
  it('keeps rides of the exact date', async () => {
    const tag = newTag();
    const { a, c } = towns(tag);
    const driver = await newDriver();
    const onDay = await posted(driver, a, c, { date: dayFromNow(4) });
    await posted(driver, a, c, { date: dayFromNow(5) });
    expect(await idsFor({ from: a.city, date: dayFromNow(4) })).toEqual([onDay]);
  });

  it('keeps rides with at least the seats asked for', async () => {
    const tag = newTag();
    const { a, c } = towns(tag);
    const driver = await newDriver();
    const one = await posted(driver, a, c, { seats: 1, time: '06:00' });
    const three = await posted(driver, a, c, { seats: 3, time: '07:00' });
    expect(await idsFor({ from: a.city, seats: 1 })).toEqual([one, three]);
    expect(await idsFor({ from: a.city, seats: 2 })).toEqual([three]);
    expect(await idsFor({ from: a.city, seats: 4 })).toEqual([]);
  });

  it('leaves out departed, full and cancelled rides, and those of suspended or deleted drivers', async () => {
    const tag = newTag();
    const { a, c } = towns(tag);
    const driver = await newDriver();
    const open = await posted(driver, a, c);
    const base = { driverId: driver.caller.userId, vehicleId: driver.vehicleId, fromCity: a.city, toCity: c.city };
    await insertRide(handle.service, { ...base, departureAt: new Date(Date.now() - 60_000) });
    await insertRide(handle.service, { ...base, departureAt: new Date(Date.now() + DAY), availableSeats: 0 });
    await insertRide(handle.service, { ...base, departureAt: new Date(Date.now() + DAY), status: 'cancelled' });
    const cancelledByDriver = await posted(driver, a, c);
    expect((await call(driver.caller, 'POST', `/rides/${cancelledByDriver}/cancel`)).statusCode).toBe(200);
    expect(await idsFor({ from: a.city })).toEqual([open]);

    for (const state of [{ suspended: true }, { deleted: true }]) {
      const other = await newDriver();
      await posted(other, a, c);
      await insertUserProfile(handle.service, other.caller.userId, state);
    }
    expect(await idsFor({ from: a.city, to: c.city })).toEqual([open]);
  });
});

describe('a route too long for the index', () => {
  it('is still found, by date or not (its key is left out of the index and it is checked exactly)', async () => {
    const tag = newTag();
    const { a, c } = towns(tag);
    const long = (name: string) => `${name} ${'Junction by the old market road '.repeat(6)}${tag}`.slice(0, 200);
    const stops = ['Nsawam', 'Suhum', 'Bunso', 'Nkawkaw', 'Konongo'].map((name) => ({ city: `${name}-${tag}`, location: long(name), localityArea: `${name} Central ${tag}` }));
    const date = dayFromNow(13);
    const id = await posted(await newDriver(), { ...a, location: long('Accra') }, { ...c, location: long('Kumasi') }, { stops, date });
    const { rows } = await handle.service.db.$client.query('SELECT octet_length(route_search) AS length, route_key IS NULL AS unkeyed FROM rides WHERE id = $1', [id]);
    expect(rows[0].length).toBeGreaterThan(1000);
    expect(rows[0].unkeyed).toBe(true);
    const queries: Record<string, string>[] = [{ from: `Suhum-${tag}`, to: c.city }, { from: a.city }, { to: `Konongo Central ${tag}` }];
    for (const query of queries) {
      expect(await idsFor({ ...query, date })).toEqual([id]);
      expect(await idsFor(query)).toEqual([id]);
    }
    expect(await idsFor({ from: c.city, to: `Suhum-${tag}`, date })).toEqual([]);
  });
});

describe('order and pages', () => {
  it('sorts by departure, then id, and pages through with the total', async () => {
    const tag = newTag();
    const { a, c } = towns(tag);
    const driver = await newDriver();
    const later = await posted(driver, a, c, { date: dayFromNow(6), time: '09:00' });
    const sameTimeA = await posted(driver, a, c, { date: dayFromNow(6), time: '07:15' });
    const sameTimeB = await posted(driver, a, c, { date: dayFromNow(6), time: '07:15' });
    const earliest = await posted(driver, a, c, { date: dayFromNow(2), time: '18:40' });
    const last = await posted(driver, a, c, { date: dayFromNow(9), time: '05:00' });
    const expected = [earliest, ...[sameTimeA, sameTimeB].sort(), later, last];

    expect(await idsFor({ from: a.city })).toEqual(expected);
    const first = await search({ from: a.city, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.rides.map((ride) => ride.id)).toEqual(expected.slice(0, 2));
    const third = await search({ from: a.city, pageSize: 2, page: 3 });
    expect(third.rides.map((ride) => ride.id)).toEqual(expected.slice(4));
    expect(third.total).toBe(5);
    expect(await search({ from: a.city, pageSize: 2, page: 4 })).toEqual({ rides: [], total: 5, page: 4, pageSize: 2 });
  });

  it('answers each ride as a summary with driver, vehicle and stops', async () => {
    const tag = newTag();
    const { a, b, c } = towns(tag);
    const driver = await newDriver(5);
    const stop = { ...b, city: 'Nkawkaw' };
    const id = await posted(driver, a, c, { stops: [stop], time: '10:25' });
    const [ride] = (await search({ from: a.city })).rides;
    expect(ride).toEqual({
      id,
      driverId: driver.caller.userId,
      driverName: 'Kwame Mensah',
      driverRating: null,
      driverReviewCount: 0,
      driverPhotoUrl: null,
      driverVerified: true,
      fromCity: a.city,
      toCity: c.city,
      fromLocation: a.location,
      toLocation: c.location,
      fromLocalityArea: a.localityArea,
      toLocalityArea: c.localityArea,
      departureDate: dayFromNow(3),
      departureTime: '10:25',
      duration: null,
      availableSeats: 3,
      bookingMode: 'instant',
      totalSeats: 4,
      pricePerSeat: '10.00',
      currency: 'GHS',
      description: null,
      status: 'active',
      vehicle: { year: 2017, make: 'Toyota', model: 'Sienna', color: 'White', licensePlate: expect.any(String), seats: 5 },
      stops: [{ stopOrder: 1, location: stop.location, city: 'Nkawkaw', localityArea: stop.localityArea, region: null, latitude: stop.latitude, longitude: stop.longitude, stopType: 'either', meetingPoint: null }],
      // From the departure: to the destination, the whole route.
      leg: { boardAt: 0, alightAt: 2, seatsLeft: 3, pricePerSeat: '10.00' },
      preferences: null,
      womenOnly: false,
    });
  });
});
