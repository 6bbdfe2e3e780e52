import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type RidePosted, ridePosted } from '@krom/contracts/events/rides';
import { estimatedRoadDistanceKm } from '@krom/contracts/http/places';
import { postingRightsSchema, priceGuide, rideDetailsSchema, rideMessages } from '@krom/contracts/http/rides';
import { vehicleMessages } from '@krom/contracts/http/vehicles';
import { rideCodeLength, shortCodeAlphabet } from '@krom/contracts/http/booking-values';
import type { Caller } from '@krom/server-kit/internal-auth';
import { administratorCaller, eventually, publishedEvents } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { dayFromNow, insertRide, insertUserProfile, type ProfileSeed, useRidesService } from './rides-test-env.ts';

const handle = useRidesService();
const pricier = useRidesService({ FUEL_COST_PER_KM_GHS: '3', MIN_PRICE_CAP_GHS: '25' });
const DAY = 24 * 60 * 60 * 1000;

type Handle = typeof handle;
async function call(caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, on: Handle = handle) {
  return on.service.app.inject({ method, url, headers: await on.as(caller), ...(payload ? { payload } : {}) });
}
const user = (userId = randomUUID()) => ({ kind: 'user', userId }) as const;

const circle = { latitude: 5.57031, longitude: -0.21513 };
const nkawkaw = { latitude: 6.552795, longitude: -0.769811 };
const kumasiStation = { latitude: 6.687504, longitude: -1.615079 };
const tamale = { latitude: 9.404337, longitude: -0.843029 };
const accra = { latitude: 5.560014, longitude: -0.205744 };
const tema = { latitude: 5.659644, longitude: -0.009659 };
const ashaiman = { latitude: 5.694385, longitude: -0.029529 };
const bawku = { latitude: 11.06076, longitude: -0.242288 };
/** A ride's departure or destination fields for a town of the gazetteer, with its point. */
const townOf = (end: 'from' | 'to', town: string, point: { latitude: number; longitude: number }, placeId?: string) => ({
  [`${end}City`]: town,
  [`${end}Location`]: town,
  [`${end}LocalityArea`]: town,
  [`${end}Region`]: 'Greater Accra',
  [`${end}PlaceId`]: placeId,
  [`${end}Latitude`]: point.latitude,
  [`${end}Longitude`]: point.longitude,
});
const capAt = (points: { latitude: number; longitude: number }[], fuel = 1.5, minimum = 10) =>
  priceGuide(estimatedRoadDistanceKm(points), fuel, minimum).maxPricePerSeat;

let plates = 100;
/** A driver with approved identity and driver verification and one vehicle of `seats` seats. */
async function driverWithVehicle(seats = 5, profile: ProfileSeed = {}, on: Handle = handle) {
  const caller = user();
  await insertUserProfile(on.service, caller.userId, { firstName: 'Kwame', lastName: 'Mensah', profileImageUrl: '/api/uploads/kwame', ...profile });
  const response = await call(caller, 'POST', '/vehicles', { make: 'Toyota', model: 'Corolla', year: 2019, color: 'Silver', licensePlate: `AS-${plates++}-19`, seats }, on);
  expect(response.statusCode).toBe(201);
  return { caller, vehicleId: response.json().id as string };
}

const accraToKumasi = (vehicleId: string, changes: object = {}) => ({
  vehicleId,
  fromCity: 'Accra',
  toCity: 'Kumasi',
  fromLocation: 'Circle VIP Bus Station',
  toLocation: 'Kumasi Long Distance Bus Station',
  fromLatitude: circle.latitude,
  fromLongitude: circle.longitude,
  fromLocalityArea: 'Circle',
  fromRegion: 'Greater Accra',
  fromPlaceId: 'osm-n4324512075',
  toLatitude: String(kumasiStation.latitude),
  toLongitude: String(kumasiStation.longitude),
  toLocalityArea: 'Adum',
  toRegion: 'Ashanti',
  toPlaceId: 'osm-n4727389489',
  stops: [{ location: 'Nkawkaw Lorry Station', city: 'Nkawkaw', region: 'Eastern', latitude: nkawkaw.latitude, longitude: nkawkaw.longitude, stopType: 'either' }],
  departureDate: dayFromNow(3),
  departureTime: '07:30',
  availableSeats: 3,
  totalSeats: 8,
  pricePerSeat: '120',
  description: 'AC, one bag each.',
  duration: '4h 40min',
  pickupStation: 'Leaving from Accra Mall car park',
  ...changes,
});

