import { accraToKumasiRequest, accraToKumasiSearch } from '@krom/contracts/examples/ride-requests';
import { accraToKumasiRide } from '@krom/contracts/examples/rides';
import { randomUUID } from 'node:crypto';
import { maxSavedSearches, rideRequestListSchema, rideRequestMessages, rideRequestSchema, savedSearchListSchema, savedSearchMessages, savedSearchSchema } from '@krom/contracts/http/ride-requests';
import { rideMessages } from '@krom/contracts/http/rides';
import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import { eventually } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { type BffSystem, ORIGIN, startBff } from './bff-test-env.ts';

/*
 * Ride requests through the BFF in front of the real rides service (real PostgreSQL, NATS and
 * Redis, isolated for this file): a signed-in passenger files, lists and cancels their own.
 */
let system: BffSystem;
beforeAll(async () => {
  system = await startBff({ services: ['rides'] });
});
afterAll(() => system?.close());

/** A signed-in user as the browser holds them: the session cookie only. */
async function signedIn(userId = randomUUID()) {
  const sid = await system.bff.sessions.create('user', userId);
  return { userId, cookies: { krom_session: system.bff.encodeSecureSession(system.bff.createSecureSession({ user: sid })) } };
}
type Session = Awaited<ReturnType<typeof signedIn>>;

type Method = 'GET' | 'POST' | 'DELETE';
const call = (session: Session | undefined, method: Method, url: string, payload?: object) =>
  system.bff.inject({
    method,
    url,
    headers: method === 'GET' ? {} : { origin: ORIGIN },
    ...(session ? { cookies: session.cookies } : {}),
    ...(payload ? { payload } : {}),
  });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The request form's payload for Accra to Kumasi, both places picked from suggestions. */
const accraToKumasi = (changes: object = {}) => accraToKumasiRequest(inDays(5), changes);

let plates = 4821;
/** The example ride from Accra to Kumasi on `date`, posted through the BFF by an approved driver (rides' projection written directly). */
async function postedMatchingRide(date: string): Promise<string> {
  const driver = await signedIn();
  await system.rides?.db.$client.query(
    `INSERT INTO user_profiles (user_id, version, first_name, last_name, is_verified, verification_status, is_driver, driver_verification_status, suspended, deleted, changed_at)
     VALUES ($1, 1, 'Kwame', 'Mensah', true, 'approved', true, 'approved', false, false, now())`,
    [driver.userId],
  );
  const vehicle = await call(driver, 'POST', '/api/vehicles', { make: 'Toyota', model: 'Corolla', year: 2018, color: 'Silver', licensePlate: `GR-${plates++}-19`, seats: 5 });
  expect(vehicle.statusCode).toBe(201);
  const ride = await call(driver, 'POST', '/api/rides', accraToKumasiRide(vehicle.json().id, date));
  expect(ride.statusCode).toBe(201);
  return ride.json().id;
}

const routes = (id: string): [Method, string, object?][] => [
  ['POST', '/api/ride-requests', accraToKumasi()],
  ['GET', '/api/ride-requests/mine'],
  ['DELETE', `/api/ride-requests/${id}`],
  ['POST', '/api/saved-searches', accraToKumasiSearch(inDays(5))],
  ['GET', '/api/saved-searches/mine'],
  ['DELETE', `/api/saved-searches/${id}`],
];

