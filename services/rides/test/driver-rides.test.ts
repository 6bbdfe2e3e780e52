import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type RideChanged, rideChanged } from '@krom/contracts/events/rides';
import { estimatedRoadDistanceKm } from '@krom/contracts/http/places';
import {
  driverDashboardSchema,
  driverProfileSchema,
  driverRideSchema,
  myRidesResponseSchema,
  priceGuide,
  rideMessages,
} from '@krom/contracts/http/rides';
import type { Caller } from '@krom/server-kit/internal-auth';
import { administratorCaller } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { dayFromNow, insertRide, insertUserProfile, type ProfileSeed, useRidesService } from './rides-test-env.ts';

const handle = useRidesService();
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

async function call(caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return handle.service.app.inject({ method, url, headers: await handle.as(caller), ...(payload ? { payload } : {}) });
}
const user = (userId = randomUUID()) => ({ kind: 'user', userId }) as const;

let plates = 100;
async function newDriver(seats = 5, profile: ProfileSeed = {}) {
  const caller = user();
  await insertUserProfile(handle.service, caller.userId, { firstName: 'Abena', lastName: 'Owusu', ...profile });
  const response = await call(caller, 'POST', '/vehicles', { make: 'Hyundai', model: 'Elantra', year: 2016, color: 'Gray', licensePlate: `WR-${plates++}-16`, seats });
  expect(response.statusCode).toBe(201);
  return { caller, driverId: caller.userId, vehicleId: response.json().id as string };
}
type Driver = Awaited<ReturnType<typeof newDriver>>;

const accra = { latitude: 5.56, longitude: -0.2 };
const kumasi = { latitude: 6.69, longitude: -1.62 };
const capAccraKumasi = priceGuide(estimatedRoadDistanceKm([accra, kumasi]), 1.5, 10).maxPricePerSeat;

