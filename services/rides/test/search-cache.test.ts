import { randomBytes, randomUUID } from 'node:crypto';
import { rideSearchResponseSchema } from '@krom/contracts/http/rides';
import type { Caller } from '@krom/server-kit/internal-auth';
import { describe, expect, it } from 'vitest';
import { dayFromNow, insertUserProfile, useRidesService } from './rides-test-env.ts';

/*
 * The search keeps its answers (src/search/search-cache.ts): a repeated search is answered without
 * running its query again, and any committed change to what it shows (a ride, its stops, its
 * vehicle, its driver), by this service's calls or by anything else writing to the database,
 * shows in the very next search.
 */

/**
 * Answers kept for the longest lifetime the service takes (SEARCH_CACHE_SECONDS' 300 s), not the
 * default 10 s: these tests prove what drops a kept answer, so one must never lapse between their
 * writes on a slow machine and pass for a dropped one, nor fail a hit.
 */
const handle = useRidesService({ SEARCH_CACHE_SECONDS: '300' });

async function call(caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return handle.service.app.inject({ method, url, headers: await handle.as(caller), ...(payload ? { payload } : {}) });
}

let plates = 500;
async function newDriver() {
  const caller = { kind: 'user', userId: randomUUID() } as const;
  await insertUserProfile(handle.service, caller.userId, { firstName: 'Ama', lastName: 'Owusu' });
  const vehicle = await call(caller, 'POST', '/vehicles', { make: 'Toyota', model: 'Corolla', year: 2019, color: 'Silver', licensePlate: `GC-${plates++}-19`, seats: 5 });
  expect(vehicle.statusCode).toBe(201);
  return { caller, vehicleId: vehicle.json().id as string };
}

/** A route of its own for each test (the file's tests share one database and one cache). */
function route() {
  const tag = randomBytes(4).toString('hex');
  return { from: `Ho-${tag}`, to: `Aflao-${tag}` };
}

