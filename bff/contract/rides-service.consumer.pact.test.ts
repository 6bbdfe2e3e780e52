import { staffRoles } from '@krom/contracts/http/staff-roles-values';
import { accraToKumasiRequest, accraToKumasiSearch } from '@krom/contracts/examples/ride-requests';
import { savedSearchMessages } from '@krom/contracts/http/ride-request-values';
import { directAccraToKumasiRide } from '@krom/contracts/examples/rides';
import { ghanaToday } from '@krom/contracts/ghana-time';
import { daysAfter, monthsAfter } from '@krom/contracts/http/dates';
import { bookingMessages } from '@krom/contracts/http/bookings';
import { memberSafetyMessages } from '@krom/contracts/http/member-safety';
import { messageMessages } from '@krom/contracts/http/messages';
import { reviewMessages } from '@krom/contracts/http/reviews';
import { ticketMessages } from '@krom/contracts/http/support-values';
import { vehicleMessages } from '@krom/contracts/http/vehicles';
import { ASSERTION_HEADER } from '@krom/server-kit/internal-auth';
import { exampleAssertion, pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { isolatedTestEnv, staffCaller } from '@krom/server-kit/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { bffTestConfig, ORIGIN } from '../test/bff-test-config.ts';

/**
 * The BFF as consumer of the rides service's routes (payment history, rides, vehicles): the real BFF
 * handles each public call and its request to the rides service is checked against what this
 * pact records.
 */
const { like, eachLike, atLeastLike, regex, uuid, datetime, integer, number, boolean, fromProviderState } = MatchersV3;
const pact = new PactV4({ consumer: 'krom-bff', provider: 'krom-rides', dir: pactDir, logLevel: 'warn' });
const env = isolatedTestEnv('bffpact');
const redis = new Redis(env.redisUrl);
const USER_ID = '0d6f8c1e-3b7a-4f2e-9a41-5c2b8e7d9f10';
const jwt = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const isoDate = datetime("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", '2026-11-22T09:30:00.000Z');
const money = regex(/^\d+\.\d{2}$/, '65.00');

afterAll(async () => {
  const keys = await redis.keys(`${env.redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function bffAgainst(ridesUrl: string): Promise<FastifyInstance> {
  // Every other service is one that is down (bff-test-config.ts), never what listens on its default port;
  // no event subscription, so each of the BFF's calls reaches the mock as the pact records it.
  const config = bffTestConfig(env, { RIDES_URL: ridesUrl, NATS_URL: undefined });
  return buildBffApp(config, redis);
}

/**
 * The assertion the BFF sends as the signed-in user. Made before any interaction is built: pact
 * does not await a request builder, so an await inside one races the mock server's start.
 */
let asUser: { [ASSERTION_HEADER]: ReturnType<typeof regex> };
/** The assertion the BFF sends for a guest browsing rides. */
let asGuest: { [ASSERTION_HEADER]: ReturnType<typeof regex> };
/** The assertion the BFF sends as a signed-in staff member (the admin area). */
let asStaff: { [ASSERTION_HEADER]: ReturnType<typeof regex> };
const ADMIN_ID = '4b3a2c1d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
beforeAll(async () => {
  asUser = { [ASSERTION_HEADER]: regex(jwt, await exampleAssertion({ kind: 'user', userId: USER_ID }, 'rides')) };
  asGuest = { [ASSERTION_HEADER]: regex(jwt, await exampleAssertion({ kind: 'public' }, 'rides')) };
  asStaff = { [ASSERTION_HEADER]: regex(jwt, await exampleAssertion(staffCaller(['support'], ADMIN_ID), 'rides')) };
});

/** The session cookie of the signed-in user, or of the signed-in member of staff. */
async function sessionCookie(bff: FastifyInstance, as: 'user' | 'staff') {
  const sid = as === 'user' ? await bff.sessions.create('user', USER_ID) : await bff.sessions.create('admin', ADMIN_ID, staffRoles);
  return { krom_session: bff.encodeSecureSession(bff.createSecureSession(as === 'user' ? { user: sid } : { admin: sid })) };
}

/** Calls the real BFF as the signed-in user (or as a guest, or staff), against the pact's mock rides service, with any extra headers. */
async function throughBff(
  mockUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  as: 'user' | 'guest' | 'staff' = 'user',
  headers: Record<string, string> = {},
) {
  const bff = await bffAgainst(mockUrl);
  try {
    const cookies = as === 'guest' ? {} : await sessionCookie(bff, as);
    return await bff.inject({ method, url, headers: { origin: ORIGIN, ...headers }, cookies, ...(payload ? { payload } : {}) });
  } finally {
    await bff.close();
  }
}

/*
 * Rides and vehicles. A ride's departure is far in the future (2099), so the rides the provider
 * states set up are still to come whenever the pact is verified. The states make vehicles and
 * rides through the service's own routes, so their ids come from the state (the values here are
 * examples).
 */
const DRIVER_ID = 'a4e1c2b3-5d6f-4a7b-8c9d-0e1f2a3b4c5d';
const RIDE_ID = 'c6a3e4d5-7f8b-4c9d-8e1f-2a3b4c5d6e7f';
// A month ahead: a departure may be at most 12 months ahead, so a fixed far date would be refused.
const DEPARTURE_DATE = monthsAfter(ghanaToday(), 1);
const USER_VEHICLE_ID = 'd7b4f5e6-8a9c-4d1e-9f2a-3b4c5d6e7f80';
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateVehicleId = fromProviderState('${vehicleId}', USER_VEHICLE_ID);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateRidePath = fromProviderState('/rides/${rideId}', `/rides/${RIDE_ID}`);
const postedRide = directAccraToKumasiRide(USER_VEHICLE_ID, DEPARTURE_DATE);
const newVehicle = { make: 'Toyota', model: 'Corolla', year: 2019, color: 'Silver', licensePlate: 'GR-2024-21', seats: 5 };

const dateText = regex(/^\d{4}-\d{2}-\d{2}$/, DEPARTURE_DATE);
const timeText = regex(/^([01]\d|2[0-3]):[0-5]\d$/, '09:30');
const rideVehicle = { year: integer(2018), make: like('Toyota'), model: like('Corolla'), color: like('Silver'), licensePlate: like('AS-5521-22'), seats: integer(5) };
/** A ride as listed (the contracts' rideSummarySchema). */
const rideSummary = (overrides: Record<string, unknown> = {}) => ({
  id: uuid(RIDE_ID),
  driverId: uuid(DRIVER_ID),
  driverName: like('Kwame Mensah'),
  driverRating: null,
  driverPhotoUrl: null,
  driverVerified: boolean(true),
  fromCity: 'Accra',
  toCity: 'Kumasi',
  fromLocation: like('Circle, Accra'),
  toLocation: like('Kejetia Market (Kumasi)'),
  fromLocalityArea: like('Accra'),
  toLocalityArea: like('Kumasi'),
  departureDate: dateText,
  departureTime: timeText,
  duration: like('4h 45min'),
  availableSeats: integer(3),
  bookingMode: 'instant',
  totalSeats: integer(5),
  pricePerSeat: money,
  currency: 'GHS',
  description: like('AC, one bag each.'),
  status: 'active',
  vehicle: rideVehicle,
  stops: [],
  preferences: { luggage: regex(/^(small|medium|large)$/, 'medium'), smoking: boolean(false), pets: boolean(false), airConditioning: boolean(true), maxTwoInBack: boolean(true) },
  womenOnly: boolean(false),
  ...overrides,
});
/** A ride in full (rideDetailsSchema). */
const rideDetails = (overrides: Record<string, unknown> = {}) =>
  rideSummary({
    fromLatitude: number(5.5703),
    fromLongitude: number(-0.2151),
    toLatitude: number(6.6958),
    toLongitude: number(-1.621),
    fromRegion: like('Greater Accra'),
    toRegion: like('Ashanti'),
    pickupStation: like('Circle Station (Accra)'),
    driverRidesCompleted: integer(0),
    createdAt: isoDate,
    // Whether the asserted caller drives it: never for a guest.
    isOwnRide: false,
    ...overrides,
  });
const vehicle = (overrides: Record<string, unknown> = {}) => ({
  id: uuid(USER_VEHICLE_ID),
  make: like('Toyota'),
  model: like('Corolla'),
  year: integer(2019),
  color: like('Silver'),
  licensePlate: regex(/^[A-Z]{1,3}-\d{1,4}(-(\d{2}|[A-Z]))?$/, 'GR-2024-21'),
  seats: integer(5),
  isActive: boolean(true),
  upcomingRides: integer(0),
  createdAt: isoDate,
  ...overrides,
});

describe('BFF → rides service (rides, for guests)', () => {
  const activeRide = { driverId: DRIVER_ID, departureDate: DEPARTURE_DATE };

  it("passes a guest's search on with its filters", async () => {
    await pact
      .addInteraction()
      .given('an active ride from Accra to Kumasi', activeRide)
      .uponReceiving('a search for rides from Accra to Kumasi on a date for 2 seats with air conditioning, as a guest')
      .withRequest('GET', '/rides', (b) => {
        b.headers(asGuest).query({ from: 'Accra', to: 'Kumasi', date: DEPARTURE_DATE, seats: '2', airConditioning: 'true' });
      })
      .willRespondWith(200, (b) => b.jsonBody({ rides: eachLike(rideSummary()), total: integer(1), page: 1, pageSize: 20 }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/rides?from=Accra&to=Kumasi&date=${DEPARTURE_DATE}&seats=2&airConditioning=true`, undefined, 'guest');
        expect(response.statusCode).toBe(200);
        expect(response.json().rides[0]).toMatchObject({ id: RIDE_ID, fromCity: 'Accra', toCity: 'Kumasi', preferences: { airConditioning: true }, womenOnly: false });
      }));
  });

  it('opens a ride for a guest, and passes back an unknown one as 404', async () => {
    await pact
      .addInteraction()
      .given('an active ride from Accra to Kumasi', activeRide)
      .uponReceiving("a guest's request for a ride")
      .withRequest('GET', stateRidePath, (b) => {
        b.headers(asGuest);
      })
      .willRespondWith(200, (b) => b.jsonBody(rideDetails()))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/rides/${RIDE_ID}`, undefined, 'guest');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: RIDE_ID, driverId: DRIVER_ID, pickupStation: 'Circle Station (Accra)' });
      }));

    const unknown = 'e8c5a6f7-9b1d-4e2f-8a3b-4c5d6e7f8091';
    await pact
      .addInteraction()
      .uponReceiving("a guest's request for a ride that does not exist")
      .withRequest('GET', `/rides/${unknown}`, (b) => {
        b.headers(asGuest);
      })
      .willRespondWith(404, (b) => b.jsonBody({ message: 'Ride not found' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/rides/${unknown}`, undefined, 'guest');
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('Ride not found');
      }));
  });
});