const post = (caller: Caller, body: object, on: Handle = handle) => call(caller, 'POST', '/rides', body, on);
const ridesOf = async (driverId: string) =>
  (await handle.service.db.$client.query('SELECT id FROM rides WHERE driver_id = $1', [driverId])).rows.map((row) => row.id as string);
const outboxFor = async (rideId: string) =>
  (
    await handle.service.db.$client.query<{ subject: string; envelope: EventEnvelope<RidePosted>; created_at: Date }>(
      `SELECT subject, envelope, created_at FROM outbox WHERE envelope->'data'->>'rideId' = $1`,
      [rideId],
    )
  ).rows;

describe('who may call', () => {
  it.each([
    ['POST', '/rides'],
    ['GET', '/rides/posting-rights'],
    ['POST', '/rides/price-guide'],
  ] as const)('%s %s refuses guests, staff and unsigned requests with 401', async (method, url) => {
    const body = method === 'POST' ? { points: [circle, kumasiStation] } : undefined;
    expect((await call({ kind: 'public' }, method, url, body)).statusCode).toBe(401);
    expect((await call(administratorCaller(), method, url, body)).statusCode).toBe(401);
    expect((await handle.service.app.inject({ method, url })).statusCode).toBe(401);
  });
});

describe('posting rights', () => {
  const rights = async (caller: Caller) => postingRightsSchema.parse((await call(caller, 'GET', '/rides/posting-rights')).json());

  it('counts a user rides has no profile for as not submitted: identity first', async () => {
    expect(await rights(user())).toEqual({
      canPost: false,
      nextStep: 'verify_identity',
      identityStatus: 'not_submitted',
      driverStatus: 'not_submitted',
      vehicleCount: 0,
    });
  });

  it('asks for identity, then driver verification, then a vehicle, in that order', async () => {
    const ama = user();
    await insertUserProfile(handle.service, ama.userId, { verificationStatus: 'pending', driverVerificationStatus: 'approved' });
    expect(await rights(ama)).toMatchObject({ canPost: false, nextStep: 'verify_identity', identityStatus: 'pending', driverStatus: 'approved' });

    await insertUserProfile(handle.service, ama.userId, { verificationStatus: 'approved', driverVerificationStatus: 'rejected' });
    expect(await rights(ama)).toMatchObject({ canPost: false, nextStep: 'verify_driver', identityStatus: 'approved', driverStatus: 'rejected' });

    await insertUserProfile(handle.service, ama.userId, { verificationStatus: 'approved', driverVerificationStatus: 'approved' });
    expect(await rights(ama)).toEqual({ canPost: false, nextStep: 'add_vehicle', identityStatus: 'approved', driverStatus: 'approved', vehicleCount: 0 });
  });

  it('lets an approved driver with a vehicle post', async () => {
    const { caller } = await driverWithVehicle();
    expect(await rights(caller)).toEqual({ canPost: true, nextStep: null, identityStatus: 'approved', driverStatus: 'approved', vehicleCount: 1 });
  });
});

