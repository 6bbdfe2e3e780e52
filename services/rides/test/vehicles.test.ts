import { randomUUID } from 'node:crypto';
import { maskLicensePlate, maxVehiclesPerMember, staffPlateDisputeListSchema, vehicleListSchema, vehicleMessages, vehicleSchema } from '@krom/contracts/http/vehicles';
import type { Caller } from '@krom/server-kit/internal-auth';
import { administratorCaller, staffCaller } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { insertRide, insertUserProfile, useRidesService } from './rides-test-env.ts';

const handle = useRidesService();
const DAY = 24 * 60 * 60 * 1000;

const user = (userId = randomUUID()) => ({ kind: 'user', userId }) as const;

async function call(caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return handle.service.app.inject({ method, url, headers: await handle.as(caller), ...(payload ? { payload } : {}) });
}

let plateNumber = 1000;
/** A plate no other test uses: each test file shares one database. */
const freshPlate = () => `GR-${plateNumber++}-2${plateNumber % 10}`;
const corolla = (changes: object = {}) => ({ make: 'Toyota', model: 'Corolla', year: 2018, color: 'Silver', licensePlate: freshPlate(), seats: 5, ...changes });

/** Members whose identity this file has verified (written once each into the projection, as identity's snapshot would). */
const verified = new Set<string>();
async function add(caller: Caller, body: object) {
  if (caller.kind === 'user' && !verified.has(caller.userId)) {
    await insertUserProfile(handle.service, caller.userId, { driverVerificationStatus: 'not_submitted' });
    verified.add(caller.userId);
  }
  return call(caller, 'POST', '/vehicles', body);
}
async function added(caller: Caller, body: object = corolla()) {
  const response = await add(caller, body);
  expect(response.statusCode).toBe(201);
  return vehicleSchema.parse(response.json());
}
const list = async (caller: Caller) => vehicleListSchema.parse((await call(caller, 'GET', '/vehicles')).json());

const storedPlates = async (driverId: string) =>
  (await handle.service.db.$client.query('SELECT license_plate, deleted_at IS NOT NULL AS deleted FROM vehicles WHERE driver_id = $1 ORDER BY created_at', [driverId]))
    .rows;

describe('who may call', () => {
  it.each([
    ['GET', '/vehicles'],
    ['POST', '/vehicles'],
    ['GET', `/vehicles/${randomUUID()}`],
    ['PUT', `/vehicles/${randomUUID()}`],
    ['DELETE', `/vehicles/${randomUUID()}`],
  ] as const)('%s %s refuses guests, staff and unsigned requests with 401', async (method, url) => {
    const body = method === 'POST' || method === 'PUT' ? corolla() : undefined;
    expect((await call({ kind: 'public' }, method, url, body)).statusCode).toBe(401);
    expect((await call(administratorCaller(), method, url, body)).statusCode).toBe(401);
    expect((await handle.service.app.inject({ method, url })).statusCode).toBe(401);
  });
});