describe('BFF → rides service (rides and vehicles, as the signed-in user)', () => {
  const mayPost = { userId: USER_ID };

  it('posts a ride', async () => {
    await pact
      .addInteraction()
      .given('a user may post rides', mayPost)
      .uponReceiving('a ride from Accra to Kumasi')
      .withRequest('POST', '/rides', (b) => {
        b.headers(asUser).jsonBody({ ...postedRide, vehicleId: stateVehicleId });
      })
      .willRespondWith(201, (b) =>
        b.jsonBody(rideDetails({ id: uuid(), driverId: uuid(USER_ID), pricePerSeat: regex(/^\d+\.\d{2}$/, '120.00'), description: null, isOwnRide: true })),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', '/api/rides', postedRide);
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ driverId: USER_ID, pricePerSeat: '120.00', status: 'active', isOwnRide: true });
      }));
  });

  it('reads whether the user may post, and the next step when not', async () => {
    await pact
      .addInteraction()
      .given('a user may post rides', mayPost)
      .uponReceiving('a request for the posting rights of a user who may post')
      .withRequest('GET', '/rides/posting-rights', (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ canPost: true, nextStep: null, identityStatus: 'approved', driverStatus: 'approved', vehicleCount: integer(1) }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', '/api/rides/posting-rights');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ canPost: true, nextStep: null });
      }));

    await pact
      .addInteraction()
      .given('a user has not verified their identity', { userId: USER_ID })
      .uponReceiving('a request for the posting rights of a user not yet verified')
      .withRequest('GET', '/rides/posting-rights', (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({ canPost: false, nextStep: 'verify_identity', identityStatus: 'not_submitted', driverStatus: 'not_submitted', vehicleCount: 0 }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', '/api/rides/posting-rights');
        expect(response.json()).toMatchObject({ canPost: false, nextStep: 'verify_identity' });
      }));
  });

  it("lists the user's vehicles", async () => {
    await pact
      .addInteraction()
      .given('a user may post rides', mayPost)
      .uponReceiving("a request for the user's vehicles")
      .withRequest('GET', '/vehicles', (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody(eachLike(vehicle({ licensePlate: like('AS-5521-22'), year: integer(2018) }))))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', '/api/vehicles');
        expect(response.statusCode).toBe(200);
        expect(response.json()[0].id).toBe(USER_VEHICLE_ID);
      }));
  });

  it('registers a vehicle, and passes back a plate already on Krom as 409', async () => {
    await pact
      .addInteraction()
      .given('a verified user has no vehicles', { userId: USER_ID, licensePlate: newVehicle.licensePlate })
      .uponReceiving('a new vehicle')
      .withRequest('POST', '/vehicles', (b) => {
        b.headers(asUser).jsonBody(newVehicle);
      })
      .willRespondWith(201, (b) => b.jsonBody(vehicle({ id: uuid() })))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', '/api/vehicles', newVehicle);
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ licensePlate: 'GR-2024-21', seats: 5, isActive: true });
      }));

    await pact
      .addInteraction()
      .given('another user has registered the plate a verified user adds', { userId: USER_ID, licensePlate: newVehicle.licensePlate })
      .uponReceiving('a vehicle whose plate is already registered')
      .withRequest('POST', '/vehicles', (b) => {
        b.headers(asUser).jsonBody(newVehicle);
      })
      .willRespondWith(409, (b) => b.jsonBody({ message: vehicleMessages.plateTaken }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', '/api/vehicles', newVehicle);
        expect(response.statusCode).toBe(409);
        // The message says how to dispute the plate.
        expect(response.json().message).toBe(vehicleMessages.plateTaken);
      }));
  });
});

/*
 * Ride requests, as the signed-in passenger. The provider state files the request through the
 * service's own route, so its id comes from the state (the value here is an example).
 */