describe('posting a ride without the rights', () => {
  it.each([
    ['no profile yet', undefined, rideMessages.needsIdentity],
    ['identity pending', { verificationStatus: 'pending', driverVerificationStatus: 'approved' }, rideMessages.needsIdentity],
    ['identity rejected', { verificationStatus: 'rejected', driverVerificationStatus: 'not_submitted' }, rideMessages.needsIdentity],
    ['driver not submitted', { verificationStatus: 'approved', driverVerificationStatus: 'not_submitted' }, rideMessages.needsDriver],
    ['driver pending', { verificationStatus: 'approved', driverVerificationStatus: 'pending' }, rideMessages.needsDriver],
    ['no vehicle', { verificationStatus: 'approved', driverVerificationStatus: 'approved' }, rideMessages.needsVehicle],
  ] as const)('refuses with 403 (%s) naming the first missing step, and stores nothing', async (_, profile, message) => {
    const kofi = user();
    if (profile) await insertUserProfile(handle.service, kofi.userId, profile);
    const response = await post(kofi, accraToKumasi(randomUUID()));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(message);
    expect(await ridesOf(kofi.userId)).toEqual([]);
  });

  it("answers 404 for a vehicle that is not the driver's own, unknown or deleted", async () => {
    const { caller, vehicleId: own } = await driverWithVehicle();
    const { vehicleId: someoneElses } = await driverWithVehicle();
    const { caller: seller, vehicleId: sold } = await driverWithVehicle();
    await call(caller, 'POST', '/vehicles', { make: 'Kia', model: 'Rio', year: 2015, color: 'Red', licensePlate: `BA-${plates++}-15`, seats: 4 });
    const gone = (await call(caller, 'GET', '/vehicles')).json()[0].id as string;
    expect((await call(caller, 'DELETE', `/vehicles/${gone}`)).statusCode).toBe(200);
    for (const vehicleId of [someoneElses, randomUUID(), gone]) {
      const response = await post(caller, accraToKumasi(vehicleId));
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(vehicleMessages.notFound);
    }
    expect(await ridesOf(caller.userId)).toEqual([]);
    expect((await post(seller, accraToKumasi(sold))).statusCode).toBe(201);
    expect((await post(caller, accraToKumasi(own))).statusCode).toBe(201);
  });
});