/** A future ride posted through the API `days` ahead (at 08:00 Ghana time unless `time`). */
async function posted(driver: Driver, days: number, changes: object = {}) {
  const response = await call(driver.caller, 'POST', '/rides', {
    vehicleId: driver.vehicleId,
    fromCity: 'Accra',
    toCity: 'Kumasi',
    fromLocation: 'Kaneshie Market',
    toLocation: 'Asafo Market',
    fromLatitude: accra.latitude,
    fromLongitude: accra.longitude,
    toLatitude: kumasi.latitude,
    toLongitude: kumasi.longitude,
    departureDate: dayFromNow(days),
    departureTime: '08:00',
    availableSeats: 2,
    pricePerSeat: '150',
    ...changes,
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}
/** A ride written directly (departed rides cannot be posted). */
const inserted = (driver: Driver, departureAt: Date, changes: { status?: 'active' | 'cancelled'; availableSeats?: number } = {}) =>
  insertRide(handle.service, { driverId: driver.driverId, vehicleId: driver.vehicleId, departureAt, totalSeats: 5, ...changes });

/** The ride.changed events written for a ride, oldest first, as the relay publishes them. */
const rideChangedEvents = async (rideId: string) =>
  (
    await handle.service.db.$client.query<{ envelope: EventEnvelope<RideChanged> }>(
      `SELECT envelope FROM outbox WHERE subject = $1 AND envelope->'data'->>'rideId' = $2 ORDER BY created_at, (envelope->'data'->>'version')::int`,
      [rideChanged.subject, rideId],
    )
  ).rows.map((row) => row.envelope);

const versionOf = async (id: string) =>
  (await handle.service.db.$client.query('SELECT version, status FROM rides WHERE id = $1', [id])).rows[0] as { version: number; status: string };

describe('who may call', () => {
  it.each([
    ['GET', '/rides/mine'],
    ['PUT', `/rides/${randomUUID()}`],
    ['POST', `/rides/${randomUUID()}/cancel`],
    ['GET', '/rides/driver-dashboard'],
  ] as const)('%s %s refuses guests, staff and unsigned requests with 401', async (method, url) => {
    expect((await call({ kind: 'public' }, method, url)).statusCode).toBe(401);
    expect((await call(administratorCaller(), method, url)).statusCode).toBe(401);
    expect((await handle.service.app.inject({ method, url })).statusCode).toBe(401);
  });
});

describe("a driver's rides", () => {
  const mine = async (driver: Driver, when?: 'upcoming' | 'past') =>
    myRidesResponseSchema.parse((await call(driver.caller, 'GET', `/rides/mine${when ? `?when=${when}` : ''}`)).json()).rides;

  it('lists upcoming ones (active, still to depart) soonest first, editable, with no seats booked yet', async () => {
    const driver = await newDriver();
    const later = await posted(driver, 6);
    const sooner = await posted(driver, 2);
    await inserted(driver, new Date(Date.now() + DAY), { status: 'cancelled' });
    await inserted(driver, new Date(Date.now() - HOUR));
    await posted(await newDriver(), 1);
    const rides = await mine(driver);
    expect(rides.map((ride) => ride.id)).toEqual([sooner, later]);
    expect(rides.every((ride) => ride.bookedSeats === 0 && ride.editable)).toBe(true);
    expect(await mine(driver, 'upcoming')).toEqual(rides);
  });

  it('lists past ones (departed, or cancelled) latest first, none editable', async () => {
    const driver = await newDriver();
    await posted(driver, 3);
    const departedLongAgo = await inserted(driver, new Date(Date.now() - 10 * DAY));
    const departed = await inserted(driver, new Date(Date.now() - HOUR));
    const cancelledAhead = await inserted(driver, new Date(Date.now() + 4 * DAY), { status: 'cancelled' });
    const rides = await mine(driver, 'past');
    expect(rides.map((ride) => ride.id)).toEqual([cancelledAhead, departed, departedLongAgo]);
    expect(rides.map((ride) => ride.editable)).toEqual([false, false, false]);
    expect(rides[0]?.status).toBe('cancelled');
  });
});

describe('changing a ride', () => {
  const edit = (driver: Driver, id: string, changes: object = {}) =>
    call(driver.caller, 'PUT', `/rides/${id}`, { departureDate: dayFromNow(5), departureTime: '14:35', availableSeats: 4, pricePerSeat: '135.5', description: 'Leaving after lunch', ...changes });

  it('changes date, time, seats, price and description, and bumps the version', async () => {
    const driver = await newDriver();
    const id = await posted(driver, 3);
    const response = await edit(driver, id);
    expect(response.statusCode).toBe(200);
    expect(driverRideSchema.parse(response.json())).toMatchObject({
      id,
      departureDate: dayFromNow(5),
      departureTime: '14:35',
      availableSeats: 4,
      // The five-seater's passenger seats: the driver's own is not offered.
      totalSeats: 4,
      pricePerSeat: '135.50',
      description: 'Leaving after lunch',
      bookedSeats: 0,
      editable: true,
    });
    expect(await versionOf(id)).toEqual({ version: 2, status: 'active' });
    // Left out, the description stays; sent blank, it goes.
    const { description: _, ...withoutDescription } = { departureDate: dayFromNow(5), departureTime: '14:35', availableSeats: 4, pricePerSeat: '135.5', description: '' };
    expect((await call(driver.caller, 'PUT', `/rides/${id}`, withoutDescription)).json().description).toBe('Leaving after lunch');
    expect((await edit(driver, id, { description: '  ' })).json().description).toBeNull();
    expect(await versionOf(id)).toEqual({ version: 4, status: 'active' });
    const search = await call({ kind: 'public' }, 'GET', `/rides?date=${dayFromNow(5)}&from=Kaneshie`);
    expect(search.json().rides.map((ride: { id: string }) => ride.id)).toContain(id);
  });

  it("answers 404 Ride not found for another driver's ride, an unknown and a malformed id", async () => {
    const owner = await newDriver();
    const id = await posted(owner, 3);
    const stranger = await newDriver();
    for (const target of [id, randomUUID(), 'ride-42']) {
      for (const response of [await edit(stranger, target), await call(stranger.caller, 'POST', `/rides/${target}/cancel`)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(rideMessages.notFound);
      }
    }
    expect(await versionOf(id)).toEqual({ version: 1, status: 'active' });
  });

  it('refuses with 409 once the ride has departed or was cancelled', async () => {
    const driver = await newDriver();
    const departed = await inserted(driver, new Date(Date.now() - HOUR));
    const cancelled = await inserted(driver, new Date(Date.now() + DAY), { status: 'cancelled' });
    for (const id of [departed, cancelled]) {
      for (const response of [await edit(driver, id), await call(driver.caller, 'POST', `/rides/${id}/cancel`)]) {
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(rideMessages.notEditable);
      }
    }
  });

  it('holds a change to the rules of posting: seats for the car, a departure to come, the price cap', async () => {
    const driver = await newDriver(5);
    const id = await posted(driver, 3);
    const seats = await edit(driver, id, { availableSeats: 5 });
    expect(seats.statusCode).toBe(400);
    expect(seats.json().errors).toEqual([{ field: 'availableSeats', message: rideMessages.seatsForVehicle(4) }]);
    const past = await edit(driver, id, { departureDate: dayFromNow(-1) });
    expect(past.json().errors).toEqual([{ field: 'departureDate', message: rideMessages.pastDeparture }]);
    const price = await edit(driver, id, { pricePerSeat: (Number(capAccraKumasi) + 1).toFixed(2) });
    expect(price.json().errors).toEqual([{ field: 'pricePerSeat', message: rideMessages.priceAboveCap(capAccraKumasi) }]);
    expect((await edit(driver, id, { pricePerSeat: capAccraKumasi })).statusCode).toBe(200);
    expect(await versionOf(id)).toEqual({ version: 2, status: 'active' });
  });

  it('holds a change to the cap of the places the server knows, not to the coordinates posted', async () => {
    const driver = await newDriver(5);
    // A destination the server cannot place (a name of its own, Tamale's coordinates): a short trip's cap.
    const nowhere = { toCity: 'Zzyzx', toLocation: 'Zzyzx Junction', toLatitude: 9.404337, toLongitude: -0.843029, pricePerSeat: '10' };
    const id = await posted(driver, 3, nowhere);
    const raised = await edit(driver, id, { pricePerSeat: '250' });
    expect(raised.statusCode).toBe(400);
    expect(raised.json().errors).toEqual([{ field: 'pricePerSeat', message: rideMessages.priceAboveShortTripCap('10.00', 'Zzyzx Junction') }]);
    // Without coordinates, the towns it names give the cap.
    const byName = await posted(driver, 4, { fromLatitude: undefined, fromLongitude: undefined, toLatitude: undefined, toLongitude: undefined });
    const kumasiCity = { latitude: 6.698081, longitude: -1.62304 };
    const accraCity = { latitude: 5.560014, longitude: -0.205744 };
    const cap = priceGuide(estimatedRoadDistanceKm([accraCity, kumasiCity]), 1.5, 10).maxPricePerSeat;
    expect((await edit(driver, byName, { pricePerSeat: '1500' })).json().errors).toEqual([{ field: 'pricePerSeat', message: rideMessages.priceAboveCap(cap) }]);
    expect((await edit(driver, byName, { pricePerSeat: cap })).statusCode).toBe(200);
  });

  it('moves the departure at most two days from the day it was posted for, however many changes it takes', async () => {
    const driver = await newDriver();
    const id = await posted(driver, 10);
    for (const days of [7, 13, 45]) {
      const far = await edit(driver, id, { departureDate: dayFromNow(days) });
      expect(far.statusCode).toBe(400);
      expect(far.json().errors).toEqual([{ field: 'departureDate', message: rideMessages.departureMovedTooFar }]);
    }
    expect((await edit(driver, id, { departureDate: dayFromNow(12), departureTime: '23:30' })).statusCode).toBe(200);
    // Two more days from there is four from the posted day: refused, the ride stays where it was.
    expect((await edit(driver, id, { departureDate: dayFromNow(14) })).json().errors).toEqual([{ field: 'departureDate', message: rideMessages.departureMovedTooFar }]);
    expect((await edit(driver, id, { departureDate: dayFromNow(8), departureTime: '05:00' })).statusCode).toBe(200);
    expect(await versionOf(id)).toEqual({ version: 3, status: 'active' });
  });

  it('writes ride.changed with the change: the fields that changed, before and after, with the new version', async () => {
    const driver = await newDriver();
    const id = await posted(driver, 3);
    expect((await edit(driver, id, { departureDate: dayFromNow(4), departureTime: '08:00', availableSeats: 1, pricePerSeat: '160', description: undefined })).statusCode).toBe(200);
    const [event, ...others] = await rideChangedEvents(id);
    expect(others).toEqual([]);
    expect(event?.type).toBe(rideChanged.subject);
    expect(event?.data).toEqual({
      rideId: id,
      driverId: driver.driverId,
      fromLocation: 'Kaneshie Market',
      toLocation: 'Asafo Market',
      currency: 'GHS',
      changed: ['departureDate', 'availableSeats', 'pricePerSeat'],
      previous: { departureDate: dayFromNow(3), departureTime: '08:00', departureAt: `${dayFromNow(3)}T08:00:00.000Z`, availableSeats: 2, pricePerSeat: '150.00', status: 'active', preferences: null, womenOnly: false },
      current: { departureDate: dayFromNow(4), departureTime: '08:00', departureAt: `${dayFromNow(4)}T08:00:00.000Z`, availableSeats: 1, pricePerSeat: '160.00', status: 'active', preferences: null, womenOnly: false },
      passengers: [],
      bookedPassengerIds: [],
      changedAt: expect.any(String),
      version: 2,
    });
    expect(rideChanged.schema.parse(event?.data)).toEqual(event?.data);

    // The same values again change nothing a passenger relies on: no event.
    expect((await edit(driver, id, { departureDate: dayFromNow(4), departureTime: '08:00', availableSeats: 1, pricePerSeat: '160.00', description: undefined })).statusCode).toBe(200);
    expect(await rideChangedEvents(id)).toHaveLength(1);

    expect((await call(driver.caller, 'POST', `/rides/${id}/cancel`)).statusCode).toBe(200);
    const cancelled = (await rideChangedEvents(id))[1];
    expect(cancelled?.data).toMatchObject({ changed: ['status'], previous: { status: 'active' }, current: { status: 'cancelled' }, version: 4 });
  });

  it('cancels a future ride once: it leaves the search and joins the past rides', async () => {
    const driver = await newDriver();
    const id = await posted(driver, 2);
    const response = await call(driver.caller, 'POST', `/rides/${id}/cancel`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await versionOf(id)).toEqual({ version: 2, status: 'cancelled' });
    const again = await call(driver.caller, 'POST', `/rides/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    const past = (await call(driver.caller, 'GET', '/rides/mine?when=past')).json().rides;
    expect(past.map((ride: { id: string }) => ride.id)).toEqual([id]);
    expect((await call({ kind: 'public' }, 'GET', `/rides/${id}`)).json().status).toBe('cancelled');
  });
});

describe('the driver dashboard', () => {
  const dashboard = async (driver: Driver) => {
    const response = await call(driver.caller, 'GET', '/rides/driver-dashboard');
    expect(response.statusCode).toBe(200);
    return driverDashboardSchema.parse(response.json());
  };

  it('starts at zero', async () => {
    const driver = await newDriver();
    expect(await dashboard(driver)).toEqual({
      currency: 'GHS',
      totals: { ridesPosted: 0, ridesCompleted: 0, upcomingRides: 0, seatsOffered: 0, bookings: 0, seatsSold: 0, expectedCash: '0.00' },
      activeRide: null,
      upcomingRides: [],
      recentRides: [],
      rating: null,
      reviewCount: 0,
    });
  });

  it('counts rides, seats, and lists the next ride within 24 hours, five upcoming and five recent', async () => {
    const driver = await newDriver(5);
    const soon = new Date(Date.now() + 3 * HOUR);
    const nextRide = await inserted(driver, soon, { availableSeats: 4 });
    const upcoming = [nextRide];
    for (let days = 1; days <= 5; days++) upcoming.push(await posted(driver, days + 1));
    const recent: string[] = [];
    for (let days = 1; days <= 6; days++) recent.push(await inserted(driver, new Date(Date.now() - days * DAY), { availableSeats: 1 }));
    const cancelled = await inserted(driver, new Date(Date.now() + 2 * HOUR), { status: 'cancelled' });

    const board = await dashboard(driver);
    expect(board.totals).toEqual({
      ridesPosted: 13,
      ridesCompleted: 6,
      upcomingRides: 6,
      seatsOffered: 4 + 5 * 2 + 6 * 1,
      bookings: 0,
      seatsSold: 0,
      expectedCash: '0.00',
    });
    expect(board.activeRide?.id).toBe(nextRide);
    expect(board.upcomingRides.map((ride) => ride.id)).toEqual(upcoming.slice(0, 5));
    expect(board.recentRides.map((ride) => ride.id)).toEqual([cancelled, ...recent.slice(0, 4)]);
    expect(board).toMatchObject({ rating: null, reviewCount: 0 });
  });

  it('shows no active ride when the next one leaves more than 24 hours from now', async () => {
    const driver = await newDriver();
    await posted(driver, 2);
    expect((await dashboard(driver)).activeRide).toBeNull();
  });
});

describe("a driver's public profile", () => {
  const profile = (caller: Caller, id: string) => call(caller, 'GET', `/drivers/${id}`);

  it('shows the driver, their active vehicles, rides and completion rate to guests and users', async () => {
    const driver = await newDriver(5, { firstName: 'Yaw', lastName: 'Boateng', profileImageUrl: '/api/uploads/yaw' });
    const extra = await call(driver.caller, 'POST', '/vehicles', { make: 'Kia', model: 'Sportage', year: 2021, color: 'Blue', licensePlate: `WR-${plates++}-21`, seats: 5 });
    const gone = await call(driver.caller, 'POST', '/vehicles', { make: 'Ford', model: 'Focus', year: 2012, color: 'Red', licensePlate: `WR-${plates++}-12`, seats: 4 });
    await call(driver.caller, 'DELETE', `/vehicles/${gone.json().id}`);
    await inserted(driver, new Date(Date.now() - 3 * DAY));
    await inserted(driver, new Date(Date.now() - 2 * DAY));
    await inserted(driver, new Date(Date.now() - DAY), { status: 'cancelled' });
    const upcoming = [];
    for (let days = 1; days <= 6; days++) upcoming.push(await posted(driver, days));

    for (const viewer of [{ kind: 'public' } as const, user()]) {
      const response = await profile(viewer, driver.driverId);
      expect(response.statusCode).toBe(200);
      const body = driverProfileSchema.parse(response.json());
      expect(body).toMatchObject({
        id: driver.driverId,
        firstName: 'Yaw',
        lastName: 'Boateng',
        profileImageUrl: '/api/uploads/yaw',
        isVerified: true,
        driverVerified: true,
        ridesPosted: 9,
        ridesCompleted: 2,
        completionRate: 67,
        rating: null,
        reviewCount: 0,
      });
      expect(body.vehicles.map((vehicle) => vehicle.model)).toEqual([extra.json().model, 'Elantra']);
      expect(body.upcomingRides.map((ride) => ride.id)).toEqual(upcoming.slice(0, 5));
    }
  });

  it('has no completion rate before any ride departed', async () => {
    const driver = await newDriver();
    await posted(driver, 2);
    expect((await profile({ kind: 'public' }, driver.driverId)).json()).toMatchObject({ ridesPosted: 1, ridesCompleted: 0, completionRate: null });
  });

  it("counts the driver's own cancellations against the completion rate, before departure time as after", async () => {
    const driver = await newDriver();
    await inserted(driver, new Date(Date.now() - 3 * DAY));
    await inserted(driver, new Date(Date.now() - 2 * DAY));
    await inserted(driver, new Date(Date.now() - DAY));
    const rate = async () => driverProfileSchema.parse((await profile({ kind: 'public' }, driver.driverId)).json()).completionRate;
    expect(await rate()).toBe(100);

    // Cancelled through the API days before it would have left: 3 completed out of 3 + 1 cancelled.
    const coming = await posted(driver, 3);
    expect((await call(driver.caller, 'POST', `/rides/${coming}/cancel`)).statusCode).toBe(200);
    expect(await rate()).toBe(75);
    // A ride still to come neither helps nor harms.
    await posted(driver, 4);
    expect(await rate()).toBe(75);
  });

  it('is 0% for a driver whose only rides they cancelled, and another driver’s cancellation is not theirs', async () => {
    const driver = await newDriver();
    const other = await newDriver();
    await inserted(other, new Date(Date.now() - DAY));
    const coming = await posted(driver, 2);
    expect((await call(driver.caller, 'POST', `/rides/${coming}/cancel`)).statusCode).toBe(200);
    expect((await profile(user(), driver.driverId)).json()).toMatchObject({ ridesCompleted: 0, completionRate: 0 });
    expect((await profile(user(), other.driverId)).json()).toMatchObject({ ridesCompleted: 1, completionRate: 100 });
  });

  it('answers the same 404 for a member who is no driver (never approved, no ride posted) as for an unknown id', async () => {
    const passenger = user();
    await insertUserProfile(handle.service, passenger.userId, { firstName: 'Efua', driverVerificationStatus: 'not_submitted' });
    const pending = user();
    await insertUserProfile(handle.service, pending.userId, { firstName: 'Kojo', driverVerificationStatus: 'pending' });
    const unknown = await profile({ kind: 'public' }, randomUUID());
    for (const id of [passenger.userId, pending.userId]) {
      const response = await profile({ kind: 'public' }, id);
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: unknown.statusCode, body: unknown.json() });
    }
    expect(unknown.statusCode).toBe(404);
    // A member who posted a ride is a driver, whatever their verification says today.
    const former = await newDriver();
    await posted(former, 2);
    await insertUserProfile(handle.service, former.driverId, { driverVerificationStatus: 'rejected' });
    expect((await profile({ kind: 'public' }, former.driverId)).statusCode).toBe(200);
  });

  it('answers 404 Driver not found for an unknown, malformed, suspended or deleted driver', async () => {
    const suspended = await newDriver(5, { suspended: true });
    const deleted = await newDriver(5, { deleted: true, firstName: 'Deleted', lastName: 'User' });
    for (const id of [randomUUID(), 'driver-1', suspended.driverId, deleted.driverId]) {
      const response = await profile({ kind: 'public' }, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Driver not found');
    }
  });
});