const REQUEST_ID = 'f1c2d3e4-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateRequestPath = fromProviderState('/ride-requests/${requestId}', `/ride-requests/${REQUEST_ID}`);
/** A month ahead: a request's preferred date must be within the next 12 months (the rides' 2099 would be refused). */
const REQUEST_DATE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const filedRequest = accraToKumasiRequest(REQUEST_DATE);
/** A request as the service answers it (the contracts' rideRequestSchema). */
/** The example request's two places as the service stores them (a saved search of the same trip has the same). */
const storedPlaces = {
  fromLocation: like('Circle, Accra'),
  toLocation: like('Kejetia Market (Kumasi)'),
  fromLocalityArea: like('Accra'),
  toLocalityArea: like('Kumasi'),
  fromRegion: like('Greater Accra'),
  toRegion: like('Ashanti'),
  fromLatitude: number(5.5703),
  fromLongitude: number(-0.2151),
  toLatitude: number(6.6958),
  toLongitude: number(-1.621),
};
/** A ride a request or saved search matched, as the service lists it. */
const matchedRide = {
  id: uuid(RIDE_ID),
  fromCity: 'Accra',
  toCity: 'Kumasi',
  departureDate: dateText,
  departureTime: timeText,
  pricePerSeat: money,
  currency: 'GHS',
  availableSeats: integer(3),
};
const rideRequest = (overrides: Record<string, unknown> = {}) => ({
  id: uuid(REQUEST_ID),
  ...storedPlaces,
  preferredDepartureDate: dateText,
  flexibleDates: boolean(true),
  passengers: integer(2),
  maxPricePerSeat: regex(/^\d+\.\d{2}$/, '150.00'),
  notes: like('One bag each.'),
  notifyByEmail: boolean(true),
  notifyBySMS: boolean(true),
  status: 'active',
  createdAt: isoDate,
  expiresAt: isoDate,
  lastNotifiedAt: null,
  ...overrides,
});

describe('BFF → rides service (ride requests, as the signed-in passenger)', () => {
  it('files a request, and passes back a past date with its message', async () => {
    await pact
      .addInteraction()
      .given('a user has no ride requests', { userId: USER_ID })
      .uponReceiving('a ride request from Accra to Kumasi')
      .withRequest('POST', '/ride-requests', (b) => {
        b.headers(asUser).jsonBody(filedRequest);
      })
      .willRespondWith(201, (b) => b.jsonBody(rideRequest({ id: uuid() })))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', '/api/ride-requests', filedRequest);
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ maxPricePerSeat: '150.00', passengers: 2, status: 'active' });
      }));

    const pastDate = { ...filedRequest, preferredDepartureDate: '2020-01-15' };
    await pact
      .addInteraction()
      .uponReceiving('a ride request for a date already past')
      .withRequest('POST', '/ride-requests', (b) => {
        b.headers(asUser).jsonBody(pastDate);
      })
      .willRespondWith(400, (b) => b.jsonBody({ message: 'The preferred date cannot be in the past' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', '/api/ride-requests', pastDate);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('The preferred date cannot be in the past');
      }));
  });

  it("lists the user's open requests, each with the rides it matched", async () => {
    await pact
      .addInteraction()
      .given('a user has an open ride request a posted ride matched', { userId: USER_ID })
      .uponReceiving("a request for the user's ride requests")
      .withRequest('GET', '/ride-requests/mine', (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          requests: eachLike(
            rideRequest({
              id: uuid(),
              lastNotifiedAt: isoDate,
              matchedRides: eachLike(matchedRide),
            }),
          ),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', '/api/ride-requests/mine');
        expect(response.statusCode).toBe(200);
        expect(response.json().requests[0]).toMatchObject({ fromLocation: 'Circle, Accra', status: 'active' });
        expect(response.json().requests[0].matchedRides[0]).toMatchObject({ id: RIDE_ID, fromCity: 'Accra', toCity: 'Kumasi', currency: 'GHS' });
      }));
  });

  it("cancels a request, and passes back another user's as 404", async () => {
    await pact
      .addInteraction()
      .given('a user has an open ride request', { userId: USER_ID })
      .uponReceiving('a request to cancel a ride request')
      .withRequest('DELETE', stateRequestPath, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'DELETE', `/api/ride-requests/${REQUEST_ID}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ ok: true });
      }));

    const othersRequest = 'b2c3d4e5-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
    await pact
      .addInteraction()
      .given("another user's ride request", { id: othersRequest })
      .uponReceiving("a request to cancel another user's ride request")
      .withRequest('DELETE', `/ride-requests/${othersRequest}`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(404, (b) => b.jsonBody({ message: 'Ride request not found' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'DELETE', `/api/ride-requests/${othersRequest}`);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('Ride request not found');
      }));
  });
});

/*
 * Saved searches, as the signed-in member: the provider state saves them through the service's own
 * route, so the id comes from the state (the value here is an example).
 */
const SAVED_SEARCH_ID = 'c3d4e5f6-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const savedSearch = accraToKumasiSearch(REQUEST_DATE);
/** A saved search as the service answers it (the contracts' savedSearchSchema). */
const savedSearchBody = (overrides: Record<string, unknown> = {}) => ({
  id: uuid(SAVED_SEARCH_ID),
  ...storedPlaces,
  departureDate: dateText,
  passengers: integer(2),
  maxPricePerSeat: regex(/^\d+\.\d{2}$/, '150.00'),
  status: 'active',
  createdAt: isoDate,
  expiresAt: isoDate,
  matchedRides: [],
  ...overrides,
});

describe('BFF → rides service (saved searches, as the signed-in member)', () => {
  it('saves a search, and passes back an eleventh with its message', async () => {
    await pact
      .addInteraction()
      .given('a user has no saved searches', { userId: USER_ID })
      .uponReceiving('a saved search from Accra to Kumasi')
      .withRequest('POST', '/saved-searches', (b) => {
        b.headers(asUser).jsonBody(savedSearch);
      })
      .willRespondWith(201, (b) => b.jsonBody(savedSearchBody({ id: uuid() })))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', '/api/saved-searches', savedSearch);
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ maxPricePerSeat: '150.00', passengers: 2, status: 'active', matchedRides: [] });
      }));

    const eleventh = accraToKumasiSearch(REQUEST_DATE, { passengers: 3 });
    await pact
      .addInteraction()
      .given('a user has ten saved searches', { userId: USER_ID })
      .uponReceiving('an eleventh saved search')
      .withRequest('POST', '/saved-searches', (b) => {
        b.headers(asUser).jsonBody(eleventh);
      })
      .willRespondWith(400, (b) => b.jsonBody({ message: savedSearchMessages.tooMany }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', '/api/saved-searches', eleventh);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('You have 10 saved searches. Delete one before saving another.');
      }));
  });

  it("lists the user's saved searches with the rides they matched, and deletes one", async () => {
    await pact
      .addInteraction()
      .given('a user has a saved search a posted ride matched', { userId: USER_ID })
      .uponReceiving("a request for the user's saved searches")
      .withRequest('GET', '/saved-searches/mine', (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          searches: eachLike(
            savedSearchBody({
              id: uuid(),
              matchedRides: eachLike(matchedRide),
            }),
          ),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', '/api/saved-searches/mine');
        expect(response.statusCode).toBe(200);
        expect(response.json().searches[0]).toMatchObject({ fromLocation: 'Circle, Accra', status: 'active' });
        expect(response.json().searches[0].matchedRides[0]).toMatchObject({ id: RIDE_ID, fromCity: 'Accra', toCity: 'Kumasi' });
      }));

    await pact
      .addInteraction()
      .given('a user has a saved search a posted ride matched', { userId: USER_ID })
      .uponReceiving('a request to delete a saved search')
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('DELETE', fromProviderState('/saved-searches/${savedSearchId}', `/saved-searches/${SAVED_SEARCH_ID}`), (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'DELETE', `/api/saved-searches/${SAVED_SEARCH_ID}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ ok: true });
      }));
  });
});

/*
 * Requested rides, as the signed-in driver. The provider state posts the driver's ride and files a
 * passenger's request it fits through the service's own routes, so both ids come from the state.
 */
const stateRequestedPath = (action: string) => fromProviderState(`/driver/requested-rides/\${requestId}/${action}`, `/driver/requested-rides/${REQUEST_ID}/${action}`);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateFitRideId = fromProviderState('${rideId}', RIDE_ID);

