import { staffRoles } from '@krom/contracts/http/staff-roles-values';
import { directAccraToKumasiRide } from '@krom/contracts/examples/rides';
import { randomUUID } from 'node:crypto';
import {
  driverProfileSchema,
  myRidesResponseSchema,
  postingRightsSchema,
  type PostRideInput,
  rideDetailsSchema,
  rideMessages,
  rideSearchResponseSchema,
} from '@krom/contracts/http/rides';
import { vehicleListSchema, vehicleMessages, vehicleSchema } from '@krom/contracts/http/vehicles';
import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { type BffSystem, ORIGIN, startBff } from './bff-test-env.ts';

/*
 * Rides and vehicles through the BFF in front of the real rides service (real PostgreSQL, NATS and
 * Redis, isolated for this file): guests browse, signed-in users act on their own rides and vehicles.
 */
let system: BffSystem;
beforeAll(async () => {
  system = await startBff({ services: ['rides'] });
});
afterAll(() => system?.close());

/** A signed-in user as the browser holds them: the session cookie only. */
async function signedIn(userId = randomUUID()) {
  const sid = await system.bff.sessions.create('user', userId);
  return { userId, sid, cookies: { krom_session: system.bff.encodeSecureSession(system.bff.createSecureSession({ user: sid })) } };
}
type Session = Awaited<ReturnType<typeof signedIn>>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (session: Session | undefined, method: Method, url: string, payload?: object, bff: FastifyInstance = system.bff, remoteAddress = '10.5.0.1') =>
  bff.inject({
    method,
    url,
    remoteAddress,
    headers: method === 'GET' ? {} : { origin: ORIGIN },
    ...(session ? { cookies: session.cookies } : {}),
    ...(payload ? { payload } : {}),
  });

/**
 * What identity would have told rides about a user whose identity and driver checks were approved
 * (rides keeps that projection from identity's events; here it is written directly).
 */
