import { randomBytes, randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type RideRequestExpired, type RideRequestInvited, ridePosted, rideRequestExpired, rideRequestInvited } from '@krom/contracts/events/rides';
import { requestedRideListSchema, requestedRideMessages } from '@krom/contracts/http/ride-requests';
import type { Caller } from '@krom/server-kit/internal-auth';
import { describe, expect, it } from 'vitest';
import { expireRideRequests } from '../src/ride-requests/expire-ride-requests.ts';
import { matchRideRequests } from '../src/ride-requests/match-ride-requests.ts';
import { rideEventHandled } from './ride-events-handled.ts';
import { dayFromNow, insertUserProfile, useRidesService } from './rides-test-env.ts';

/*
 * Requested Rides: a driver's upcoming rides against the open requests (the matching rule run from
 * the requests' side), through the service's routes; Accept invites the passenger (the
 * ride_request.invited event in the outbox is what notifications receives), Decline hides the
 * request from that driver. Expiry runs on a given clock.
 */
const handle = useRidesService();

type User = { kind: 'user'; userId: string };
const user = (userId = randomUUID()): User => ({ kind: 'user', userId });
const call = async (caller: Caller, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  handle.service.app.inject({ method, url, headers: await handle.as(caller), ...(payload ? { payload } : {}) });

/** Two towns of the test's own on the Accra–Kumasi road (the real towns' gazetteer ids place them). */
function towns() {
  const tag = randomBytes(4).toString('hex');
  return {
    accra: { city: `Accra-${tag}`, placeId: 'osm-n27565080', latitude: 5.56, longitude: -0.2 },
    kumasi: { city: `Kumasi-${tag}`, placeId: 'osm-n261702404', latitude: 6.69, longitude: -1.62 },
  };
}
type Town = ReturnType<typeof towns>['accra'];

let plates = 500;
async function newDriver() {
  const caller = user();
  await insertUserProfile(handle.service, caller.userId, { firstName: 'Yaw' });
  const vehicle = await call(caller, 'POST', '/vehicles', { make: 'Toyota', model: 'Sienna', year: 2017, color: 'White', licensePlate: `GW-${plates++}-19`, seats: 7 });
  expect(vehicle.statusCode).toBe(201);
  return { caller, vehicleId: vehicle.json().id as string };
}

async function posted(driver: { caller: Caller; vehicleId: string }, from: Town, to: Town, options: { date?: string; seats?: number; price?: string } = {}) {
  const response = await call(driver.caller, 'POST', '/rides', {
    vehicleId: driver.vehicleId,
    fromCity: from.city,
    fromLocation: from.city,
    fromPlaceId: from.placeId,
    fromLatitude: from.latitude,
    fromLongitude: from.longitude,
    toCity: to.city,
    toLocation: to.city,
    toPlaceId: to.placeId,
    toLatitude: to.latitude,
    toLongitude: to.longitude,
    stops: [],
    departureDate: options.date ?? dayFromNow(3),
    departureTime: '08:00',
    availableSeats: options.seats ?? 3,
    pricePerSeat: options.price ?? '50',
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

async function passenger(firstName: string) {
  const caller = user();
  await insertUserProfile(handle.service, caller.userId, { firstName });
  return caller;
}

async function requested(caller: Caller, from: Town, to: Town, changes: object = {}) {
  const response = await call(caller, 'POST', '/ride-requests', { fromLocation: from.city, toLocation: to.city, preferredDepartureDate: dayFromNow(3), ...changes });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

async function requestedRides(driver: Caller) {
  const response = await call(driver, 'GET', '/driver/requested-rides');
  expect(response.statusCode).toBe(200);
  return requestedRideListSchema.parse(response.json()).requests;
}

async function outboxEvents<T>(subject: string, requestId: string): Promise<EventEnvelope<T>[]> {
  const { rows } = await handle.service.db.$client.query<{ envelope: EventEnvelope<T> }>(
    `SELECT envelope FROM outbox WHERE subject = $1 AND envelope->'data'->>'requestId' = $2 ORDER BY id`,
    [subject, requestId],
  );
  return rows.map((row) => row.envelope);
}

describe('requested rides for a driver', () => {
  it("lists the open requests the driver's upcoming rides fit, with the passenger's first name, rating, seats, date and price limit", async () => {
    const { accra, kumasi } = towns();
    const driver = await newDriver();
    const ride = await posted(driver, accra, kumasi, { price: '50' });
    const ama = await passenger('Ama');
    const fits = await requested(ama, accra, kumasi, { passengers: 2, maxPricePerSeat: '60' });
    await handle.service.db.$client.query(`INSERT INTO member_ratings (user_id, review_type, review_count, rating_sum) VALUES ($1, 'passenger', 2, 9)`, [ama.userId]);
    await requested(await passenger('Kofi'), kumasi, accra); // the other way
    await requested(await passenger('Esi'), accra, kumasi, { maxPricePerSeat: '40' }); // below the price
    await requested(await passenger('Abena'), accra, kumasi, { passengers: 4 }); // more seats than free
    await requested(await passenger('Akua'), accra, kumasi, { preferredDepartureDate: dayFromNow(6) }); // another day

    const list = await requestedRides(driver.caller);
    expect(list).toEqual([
      {
        requestId: fits,
        passengerFirstName: 'Ama',
        passengerRating: { average: 4.5, count: 2 },
        seats: 2,
        fromLocation: accra.city,
        toLocation: kumasi.city,
        preferredDepartureDate: dayFromNow(3),
        flexibleDates: true,
        maxPricePerSeat: '60.00',
        notes: null,
        fits: [expect.objectContaining({ rideId: ride, fromCity: accra.city, toCity: kumasi.city, pricePerSeat: '50.00', availableSeats: 3, invited: false })],
      },
    ]);
    // Another driver's list does not show it; a new passenger is New (no rating yet).
    expect(await requestedRides((await newDriver()).caller)).toEqual([]);
  });

  it('never shows a request between members kept apart by a block, either way', async () => {
    const { accra, kumasi } = towns();
    const driver = await newDriver();
    await posted(driver, accra, kumasi);
    const blocked = await passenger('Kojo');
    const blocker = await passenger('Afia');
    const open = await passenger('Efua');
    const blockedRequest = await requested(blocked, accra, kumasi);
    await requested(blocker, accra, kumasi);
    const shown = await requested(open, accra, kumasi);
    expect((await call(driver.caller, 'POST', '/blocks', { memberId: blocked.userId })).statusCode).toBeLessThan(300);
    expect((await call(blocker, 'POST', '/blocks', { memberId: driver.caller.userId })).statusCode).toBeLessThan(300);

    const list = await requestedRides(driver.caller);
    expect(list.map((request) => request.requestId)).toEqual([shown]);
    expect(list[0]?.passengerRating).toEqual({ average: null, count: 0 });
    const refused = await call(driver.caller, 'POST', `/driver/requested-rides/${blockedRequest}/accept`, { rideId: list[0]?.fits[0]?.rideId });
    expect(refused.statusCode).toBe(404);
  });

  it('shows the requests again once the block is lifted, and a ride posted meanwhile tells no blocked passenger of it', async () => {
    const { accra, kumasi } = towns();
    const driver = await newDriver();
    const blocked = await passenger('Kojo');
    const blocker = await passenger('Afia');
    const blockedRequest = await requested(blocked, accra, kumasi);
    const blockerRequest = await requested(blocker, accra, kumasi);
    expect((await call(driver.caller, 'POST', '/blocks', { memberId: blocked.userId })).statusCode).toBe(201);
    expect((await call(blocker, 'POST', '/blocks', { memberId: driver.caller.userId })).statusCode).toBe(201);
    const ride = await posted(driver, accra, kumasi);
    // Matched as its ride.posted consumer does (whichever of the two runs first, the rows are the answer).
    await matchRideRequests(handle.service.db, ride);
    const { rows: told } = await handle.service.db.$client.query('SELECT request_id FROM ride_request_matches WHERE ride_id = $1', [ride]);
    expect(told).toEqual([]);
    expect(await requestedRides(driver.caller)).toEqual([]);

    expect((await call(driver.caller, 'DELETE', `/blocks/${blocked.userId}`)).statusCode).toBeLessThan(300);
    expect((await call(blocker, 'DELETE', `/blocks/${driver.caller.userId}`)).statusCode).toBeLessThan(300);
    expect((await requestedRides(driver.caller)).map((request) => request.requestId).sort()).toEqual([blockedRequest, blockerRequest].sort());
  });

  it('accept invites the passenger to the ride once (event with the ride), accepting again answers the same', async () => {
    const { accra, kumasi } = towns();
    const driver = await newDriver();
    const ride = await posted(driver, accra, kumasi);
    const kwesi = await passenger('Kwesi');
    const request = await requested(kwesi, accra, kumasi);

    const first = await call(driver.caller, 'POST', `/driver/requested-rides/${request}/accept`, { rideId: ride });
    expect(first.statusCode).toBe(200);
    const again = await call(driver.caller, 'POST', `/driver/requested-rides/${request}/accept`, { rideId: ride });
    expect(again.json()).toEqual(first.json());

    const events = await outboxEvents<RideRequestInvited>(rideRequestInvited.subject, request);
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ requestId: request, passengerId: kwesi.userId, rideId: ride, driverId: driver.caller.userId, driverFirstName: 'Yaw', seats: 1, pricePerSeat: '50.00' }),
    ]);
    expect((await requestedRides(driver.caller))[0]?.fits[0]?.invited).toBe(true);
  });

  it("refuses a ride that is not the driver's, one the request does not fit, and one without the seats", async () => {
    const { accra, kumasi } = towns();
    const driver = await newDriver();
    const other = await newDriver();
    const othersRide = await posted(other, accra, kumasi);
    const wrongWay = await posted(driver, kumasi, accra);
    const full = await posted(driver, accra, kumasi, { seats: 1 });
    const request = await requested(await passenger('Yaa'), accra, kumasi, { passengers: 2 });
    const accept = (rideId: string) => call(driver.caller, 'POST', `/driver/requested-rides/${request}/accept`, { rideId });

    for (const rideId of [othersRide, wrongWay, randomUUID()]) {
      const response = await accept(rideId);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(requestedRideMessages.rideDoesNotFit);
    }
    const noSeats = await accept(full);
    expect(noSeats.statusCode).toBe(409);
    expect(noSeats.json().message).toBe(requestedRideMessages.noSeatsLeft);
    expect((await accept('not-a-uuid')).statusCode).toBe(400);
    expect((await call(driver.caller, 'POST', '/driver/requested-rides/not-a-uuid/accept', { rideId: full })).statusCode).toBe(404);
    expect(await outboxEvents(rideRequestInvited.subject, request)).toEqual([]);
  });

  it('decline hides the request from that driver only', async () => {
    const { accra, kumasi } = towns();
    const declining = await newDriver();
    const other = await newDriver();
    const ride = await posted(declining, accra, kumasi);
    await posted(other, accra, kumasi);
    const request = await requested(await passenger('Adwoa'), accra, kumasi);

    expect((await call(declining.caller, 'POST', `/driver/requested-rides/${request}/decline`)).json()).toEqual({ ok: true });
    expect((await call(declining.caller, 'POST', `/driver/requested-rides/${request}/decline`)).statusCode).toBe(200);
    expect(await requestedRides(declining.caller)).toEqual([]);
    expect((await requestedRides(other.caller)).map((shown) => shown.requestId)).toEqual([request]);
    expect((await call(declining.caller, 'POST', `/driver/requested-rides/${request}/accept`, { rideId: ride })).statusCode).toBe(404);
    expect((await call(declining.caller, 'POST', `/driver/requested-rides/${randomUUID()}/decline`)).statusCode).toBe(404);
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const response = await handle.service.app.inject({ method: 'GET', url: '/driver/requested-rides' });
    expect(response.statusCode).toBe(401);
  });
});

describe('request expiry on a given clock', () => {
  it('expires a request once its date in Ghana has passed, tells of it once, and drivers no longer see it', async () => {
    const { accra, kumasi } = towns();
    const driver = await newDriver();
    const rideId = await posted(driver, accra, kumasi, { date: dayFromNow(1) });
    // The service's own ride.posted consumer matches the ride to requests (locking them while it
    // does): once it has handled this ride, nothing but the sweeps below touches the request.
    await rideEventHandled(handle, ridePosted.subject, rideId);
    const yesterdayRider = await passenger('Nana');
    const request = await requested(yesterdayRider, accra, kumasi, { preferredDepartureDate: dayFromNow(1), flexibleDates: false });
    expect((await requestedRides(driver.caller)).map((shown) => shown.requestId)).toEqual([request]);

    const lastInstant = new Date(`${dayFromNow(1)}T23:59:59.999Z`);
    await expireRideRequests(handle.service.db, new Date(lastInstant.getTime() - 1));
    expect(await outboxEvents(rideRequestExpired.subject, request)).toEqual([]);
    await expireRideRequests(handle.service.db, lastInstant);
    await expireRideRequests(handle.service.db, new Date(lastInstant.getTime() + 60_000));

    const events = await outboxEvents<RideRequestExpired>(rideRequestExpired.subject, request);
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ requestId: request, passengerId: yesterdayRider.userId, preferredDepartureDate: dayFromNow(1), expiredAt: lastInstant.toISOString() }),
    ]);
    // The clock the routes read is still before the date's end: the status alone now keeps it out.
    expect(await requestedRides(driver.caller)).toEqual([]);
    expect((await call(yesterdayRider, 'GET', '/ride-requests/mine')).json().requests).toEqual([]);
    // A ride posted for that day afterwards is not told to it, though the clock is still within the day.
    const later = await posted(await newDriver(), accra, kumasi, { date: dayFromNow(1) });
    await matchRideRequests(handle.service.db, later);
    const { rows: told } = await handle.service.db.$client.query('SELECT 1 FROM ride_request_matches WHERE request_id = $1 AND ride_id = $2', [request, later]);
    expect(told).toEqual([]);
  });
});