describe('BFF → rides service (requested rides, as the signed-in driver)', () => {
  it('lists the open requests the driver\'s rides fit, accepts one for a ride and declines one', async () => {
    await pact
      .addInteraction()
      .given("a driver's upcoming ride fits a passenger's open ride request", { userId: USER_ID })
      .uponReceiving("a request for the driver's requested rides")
      .withRequest('GET', '/driver/requested-rides', (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          requests: eachLike({
            requestId: uuid(REQUEST_ID),
            passengerFirstName: like('Ama'),
            passengerRating: { average: null, count: integer(0) },
            seats: integer(2),
            fromLocation: like('Circle, Accra'),
            toLocation: like('Kejetia Market (Kumasi)'),
            preferredDepartureDate: dateText,
            flexibleDates: boolean(true),
            maxPricePerSeat: regex(/^\d+\.\d{2}$/, '150.00'),
            notes: like('One bag each.'),
            fits: eachLike({
              rideId: uuid(RIDE_ID),
              fromCity: like('Accra'),
              toCity: like('Kumasi'),
              departureDate: dateText,
              departureTime: timeText,
              pricePerSeat: money,
              currency: 'GHS',
              availableSeats: integer(3),
              invited: boolean(false),
            }),
          }),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', '/api/driver/requested-rides');
        expect(response.statusCode).toBe(200);
        expect(response.json().requests[0]).toMatchObject({ passengerFirstName: 'Ama', seats: 2 });
      }));

    await pact
      .addInteraction()
      .given("a driver's upcoming ride fits a passenger's open ride request", { userId: USER_ID })
      .uponReceiving("a driver's acceptance of a ride request for their ride")
      .withRequest('POST', stateRequestedPath('accept'), (b) => {
        b.headers(asUser).jsonBody({ rideId: stateFitRideId });
      })
      .willRespondWith(200, (b) => b.jsonBody({ requestId: uuid(REQUEST_ID), rideId: uuid(RIDE_ID), invitedAt: isoDate }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/driver/requested-rides/${REQUEST_ID}/accept`, { rideId: RIDE_ID });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ requestId: REQUEST_ID, rideId: RIDE_ID });
      }));

    await pact
      .addInteraction()
      .given("a driver's upcoming ride fits a passenger's open ride request", { userId: USER_ID })
      .uponReceiving("a driver's decline of a ride request")
      .withRequest('POST', stateRequestedPath('decline'), (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/driver/requested-rides/${REQUEST_ID}/decline`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ ok: true });
      }));
  });
});

/*
 * Bookings. The states make the ride and the booking through the service's own routes, so their
 * ids come from the state. The Idempotency-Key the browser sends goes on to the service as it came.
 */
const BOOKING_ID = 'e8c5a6b7-9d0e-4f1a-8b2c-3d4e5f6a7b8c';
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateRideId = fromProviderState('${rideId}', RIDE_ID);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateAcceptPath = fromProviderState('/bookings/${bookingId}/accept', `/bookings/${BOOKING_ID}/accept`);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateContactPath = fromProviderState('/bookings/${bookingId}/contact', `/bookings/${BOOKING_ID}/contact`);
const IDEMPOTENCY_KEY = '6f1d2c3b-4a5e-4f6a-9b7c-8d9e0f1a2b3c';
const bookingPlace = (index: number, location: string) => ({ index, location: like(location), city: like('Accra'), meetingPoint: like('Circle Station (Accra)') });
const bookingForm = { seats: 2, boardAt: 0, alightAt: 1, passengerName: 'Ama Serwaa', passengerPhone: '0244123456' };
/** A booking as its passenger sees it (the contracts' bookingSchema). */
const booking = (overrides: Record<string, unknown> = {}) => ({
  id: uuid(BOOKING_ID),
  rideId: uuid(RIDE_ID),
  status: 'confirmed',
  bookingMode: 'instant',
  paymentMethod: 'cash',
  seats: integer(2),
  board: bookingPlace(0, 'Circle, Accra'),
  alight: { index: 1, location: like('Kejetia Market (Kumasi)'), city: like('Kumasi'), meetingPoint: null },
  pricePerSeat: money,
  totalAmount: money,
  currency: 'GHS',
  passengerName: like('Ama Serwaa'),
  passengerPhone: like('0244123456'),
  specialRequests: null,
  boardingCode: regex(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/, 'K7MX3Q'),
  departureDate: dateText,
  departureTime: timeText,
  departureAt: isoDate,
  rideFrom: like('Circle, Accra'),
  rideTo: like('Kejetia Market (Kumasi)'),
  driverName: like('Kwame Mensah'),
  vehicle: { make: like('Toyota'), model: like('Corolla'), color: like('Silver'), licensePlate: like('AS-5521-22') },
  expiresAt: null,
  createdAt: isoDate,
  version: integer(1),
  ...overrides,
});

describe('BFF → rides service (bookings)', () => {
  it('books seats with the Idempotency-Key passed on, as the BFF read the form (cash unless said); one without a key it refuses itself', async () => {
    await pact
      .addInteraction()
      .given('an instant ride to book', { driverId: DRIVER_ID, departureDate: DEPARTURE_DATE })
      .uponReceiving('a booking of 2 seats with an Idempotency-Key')
      .withRequest('POST', '/bookings', (b) => {
        b.headers({ ...asUser, 'idempotency-key': regex(/^[A-Za-z0-9_-]{8,200}$/, IDEMPOTENCY_KEY) }).jsonBody({ rideId: stateRideId, ...bookingForm, paymentMethod: 'cash' });
      })
      .willRespondWith(201, (b) => b.jsonBody(booking()))
      .executeTest(whenRecorded(async (mock) => {
        // Refused by the BFF before any call: the mock answers only the booking below, so a call would not match.
        const refused = await throughBff(mock.url, 'POST', '/api/bookings', { rideId: RIDE_ID, ...bookingForm });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(bookingMessages.idempotencyKey);
        const response = await throughBff(mock.url, 'POST', '/api/bookings', { rideId: RIDE_ID, ...bookingForm }, 'user', { 'idempotency-key': IDEMPOTENCY_KEY });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ id: BOOKING_ID, status: 'confirmed', seats: 2 });
      }));
  });

  it("lists the passenger's bookings", async () => {
    await pact
      .addInteraction()
      .given('a passenger has a booking', { userId: USER_ID, driverId: DRIVER_ID, departureDate: DEPARTURE_DATE })
      .uponReceiving("a request for the passenger's upcoming bookings")
      .withRequest('GET', '/bookings/mine', (b) => {
        b.headers(asUser).query({ when: 'upcoming' });
      })
      .willRespondWith(200, (b) => b.jsonBody({ bookings: eachLike(booking()) }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', '/api/bookings/mine?when=upcoming');
        expect(response.statusCode).toBe(200);
        expect(response.json().bookings[0]).toMatchObject({ status: 'confirmed', paymentMethod: 'cash' });
      }));
  });

  it("gives the passenger the driver's phone on a confirmed booking within a day of departure", async () => {
    await pact
      .addInteraction()
      .given('a passenger has a confirmed booking departing within a day', { userId: USER_ID, driverId: DRIVER_ID })
      .uponReceiving("a request for the driver's phone on the passenger's booking")
      .withRequest('GET', stateContactPath, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({ role: 'driver', firstName: like('Kwame'), phone: regex(/^0[2-9][0-9]{8}$/, '0201112233'), availableUntil: isoDate }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/bookings/${BOOKING_ID}/contact`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ role: 'driver', phone: '0201112233' });
      }));
  });

  it("accepts a request on the driver's ride", async () => {
    await pact
      .addInteraction()
      .given('a driver has a booking request on their ride', { driverId: USER_ID, departureDate: DEPARTURE_DATE })
      .uponReceiving('the driver accepting a booking request')
      .withRequest('POST', stateAcceptPath, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          id: uuid(BOOKING_ID),
          status: 'confirmed',
          seats: integer(1),
          board: bookingPlace(0, 'Circle, Accra'),
          alight: { index: 1, location: like('Kejetia Market (Kumasi)'), city: like('Kumasi'), meetingPoint: null },
          totalAmount: money,
          currency: 'GHS',
          paymentMethod: 'cash',
          passengerFirstName: like('Ama'),
          specialRequests: null,
          expiresAt: null,
          createdAt: isoDate,
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/bookings/${BOOKING_ID}/accept`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: BOOKING_ID, status: 'confirmed' });
      }));
  });
});