describe('the rules of a ride', () => {
  it('leaves the driver a seat: at most the vehicle seats minus one, as a field error', async () => {
    const { caller, vehicleId } = await driverWithVehicle(5);
    const response = await post(caller, accraToKumasi(vehicleId, { availableSeats: 5 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: rideMessages.seatsForVehicle(4),
      errors: [{ field: 'availableSeats', message: 'Available seats must be between 1 and 4' }],
    });
    expect((await post(caller, accraToKumasi(vehicleId, { availableSeats: 4 }))).statusCode).toBe(201);
  });

  it('says "must be 1" for a two-seater', async () => {
    const { caller, vehicleId } = await driverWithVehicle(2);
    const response = await post(caller, accraToKumasi(vehicleId, { availableSeats: 2 }));
    expect(response.json().errors).toEqual([{ field: 'availableSeats', message: 'Available seats must be 1' }]);
  });

  it.each([
    ['yesterday', () => ({ departureDate: dayFromNow(-1), departureTime: '23:55' })],
    ['a minute ago', () => {
      const past = new Date(Date.now() - 60_000).toISOString();
      return { departureDate: past.slice(0, 10), departureTime: past.slice(11, 16) };
    }],
  ])('refuses a departure %s (Ghana time is UTC)', async (_, when) => {
    const { caller, vehicleId } = await driverWithVehicle();
    const response = await post(caller, accraToKumasi(vehicleId, when()));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: rideMessages.pastDeparture, errors: [{ field: 'departureDate', message: rideMessages.pastDeparture }] });
    expect(await ridesOf(caller.userId)).toEqual([]);
  });

  it('caps the price at the fuel of the whole route through its stops, inclusive', async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    const cap = capAt([circle, nkawkaw, kumasiStation]);
    expect(Number(cap)).toBeGreaterThan(Number(capAt([circle, kumasiStation])));
    const over = (Number(cap) + 0.01).toFixed(2);
    const refused = await post(caller, accraToKumasi(vehicleId, { pricePerSeat: over }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: rideMessages.priceAboveCap(cap), errors: [{ field: 'pricePerSeat', message: rideMessages.priceAboveCap(cap) }] });
    expect(refused.json().message).toContain(`GH₵${cap}`);
    const atCap = await post(caller, accraToKumasi(vehicleId, { pricePerSeat: cap }));
    expect(atCap.statusCode).toBe(201);
    expect(atCap.json().pricePerSeat).toBe(cap);
  });

  it("takes the cap from the service's fuel cost and minimum settings", async () => {
    const { caller, vehicleId } = await driverWithVehicle(5, {}, pricier);
    const cap = capAt([circle, nkawkaw, kumasiStation], 3, 25);
    const over = await post(caller, accraToKumasi(vehicleId, { pricePerSeat: String(Number(cap) + 1) }), pricier);
    expect(over.json().message).toBe(rideMessages.priceAboveCap(cap));
    expect((await post(caller, accraToKumasi(vehicleId, { pricePerSeat: cap }), pricier)).statusCode).toBe(201);
    // A short hop (Tema to Ashaiman) is held to the minimum cap, not to its few cedis of fuel.
    const hop = { ...townOf('from', 'Tema', tema), ...townOf('to', 'Ashaiman', ashaiman), stops: [] };
    expect((await post(caller, accraToKumasi(vehicleId, { ...hop, pricePerSeat: '25.00' }), pricier)).statusCode).toBe(201);
    expect((await post(caller, accraToKumasi(vehicleId, { ...hop, pricePerSeat: '25.50' }), pricier)).json().message).toBe(rideMessages.priceAboveCap('25.00'));
  });

  it('refuses a ride from and to the same town, however it is typed', async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    const sameTown = { ...townOf('from', 'accra ', accra), ...townOf('to', 'Accra', accra), stops: [] };
    const response = await post(caller, accraToKumasi(vehicleId, sameTown));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Departure and destination must be in different towns');
    // Two spots of one town (by their locality) are one town too.
    const withinAccra = await post(caller, accraToKumasi(vehicleId, { ...sameTown, toLocation: 'Kaneshie Market' }));
    expect(withinAccra.json().errors).toEqual([{ field: 'toLocation', message: rideMessages.samePlace }]);
    expect(await ridesOf(caller.userId)).toEqual([]);
  });

  it('lists every broken rule, the first as the message', async () => {
    const { caller, vehicleId } = await driverWithVehicle(4);
    const response = await post(caller, accraToKumasi(vehicleId, { availableSeats: 4, departureDate: dayFromNow(-1), pricePerSeat: '5000' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(rideMessages.seatsForVehicle(3));
    expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual(['availableSeats', 'departureDate', 'pricePerSeat']);
  });

  it.each([
    [{ fromCity: 'A' }, rideMessages.fromCity],
    [{ toLocation: '' }, rideMessages.toLocation],
    [{ departureDate: '2026-02-30' }, rideMessages.date],
    [{ departureTime: '7:30' }, rideMessages.time],
    [{ availableSeats: 0 }, rideMessages.seats],
    [{ pricePerSeat: '45.505' }, rideMessages.priceFormat],
    [{ fromLatitude: 51.5 }, rideMessages.coordinates],
    [{ stops: Array.from({ length: 6 }, (_, i) => ({ location: `Stop ${i}` })) }, rideMessages.tooManyStops],
    [{ vehicleId: 'car-1' }, rideMessages.vehicle],
  ])('answers 400 for %j with the contract message', async (change, message) => {
    const { caller, vehicleId } = await driverWithVehicle();
    const response = await post(caller, accraToKumasi(vehicleId, change));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

/**
 * The cap's distance comes from places the server knows (the gazetteer), never from coordinates
 * only the client vouches for: the attacks of issue 18 on Accra → Tema.
 */
describe('the price cap and the places the server knows', () => {
  const accraToTema = (vehicleId: string, changes: object = {}) =>
    accraToKumasi(vehicleId, { ...townOf('from', 'Accra', accra, 'osm-n27565080'), ...townOf('to', 'Tema', tema, 'osm-n735505132'), stops: [], ...changes });
  const accraTemaCap = capAt([accra, tema]);
  const noCoordinates = { fromLatitude: undefined, fromLongitude: undefined, toLatitude: undefined, toLongitude: undefined };

  it('posts an honest Accra → Tema ride at its cap, and refuses a pesewa more', async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    expect(Number(accraTemaCap)).toBeLessThan(60);
    const over = await post(caller, accraToTema(vehicleId, { pricePerSeat: (Number(accraTemaCap) + 0.01).toFixed(2) }));
    expect(over.json().message).toBe(rideMessages.priceAboveCap(accraTemaCap));
    expect((await post(caller, accraToTema(vehicleId, { pricePerSeat: accraTemaCap }))).statusCode).toBe(201);
  });

  it('without coordinates, takes the towns the ride names: GH₵1,500 a seat for Accra → Tema is refused', async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    for (const ids of [{}, { fromPlaceId: undefined, toPlaceId: undefined }]) {
      const response = await post(caller, accraToTema(vehicleId, { ...noCoordinates, ...ids, pricePerSeat: '1500' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'pricePerSeat', message: rideMessages.priceAboveCap(accraTemaCap) }]);
    }
    expect((await post(caller, accraToTema(vehicleId, { ...noCoordinates, pricePerSeat: accraTemaCap }))).statusCode).toBe(201);
  });

  it("refuses Bawku's coordinates given for Tema, naming the place, whatever the price", async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    for (const price of ['300', '20']) {
      const response = await post(caller, accraToTema(vehicleId, { toLatitude: bawku.latitude, toLongitude: bawku.longitude, pricePerSeat: price }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The map point given for Tema is not in Tema. Choose it again from the location suggestions.');
      expect(response.json().errors[0]).toEqual({ field: 'toLocation', message: rideMessages.placeElsewhere('Tema') });
    }
    // Nor is a place called Tema in the town of Bawku, nor Tema's place id at Bawku.
    const inBawku = { toCity: 'Bawku', toLocalityArea: 'Bawku', toPlaceId: undefined, toLatitude: bawku.latitude, toLongitude: bawku.longitude, pricePerSeat: '300' };
    expect((await post(caller, accraToTema(vehicleId, inBawku))).json().errors[0]).toEqual({ field: 'toLocation', message: rideMessages.placeElsewhere('Tema') });
    const byIdOnly = { toCity: 'Bawku', toLocation: 'Bawku', toLocalityArea: undefined, toLatitude: bawku.latitude, toLongitude: bawku.longitude, pricePerSeat: '300' };
    expect((await post(caller, accraToTema(vehicleId, byIdOnly))).json().errors[0]).toEqual({ field: 'toLocation', message: rideMessages.placeElsewhere('Bawku') });
    expect(await ridesOf(caller.userId)).toEqual([]);
  });

  it('leaves out far-away stops the server cannot place: GH₵250 for Accra → Tema is refused', async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    const farStops = [
      { location: "My friend's house", latitude: tamale.latitude, longitude: tamale.longitude },
      { location: 'The junction', latitude: bawku.latitude, longitude: bawku.longitude },
    ];
    const response = await post(caller, accraToTema(vehicleId, { stops: farStops, pricePerSeat: '250' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'pricePerSeat', message: rideMessages.priceAboveCap(accraTemaCap) }]);
  });

  it('keeps a stop it cannot place by its name alone: the ride is not listed for searches at the stop\'s given point', async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    const junction = [{ location: 'The junction', latitude: bawku.latitude, longitude: bawku.longitude }];
    const body = accraToTema(vehicleId, { stops: junction, pricePerSeat: accraTemaCap });
    const response = await post(caller, body);
    expect(response.statusCode).toBe(201);
    const ride = response.json();
    expect(ride.stops).toEqual([expect.objectContaining({ location: 'The junction', latitude: null, longitude: null })]);
    const idsNear = async (query: Record<string, string | number>) =>
      (await call({ kind: 'public' }, 'GET', `/rides?${new URLSearchParams(Object.entries({ date: body.departureDate, pageSize: 50, ...query }).map(([k, v]): [string, string] => [k, String(v)]))}`))
        .json()
        .rides.map((listed: { id: string }) => listed.id);
    expect(await idsNear({ fromLatitude: bawku.latitude, fromLongitude: bawku.longitude, toLatitude: tema.latitude, toLongitude: tema.longitude })).not.toContain(ride.id);
    expect(await idsNear({ fromLatitude: accra.latitude, fromLongitude: accra.longitude, toLatitude: bawku.latitude, toLongitude: bawku.longitude })).not.toContain(ride.id);
    // Still listed for its own route, and by the stop's name.
    expect(await idsNear({ fromLatitude: accra.latitude, fromLongitude: accra.longitude, toLatitude: tema.latitude, toLongitude: tema.longitude })).toContain(ride.id);
    expect(await idsNear({ from: 'The junction', to: 'Tema' })).toContain(ride.id);
  });

  it('refuses a stop whose coordinates are not in the town it names', async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    const stops = [{ location: 'Ashaiman', city: 'Ashaiman', latitude: tamale.latitude, longitude: tamale.longitude }];
    const response = await post(caller, accraToTema(vehicleId, { stops, pricePerSeat: '250' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toEqual({ field: 'stops.0.location', message: rideMessages.placeElsewhere('Ashaiman') });
  });

  it('counts a real stop on the way, placed by its town when it has no coordinates', async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    const viaNkawkaw = capAt([circle, nkawkaw, kumasiStation]);
    const stops = [{ location: 'Nkawkaw', city: 'Nkawkaw' }];
    expect((await post(caller, accraToKumasi(vehicleId, { stops, pricePerSeat: viaNkawkaw }))).statusCode).toBe(201);
  });

  it("gives a ride whose destination the server cannot find a short trip's cap, and says why", async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    const nowhere = { toCity: 'Zzyzx', toLocation: 'Zzyzx Junction', toLocalityArea: undefined, toPlaceId: undefined, toLatitude: tamale.latitude, toLongitude: tamale.longitude };
    const response = await post(caller, accraToTema(vehicleId, { ...nowhere, pricePerSeat: '250' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "Price per seat cannot be more than GH₵10.00: Krom cannot find Zzyzx Junction on the map to work out the trip's distance. Choose it from the location suggestions.",
    );
    expect((await post(caller, accraToTema(vehicleId, { ...nowhere, pricePerSeat: '10' }))).statusCode).toBe(201);
  });
});

describe('a posted ride', () => {
  it("is answered 201 with its details: the passenger seats (the vehicle's but the driver's) as total, stops in order with their meeting points, the pickup station, price with two decimals", async () => {
    const { caller, vehicleId } = await driverWithVehicle(5);
    const body = accraToKumasi(vehicleId, {
      pricePerSeat: '45.5',
      stops: [
        { location: 'Nsawam Lorry Station', city: 'Nsawam', localityArea: 'Nsawam', latitude: 5.814382, longitude: -0.345786, stopType: 'pickup', meetingPoint: ' Nsawam Lorry Station, front gate ' },
        { location: 'Nkawkaw Lorry Station', city: 'Nkawkaw', region: 'Eastern', latitude: nkawkaw.latitude, longitude: nkawkaw.longitude },
      ],
      legPrices: { '2-3': '20.50' },
    });
    const response = await post(caller, body);
    expect(response.statusCode).toBe(201);
    const ride = rideDetailsSchema.parse(response.json());
    expect(ride).toEqual({
      id: expect.any(String),
      driverId: caller.userId,
      driverName: 'Kwame Mensah',
      driverRating: null,
      driverReviewCount: 0,
      driverPhotoUrl: '/api/uploads/kwame',
      driverVerified: true,
      fromCity: 'Accra',
      toCity: 'Kumasi',
      fromLocation: 'Circle VIP Bus Station',
      toLocation: 'Kumasi Long Distance Bus Station',
      fromLocalityArea: 'Circle',
      toLocalityArea: 'Adum',
      departureDate: body.departureDate,
      departureTime: '07:30',
      duration: '4h 40min',
      availableSeats: 3,
      bookingMode: 'instant',
      totalSeats: 4,
      pricePerSeat: '45.50',
      currency: 'GHS',
      description: 'AC, one bag each.',
      status: 'active',
      vehicle: { year: 2019, make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: expect.stringMatching(/^AS-\d+-19$/), seats: 5 },
      stops: [
        { stopOrder: 1, location: 'Nsawam Lorry Station', city: 'Nsawam', localityArea: 'Nsawam', region: null, latitude: 5.814382, longitude: -0.345786, stopType: 'pickup', meetingPoint: 'Nsawam Lorry Station, front gate' },
        { stopOrder: 2, location: 'Nkawkaw Lorry Station', city: 'Nkawkaw', localityArea: null, region: 'Eastern', latitude: nkawkaw.latitude, longitude: nkawkaw.longitude, stopType: 'either', meetingPoint: null },
      ],
      fromLatitude: circle.latitude,
      fromLongitude: circle.longitude,
      toLatitude: kumasiStation.latitude,
      toLongitude: kumasiStation.longitude,
      fromRegion: 'Greater Accra',
      toRegion: 'Ashanti',
      pickupStation: 'Leaving from Accra Mall car park',
      driverRidesCompleted: 0,
      createdAt: expect.any(String),
      isOwnRide: true,
      leg: { boardAt: 0, alightAt: 3, seatsLeft: 3, pricePerSeat: '45.50' },
      legPrices: { '2-3': '20.50' },
      // Its short code, written at posting: what a passenger texts after BOOK.
      rideCode: expect.stringMatching(new RegExp(`^[${shortCodeAlphabet}]{${rideCodeLength}}$`)),
      // Posted without preferences (as an older client posts): none stated, not women-only.
      preferences: null,
      womenOnly: false,
    });
    // A guest sees the same ride, but not whose it is, and its plate only in part (region and last two characters).
    expect((await call({ kind: 'public' }, 'GET', `/rides/${ride.id}`)).json()).toEqual({
      ...response.json(),
      isOwnRide: false,
      vehicle: { ...ride.vehicle, licensePlate: ride.vehicle.licensePlate?.replace(/-\d+-/, (digits) => `-${'•'.repeat(digits.length - 2)}-`) },
    });
  });

  it('writes krom.rides.ride.posted.v1 to the outbox in the same transaction, and the relay publishes it', async () => {
    const { caller, vehicleId } = await driverWithVehicle(4);
    const body = accraToKumasi(vehicleId, { departureTime: '16:05', pricePerSeat: '99' });
    const ride = (await post(caller, body)).json();
    const rows = await outboxFor(ride.id);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.subject).toBe(ridePosted.subject);
    expect(row?.envelope).toMatchObject({ id: expect.any(String), type: ridePosted.subject, occurredAt: expect.any(String) });
    const data = ridePosted.schema.parse(row?.envelope.data);
    expect(data).toEqual({
      rideId: ride.id,
      driverId: caller.userId,
      from: { location: 'Circle VIP Bus Station', city: 'Accra', localityArea: 'Circle', region: 'Greater Accra', placeId: 'osm-n4324512075', ...circle },
      to: { location: 'Kumasi Long Distance Bus Station', city: 'Kumasi', localityArea: 'Adum', region: 'Ashanti', placeId: 'osm-n4727389489', ...kumasiStation },
      stops: [{ stopOrder: 1, stopType: 'either', location: 'Nkawkaw Lorry Station', city: 'Nkawkaw', localityArea: null, region: 'Eastern', placeId: null, ...nkawkaw }],
      departureDate: body.departureDate,
      departureTime: '16:05',
      departureAt: `${body.departureDate}T16:05:00.000Z`,
      availableSeats: 3,
      // The vehicle's seats, as v1 has always said; its passenger seats apart.
      totalSeats: 4,
      passengerSeats: 3,
      pricePerSeat: '99.00',
      currency: 'GHS',
      // Posted without preferences (as an older client posts): none stated, not women-only.
      preferences: null,
      womenOnly: false,
      postedAt: ride.createdAt,
      version: 1,
    });
    // now() is the transaction's start: the same instant for the ride and its event only when one transaction wrote both.
    const { rows: stamps } = await handle.service.db.$client.query('SELECT created_at FROM rides WHERE id = $1', [ride.id]);
    expect(row?.created_at).toEqual(stamps[0].created_at);

    const published = await eventually(async () => {
      const events = await publishedEvents(handle.service.bus, ridePosted.subject);
      return events.find((event) => (event.data as RidePosted).rideId === ride.id);
    });
    expect(published.id).toBe(row?.envelope.id);
  });

  it('writes no ride and no event when refused', async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    await post(caller, accraToKumasi(vehicleId, { pricePerSeat: '9999' }));
    await post(caller, accraToKumasi(vehicleId, { departureDate: dayFromNow(-1) }));
    expect(await ridesOf(caller.userId)).toEqual([]);
    const { rows } = await handle.service.db.$client.query(`SELECT count(*)::int AS n FROM outbox WHERE envelope->'data'->>'driverId' = $1`, [caller.userId]);
    expect(rows[0].n).toBe(0);
  });
});

describe("a ride's page", () => {
  const details = (caller: Caller, id: string) => call(caller, 'GET', `/rides/${id}`);

  it('opens for guests and users, and tells only its driver that the ride is theirs', async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    const ride = (await post(caller, accraToKumasi(vehicleId))).json();
    const seen = async (viewer: Caller) => {
      const response = await details(viewer, ride.id);
      expect(response.statusCode).toBe(200);
      return response.json().isOwnRide;
    };
    expect([await seen({ kind: 'public' }), await seen(user()), await seen(administratorCaller()), await seen(caller)]).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('answers 404 Ride not found for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'ride-1', '0']) {
      const response = await details({ kind: 'public' }, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(rideMessages.notFound);
    }
  });

  it('still opens for a cancelled or departed ride (a passenger may hold its link)', async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    const cancelled = await insertRide(handle.service, { driverId: caller.userId, vehicleId, departureAt: new Date(Date.now() + DAY), status: 'cancelled' });
    const departed = await insertRide(handle.service, { driverId: caller.userId, vehicleId, departureAt: new Date(Date.now() - DAY) });
    expect((await details({ kind: 'public' }, cancelled)).json().status).toBe('cancelled');
    const past = (await details({ kind: 'public' }, departed)).json();
    expect(past.status).toBe('active');
    expect(past.driverRidesCompleted).toBe(1);
  });

  it("hides a suspended or deleted driver's rides from everyone but that driver", async () => {
    for (const state of [{ suspended: true }, { deleted: true }]) {
      const { caller, vehicleId } = await driverWithVehicle();
      const ride = (await post(caller, accraToKumasi(vehicleId))).json();
      await insertUserProfile(handle.service, caller.userId, state);
      for (const viewer of [{ kind: 'public' } as const, user()]) {
        const response = await details(viewer, ride.id);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(rideMessages.notFound);
      }
      expect((await details(caller, ride.id)).statusCode).toBe(200);
    }
  });

  it('names the driver "Krom driver" until identity has told rides their name', async () => {
    const { caller, vehicleId } = await driverWithVehicle();
    const stranger = randomUUID();
    await handle.service.db.$client.query('UPDATE vehicles SET driver_id = $1 WHERE id = $2', [stranger, vehicleId]);
    const id = await insertRide(handle.service, { driverId: stranger, vehicleId, departureAt: new Date(Date.now() + DAY) });
    expect((await details(caller, id)).json()).toMatchObject({ driverName: 'Krom driver', driverPhotoUrl: null, driverVerified: false, driverRating: null });
  });
});

describe('the price guide', () => {
  it('answers the distance through the points in order and the recommended range and cap, in cedis', async () => {
    const points = [circle, nkawkaw, kumasiStation];
    const response = await call(user(), 'POST', '/rides/price-guide', { points });
    expect(response.statusCode).toBe(200);
    const distanceKm = estimatedRoadDistanceKm(points);
    expect(response.json()).toEqual({ distanceKm, currency: 'GHS', ...priceGuide(distanceKm, 1.5, 10) });
    expect(response.json().fuelCostPerKm).toBe('1.50');
  });

  it('follows the configured fuel cost and minimum cap', async () => {
    const response = await call(user(), 'POST', '/rides/price-guide', { points: [circle, tamale] }, pricier);
    const distanceKm = estimatedRoadDistanceKm([circle, tamale]);
    expect(response.json()).toEqual({ distanceKm, currency: 'GHS', ...priceGuide(distanceKm, 3, 25) });
  });

  it('answers 400 for fewer than two points or a point outside Ghana', async () => {
    expect((await call(user(), 'POST', '/rides/price-guide', { points: [circle] })).statusCode).toBe(400);
    expect((await call(user(), 'POST', '/rides/price-guide', { points: [circle, { latitude: 48.85, longitude: 2.35 }] })).statusCode).toBe(400);
  });
});