async function approvedDriver(session: Session, name = { firstName: 'Kwame', lastName: 'Mensah' }) {
  await system.rides!.db.$client.query(
    `INSERT INTO user_profiles (user_id, version, first_name, last_name, profile_image_url, is_verified, verification_status,
                                is_driver, driver_verification_status, suspended, deleted, changed_at)
     VALUES ($1, 1, $2, $3, NULL, true, 'approved', true, 'approved', false, false, now())`,
    [session.userId, name.firstName, name.lastName],
  );
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
let plates = 0;
const newPlate = () => `GR-${1000 + (++plates % 9000)}-${20 + (plates % 6)}`;
const vehicleInput = (overrides: Record<string, unknown> = {}) => ({ make: 'Toyota', model: 'Corolla', year: 2018, color: 'Silver', licensePlate: newPlate(), seats: 5, ...overrides });

const accraToKumasi = (vehicleId: string, overrides: Partial<PostRideInput> = {}): PostRideInput => ({
  ...directAccraToKumasiRide(vehicleId, inDays(7)),
  ...overrides,
});

/** A driver who may post: approved, with a vehicle. */
async function readyDriver() {
  const driver = await signedIn();
  await approvedDriver(driver);
  const vehicle = vehicleSchema.parse((await call(driver, 'POST', '/api/vehicles', vehicleInput())).json());
  return { driver, vehicle };
}

/** Every route that needs a signed-in user, as a guest would try it. */
const userOnly = (id: string): [Method, string, object?][] => [
  ['GET', '/api/vehicles'],
  ['GET', `/api/vehicles/${id}`],
  ['POST', '/api/vehicles', vehicleInput()],
  ['PUT', `/api/vehicles/${id}`, vehicleInput()],
  ['DELETE', `/api/vehicles/${id}`],
  ['POST', '/api/rides', accraToKumasi(id)],
  ['GET', '/api/rides/mine'],
  ['PUT', `/api/rides/${id}`, { departureDate: inDays(3), departureTime: '08:00', availableSeats: 2, pricePerSeat: '100' }],
  ['POST', `/api/rides/${id}/cancel`],
  ['GET', '/api/rides/posting-rights'],
  ['POST', '/api/rides/price-guide', { points: [{ latitude: 5.56, longitude: -0.2 }, { latitude: 6.69, longitude: -1.62 }] }],
  ['GET', '/api/rides/driver-dashboard'],
];

describe('a guest', () => {
  it('searches rides, opens one and views its driver', async () => {
    const { driver, vehicle } = await readyDriver();
    const posted = rideDetailsSchema.parse((await call(driver, 'POST', '/api/rides', accraToKumasi(vehicle.id))).json());

    const search = await call(undefined, 'GET', `/api/rides?from=Accra&to=Kumasi&date=${posted.departureDate}`);
    expect(search.statusCode).toBe(200);
    expect(rideSearchResponseSchema.parse(search.json()).rides.map((ride) => ride.id)).toContain(posted.id);

    const details = await call(undefined, 'GET', `/api/rides/${posted.id}`);
    expect(details.statusCode).toBe(200);
    expect(rideDetailsSchema.parse(details.json())).toMatchObject({ id: posted.id, driverName: 'Kwame Mensah', fromCity: 'Accra', toCity: 'Kumasi' });

    const profile = await call(undefined, 'GET', `/api/drivers/${driver.userId}`);
    expect(profile.statusCode).toBe(200);
    expect(driverProfileSchema.parse(profile.json()).upcomingRides.map((ride) => ride.id)).toContain(posted.id);
  });

  it('gets 401 "Sign-in required" for vehicles, posting and their own rides', async () => {
    for (const [method, url, body] of userOnly(randomUUID())) {
      const response = await call(undefined, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toBe('Sign-in required');
    }
  });

  it('cannot pass for a user by sending an assertion header of its own', async () => {
    const forged = await signAssertion(system.config.INTERNAL_AUTH_SECRET, { kind: 'user', userId: randomUUID() }, 'rides');
    for (const [method, url, body] of userOnly(randomUUID())) {
      const response = await system.bff.inject({ method, url, headers: { origin: ORIGIN, [ASSERTION_HEADER]: forged }, ...(body ? { payload: body } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("gets the service's 404 for a ride or a driver that does not exist", async () => {
    for (const url of [`/api/rides/${randomUUID()}`, '/api/rides/not-a-ride']) {
      const response = await call(undefined, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(rideMessages.notFound);
    }
    expect((await call(undefined, 'GET', `/api/drivers/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('searching', () => {
  it('passes every filter on to the service', async () => {
    const { driver, vehicle } = await readyDriver();
    const date = inDays(9);
    const posted = (await call(driver, 'POST', '/api/rides', accraToKumasi(vehicle.id, { departureDate: date, availableSeats: 2 }))).json();
    const ids = async (query: string) => rideSearchResponseSchema.parse((await call(undefined, 'GET', `/api/rides?${query}`)).json()).rides.map((ride) => ride.id);

    expect(await ids(`from=accra&to=kumasi&date=${date}&seats=2`)).toContain(posted.id);
    // Each filter on its own leaves the ride out when it does not match.
    expect(await ids(`from=accra&to=tamale&date=${date}`)).not.toContain(posted.id);
    expect(await ids(`from=takoradi&to=kumasi&date=${date}`)).not.toContain(posted.id);
    expect(await ids(`from=accra&to=kumasi&date=${inDays(10)}`)).not.toContain(posted.id);
    expect(await ids(`from=accra&to=kumasi&date=${date}&seats=3`)).not.toContain(posted.id);
    // By coordinates near the departure (Kaneshie, 3 km from Circle) with no name.
    expect(await ids(`fromLatitude=5.5685&fromLongitude=-0.2365&date=${date}`)).toContain(posted.id);

    const page = (await call(undefined, 'GET', '/api/rides?page=2&pageSize=1')).json();
    expect(page).toMatchObject({ page: 2, pageSize: 1 });
  });

  it("answers the service's 400 and message for a filter it refuses", async () => {
    const tooMany = await call(undefined, 'GET', '/api/rides?seats=9');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(rideMessages.seats);
    const badDate = await call(undefined, 'GET', '/api/rides?date=2026-02-30');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe(rideMessages.date);
  });

  it('shows a signed-in user the same rides as a guest', async () => {
    const { driver, vehicle } = await readyDriver();
    const date = inDays(11);
    const posted = (await call(driver, 'POST', '/api/rides', accraToKumasi(vehicle.id, { departureDate: date }))).json();
    const passenger = await signedIn();
    const asUser = (await call(passenger, 'GET', `/api/rides?date=${date}`)).json();
    const asGuest = (await call(undefined, 'GET', `/api/rides?date=${date}`)).json();
    expect(asUser.rides.map((ride: { id: string }) => ride.id)).toEqual(asGuest.rides.map((ride: { id: string }) => ride.id));
    expect((await call(passenger, 'GET', `/api/rides/${posted.id}`)).statusCode).toBe(200);
  });

  it("answers guests asking the same search from one kept answer for a while, and signed-in users always from rides", async () => {
    const keeping = await buildBffApp({ ...system.config, GUEST_SEARCH_CACHE_SECONDS: 60 }, system.redis);
    try {
      const date = inDays(12);
      const query = `/api/rides?from=Accra&to=Kumasi&date=${date}`;
      const ids = async (session: Session | undefined, url = query) => {
        const response = await call(session, 'GET', url, undefined, keeping);
        expect(response.statusCode).toBe(200);
        return rideSearchResponseSchema.parse(response.json()).rides.map((ride) => ride.id);
      };
      expect(await ids(undefined)).toEqual([]);
      const { driver, vehicle } = await readyDriver();
      const posted = (await call(driver, 'POST', '/api/rides', accraToKumasi(vehicle.id, { departureDate: date }))).json();
      // Another guest asking the very same gets the kept answer; a user, or another query, rides' own.
      expect(await ids(undefined)).toEqual([]);
      expect(await ids(await signedIn())).toEqual([posted.id]);
      expect(await ids(undefined, `${query}&seats=1`)).toEqual([posted.id]);
      // A refusal is never kept: a bad query answers rides' 400 each time.
      for (let i = 0; i < 2; i++) expect((await call(undefined, 'GET', '/api/rides?date=tomorrow', undefined, keeping)).statusCode).toBe(400);
    } finally {
      await keeping.close();
    }
  });

  it('is limited per visitor', async () => {
    const limited = await buildBffApp({ ...system.config, RATE_LIMIT_BROWSE_PER_MINUTE: 2 }, system.redis);
    try {
      const address = `10.6.${Math.floor(Math.random() * 250)}.1`;
      expect((await call(undefined, 'GET', '/api/rides', undefined, limited, address)).statusCode).toBe(200);
      expect((await call(undefined, 'GET', '/api/rides', undefined, limited, address)).statusCode).toBe(200);
      expect((await call(undefined, 'GET', '/api/rides', undefined, limited, address)).statusCode).toBe(429);
      expect((await call(undefined, 'GET', '/api/rides', undefined, limited, '10.7.0.1')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('a signed-in driver', () => {
  it('posts only so many rides a day, however many sessions they use; then a 429 in words, while another driver still posts', async () => {
    const limited = await buildBffApp({ ...system.config, RATE_LIMIT_RIDE_POSTS_PER_DAY: 2 }, system.redis);
    try {
      const { driver, vehicle } = await readyDriver();
      const post = (session: Session, days: number) => call(session, 'POST', '/api/rides', accraToKumasi(vehicle.id, { departureDate: inDays(days) }), limited);
      expect((await post(driver, 7)).statusCode).toBe(201);
      expect((await post(driver, 8)).statusCode).toBe(201);

      const refused = await post(driver, 9);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^You're doing that too often\. Please try again in (24 hours|1 day)\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      // Signing in again gives no fresh allowance: the limit is the member's.
      expect((await post(await signedIn(driver.userId), 9)).statusCode).toBe(429);
      expect(myRidesResponseSchema.parse((await call(driver, 'GET', '/api/rides/mine')).json()).rides).toHaveLength(2);

      const other = await readyDriver();
      expect((await call(other.driver, 'POST', '/api/rides', accraToKumasi(other.vehicle.id), limited)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('uses up the allowance only with rides actually posted: posts refused for a price over the cap count nothing', async () => {
    const limited = await buildBffApp({ ...system.config, RATE_LIMIT_RIDE_POSTS_PER_DAY: 2 }, system.redis);
    try {
      const { driver, vehicle } = await readyDriver();
      const post = (days: number, pricePerSeat = '120') => call(driver, 'POST', '/api/rides', accraToKumasi(vehicle.id, { departureDate: inDays(days), pricePerSeat }), limited);
      for (const days of [7, 8, 9]) expect((await post(days, '99999')).statusCode).toBe(400);
      expect((await post(7)).statusCode).toBe(201);
      expect((await post(8)).statusCode).toBe(201);
      expect((await post(9)).statusCode).toBe(429);

      const other = await readyDriver();
      expect((await call(other.driver, 'POST', '/api/rides', accraToKumasi(other.vehicle.id), limited)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('adds only so many vehicles a day and makes only so many other changes an hour, each member on their own', async () => {
    const limited = await buildBffApp({ ...system.config, RATE_LIMIT_VEHICLES_PER_DAY: 1, RATE_LIMIT_MEMBER_WRITES_PER_HOUR: 2 }, system.redis);
    try {
      const owner = await signedIn();
      await approvedDriver(owner);
      const added = await call(owner, 'POST', '/api/vehicles', vehicleInput(), limited);
      expect(added.statusCode).toBe(201);
      const refused = await call(owner, 'POST', '/api/vehicles', vehicleInput(), limited);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^You're doing that too often\. Please try again in (24 hours|1 day)\.$/);

      const { id } = vehicleSchema.parse(added.json());
      for (const color of ['Black', 'White']) expect((await call(owner, 'PUT', `/api/vehicles/${id}`, vehicleInput({ color }), limited)).statusCode).toBe(200);
      const tooMany = await call(owner, 'PUT', `/api/vehicles/${id}`, vehicleInput({ color: 'Red' }), limited);
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.json().message).toMatch(/^You're doing that too often\. Please try again in (60 minutes|1 hour)\.$/);

      const another = await signedIn();
      await approvedDriver(another);
      expect((await call(another, 'POST', '/api/vehicles', vehicleInput(), limited)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('is told the next step until they may post, then posts', async () => {
    const kofi = await signedIn();
    const before = postingRightsSchema.parse((await call(kofi, 'GET', '/api/rides/posting-rights')).json());
    expect(before).toMatchObject({ canPost: false, nextStep: 'verify_identity', vehicleCount: 0 });
    const refused = await call(kofi, 'POST', '/api/rides', accraToKumasi(randomUUID()));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(rideMessages.needsIdentity);

    await approvedDriver(kofi);
    expect((await call(kofi, 'GET', '/api/rides/posting-rights')).json()).toMatchObject({ canPost: false, nextStep: 'add_vehicle' });
    const noVehicle = await call(kofi, 'POST', '/api/rides', accraToKumasi(randomUUID()));
    expect(noVehicle.statusCode).toBe(403);
    expect(noVehicle.json().message).toBe(rideMessages.needsVehicle);

    const vehicle = (await call(kofi, 'POST', '/api/vehicles', vehicleInput())).json();
    expect((await call(kofi, 'GET', '/api/rides/posting-rights')).json()).toMatchObject({ canPost: true, nextStep: null, vehicleCount: 1 });

    const posted = await call(kofi, 'POST', '/api/rides', accraToKumasi(vehicle.id));
    expect(posted.statusCode).toBe(201);
    // The vehicle's five seats but the driver's own.
    expect(rideDetailsSchema.parse(posted.json())).toMatchObject({ driverId: kofi.userId, availableSeats: 3, totalSeats: 4, pricePerSeat: '120.00', status: 'active' });
  });

  it('is told a ride is theirs (its preview offers Edit and Cancel); a guest and another member are not', async () => {
    const { driver, vehicle } = await readyDriver();
    const ride = (await call(driver, 'POST', '/api/rides', accraToKumasi(vehicle.id))).json();
    const isOwnRide = async (viewer: Session | undefined) => {
      const response = await call(viewer, 'GET', `/api/rides/${ride.id}`);
      expect(response.statusCode).toBe(200);
      return rideDetailsSchema.parse(response.json()).isOwnRide;
    };
    expect([await isOwnRide(undefined), await isOwnRide(await signedIn()), await isOwnRide(driver)]).toEqual([false, false, true]);
  });

  it('lists, changes and cancels their own rides, and sees their dashboard', async () => {
    const { driver, vehicle } = await readyDriver();
    const ride = (await call(driver, 'POST', '/api/rides', accraToKumasi(vehicle.id))).json();

    const mine = myRidesResponseSchema.parse((await call(driver, 'GET', '/api/rides/mine?when=upcoming')).json());
    expect(mine.rides.map((r) => r.id)).toEqual([ride.id]);
    expect((await call(driver, 'GET', '/api/rides/mine?when=past')).json()).toEqual({ rides: [] });

    const changed = await call(driver, 'PUT', `/api/rides/${ride.id}`, { departureDate: inDays(8), departureTime: '07:15', availableSeats: 2, pricePerSeat: '110.50' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ departureTime: '07:15', availableSeats: 2, pricePerSeat: '110.50', editable: true });

    const dashboard = await call(driver, 'GET', '/api/rides/driver-dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().upcomingRides.map((r: { id: string }) => r.id)).toContain(ride.id);

    expect((await call(driver, 'POST', `/api/rides/${ride.id}/cancel`)).json()).toEqual({ ok: true });
    expect((await call(driver, 'GET', `/api/rides/${ride.id}`)).json().status).toBe('cancelled');
  });

  it("cannot change another driver's ride", async () => {
    const { driver, vehicle } = await readyDriver();
    const ride = (await call(driver, 'POST', '/api/rides', accraToKumasi(vehicle.id))).json();
    const stranger = await signedIn();
    for (const [method, url, body] of [
      ['PUT', `/api/rides/${ride.id}`, { departureDate: inDays(3), departureTime: '08:00', availableSeats: 1, pricePerSeat: '10' }],
      ['POST', `/api/rides/${ride.id}/cancel`, undefined],
    ] as const) {
      const response = await call(stranger, method, url, body);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(rideMessages.notFound);
    }
  });

  it("gets the service's messages for a ride it refuses", async () => {
    const { driver, vehicle } = await readyDriver();
    const tooManySeats = await call(driver, 'POST', '/api/rides', accraToKumasi(vehicle.id, { availableSeats: 5 }));
    expect(tooManySeats.statusCode).toBe(400);
    expect(tooManySeats.json().message).toBe(rideMessages.seatsForVehicle(4));
    const past = await call(driver, 'POST', '/api/rides', accraToKumasi(vehicle.id, { departureDate: inDays(-2) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(rideMessages.pastDeparture);
    const noCity = await call(driver, 'POST', '/api/rides', { ...accraToKumasi(vehicle.id), fromCity: 'A' });
    expect(noCity.statusCode).toBe(400);
    expect(noCity.json().message).toBe(rideMessages.fromCity);
  });

  it('gets a price guide for a route', async () => {
    const driver = await signedIn();
    const response = await call(driver, 'POST', '/api/rides/price-guide', { points: [{ latitude: 5.56, longitude: -0.2057 }, { latitude: 6.6981, longitude: -1.623 }] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ currency: 'GHS', recommendedMin: expect.stringMatching(/^\d+\.\d{2}$/), maxPricePerSeat: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(response.json().distanceKm).toBeGreaterThan(200);
  });
});

describe("a signed-in user's vehicles", () => {
  it('adds, lists, opens, edits and deletes their own', async () => {
    const ama = await signedIn();
    await approvedDriver(ama);
    expect((await call(ama, 'GET', '/api/vehicles')).json()).toEqual([]);
    const added = await call(ama, 'POST', '/api/vehicles', vehicleInput({ licensePlate: 'gr 4821 21', seats: 4 }));
    expect(added.statusCode).toBe(201);
    const vehicle = vehicleSchema.parse(added.json());
    expect(vehicle).toMatchObject({ licensePlate: 'GR-4821-21', seats: 4, isActive: true, upcomingRides: 0 });

    expect(vehicleListSchema.parse((await call(ama, 'GET', '/api/vehicles')).json()).map((v) => v.id)).toEqual([vehicle.id]);
    expect((await call(ama, 'GET', `/api/vehicles/${vehicle.id}`)).json()).toMatchObject({ id: vehicle.id });
    const edited = await call(ama, 'PUT', `/api/vehicles/${vehicle.id}`, vehicleInput({ licensePlate: 'GR-4821-21', color: 'Blue', seats: 7 }));
    expect(edited.json()).toMatchObject({ color: 'Blue', seats: 7 });
    expect((await call(ama, 'DELETE', `/api/vehicles/${vehicle.id}`)).json()).toEqual({ ok: true });
    expect((await call(ama, 'GET', '/api/vehicles')).json()).toEqual([]);
  });

  it("does not see or touch another user's vehicle", async () => {
    const owner = await signedIn();
    await approvedDriver(owner);
    const vehicle = vehicleSchema.parse((await call(owner, 'POST', '/api/vehicles', vehicleInput())).json());
    const other = await signedIn();
    expect((await call(other, 'GET', '/api/vehicles')).json()).toEqual([]);
    for (const [method, body] of [['GET'], ['PUT', vehicleInput()], ['DELETE']] as const) {
      const response = await call(other, method, `/api/vehicles/${vehicle.id}`, body);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().message).toBe(vehicleMessages.notFound);
    }
  });

  it("gets the service's messages: a bad plate, a plate already registered, a vehicle with upcoming rides", async () => {
    const { driver, vehicle } = await readyDriver();
    const badPlate = await call(driver, 'POST', '/api/vehicles', vehicleInput({ licensePlate: 'hello' }));
    expect(badPlate.statusCode).toBe(400);
    expect(badPlate.json().message).toBe(vehicleMessages.licensePlate);

    const someoneElse = await signedIn();
    await approvedDriver(someoneElse);
    const taken = await call(someoneElse, 'POST', '/api/vehicles', vehicleInput({ licensePlate: vehicle.licensePlate }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(vehicleMessages.plateTaken);

    await call(driver, 'POST', '/api/rides', accraToKumasi(vehicle.id));
    const inUse = await call(driver, 'DELETE', `/api/vehicles/${vehicle.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(vehicleMessages.hasUpcomingRides);
  });
});

describe('a licence plate someone else registered', () => {
  it('is refused with how to dispute it, the dispute is filed, and staff see it in the admin area', async () => {
    const first = await signedIn();
    await approvedDriver(first, { firstName: 'Kofi', lastName: 'Annan' });
    const plate = newPlate();
    expect((await call(first, 'POST', '/api/vehicles', vehicleInput({ licensePlate: plate }))).statusCode).toBe(201);

    const owner = await signedIn();
    // Before their identity is verified, nothing.
    const unverified = await call(owner, 'POST', '/api/vehicles', vehicleInput({ licensePlate: plate }));
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toBe(vehicleMessages.needsIdentity);
    await approvedDriver(owner, { firstName: 'Ama', lastName: 'Serwaa' });
    const taken = await call(owner, 'POST', '/api/vehicles', vehicleInput({ licensePlate: plate }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: vehicleMessages.plateTaken, errors: [{ field: 'licensePlate', message: vehicleMessages.plateTaken }] });

    const filed = await call(owner, 'POST', '/api/vehicles/plate-disputes', { licensePlate: plate, details: 'It is my car.' });
    expect(filed.statusCode).toBe(201);
    expect(filed.json()).toMatchObject({ licensePlate: plate, status: 'open' });

    const adminSid = await system.bff.sessions.create('admin', randomUUID(), staffRoles);
    const staff = { userId: randomUUID(), sid: adminSid, cookies: { krom_session: system.bff.encodeSecureSession(system.bff.createSecureSession({ admin: adminSid })) } };
    const listed = await call(staff, 'GET', '/api/admin/plate-disputes');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().disputes.find((dispute: { id: string }) => dispute.id === filed.json().id)).toMatchObject({
      licensePlate: plate,
      details: 'It is my car.',
      claimant: { userId: owner.userId, name: 'Ama Serwaa' },
      holder: { userId: first.userId, name: 'Kofi Annan' },
    });
    // A member's session is not staff.
    expect((await call(owner, 'GET', '/api/admin/plate-disputes')).statusCode).toBe(401);
  });
});