/*
 * Staff on bookings (the admin area's Bookings tab): the BFF asserts the signed-in staff member,
 * whose id rides writes into a cancellation's history and event.
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateStaffCancelPath = fromProviderState('/staff/bookings/${bookingId}/cancel', `/staff/bookings/${BOOKING_ID}/cancel`);
const staffReason = 'Driver reported the car broke down';
/** A booking as staff see it (the contracts' staffBookingSchema). */
const staffBooking = (overrides: Record<string, unknown> = {}) => ({
  id: uuid(BOOKING_ID),
  rideId: uuid(RIDE_ID),
  status: 'confirmed',
  bookingMode: 'instant',
  paymentMethod: 'cash',
  rideFrom: like('Circle, Accra'),
  rideTo: like('Kejetia Market (Kumasi)'),
  departureDate: dateText,
  departureTime: timeText,
  departureAt: isoDate,
  passengerId: uuid(),
  passengerName: like('Ama Serwaa'),
  passengerPhone: '0244123456',
  driverId: uuid(),
  driverName: like('Kwame Mensah'),
  seats: integer(1),
  board: { index: 0, location: like('Circle, Accra') },
  alight: { index: 1, location: like('Kejetia Market (Kumasi)') },
  totalAmount: money,
  currency: 'GHS',
  boardingCode: regex(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/, 'K7MX3Q'),
  createdAt: isoDate,
  version: integer(1),
  ...overrides,
});

/** A departure day no other interaction's ride leaves on: the staff list filtered by it holds the one state's booking. */
const STAFF_BOOKINGS_DEPARTURE_DATE = daysAfter(DEPARTURE_DATE, 2);

describe('BFF → rides service (staff on bookings)', () => {
  it('lists the cash bookings of one departure day by the phone given on them, as staff', async () => {
    const filters = { phone: '0244123456', paymentMethod: 'cash', departureFrom: STAFF_BOOKINGS_DEPARTURE_DATE, departureTo: STAFF_BOOKINGS_DEPARTURE_DATE };
    await pact
      .addInteraction()
      .given('a passenger has a booking', { userId: USER_ID, driverId: DRIVER_ID, departureDate: STAFF_BOOKINGS_DEPARTURE_DATE })
      .uponReceiving("a staff list of one day's cash bookings by passenger phone")
      .withRequest('GET', '/staff/bookings', (b) => {
        b.headers(asStaff).query(filters);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          bookings: [staffBooking()],
          nextCursor: null,
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/admin/bookings?${new URLSearchParams(filters)}`, undefined, 'staff');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ bookings: [{ passengerPhone: '0244123456', paymentMethod: 'cash' }], nextCursor: null });
      }));
  });

  it("reads a member's rides, bookings and vehicles for the member page, as staff (identity and payments, not running here, show unavailable)", async () => {
    await pact
      .addInteraction()
      .given('a passenger has a booking', { userId: USER_ID, driverId: DRIVER_ID, departureDate: DEPARTURE_DATE })
      // The passenger drives too: a vehicle of their own.
      .given('a user may post rides', { userId: USER_ID })
      .uponReceiving("a staff read of a member's rides, bookings and vehicles")
      .withRequest('GET', `/staff/members/${USER_ID}/activity`, (b) => {
        b.headers(asStaff);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          // Whatever rides other states gave this member to drive.
          ridesAsDriver: {
            count: integer(0),
            latest: atLeastLike({ id: uuid(), fromCity: like('Accra'), toCity: like('Kumasi'), departureAt: isoDate, status: regex(/^[a-z]+$/, 'active') }, 0, 0),
          },
          bookingsAsPassenger: {
            count: integer(1),
            latest: eachLike({
              id: uuid(),
              rideId: uuid(),
              fromCity: like('Accra'),
              toCity: like('Kumasi'),
              departureAt: isoDate,
              seats: integer(1),
              status: regex(/^[a-z_]+$/, 'confirmed'),
              createdAt: isoDate,
            }),
          },
          vehicles: {
            count: integer(1),
            latest: eachLike({
              id: uuid(),
              make: like('Toyota'),
              model: like('Corolla'),
              year: integer(2018),
              color: like('Silver'),
              licensePlate: like('AS-6630-23'),
              seats: integer(5),
              isActive: boolean(true),
              addedAt: isoDate,
              removedAt: null,
            }),
          },
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/admin/members/${USER_ID}`, undefined, 'staff');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          account: { available: false },
          rides: expect.objectContaining({
            available: true,
            bookingsAsPassenger: expect.objectContaining({ count: 1 }),
            vehicles: { count: 1, latest: [expect.objectContaining({ make: 'Toyota', licensePlate: 'AS-6630-23', removedAt: null })] },
          }),
          cases: { available: false },
          payments: { available: false },
        });
      }));
  });

  it('cancels a booking with a reason, as staff', async () => {
    await pact
      .addInteraction()
      .given('a booking staff may cancel', { driverId: DRIVER_ID, departureDate: DEPARTURE_DATE })
      .uponReceiving('a staff cancellation with a reason')
      .withRequest('POST', stateStaffCancelPath, (b) => {
        b.headers(asStaff).jsonBody({ reason: staffReason });
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...staffBooking({ status: 'cancelled', version: integer(2) }),
          history: [
            { from: null, to: 'confirmed', actor: 'passenger', actorId: uuid(), reason: null, at: isoDate },
            { from: 'confirmed', to: 'cancelled', actor: 'staff', actorId: ADMIN_ID, reason: staffReason, at: isoDate },
          ],
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/admin/bookings/${BOOKING_ID}/cancel`, { reason: staffReason }, 'staff');
        expect(response.statusCode).toBe(200);
        expect(response.json().history[1]).toMatchObject({ actor: 'staff', actorId: ADMIN_ID, reason: staffReason });
      }));
  });
});

/** A driver of the staff ride list's interaction only: the list filtered by them holds the one ride the state posts. */
const STAFF_LIST_DRIVER_ID = 'd7e8f9a0-1b2c-4d3e-8f4a-5b6c7d8e9f01';

describe('BFF → rides service (staff on rides)', () => {
  it("lists a driver's rides with their bookings count, as staff", async () => {
    await pact
      .addInteraction()
      .given('a passenger has a booking', { userId: USER_ID, driverId: STAFF_LIST_DRIVER_ID, departureDate: DEPARTURE_DATE })
      .uponReceiving("a staff list of one driver's active rides")
      .withRequest('GET', '/staff/rides', (b) => {
        b.headers(asStaff).query({ status: 'active', driverId: STAFF_LIST_DRIVER_ID });
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          rides: [
            {
              id: uuid(RIDE_ID),
              fromCity: like('Accra'),
              fromLocation: like('Circle, Accra'),
              toCity: like('Kumasi'),
              toLocation: like('Kejetia Market (Kumasi)'),
              departureAt: isoDate,
              status: 'active',
              driverId: STAFF_LIST_DRIVER_ID,
              driverFirstName: like('Kwame'),
              seatsOffered: integer(3),
              availableSeats: integer(2),
              pricePerSeat: money,
              currency: 'GHS',
              bookingsCount: 1,
            },
          ],
          nextCursor: null,
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/admin/rides?status=active&driverId=${STAFF_LIST_DRIVER_ID}`, undefined, 'staff');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ rides: [{ driverId: STAFF_LIST_DRIVER_ID, bookingsCount: 1 }], nextCursor: null });
      }));
  });
});