describe('a guest', () => {
  it('gets 401 "Sign-in required" for every ride-request call', async () => {
    for (const [method, url, body] of routes(randomUUID())) {
      const response = await call(undefined, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toBe('Sign-in required');
    }
  });

  it('cannot pass for a user by sending an assertion header of its own', async () => {
    const forged = await signAssertion(system.config.INTERNAL_AUTH_SECRET, { kind: 'user', userId: randomUUID() }, 'rides');
    for (const [method, url, body] of routes(randomUUID())) {
      const response = await system.bff.inject({ method, url, headers: { origin: ORIGIN, [ASSERTION_HEADER]: forged }, ...(body ? { payload: body } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('a signed-in passenger', () => {
  it('files and cancels only so many requests a day; then a 429 in words, while another passenger still files', async () => {
    const limited = await buildBffApp({ ...system.config, RATE_LIMIT_RIDE_REQUESTS_PER_DAY: 2 }, system.redis);
    const on = (session: Session, method: Method, url: string, payload?: object) =>
      limited.inject({ method, url, headers: { origin: ORIGIN }, cookies: session.cookies, ...(payload ? { payload } : {}) });
    try {
      const ama = await signedIn();
      const filed = [];
      for (let i = 0; i < 2; i++) {
        const response = await on(ama, 'POST', '/api/ride-requests', accraToKumasi({ preferredDepartureDate: inDays(5 + i) }));
        expect(response.statusCode).toBe(201);
        filed.push(rideRequestSchema.parse(response.json()).id);
      }
      const refused = await on(ama, 'POST', '/api/ride-requests', accraToKumasi({ preferredDepartureDate: inDays(7) }));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^You're doing that too often\. Please try again in (24 hours|1 day)\.$/);
      expect(rideRequestListSchema.parse((await call(ama, 'GET', '/api/ride-requests/mine')).json()).requests).toHaveLength(2);

      // Cancelling has an allowance of its own, as large.
      const third = rideRequestSchema.parse((await call(ama, 'POST', '/api/ride-requests', accraToKumasi({ preferredDepartureDate: inDays(8) }))).json());
      for (const id of filed) expect((await on(ama, 'DELETE', `/api/ride-requests/${id}`)).statusCode).toBe(200);
      expect((await on(ama, 'DELETE', `/api/ride-requests/${third.id}`)).statusCode).toBe(429);

      const kofi = await signedIn();
      expect((await on(kofi, 'POST', '/api/ride-requests', accraToKumasi())).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('files a request, finds it in their list, and cancels it', async () => {
    const ama = await signedIn();
    const created = await call(ama, 'POST', '/api/ride-requests', accraToKumasi());
    expect(created.statusCode).toBe(201);
    const request = rideRequestSchema.parse(created.json());
    expect(request).toMatchObject({
      fromLocation: 'Circle, Accra',
      toLocation: 'Kejetia Market (Kumasi)',
      passengers: 2,
      maxPricePerSeat: '150.00',
      flexibleDates: true,
      notifyBySMS: true,
      status: 'active',
    });

    const mine = await call(ama, 'GET', '/api/ride-requests/mine');
    expect(mine.statusCode).toBe(200);
    expect(rideRequestListSchema.parse(mine.json()).requests).toEqual([{ ...request, matchedRides: [] }]);

    const cancelled = await call(ama, 'DELETE', `/api/ride-requests/${request.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ ok: true });
    expect((await call(ama, 'GET', '/api/ride-requests/mine')).json()).toEqual({ requests: [] });
  });

  it('sees a ride posted for their trip under their request, with a link-worthy summary', async () => {
    const ama = await signedIn();
    const request = rideRequestSchema.parse((await call(ama, 'POST', '/api/ride-requests', accraToKumasi())).json());
    const ride = await postedMatchingRide(inDays(5));
    // Matching runs when rides handles the ride's ride.posted event: the list shows it once that is done.
    const matched = await eventually(async () => {
      const mine = rideRequestListSchema.parse((await call(ama, 'GET', '/api/ride-requests/mine')).json());
      const rides = mine.requests.find((listed) => listed.id === request.id)?.matchedRides ?? [];
      return rides.length > 0 ? rides : undefined;
    });
    expect(matched).toEqual([
      { id: ride, fromCity: 'Accra', toCity: 'Kumasi', departureDate: inDays(5), departureTime: '08:30', pricePerSeat: '80.00', currency: 'GHS', availableSeats: 3 },
    ]);
  });

  it("sees only their own requests, and another user's is not found", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const request = rideRequestSchema.parse((await call(owner, 'POST', '/api/ride-requests', accraToKumasi())).json());

    expect((await call(other, 'GET', '/api/ride-requests/mine')).json()).toEqual({ requests: [] });
    const refused = await call(other, 'DELETE', `/api/ride-requests/${request.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(rideRequestMessages.notFound);
    expect(rideRequestListSchema.parse((await call(owner, 'GET', '/api/ride-requests/mine')).json()).requests.map((r) => r.id)).toEqual([request.id]);
  });

  it("gets the service's refusals with their messages", async () => {
    const kofi = await signedIn();
    for (const [change, message] of [
      [{ preferredDepartureDate: inDays(-1) }, rideRequestMessages.pastDate],
      [{ passengers: 9 }, rideRequestMessages.passengers],
      [{ toLocation: '' }, rideMessages.toLocation],
      [{ maxPricePerSeat: 'free' }, rideRequestMessages.maxPrice],
    ] as const) {
      const response = await call(kofi, 'POST', '/api/ride-requests', accraToKumasi(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    for (const id of [randomUUID(), 'not-a-request']) {
      const response = await call(kofi, 'DELETE', `/api/ride-requests/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe(rideRequestMessages.notFound);
    }
    expect((await call(kofi, 'GET', '/api/ride-requests/mine')).json()).toEqual({ requests: [] });
  });
});

describe("a signed-in member's saved searches", () => {
  it('saves the search, lists it with the ride posted for it, and deletes it; anyone else gets not found', async () => {
    const ama = await signedIn();
    const created = await call(ama, 'POST', '/api/saved-searches', accraToKumasiSearch(inDays(6)));
    expect(created.statusCode).toBe(201);
    const search = savedSearchSchema.parse(created.json());
    expect(search).toMatchObject({ fromLocation: 'Circle, Accra', toLocation: 'Kejetia Market (Kumasi)', departureDate: inDays(6), passengers: 2, maxPricePerSeat: '150.00', status: 'active' });
    // A saved search is not one of their ride requests.
    expect((await call(ama, 'GET', '/api/ride-requests/mine')).json()).toEqual({ requests: [] });

    const ride = await postedMatchingRide(inDays(6));
    const matched = await eventually(async () => {
      const mine = savedSearchListSchema.parse((await call(ama, 'GET', '/api/saved-searches/mine')).json()).searches;
      const rides = mine.find((listed) => listed.id === search.id)?.matchedRides ?? [];
      return rides.length > 0 ? rides : undefined;
    });
    expect(matched.map((listed) => listed.id)).toEqual([ride]);

    const other = await signedIn();
    expect((await call(other, 'GET', '/api/saved-searches/mine')).json()).toEqual({ searches: [] });
    const refused = await call(other, 'DELETE', `/api/saved-searches/${search.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(savedSearchMessages.notFound);

    expect((await call(ama, 'DELETE', `/api/saved-searches/${search.id}`)).json()).toEqual({ ok: true });
    expect((await call(ama, 'GET', '/api/saved-searches/mine')).json()).toEqual({ searches: [] });
  });

  it(`gets a 400 in words for an eleventh saved search, and for bad input`, async () => {
    const kofi = await signedIn();
    for (let day = 1; day <= maxSavedSearches; day++) expect((await call(kofi, 'POST', '/api/saved-searches', accraToKumasiSearch(inDays(day)))).statusCode).toBe(201);
    const eleventh = await call(kofi, 'POST', '/api/saved-searches', accraToKumasiSearch(inDays(11)));
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().message).toBe(savedSearchMessages.tooMany);
    const past = await call(kofi, 'POST', '/api/saved-searches', accraToKumasiSearch(inDays(-1)));
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(rideRequestMessages.pastDate);
  });
});