describe('adding a vehicle', () => {
  it('registers it with the plate in its stored form, active, with no upcoming rides', async () => {
    const kofi = user();
    const response = await add(kofi, { make: 'Honda', model: ' Civic ', year: 2020, color: 'Blue', licensePlate: 'gr 4455 21', seats: 5 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      make: 'Honda',
      model: 'Civic',
      year: 2020,
      color: 'Blue',
      licensePlate: 'GR-4455-21',
      seats: 5,
      isActive: true,
      upcomingRides: 0,
      createdAt: expect.any(String),
    });
    expect(await storedPlates(kofi.userId)).toEqual([{ license_plate: 'GR-4455-21', deleted: false }]);
  });

  it('takes 4 seats when none are given', async () => {
    const { seats } = await added(user(), { make: 'Kia', model: 'Rio', year: 2015, color: 'Red', licensePlate: freshPlate() });
    expect(seats).toBe(4);
  });

  it.each([
    ['GR-1234-20', 'GR-1234-20'],
    ['AS 902 19', 'AS-902-19'],
    ['gw-7-99', 'GW-7-99'],
    ['GN-4821-Z', 'GN-4821-Z'],
    ['GT 5521', 'GT-5521'],
    ['wr1234', 'WR-1234'],
  ])('accepts the old and new plate formats: %s is stored as %s', async (typed, stored) => {
    const vehicle = await added(user(), corolla({ licensePlate: typed }));
    expect(vehicle.licensePlate).toBe(stored);
  });

  it.each([
    [{ licensePlate: '1234-GR-20' }, vehicleMessages.licensePlate],
    [{ licensePlate: 'G-1' }, vehicleMessages.licensePlate],
    [{ licensePlate: 'GR-12345-20' }, vehicleMessages.licensePlate],
    [{ make: 'Tesla' }, vehicleMessages.make],
    [{ model: 'X' }, vehicleMessages.model],
    [{ color: 'Purple' }, vehicleMessages.color],
    [{ year: 1989 }, vehicleMessages.year(new Date().getUTCFullYear() + 1)],
    [{ year: new Date().getUTCFullYear() + 2 }, vehicleMessages.year(new Date().getUTCFullYear() + 1)],
    [{ seats: 1 }, vehicleMessages.seats],
    [{ seats: 9 }, vehicleMessages.seats],
  ])('refuses %j with 400 and its message, saving nothing', async (change, message) => {
    const ama = user();
    const response = await add(ama, corolla(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await storedPlates(ama.userId)).toEqual([]);
  });

  it('refuses a plate already registered, by the same or another user, however it is typed, with 409', async () => {
    const first = user();
    await added(first, corolla({ licensePlate: 'GR-7788-20' }));
    for (const [caller, typed] of [
      [first, 'GR-7788-20'],
      [user(), 'gr 7788 20'],
      [user(), 'GR7788-20'],
    ] as const) {
      const response = await add(caller, corolla({ licensePlate: typed }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: vehicleMessages.plateTaken,
        errors: [{ field: 'licensePlate', message: vehicleMessages.plateTaken }],
      });
    }
  });

  it('lets exactly one of two registrations of one plate at once through', async () => {
    const answers = await Promise.all([add(user(), corolla({ licensePlate: 'CR-3030-22' })), add(user(), corolla({ licensePlate: 'cr 3030 22' }))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('who may add vehicles, and how many', () => {
  it('refuses a member whose identity is not verified with 403, saving nothing', async () => {
    const unknown = user();
    const pending = user();
    await insertUserProfile(handle.service, pending.userId, { verificationStatus: 'pending', driverVerificationStatus: 'not_submitted' });
    const rejected = user();
    await insertUserProfile(handle.service, rejected.userId, { verificationStatus: 'rejected', driverVerificationStatus: 'not_submitted' });
    for (const member of [unknown, pending, rejected]) {
      const response = await call(member, 'POST', '/vehicles', corolla());
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(vehicleMessages.needsIdentity);
      expect(await storedPlates(member.userId)).toEqual([]);
    }
  });

  it(`holds ${maxVehiclesPerMember} vehicles a member at most; deleting one makes room`, async () => {
    const fleet = user();
    const vehicles = [];
    for (let count = 0; count < maxVehiclesPerMember; count += 1) vehicles.push(await added(fleet));
    const refused = await add(fleet, corolla());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(vehicleMessages.tooManyVehicles);
    expect(refused.json().message).toBe('You can have at most 5 vehicles on Krom. Delete one you no longer drive to add another.');
    expect(await list(fleet)).toHaveLength(maxVehiclesPerMember);
    expect((await call(fleet, 'DELETE', `/vehicles/${vehicles[0]?.id}`)).statusCode).toBe(200);
    expect((await add(fleet, corolla())).statusCode).toBe(201);
  });

  it('counts two registrations at once one after the other', async () => {
    const fleet = user();
    for (let count = 0; count < maxVehiclesPerMember - 1; count += 1) await added(fleet);
    const answers = await Promise.all([add(fleet, corolla()), add(fleet, corolla())]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('disputing a plate', () => {
  const dispute = (caller: Caller, body: object) => call(caller, 'POST', '/vehicles/plate-disputes', body);
  const staffList = async () => {
    const response = await call(staffCaller(['trust_safety']), 'GET', '/staff/plate-disputes');
    expect(response.statusCode).toBe(200);
    return staffPlateDisputeListSchema.parse(response.json()).disputes;
  };

  it('tells the real owner, refused a plate someone else registered, how to dispute it; staff then see the dispute', async () => {
    const claimer = user();
    await insertUserProfile(handle.service, claimer.userId, { firstName: 'Yaw', lastName: 'Boateng', driverVerificationStatus: 'not_submitted' });
    verified.add(claimer.userId);
    const taken = await added(claimer, corolla({ licensePlate: 'GW-6161-22', model: 'Yaris' }));
    const owner = user();
    await insertUserProfile(handle.service, owner.userId, { firstName: 'Akosua', lastName: 'Danso', driverVerificationStatus: 'not_submitted' });
    verified.add(owner.userId);

    const refused = await add(owner, corolla({ licensePlate: 'gw 6161 22' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([{ field: 'licensePlate', message: vehicleMessages.plateTaken }]);
    expect(refused.json().message).toMatch(/If the car is yours, dispute the plate/);

    const filed = await dispute(owner, { licensePlate: 'gw 6161 22', details: 'I bought it in 2022; papers at hand. Call 0244 123 456.' });
    expect(filed.statusCode).toBe(201);
    expect(filed.json()).toEqual({ id: expect.any(String), licensePlate: 'GW-6161-22', status: 'open', createdAt: expect.any(String) });
    // Asking again finds the dispute already open.
    expect((await dispute(owner, { licensePlate: 'GW-6161-22' })).json().id).toBe(filed.json().id);

    const seen = (await staffList()).filter((entry) => entry.licensePlate === 'GW-6161-22');
    expect(seen).toEqual([
      {
        id: filed.json().id,
        licensePlate: 'GW-6161-22',
        status: 'open',
        details: 'I bought it in 2022; papers at hand. Call 0244 123 456.',
        claimant: { userId: owner.userId, name: 'Akosua Danso' },
        holder: { userId: claimer.userId, name: 'Yaw Boateng' },
        vehicle: { id: taken.id, year: 2018, make: 'Toyota', model: 'Yaris', color: 'Silver', licensePlate: 'GW-6161-22' },
        createdAt: filed.json().createdAt,
      },
    ]);
  });

  it('refuses, on the plate, a plate nobody holds or the member holds, and an unverified member with 403', async () => {
    const member = user();
    const own = await added(member);
    for (const [plate, message] of [
      ['NR-4040-21', vehicleMessages.plateNotRegistered],
      [own.licensePlate, vehicleMessages.plateIsYours],
    ] as const) {
      const response = await dispute(member, { licensePlate: plate });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'licensePlate', message }]);
    }
    expect((await dispute(member, { licensePlate: 'not a plate' })).json().message).toBe(vehicleMessages.licensePlate);
    const stranger = await dispute(user(), { licensePlate: own.licensePlate });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(vehicleMessages.needsIdentity);
  });

  it('lists disputes to staff only', async () => {
    expect((await call(user(), 'GET', '/staff/plate-disputes')).statusCode).toBe(401);
    expect((await call({ kind: 'public' }, 'GET', '/staff/plate-disputes')).statusCode).toBe(401);
    expect((await call({ kind: 'public' }, 'POST', '/vehicles/plate-disputes', { licensePlate: 'GR-1-20' })).statusCode).toBe(401);
  });
});

describe("a user's vehicles", () => {
  it('lists only their own, newest first', async () => {
    const esi = user();
    const older = await added(esi);
    const newer = await added(esi);
    await added(user());
    expect((await list(esi)).map((vehicle) => vehicle.id)).toEqual([newer.id, older.id]);
    expect((await call(esi, 'GET', `/vehicles/${older.id}`)).json()).toEqual(older);
  });

  it("answers 404 for another user's vehicle, an unknown id and a malformed one, on every route", async () => {
    const owner = user();
    const theirs = await added(owner);
    const stranger = user();
    for (const id of [theirs.id, randomUUID(), 'not-a-uuid']) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', corolla()],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(stranger, method, `/vehicles/${id}`, body);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(vehicleMessages.notFound);
      }
    }
    // Untouched by the stranger's attempts.
    expect(await list(owner)).toEqual([theirs]);
  });
});

describe('editing a vehicle', () => {
  it('changes every field, keeping its own plate allowed', async () => {
    const yaw = user();
    const vehicle = await added(yaw, corolla({ licensePlate: 'ER-4141-19' }));
    const response = await call(yaw, 'PUT', `/vehicles/${vehicle.id}`, { make: 'Toyota', model: 'Camry', year: 2019, color: 'Black', licensePlate: 'er 4141 19', seats: 4 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...vehicle, model: 'Camry', year: 2019, color: 'Black', seats: 4 });
  });

  it("refuses another vehicle's plate with 409 and keeps the old one", async () => {
    const yaw = user();
    await added(user(), corolla({ licensePlate: 'VR-5656-18' }));
    const vehicle = await added(yaw);
    const response = await call(yaw, 'PUT', `/vehicles/${vehicle.id}`, corolla({ licensePlate: 'VR 5656 18' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(vehicleMessages.plateTaken);
    expect((await list(yaw))[0]?.licensePlate).toBe(vehicle.licensePlate);
  });

  it('answers 400 with the message of a bad field', async () => {
    const yaw = user();
    const vehicle = await added(yaw);
    const response = await call(yaw, 'PUT', `/vehicles/${vehicle.id}`, corolla({ seats: 10 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(vehicleMessages.seats);
  });
});

describe('editing a vehicle that has rides to come', () => {
  async function withRide(availableSeats: number) {
    const kweku = user();
    await insertUserProfile(handle.service, kweku.userId);
    const vehicle = await added(kweku, corolla({ seats: 5 }));
    const ride = await insertRide(handle.service, { driverId: kweku.userId, vehicleId: vehicle.id, departureAt: new Date(Date.now() + 2 * DAY), availableSeats, totalSeats: 5 });
    return { kweku, vehicle, ride };
  }
  const rideSeats = async (id: string) =>
    (await handle.service.db.$client.query('SELECT available_seats, total_seats FROM rides WHERE id = $1', [id])).rows[0];

  it('refuses seats below what a ride offers (the driver takes one), on the seats field, and changes nothing', async () => {
    const { kweku, vehicle, ride } = await withRide(4);
    const response = await call(kweku, 'PUT', `/vehicles/${vehicle.id}`, corolla({ licensePlate: vehicle.licensePlate, seats: 2 }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: vehicleMessages.seatsBelowUpcomingRides(4),
      errors: [{ field: 'seats', message: vehicleMessages.seatsBelowUpcomingRides(4) }],
    });
    expect(response.json().message).toBe('An upcoming ride offers 4 passenger seats in this vehicle, so it needs at least 5 seats. Change or cancel that ride first.');
    expect((await list(kweku))[0]?.seats).toBe(5);
    expect(await rideSeats(ride)).toEqual({ available_seats: 4, total_seats: 5 });
  });

  it('takes seats the rides still fit in, and the rides are then in a car of that many seats', async () => {
    const { kweku, vehicle, ride } = await withRide(2);
    const response = await call(kweku, 'PUT', `/vehicles/${vehicle.id}`, corolla({ licensePlate: vehicle.licensePlate, seats: 3 }));
    expect(response.statusCode).toBe(200);
    expect(await rideSeats(ride)).toEqual({ available_seats: 2, total_seats: 3 });
  });

  it('refuses a new plate while rides are to come, on the plate field; other details may change', async () => {
    const { kweku, vehicle } = await withRide(2);
    const response = await call(kweku, 'PUT', `/vehicles/${vehicle.id}`, corolla());
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([{ field: 'licensePlate', message: vehicleMessages.plateHasUpcomingRides }]);
    expect((await list(kweku))[0]?.licensePlate).toBe(vehicle.licensePlate);
    const same = await call(kweku, 'PUT', `/vehicles/${vehicle.id}`, corolla({ licensePlate: vehicle.licensePlate.toLowerCase(), color: 'Black' }));
    expect(same.statusCode).toBe(200);
    expect(same.json().color).toBe('Black');
  });
});

describe('deleting a vehicle', () => {
  it('removes it from the list and frees its plate', async () => {
    const abena = user();
    const vehicle = await added(abena, corolla({ licensePlate: 'UE-2424-23' }));
    const response = await call(abena, 'DELETE', `/vehicles/${vehicle.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await list(abena)).toEqual([]);
    expect((await call(abena, 'GET', `/vehicles/${vehicle.id}`)).statusCode).toBe(404);
    expect((await call(abena, 'DELETE', `/vehicles/${vehicle.id}`)).statusCode).toBe(404);
    // Sold on: the new owner registers the same car.
    expect((await add(user(), corolla({ licensePlate: 'UE 2424 23' }))).statusCode).toBe(201);
  });

  it('is refused while the vehicle has active rides still to depart, which its answers count', async () => {
    const kojo = user();
    await insertUserProfile(handle.service, kojo.userId);
    const vehicle = await added(kojo);
    const now = Date.now();
    await insertRide(handle.service, { driverId: kojo.userId, vehicleId: vehicle.id, departureAt: new Date(now + 2 * DAY) });
    await insertRide(handle.service, { driverId: kojo.userId, vehicleId: vehicle.id, departureAt: new Date(now + 5 * DAY) });
    // Neither a departed ride nor a cancelled one holds it back, nor counts.
    await insertRide(handle.service, { driverId: kojo.userId, vehicleId: vehicle.id, departureAt: new Date(now - DAY) });
    await insertRide(handle.service, { driverId: kojo.userId, vehicleId: vehicle.id, departureAt: new Date(now + DAY), status: 'cancelled' });

    expect((await list(kojo))[0]?.upcomingRides).toBe(2);
    expect((await call(kojo, 'GET', `/vehicles/${vehicle.id}`)).json().upcomingRides).toBe(2);
    const refused = await call(kojo, 'DELETE', `/vehicles/${vehicle.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(vehicleMessages.hasUpcomingRides);
    expect(await list(kojo)).toHaveLength(1);
  });

  it('is allowed once only departed and cancelled rides remain, and those rides still show the vehicle', async () => {
    const efua = user();
    await insertUserProfile(handle.service, efua.userId);
    const vehicle = await added(efua, corolla({ model: 'Yaris' }));
    const departed = await insertRide(handle.service, { driverId: efua.userId, vehicleId: vehicle.id, departureAt: new Date(Date.now() - 2 * DAY) });
    await insertRide(handle.service, { driverId: efua.userId, vehicleId: vehicle.id, departureAt: new Date(Date.now() + DAY), status: 'cancelled' });
    expect((await call(efua, 'DELETE', `/vehicles/${vehicle.id}`)).statusCode).toBe(200);
    // Its driver still sees the whole plate; a guest, as on any ride, only part of it.
    const ride = await call(efua, 'GET', `/rides/${departed}`);
    expect(ride.statusCode).toBe(200);
    expect(ride.json().vehicle).toMatchObject({ model: 'Yaris', licensePlate: vehicle.licensePlate });
    const seenByGuest = await call({ kind: 'public' }, 'GET', `/rides/${departed}`);
    expect(seenByGuest.json().vehicle).toMatchObject({ model: 'Yaris', licensePlate: maskLicensePlate(vehicle.licensePlate) });
  });
});