/*
 * Reviews. The states make a trip through the service's own routes (posted, booked, boarded,
 * completed by the sweep), so the booking's, the ride's and the review's ids come from the state.
 */
const REVIEW_ID = 'f9d6b7c8-0e1f-4a2b-9c3d-4e5f6a7b8c9d';
/** A driver of the review states only: a rating given them shows on no ride card another state's pact describes. */
const REVIEWED_DRIVER_ID = 'b5f2d3c4-6e7a-4b8c-9d0e-1f2a3b4c5d6e';
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateReviewPath = fromProviderState('/bookings/${bookingId}/review', `/bookings/${BOOKING_ID}/review`);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateReplyPath = fromProviderState('/reviews/${reviewId}/reply', `/reviews/${REVIEW_ID}/reply`);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateReportPath = fromProviderState('/reviews/${reviewId}/reports', `/reviews/${REVIEW_ID}/reports`);
const reviewMember = (firstName: string) => ({ id: uuid(), firstName: like(firstName), profileImageUrl: null });
/** A review as it is shown (the contracts' reviewSchema). */
const shownReview = (overrides: Record<string, unknown> = {}) => ({
  id: uuid(REVIEW_ID),
  reviewType: 'driver',
  rating: integer(5),
  comment: like('Safe driver, on time, friendly.'),
  createdAt: isoDate,
  visible: true,
  publishedAt: isoDate,
  reviewer: reviewMember('Ama'),
  reviewee: reviewMember('Kwame'),
  rideFrom: like('Accra'),
  rideTo: like('Kumasi'),
  departureDate: regex(/^\d{4}-\d{2}-\d{2}$/, '2026-11-20'),
  reply: null,
  ...overrides,
});

describe('BFF → rides service (reviews)', () => {
  it('passes the driver’s review of a passenger on, and the spec’s words for a short comment back', async () => {
    await pact
      .addInteraction()
      .given('a driver has a completed trip with a passenger to review', { driverId: USER_ID })
      .uponReceiving('the driver reviewing the passenger of a completed booking')
      .withRequest('POST', stateReviewPath, (b) => {
        b.headers(asUser).jsonBody({ rating: 4, comment: 'Polite passenger, ready on time.' });
      })
      .willRespondWith(201, (b) =>
        b.jsonBody(
          shownReview({
            reviewType: 'passenger',
            rating: 4,
            comment: 'Polite passenger, ready on time.',
            visible: false,
            publishedAt: null,
            reviewer: reviewMember('Kwame'),
            reviewee: reviewMember('Ama'),
          }),
        ),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/bookings/${BOOKING_ID}/review`, { rating: 4, comment: 'Polite passenger, ready on time.' });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ reviewType: 'passenger', visible: false });
      }));

    await pact
      .addInteraction()
      .given('a driver has a completed trip with a passenger to review', { driverId: USER_ID })
      .uponReceiving('a review whose comment is too short')
      .withRequest('POST', stateReviewPath, (b) => {
        b.headers(asUser).jsonBody({ rating: 4, comment: 'Fine' });
      })
      .willRespondWith(400, (b) => b.jsonBody({ message: reviewMessages.comment }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/bookings/${BOOKING_ID}/review`, { rating: 4, comment: 'Fine' });
        expect([response.statusCode, response.json().message]).toEqual([400, reviewMessages.comment]);
      }));
  });

  it('lists the passengers of a ride the driver can still rate', async () => {
    await pact
      .addInteraction()
      .given('a driver has a completed trip with a passenger to review', { driverId: USER_ID })
      .uponReceiving("a request for the reviews the driver still has to write on a ride")
      .withRequest('GET', '/reviews/to-write', (b) => {
        b.headers(asUser).query({ rideId: stateRideId });
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          reviews: eachLike({
            bookingId: uuid(BOOKING_ID),
            rideId: uuid(RIDE_ID),
            reviewType: 'passenger',
            reviewee: reviewMember('Ama'),
            rideFrom: like('Accra'),
            rideTo: like('Kumasi'),
            departureDate: regex(/^\d{4}-\d{2}-\d{2}$/, '2026-11-20'),
            departureTime: timeText,
            reviewBy: isoDate,
          }),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/reviews/to-write?rideId=${RIDE_ID}`);
        expect(response.statusCode).toBe(200);
        expect(response.json().reviews[0]).toMatchObject({ bookingId: BOOKING_ID, reviewType: 'passenger' });
      }));
  });

  it('replies to a review of the signed-in member, and reports one', async () => {
    await pact
      .addInteraction()
      .given('a passenger has a visible review of them', { passengerId: USER_ID })
      .uponReceiving('the passenger replying to a review of them')
      .withRequest('POST', stateReplyPath, (b) => {
        b.headers(asUser).jsonBody({ reply: 'Thank you, Kwame!' });
      })
      .willRespondWith(200, (b) =>
        b.jsonBody(
          shownReview({
            reviewType: 'passenger',
            rating: integer(4),
            reviewer: reviewMember('Kwame'),
            reviewee: reviewMember('Ama'),
            reply: { text: 'Thank you, Kwame!', repliedAt: isoDate },
          }),
        ),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/reviews/${REVIEW_ID}/reply`, { reply: 'Thank you, Kwame!' });
        expect(response.statusCode).toBe(200);
        expect(response.json().reply.text).toBe('Thank you, Kwame!');
      }));

    await pact
      .addInteraction()
      .given('a driver has a visible review', { driverId: REVIEWED_DRIVER_ID })
      .uponReceiving('a member reporting a review with a reason')
      .withRequest('POST', stateReportPath, (b) => {
        b.headers(asUser).jsonBody({ reason: 'It names the driver’s phone number' });
      })
      .willRespondWith(201, (b) => b.jsonBody({ message: reviewMessages.reportThanks }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/reviews/${REVIEW_ID}/reports`, { reason: 'It names the driver’s phone number' });
        expect([response.statusCode, response.json().message]).toEqual([201, reviewMessages.reportThanks]);
      }));
  });

  it("lists a member's visible reviews for a guest", async () => {
    await pact
      .addInteraction()
      .given('a driver has a visible review', { driverId: REVIEWED_DRIVER_ID })
      .uponReceiving("a guest's request for a driver's reviews")
      .withRequest('GET', `/members/${REVIEWED_DRIVER_ID}/reviews`, (b) => {
        b.headers(asGuest);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          asDriver: { average: number(5), count: integer(1) },
          asPassenger: { average: null, count: 0 },
          reviews: eachLike(shownReview()),
          nextCursor: null,
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/members/${REVIEWED_DRIVER_ID}/reviews`, undefined, 'guest');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ asDriver: { count: 1 }, reviews: [{ reviewType: 'driver', visible: true }] });
      }));
  });
});

/* Blocks: the signed-in member's own, kept by rides. */
const BLOCKED_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const blockedMember = { memberId: uuid(BLOCKED_ID), firstName: like('Yaw'), lastName: like('Darko'), profileImageUrl: null, blockedAt: isoDate };