async function post(driver: Awaited<ReturnType<typeof newDriver>>, places: { from: string; to: string }, date: string, price = '40') {
  const response = await call(driver.caller, 'POST', '/rides', {
    vehicleId: driver.vehicleId,
    fromCity: places.from,
    fromLocation: `${places.from} Station`,
    // The names are the test's own; the gazetteer ids of Ho and Aflao place them for the price cap.
    fromPlaceId: 'osm-n434449745',
    toCity: places.to,
    toLocation: `${places.to} Border`,
    toPlaceId: 'osm-n2918086961',
    departureDate: date,
    departureTime: '07:30',
    availableSeats: 3,
    pricePerSeat: price,
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

async function search(places: { from: string; to: string }, date: string) {
  const response = await call({ kind: 'public' }, 'GET', `/rides?${new URLSearchParams({ ...places, date })}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return rideSearchResponseSchema.parse(response.json());
}

/** Runs `sql` with the database's triggers off, as a write nothing announces would be. */
async function unannounced(sql: string, values: unknown[]) {
  const client = await handle.service.db.$client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(sql, values);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

describe('the search’s kept answers', () => {
  it('answers a repeated search from the kept answer while nothing it depends on has changed', async () => {
    const driver = await newDriver();
    const places = route();
    const date = dayFromNow(4);
    const id = await post(driver, places, date);
    expect((await search(places, date)).rides.map((ride) => ride.pricePerSeat)).toEqual(['40.00']);

    // A change that moves no generation (triggers off) is not seen: the answer was kept.
    await unannounced('UPDATE rides SET price_per_seat = 45 WHERE id = $1', [id]);
    expect((await search(places, date)).rides.map((ride) => ride.pricePerSeat)).toEqual(['40.00']);
    // Any case of the same place is the same search.
    const shouted = { from: places.from.toUpperCase(), to: places.to.toUpperCase() };
    expect((await search(shouted, date)).rides.map((ride) => ride.pricePerSeat)).toEqual(['40.00']);
  });

  it('shows a ride posted after the search was answered', async () => {
    const places = route();
    const date = dayFromNow(5);
    expect((await search(places, date)).total).toBe(0);
    const id = await post(await newDriver(), places, date);
    expect((await search(places, date)).rides.map((ride) => ride.id)).toEqual([id]);
  });

  it('shows the driver’s edit and drops a cancelled ride at once', async () => {
    const driver = await newDriver();
    const places = route();
    const date = dayFromNow(6);
    const id = await post(driver, places, date);
    expect((await search(places, date)).rides[0]?.pricePerSeat).toBe('40.00');

    const edited = await call(driver.caller, 'PUT', `/rides/${id}`, { departureDate: date, departureTime: '09:00', availableSeats: 2, pricePerSeat: '55' });
    expect(edited.statusCode).toBe(200);
    const afterEdit = (await search(places, date)).rides[0];
    expect(afterEdit).toMatchObject({ pricePerSeat: '55.00', departureTime: '09:00', availableSeats: 2 });

    expect((await call(driver.caller, 'POST', `/rides/${id}/cancel`)).statusCode).toBe(200);
    expect((await search(places, date)).total).toBe(0);
  });

  it('shows a change to the ride’s vehicle and to its driver', async () => {
    const driver = await newDriver();
    const places = route();
    const date = dayFromNow(7);
    await post(driver, places, date);
    expect((await search(places, date)).rides[0]).toMatchObject({ driverName: 'Ama Owusu', vehicle: { color: 'Silver' } });

    // Repainted; its plate stays (a car with rides to come keeps it: its passengers look for it).
    const { licensePlate } = (await call(driver.caller, 'GET', `/vehicles/${driver.vehicleId}`)).json();
    const repainted = await call(driver.caller, 'PUT', `/vehicles/${driver.vehicleId}`, { make: 'Toyota', model: 'Corolla', year: 2019, color: 'Blue', licensePlate, seats: 5 });
    expect(repainted.statusCode).toBe(200);
    expect((await search(places, date)).rides[0]?.vehicle.color).toBe('Blue');

    // The driver's profile, as the projection of identity's events writes it.
    await insertUserProfile(handle.service, driver.caller.userId, { firstName: 'Akosua', lastName: 'Owusu' });
    expect((await search(places, date)).rides[0]?.driverName).toBe('Akosua Owusu');
    await insertUserProfile(handle.service, driver.caller.userId, { firstName: 'Akosua', lastName: 'Owusu', suspended: true });
    expect((await search(places, date)).total).toBe(0);
  });

  it('shows a change any other process commits to the database', async () => {
    const driver = await newDriver();
    const places = route();
    const date = dayFromNow(8);
    const id = await post(driver, places, date);
    expect((await search(places, date)).rides[0]?.availableSeats).toBe(3);
    // Another connection (another instance, a script) takes a seat: the triggers move the generation.
    await handle.service.db.$client.query('UPDATE rides SET available_seats = available_seats - 1 WHERE id = $1', [id]);
    expect((await search(places, date)).rides[0]?.availableSeats).toBe(2);
  });

  it('keeps a day’s answer while rides of other days change, and drops it when a ride of that day does', async () => {
    // Both drivers first: a new vehicle or profile changes what every day shows.
    const [driver, other] = [await newDriver(), await newDriver()];
    const places = route();
    const [dayA, dayB] = [dayFromNow(10), dayFromNow(11)];
    const rideA = await post(driver, places, dayA);
    const rideB = await post(driver, places, dayB);
    expect((await search(places, dayA)).rides.map((ride) => ride.pricePerSeat)).toEqual(['40.00']);

    // Day A's ride changes unannounced: only a kept answer still shows 40.
    await unannounced('UPDATE rides SET price_per_seat = 45 WHERE id = $1', [rideA]);
    // Writes on day B (a seat taken, a ride posted, a ride edited) leave day A's kept answer served.
    await handle.service.db.$client.query('UPDATE rides SET available_seats = available_seats - 1 WHERE id = $1', [rideB]);
    await post(other, places, dayB, '38');
    const edited = await call(driver.caller, 'PUT', `/rides/${rideB}`, { departureDate: dayB, departureTime: '10:00', availableSeats: 2, pricePerSeat: '41' });
    expect(edited.statusCode).toBe(200);
    expect((await search(places, dayA)).rides.map((ride) => ride.pricePerSeat)).toEqual(['40.00']);
    // Day B's own search sees its writes.
    expect((await search(places, dayB)).rides.map((ride) => ride.pricePerSeat).sort()).toEqual(['38.00', '41.00']);

    // A write on day A: its next search runs again and sees both changes.
    await handle.service.db.$client.query('UPDATE rides SET available_seats = available_seats - 1 WHERE id = $1', [rideA]);
    expect((await search(places, dayA)).rides.map((ride) => [ride.pricePerSeat, ride.availableSeats])).toEqual([['45.00', 2]]);
  });

  it('drops the kept answers of both days when a ride moves from one to the other', async () => {
    const driver = await newDriver();
    const places = route();
    const [dayA, dayB] = [dayFromNow(12), dayFromNow(13)];
    const moving = await post(driver, places, dayA);
    const staying = await post(driver, places, dayB, '42');
    expect((await search(places, dayA)).rides.map((ride) => ride.id)).toEqual([moving]);
    expect((await search(places, dayB)).rides.map((ride) => ride.id)).toEqual([staying]);

    const moved = await call(driver.caller, 'PUT', `/rides/${moving}`, { departureDate: dayB, departureTime: '07:30', availableSeats: 3, pricePerSeat: '40' });
    expect(moved.statusCode).toBe(200);
    expect((await search(places, dayA)).total).toBe(0);
    expect((await search(places, dayB)).rides.map((ride) => ride.id).sort()).toEqual([moving, staying].sort());
  });

  it('drops every day’s kept answer on a change every day shows, and a dateless search on any change', async () => {
    const driver = await newDriver();
    const places = route();
    const [dayA, dayB] = [dayFromNow(14), dayFromNow(15)];
    const rideA = await post(driver, places, dayA);
    await post(driver, places, dayB);
    const anyDay = async () => (await call({ kind: 'public' }, 'GET', `/rides?${new URLSearchParams(places)}`)).json().rides as { id: string; availableSeats: number }[];
    expect((await search(places, dayA)).rides[0]?.driverName).toBe('Ama Owusu');
    expect((await anyDay()).find((ride) => ride.id === rideA)?.availableSeats).toBe(3);

    // A seat taken on day B: the search over every day runs again.
    await unannounced('UPDATE rides SET available_seats = 1 WHERE id = $1', [rideA]);
    await handle.service.db.$client.query('UPDATE rides SET description = $2 WHERE departure_date = $1::date AND driver_id = $3', [dayB, 'Air-conditioned', driver.caller.userId]);
    expect((await anyDay()).find((ride) => ride.id === rideA)?.availableSeats).toBe(1);

    // The driver's name changes: day A's answer runs again though no ride of day A was written.
    await insertUserProfile(handle.service, driver.caller.userId, { firstName: 'Efua', lastName: 'Owusu' });
    expect((await search(places, dayA)).rides[0]).toMatchObject({ driverName: 'Efua Owusu', availableSeats: 1 });
  });

  it('gives every one of many simultaneous identical searches the same, complete answer', async () => {
    const driver = await newDriver();
    const places = route();
    const date = dayFromNow(9);
    const ids = [await post(driver, places, date), await post(driver, places, date, '42')];
    const answers = await Promise.all(Array.from({ length: 20 }, () => search(places, date)));
    for (const answer of answers) expect(answer.rides.map((ride) => ride.id).sort()).toEqual([...ids].sort());
  });
});