describe('BFF → rides service (blocks)', () => {
  it('blocks a member as the signed-in user, and passes a self-block’s refusal back in words', async () => {
    await pact
      .addInteraction()
      .given('a member another user may block', { userId: USER_ID, memberId: BLOCKED_ID })
      .uponReceiving('a block of another member')
      .withRequest('POST', '/blocks', (b) => {
        b.headers(asUser).jsonBody({ memberId: BLOCKED_ID });
      })
      .willRespondWith(201, (b) => b.jsonBody(blockedMember))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', '/api/blocks', { memberId: BLOCKED_ID });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ memberId: BLOCKED_ID, firstName: 'Yaw' });
      }));

    await pact
      .addInteraction()
      .uponReceiving('a block of the caller themselves')
      .withRequest('POST', '/blocks', (b) => {
        b.headers(asUser).jsonBody({ memberId: USER_ID });
      })
      .willRespondWith(400, (b) => b.jsonBody({ message: memberSafetyMessages.blockSelf }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', '/api/blocks', { memberId: USER_ID });
        expect([response.statusCode, response.json().message]).toEqual([400, memberSafetyMessages.blockSelf]);
      }));
  });

  it('lists and lifts the signed-in user’s blocks', async () => {
    await pact
      .addInteraction()
      .given('a user has blocked a member', { userId: USER_ID, memberId: BLOCKED_ID })
      .uponReceiving('a request for the members the user blocked')
      .withRequest('GET', '/blocks', (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ blocks: eachLike(blockedMember) }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', '/api/blocks');
        expect(response.statusCode).toBe(200);
        expect(response.json().blocks[0].memberId).toBe(BLOCKED_ID);
      }));

    await pact
      .addInteraction()
      .given('a user has blocked a member', { userId: USER_ID, memberId: BLOCKED_ID })
      .uponReceiving('an unblock of a blocked member')
      .withRequest('DELETE', `/blocks/${BLOCKED_ID}`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'DELETE', `/api/blocks/${BLOCKED_ID}`);
        expect([response.statusCode, response.json()]).toEqual([200, { ok: true }]);
      }));
  });
});

/* Messages: the signed-in member's own conversations, kept by rides. */
const MESSAGE_DRIVER_ID = 'b5f2d3c4-6e7a-4b8c-9d0e-1f2a3b4c5d6e';
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateRideMessagesPath = fromProviderState('/rides/${rideId}/messages', `/rides/${RIDE_ID}/messages`);
const sentMessage = {
  id: uuid(),
  conversationId: uuid(),
  senderId: uuid(USER_ID),
  body: like('Is there space for 2 seats?'),
  sentAt: isoDate,
  mine: boolean(true),
  masked: boolean(false),
};
const conversationSummary = {
  id: uuid(),
  ride: { id: uuid(), fromLocation: like('Circle VIP Bus Station'), toLocation: like('Kejetia Lorry Park'), departureDate: dateText, departureTime: timeText, departureAt: isoDate },
  role: regex(/^(driver|passenger)$/, 'passenger'),
  otherMember: { id: uuid(MESSAGE_DRIVER_ID), firstName: like('Kofi'), profileImageUrl: null },
  booked: boolean(false),
  lastMessage: { body: like('Is there space for 2 seats?'), sentAt: isoDate, mine: boolean(true) },
  unreadCount: integer(0),
  updatedAt: isoDate,
};
const messagingState = { userId: USER_ID, driverId: MESSAGE_DRIVER_ID, departureDate: DEPARTURE_DATE };
/* The conversation the passenger opened and the driver answered in: its id and the driver's answer come from the state. */
const CONVERSATION_ID = 'e2a9b8c7-6d5e-4f4a-8b3c-2d1e0f9a8b7c';
const DRIVER_MESSAGE_ID = 'f3b0c9d8-7e6f-4a5b-9c4d-3e2f1a0b9c8d';
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateConversationPath = fromProviderState('/messages/${conversationId}', `/messages/${CONVERSATION_ID}`);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateConversationReadPath = fromProviderState('/messages/${conversationId}/read', `/messages/${CONVERSATION_ID}/read`);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateConversationReportsPath = fromProviderState('/messages/${conversationId}/reports', `/messages/${CONVERSATION_ID}/reports`);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateDriverMessageId = fromProviderState('${messageId}', DRIVER_MESSAGE_ID);
const driverAnswer = 'Yes, 2 seats are free. We leave from the station car park.';
/** A message of the conversation (the contracts' messageSchema) as the passenger reads it. */
const conversationMessage = (overrides: Record<string, unknown> = {}) => ({
  id: uuid(DRIVER_MESSAGE_ID),
  conversationId: uuid(CONVERSATION_ID),
  senderId: uuid(MESSAGE_DRIVER_ID),
  body: like(driverAnswer),
  sentAt: isoDate,
  mine: false,
  masked: boolean(false),
  ...overrides,
});

describe('BFF → rides service (messages)', () => {
  it("writes to a ride's driver as the signed-in passenger", async () => {
    await pact
      .addInteraction()
      .given("a user may write to a ride's driver", messagingState)
      .uponReceiving("a passenger's first message to a ride's driver")
      .withRequest('POST', stateRideMessagesPath, (b) => {
        b.headers(asUser).jsonBody({ body: 'Is there space for 2 seats?' });
      })
      .willRespondWith(201, (b) => b.jsonBody(sentMessage))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/rides/${RIDE_ID}/messages`, { body: 'Is there space for 2 seats?' });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ senderId: USER_ID, mine: true });
      }));
  });

  it("lists the signed-in member's conversations and counts their unread messages", async () => {
    await pact
      .addInteraction()
      .given("a user has written to a ride's driver", messagingState)
      .uponReceiving("a request for the user's conversations")
      .withRequest('GET', '/messages', (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ conversations: eachLike(conversationSummary) }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', '/api/messages');
        expect(response.statusCode).toBe(200);
        expect(response.json().conversations[0].otherMember.id).toBe(MESSAGE_DRIVER_ID);
      }));

    await pact
      .addInteraction()
      .given("a user has written to a ride's driver", messagingState)
      .uponReceiving("a request for the user's unread messages count")
      .withRequest('GET', '/messages/unread-count', (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ count: integer(0) }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', '/api/messages/unread-count');
        expect([response.statusCode, response.json()]).toEqual([200, { count: 0 }]);
      }));
  });

  it('opens a conversation with its messages, oldest first, and passes back one not the member’s as 404', async () => {
    await pact
      .addInteraction()
      .given("a ride's driver has answered a user's message", messagingState)
      .uponReceiving('a request for a conversation the driver answered in')
      .withRequest('GET', stateConversationPath, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...conversationSummary,
          id: uuid(CONVERSATION_ID),
          role: 'passenger',
          lastMessage: { body: like(driverAnswer), sentAt: isoDate, mine: false },
          unreadCount: integer(1),
          messages: [
            conversationMessage({ id: uuid(), senderId: uuid(USER_ID), body: like('Is there space for 2 seats?'), mine: true }),
            conversationMessage(),
          ],
          canWrite: true,
          cannotWriteReason: null,
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/messages/${CONVERSATION_ID}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: CONVERSATION_ID, role: 'passenger', otherMember: { id: MESSAGE_DRIVER_ID }, unreadCount: 1, canWrite: true });
        expect(response.json().messages.map((message: { mine: boolean }) => message.mine)).toEqual([true, false]);
      }));

    const unknown = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
    await pact
      .addInteraction()
      .uponReceiving('a request for a conversation that is not the user’s')
      .withRequest('GET', `/messages/${unknown}`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(404, (b) => b.jsonBody({ message: messageMessages.conversationNotFound }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/messages/${unknown}`);
        expect([response.statusCode, response.json().message]).toEqual([404, messageMessages.conversationNotFound]);
      }));
  });

  it('replies in a conversation as the signed-in member', async () => {
    await pact
      .addInteraction()
      .given("a ride's driver has answered a user's message", messagingState)
      .uponReceiving('a reply in a conversation the driver answered in')
      .withRequest('POST', stateConversationPath, (b) => {
        b.headers(asUser).jsonBody({ body: 'Thank you, see you at the car park.' });
      })
      .willRespondWith(201, (b) => b.jsonBody(conversationMessage({ id: uuid(), senderId: uuid(USER_ID), body: like('Thank you, see you at the car park.'), mine: true })))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/messages/${CONVERSATION_ID}`, { body: 'Thank you, see you at the car park.' });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ conversationId: CONVERSATION_ID, senderId: USER_ID, mine: true, body: 'Thank you, see you at the car park.' });
      }));
  });

  it('marks a conversation read', async () => {
    await pact
      .addInteraction()
      .given("a ride's driver has answered a user's message", messagingState)
      .uponReceiving('the user marking a conversation read')
      .withRequest('POST', stateConversationReadPath, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/messages/${CONVERSATION_ID}/read`);
        expect([response.statusCode, response.json()]).toEqual([200, { ok: true }]);
      }));
  });

  it("reports the other member's message, and is thanked", async () => {
    const report = { messageId: DRIVER_MESSAGE_ID, reason: 'inappropriate_messages', details: 'He asked me to pay him outside Krom.' };
    await pact
      .addInteraction()
      .given("a ride's driver has answered a user's message", messagingState)
      .uponReceiving("a report of the driver's message in a conversation")
      .withRequest('POST', stateConversationReportsPath, (b) => {
        b.headers(asUser).jsonBody({ ...report, messageId: stateDriverMessageId });
      })
      .willRespondWith(201, (b) => b.jsonBody({ message: like(memberSafetyMessages.reportThanks) }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/messages/${CONVERSATION_ID}/reports`, report);
        expect([response.statusCode, response.json().message]).toEqual([201, memberSafetyMessages.reportThanks]);
      }));
  });
});

const TRIP_TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd';
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateSharePath = fromProviderState('/bookings/${bookingId}/trip-share', `/bookings/${BOOKING_ID}/trip-share`);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateEndSharePath = fromProviderState('/bookings/${bookingId}/trip-share/end', `/bookings/${BOOKING_ID}/trip-share/end`);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateTripPath = fromProviderState('/trip-shares/${token}', `/trip-shares/${TRIP_TOKEN}`);
const sharedTripState = { userId: USER_ID, driverId: DRIVER_ID, departureDate: DEPARTURE_DATE };

describe('BFF → rides service (shared trips)', () => {
  it('shares the passenger’s trip without texting anyone, and ends it', async () => {
    await pact
      .addInteraction()
      .given('a passenger has shared their trip', sharedTripState)
      .uponReceiving('the passenger sharing their trip, not texted to their emergency contact')
      .withRequest('POST', stateSharePath, (b) => {
        b.headers(asUser).jsonBody({ textContactAtDeparture: false, contact: null });
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          bookingId: uuid(BOOKING_ID),
          link: regex(/^\/trip\/[\w-]{43}$/, `/trip/${TRIP_TOKEN}`),
          expiresAt: isoDate,
          textContactAtDeparture: false,
          contactTextedAt: null,
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/bookings/${BOOKING_ID}/trip-share`, { textContactAtDeparture: false });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().link).toBe(`/trip/${TRIP_TOKEN}`);
      }));

    await pact
      .addInteraction()
      .given('a passenger has shared their trip', sharedTripState)
      .uponReceiving("the passenger ending their trip's link")
      .withRequest('POST', stateEndSharePath, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ ended: true }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/bookings/${BOOKING_ID}/trip-share/end`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ ended: true });
      }));
  });

  it('opens a shared trip for anyone holding the link', async () => {
    await pact
      .addInteraction()
      .given('a passenger has shared their trip', sharedTripState)
      .uponReceiving('a guest opening a trip link')
      .withRequest('GET', stateTripPath, (b) => {
        b.headers(asGuest);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          fromLocation: like('Circle, Accra'),
          toLocation: like('Kejetia Market (Kumasi)'),
          places: eachLike('Circle, Accra'),
          departureAt: isoDate,
          departureDate: regex(/^\d{4}-\d{2}-\d{2}$/, DEPARTURE_DATE),
          departureTime: regex(/^\d{2}:\d{2}$/, '14:30'),
          expectedArrivalAt: isoDate,
          driverFirstName: like('Kwame'),
          vehicle: { make: like('Toyota'), model: like('Corolla'), color: like('Silver'), licensePlate: like('AS-7719-25') },
          progress: 'not_started',
          expiresAt: isoDate,
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'GET', `/api/trip-shares/${TRIP_TOKEN}`, undefined, 'guest');
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ progress: 'not_started', vehicle: { make: 'Toyota' } });
      }));
  });
});

/*
 * A support ticket about a booking or a ride: before the form goes on to admin, the BFF asks
 * rides whether the booking is the caller's (rides answers it only to its passenger) or the
 * ride is one they drive (rides lists a ride's bookings only to its driver). Admin is not
 * running here, so the form, once confirmed, meets a service that is down.
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateBookingPath = fromProviderState('/bookings/${bookingId}', `/bookings/${BOOKING_ID}`);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateRideBookingsPath = fromProviderState('/rides/${rideId}/bookings', `/rides/${RIDE_ID}/bookings`);
const ticketFormHeaders = { 'content-type': 'multipart/form-data; boundary=krom-ticket-form' };
const ticketFormBody = Buffer.from('--krom-ticket-form\r\nContent-Disposition: form-data; name="category"\r\n\r\nsafety\r\n--krom-ticket-form--\r\n');

describe('BFF → rides service (support tickets)', () => {
  it("confirms the passenger's booking before a ticket about it goes on", async () => {
    await pact
      .addInteraction()
      .given('a passenger has a confirmed booking departing within a day', { userId: USER_ID, driverId: DRIVER_ID })
      .uponReceiving("a request for the passenger's booking a ticket is about")
      .withRequest('GET', stateBookingPath, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ id: uuid(BOOKING_ID), rideId: uuid(RIDE_ID) }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/support/tickets?bookingId=${BOOKING_ID}`, ticketFormBody, 'user', ticketFormHeaders);
        // Confirmed, and sent on to admin, which is not running in this test.
        expect(response.statusCode).toBe(503);
      }));
  });

  it("confirms the driver's ride before a ticket about it goes on", async () => {
    await pact
      .addInteraction()
      .given('a driver has a booking request on their ride', { driverId: USER_ID, departureDate: DEPARTURE_DATE })
      .uponReceiving("a request for the bookings on the driver's ride a ticket is about")
      .withRequest('GET', stateRideBookingsPath, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(200, (b) => b.jsonBody({ bookings: eachLike({ id: uuid(BOOKING_ID) }) }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/support/tickets?rideId=${RIDE_ID}`, ticketFormBody, 'user', ticketFormHeaders);
        expect(response.statusCode).toBe(503);
      }));
  });

  it("refuses a ticket about a booking that is not the caller's in the form's words", async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request for a booking that is not the caller’s')
      .withRequest('GET', `/bookings/${RIDE_ID}`, (b) => {
        b.headers(asUser);
      })
      .willRespondWith(404, (b) => b.jsonBody({ message: like('Booking not found') }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, 'POST', `/api/support/tickets?bookingId=${RIDE_ID}`, ticketFormBody, 'user', ticketFormHeaders);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(ticketMessages.bookingNotFound);
      }));
  });
});
