import { randomBytes, randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type RideChanged, type RideRequestMatched, rideChanged, ridePosted, rideRequestMatched } from '@krom/contracts/events/rides';
import { userDeleted } from '@krom/contracts/events/identity';
import { type RideRequestExpired, rideRequestExpired } from '@krom/contracts/events/rides';
import { maxSavedSearches, rideRequestLifetimeDays, rideRequestListSchema, savedSearchListSchema, savedSearchMessages, savedSearchSchema } from '@krom/contracts/http/ride-requests';
import { expireRideRequests } from '../src/ride-requests/expire-ride-requests.ts';
import { matchRideRequests } from '../src/ride-requests/match-ride-requests.ts';
import type { Caller } from '@krom/server-kit/internal-auth';
import { eventually, publishedEvents } from '@krom/server-kit/testing';
import { consumedUpTo, publishedRideEvent, rideEventHandled } from './ride-events-handled.ts';
import { describe, expect, it } from 'vitest';
import { dayFromNow, insertUserProfile, useRidesService } from './rides-test-env.ts';

/*
 * Rides posted through the service's routes, their ride.posted events relayed to NATS and handled
 * by the service's own consumer, as in production: a test waits until that consumer has handled
 * the ride's event, then reads which requests were told of it from the outbox (what the
 * notifications service receives).
 */
const handle = useRidesService();

type User = { kind: 'user'; userId: string };
const user = (userId = randomUUID()): User => ({ kind: 'user', userId });

async function call(caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return handle.service.app.inject({ method, url, headers: await handle.as(caller), ...(payload ? { payload } : {}) });
}

/** Each test's places carry a tag of their own: the file's tests share one database. */
const newTag = () => randomBytes(4).toString('hex');

type Place = { city: string; location: string; localityArea?: string; latitude?: number; longitude?: number; placeId?: string };

/**
 * Three towns of one test on the Accra–Kumasi road, each with a locality and a named spot. The
 * names are the test's own; the real town's gazetteer id places them for the price cap.
 */
function towns(tag: string) {
  const place = (name: string, latitude: number, longitude: number, placeId: string): Place => ({
    city: `${name}-${tag}`,
    location: `${name} Lorry Park ${tag}`,
    localityArea: `${name}Zongo-${tag}`,
    latitude,
    longitude,
    placeId,
  });
  return {
    accra: place('Accra', 5.56, -0.2, 'osm-n27565080'),
    nkawkaw: place('Nkawkaw', 6.55, -0.77, 'osm-n2165312314'),
    kumasi: place('Kumasi', 6.69, -1.62, 'osm-n261702404'),
  };
}

let plates = 100;
/** An approved driver with a 7-seat vehicle (a woman's profile when `statedWoman`). */
async function newDriver(statedWoman = false) {
  const caller = user();
  await insertUserProfile(handle.service, caller.userId, { statedWoman });
  const vehicle = await call(caller, 'POST', '/vehicles', { make: 'Toyota', model: 'Sienna', year: 2017, color: 'White', licensePlate: `GE-${plates++}-18`, seats: 7 });
  expect(vehicle.statusCode).toBe(201);
  return { caller, vehicleId: vehicle.json().id as string };
}

type RideOptions = { stops?: (Place & { stopType?: 'pickup' | 'dropoff' | 'either' })[]; date?: string; time?: string; seats?: number; price?: string; womenOnly?: boolean };

/** Posts a ride through the API and returns its id once the service has handled its ride.posted event. */
async function postedAndHandled(driver: { caller: Caller; vehicleId: string }, from: Place, to: Place, options: RideOptions = {}): Promise<string> {
  const response = await call(driver.caller, 'POST', '/rides', {
    vehicleId: driver.vehicleId,
    fromCity: from.city,
    fromLocation: from.location,
    fromLocalityArea: from.localityArea,
    fromLatitude: from.latitude,
    fromLongitude: from.longitude,
    fromPlaceId: from.placeId,
    toCity: to.city,
    toLocation: to.location,
    toLocalityArea: to.localityArea,
    toLatitude: to.latitude,
    toLongitude: to.longitude,
    toPlaceId: to.placeId,
    stops: options.stops ?? [],
    departureDate: options.date ?? dayFromNow(3),
    departureTime: options.time ?? '08:00',
    availableSeats: options.seats ?? 3,
    pricePerSeat: options.price ?? '50',
    ...(options.womenOnly ? { womenOnly: true } : {}),
  });
  expect(response.statusCode).toBe(201);
  const rideId = response.json().id as string;
  await ridePostedHandled(rideId);
  return rideId;
}

const consumerOf = (subject: string) => `rides_${subject.replaceAll('.', '_')}`;

/** Waits until the service's consumer has acknowledged everything on `subject` up to stream sequence `seq`. */
const consumed = (subject: string, seq: number) => consumedUpTo(handle, subject, seq);

/** The ride's `subject` event (of `version`, when given) as the outbox holds it, once the relay has published it. */
const published = (subject: string, rideId: string, version?: number) => publishedRideEvent(handle, subject, rideId, version);
const publishedRidePosted = (rideId: string) => published(ridePosted.subject, rideId);

/** Waits until the service has handled the ride's `subject` event (published, then acknowledged by its consumer). */
const handled = (subject: string, rideId: string, version?: number) => rideEventHandled(handle, subject, rideId, version);
const ridePostedHandled = (rideId: string) => handled(ridePosted.subject, rideId);

/** The ride_request.matched events written for a ride, as the relay will publish them. */
async function matchedEvents(rideId: string): Promise<EventEnvelope<RideRequestMatched>[]> {
  const { rows } = await handle.service.db.$client.query<{ envelope: EventEnvelope<RideRequestMatched> }>(
    `SELECT envelope FROM outbox WHERE subject = $1 AND envelope->'data'->>'rideId' = $2 ORDER BY created_at`,
    [rideRequestMatched.subject, rideId],
  );
  return rows.map((row) => row.envelope);
}
/** Which requests were told of the ride, sorted. */
const toldOf = async (rideId: string) => (await matchedEvents(rideId)).map((event) => event.data.requestId).sort();
const sorted = (...ids: string[]) => [...ids].sort();

/** A request filed through the API; its places are the towns' texts (locality, else name) the form sends. */
async function requested(passenger: Caller, body: object): Promise<string> {
  const response = await call(passenger, 'POST', '/ride-requests', body);
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}
/** A request from one town to another by their names, as a passenger who picked the towns would file it. */
const between = (from: Place, to: Place, changes: object = {}) => ({ fromLocation: from.city, fromLocalityArea: from.city, toLocation: to.city, toLocalityArea: to.city, ...changes });

describe('a posted ride tells the requests it matches', () => {
  it("matches by town, the departure's and destination's city, locality or spot", async () => {
    const { accra, kumasi } = towns(newTag());
    const byCity = await requested(user(), between(accra, kumasi));
    const byLocality = await requested(user(), { fromLocation: 'Somewhere', fromLocalityArea: accra.localityArea, toLocation: 'There', toLocalityArea: kumasi.localityArea });
    const bySpot = await requested(user(), { fromLocation: accra.location, toLocation: kumasi.location });
    const ride = await postedAndHandled(await newDriver(), accra, kumasi);
    expect(await toldOf(ride)).toEqual(sorted(byCity, byLocality, bySpot));
  });

  it('matches by a stop, boarding before leaving, as the stop allows', async () => {
    const { accra, nkawkaw, kumasi } = towns(newTag());
    const fromStop = await requested(user(), between(nkawkaw, kumasi));
    const toStop = await requested(user(), between(accra, nkawkaw));
    const ride = await postedAndHandled(await newDriver(), accra, kumasi, { stops: [nkawkaw] });
    expect(await toldOf(ride)).toEqual(sorted(fromStop, toStop));

    // A drop-off-only stop is not boarded at; the destination is never boarded at.
    const { accra: a2, nkawkaw: n2, kumasi: k2 } = towns(newTag());
    const boardAtDropOff = await requested(user(), between(n2, k2));
    const leaveAtDropOff = await requested(user(), between(a2, n2));
    const dropOffRide = await postedAndHandled(await newDriver(), a2, k2, { stops: [{ ...n2, stopType: 'dropoff' }] });
    expect(await toldOf(dropOffRide)).toEqual([leaveAtDropOff]);
    expect(await toldOf(dropOffRide)).not.toContain(boardAtDropOff);
  });

  it('matches by coordinates: places within 10 km of a point of the route, whatever they are called', async () => {
    // A road of its own (Tamale to Bolgatanga through Walewale): no other test's request lies near it.
    const tag = newTag();
    const place = (name: string, latitude: number, longitude: number, placeId: string): Place => ({ city: `${name}-${tag}`, location: `${name} Station ${tag}`, latitude, longitude, placeId });
    const tamale = place('Tamale', 9.4, -0.84, 'osm-n30933440');
    const walewale = place('Walewale', 10.35, -0.8, 'osm-n434430040');
    const bolgatanga = place('Bolgatanga', 10.79, -0.85, 'osm-n434420117');
    const unnamed = (side: 'from' | 'to', latitude: number, longitude: number) => ({
      [`${side}Location`]: `Roadside ${randomUUID()}`,
      [`${side}Latitude`]: latitude,
      [`${side}Longitude`]: longitude,
    });
    // About 5 km from the departure, and from the stop: boarding at either reaches Bolgatanga.
    const near = await requested(user(), { ...unnamed('from', 9.44, -0.82), ...unnamed('to', 10.79, -0.81) });
    const nearStop = await requested(user(), { ...unnamed('from', 10.38, -0.78), ...unnamed('to', 10.8, -0.86) });
    // About 30 km from the departure.
    const far = await requested(user(), { ...unnamed('from', 9.67, -0.84), ...unnamed('to', 10.79, -0.85) });
    const ride = await postedAndHandled(await newDriver(), tamale, bolgatanga, { stops: [walewale] });
    expect(await toldOf(ride)).toEqual(sorted(near, nearStop));
    expect(await toldOf(ride)).not.toContain(far);
  });

  it('matches the preferred date exactly, ±1 day when flexible, and any date before the request expires without one', async () => {
    const { accra, kumasi } = towns(newTag());
    const day = (offset: number) => dayFromNow(5 + offset);
    const exact = await requested(user(), between(accra, kumasi, { preferredDepartureDate: day(0), flexibleDates: false }));
    await requested(user(), between(accra, kumasi, { preferredDepartureDate: day(1), flexibleDates: false }));
    const dayBefore = await requested(user(), between(accra, kumasi, { preferredDepartureDate: day(-1), flexibleDates: true }));
    const dayAfter = await requested(user(), between(accra, kumasi, { preferredDepartureDate: day(1) }));
    await requested(user(), between(accra, kumasi, { preferredDepartureDate: day(2), flexibleDates: true }));
    await requested(user(), between(accra, kumasi, { preferredDepartureDate: day(-2), flexibleDates: true }));
    const anyDate = await requested(user(), between(accra, kumasi));
    const driver = await newDriver();

    const ride = await postedAndHandled(driver, accra, kumasi, { date: day(0) });
    expect(await toldOf(ride)).toEqual(sorted(exact, dayBefore, dayAfter, anyDate));

    // Past the 30 days a request without a date stays open, nothing matches.
    const later = await postedAndHandled(driver, accra, kumasi, { date: dayFromNow(31) });
    expect(await toldOf(later)).toEqual([]);
  });

  it('does not match the reverse direction, too few seats, a price above the maximum, or a closed request', async () => {
    const { accra, kumasi } = towns(newTag());
    await requested(user(), between(kumasi, accra));
    await requested(user(), between(accra, kumasi, { passengers: 3 }));
    const enoughSeats = await requested(user(), between(accra, kumasi, { passengers: 2 }));
    await requested(user(), between(accra, kumasi, { maxPricePerSeat: '49.99' }));
    const priceAtMax = await requested(user(), between(accra, kumasi, { maxPricePerSeat: '50' }));
    const cancelledBy = user();
    const cancelled = await requested(cancelledBy, between(accra, kumasi));
    expect((await call(cancelledBy, 'DELETE', `/ride-requests/${cancelled}`)).statusCode).toBe(200);
    const expired = await requested(user(), between(accra, kumasi));
    await handle.service.db.$client.query("UPDATE ride_requests SET expires_at = now() - interval '1 second' WHERE id = $1", [expired]);
    const suspended = user();
    await insertUserProfile(handle.service, suspended.userId, { suspended: true });
    await requested(suspended, between(accra, kumasi));

    const ride = await postedAndHandled(await newDriver(), accra, kumasi, { seats: 2, price: '50' });
    expect(await toldOf(ride)).toEqual(sorted(enoughSeats, priceAtMax));
  });

  it('tells of a women-only ride only the requests of verified members who stated “woman”, those who could book it', async () => {
    const { accra, kumasi } = towns(newTag());
    const woman = user();
    await insertUserProfile(handle.service, woman.userId, { statedWoman: true });
    const hers = await requested(woman, between(accra, kumasi));
    const unverified = user();
    await insertUserProfile(handle.service, unverified.userId, { statedWoman: true, verificationStatus: 'pending', driverVerificationStatus: 'not_submitted' });
    await requested(unverified, between(accra, kumasi));
    const man = user();
    await insertUserProfile(handle.service, man.userId, { statedWoman: false });
    await requested(man, between(accra, kumasi));

    expect(await toldOf(await postedAndHandled(await newDriver(true), accra, kumasi, { womenOnly: true }))).toEqual([hers]);
    // The same trip open to all tells everyone.
    expect((await toldOf(await postedAndHandled(await newDriver(true), accra, kumasi))).length).toBe(3);
  });

  it('never tells a passenger kept apart from the driver by a block, whoever blocked whom; unblocked, the next ride tells them again', async () => {
    const { accra, kumasi } = towns(newTag());
    const driver = await newDriver();
    const [blockedByDriver, blockedTheDriver, open] = [user(), user(), user()];
    for (const passenger of [blockedByDriver, blockedTheDriver, open]) await insertUserProfile(handle.service, passenger.userId);
    const blockedRequest = await requested(blockedByDriver, between(accra, kumasi));
    const blockerRequest = await requested(blockedTheDriver, between(accra, kumasi));
    const openRequest = await requested(open, between(accra, kumasi));
    expect((await call(driver.caller, 'POST', '/blocks', { memberId: blockedByDriver.userId })).statusCode).toBe(201);
    expect((await call(blockedTheDriver, 'POST', '/blocks', { memberId: driver.caller.userId })).statusCode).toBe(201);

    const ride = await postedAndHandled(driver, accra, kumasi);
    expect(await toldOf(ride)).toEqual([openRequest]);
    // A change of the ride matches it again: still nobody kept apart.
    const changed = await call(driver.caller, 'PUT', `/rides/${ride}`, { departureDate: dayFromNow(3), departureTime: '08:00', availableSeats: 3, pricePerSeat: '45' });
    expect(changed.statusCode).toBe(200);
    await handled(rideChanged.subject, ride);
    expect(await toldOf(ride)).toEqual([openRequest]);

    // Unblocked both ways: the driver's next ride tells them.
    expect((await call(driver.caller, 'DELETE', `/blocks/${blockedByDriver.userId}`)).statusCode).toBeLessThan(300);
    expect((await call(blockedTheDriver, 'DELETE', `/blocks/${driver.caller.userId}`)).statusCode).toBeLessThan(300);
    const next = await postedAndHandled(driver, accra, kumasi, { time: '10:00' });
    expect(await toldOf(next)).toEqual(sorted(blockedRequest, blockerRequest, openRequest));
  });

  it("never tells a driver of their own ride", async () => {
    const { accra, kumasi } = towns(newTag());
    const driver = await newDriver();
    await requested(driver.caller, between(accra, kumasi));
    const passenger = await requested(user(), between(accra, kumasi));
    const ride = await postedAndHandled(driver, accra, kumasi);
    expect(await toldOf(ride)).toEqual([passenger]);
  });
});

describe('the ride_request.matched event', () => {
  it("carries the ride, the request's channels and its next version, and is published to the bus", async () => {
    const { accra, kumasi } = towns(newTag());
    const passenger = user();
    const requestId = await requested(passenger, between(accra, kumasi, { notifyByEmail: false, notifyBySMS: true, passengers: 2 }));
    const date = dayFromNow(4);
    const driver = await newDriver();
    const ride = await postedAndHandled(driver, accra, kumasi, { date, time: '14:30', seats: 3, price: '120' });

    const [event, ...others] = await matchedEvents(ride);
    expect(others).toEqual([]);
    expect(event?.type).toBe(rideRequestMatched.subject);
    expect(event?.data).toEqual({
      requestId,
      passengerId: passenger.userId,
      rideId: ride,
      driverId: driver.caller.userId,
      // The ride's code: the match SMS ends with it and how to book it by SMS.
      rideCode: await rideCodeOf(ride),
      fromLocation: accra.location,
      toLocation: kumasi.location,
      departureDate: date,
      departureTime: '14:30',
      departureAt: `${date}T14:30:00.000Z`,
      availableSeats: 3,
      pricePerSeat: '120.00',
      currency: 'GHS',
      notifyByEmail: false,
      notifyBySMS: true,
      kind: 'request',
      matchedAt: expect.any(String),
      version: 2,
    });
    expect(rideRequestMatched.schema.parse(event?.data)).toEqual(event?.data);

    // The passenger's request shows when they were last told.
    const mine = rideRequestListSchema.parse((await call(passenger, 'GET', '/ride-requests/mine')).json()).requests;
    expect(mine.map((r) => [r.id, r.lastNotifiedAt])).toEqual([[requestId, event?.data.matchedAt]]);

    const published = await eventually(async () => {
      const found = (await publishedEvents(handle.service.bus, rideRequestMatched.subject)).filter((e) => e.id === event?.id);
      return found.length > 0 ? found : undefined;
    });
    expect(published).toEqual([event]);
  });

  it('tells a passenger whose requests the ride matches twice once, by every channel either asked for', async () => {
    const { accra, kumasi } = towns(newTag());
    const passenger = user();
    const date = dayFromNow(6);
    const onTheDay = await requested(passenger, between(accra, kumasi, { preferredDepartureDate: date, notifyByEmail: false, notifyBySMS: true }));
    const anyDay = await requested(passenger, between(accra, kumasi, { notifyByEmail: true, notifyBySMS: false }));
    const ride = await postedAndHandled(await newDriver(), accra, kumasi, { date });

    const events = await matchedEvents(ride);
    expect(events.map((event) => [event.data.passengerId, event.data.requestId, event.data.notifyByEmail, event.data.notifyBySMS])).toEqual([
      [passenger.userId, sorted(onTheDay, anyDay)[0], true, true],
    ]);
    // Both requests count as told of it.
    const mine = rideRequestListSchema.parse((await call(passenger, 'GET', '/ride-requests/mine')).json()).requests;
    expect(mine.every((request) => request.lastNotifiedAt !== null)).toBe(true);
  });

  it('is written once per request and ride, even when ride.posted is delivered twice', async () => {
    const { accra, kumasi } = towns(newTag());
    const requestId = await requested(user(), between(accra, kumasi));
    const ride = await postedAndHandled(await newDriver(), accra, kumasi);
    expect(await toldOf(ride)).toEqual([requestId]);

    // The same event again under a new Nats-Msg-Id: a second delivery, not one the stream drops.
    const bus = handle.service.bus;
    const envelope = await publishedRidePosted(ride);
    const again = await bus.js.publish(bus.subjectOf(ridePosted.subject), JSON.stringify(envelope), { msgID: randomUUID() });
    expect(again.duplicate).toBe(false);
    await consumed(ridePosted.subject, again.seq);

    expect(await toldOf(ride)).toEqual([requestId]);
    const { rows } = await handle.service.db.$client.query(
      'SELECT m.ride_id, q.version FROM ride_request_matches m JOIN ride_requests q ON q.id = m.request_id WHERE m.request_id = $1',
      [requestId],
    );
    expect(rows).toEqual([{ ride_id: ride, version: 2 }]);
  });

  it('is not retried when the ride can never be matched (departing 9999-12-31, whose next day PostgreSQL cannot read): its event is terminated on the first delivery', async () => {
    const { accra, kumasi } = towns(newTag());
    const ride = await postedAndHandled(await newDriver(), accra, kumasi);
    // What the contract let through before it bounded departures: the day after 9999-12-31 is no date PostgreSQL reads.
    await handle.service.db.$client.query(`UPDATE rides SET departure_date = '9999-12-31', departure_at = '9999-12-31T08:00:00Z' WHERE id = $1`, [ride]);
    const bus = handle.service.bus;
    const before = await bus.jsm.consumers.info(bus.streamName, consumerOf(ridePosted.subject));
    const again = await bus.js.publish(bus.subjectOf(ridePosted.subject), JSON.stringify(await publishedRidePosted(ride)), { msgID: randomUUID() });
    // Either the event is settled, or the consumer is waiting to deliver it again: which one is the answer.
    const settled = await eventually(async () => {
      const info = await bus.jsm.consumers.info(bus.streamName, consumerOf(ridePosted.subject));
      if (info.num_redelivered > before.num_redelivered) return 'to be retried';
      return info.ack_floor.stream_seq >= again.seq && info.num_ack_pending === 0 ? 'terminated' : undefined;
    });
    expect(settled).toBe('terminated');
  });
});

describe("the passenger's requests, with the rides they matched", () => {
  const matchedRidesOf = async (passenger: User, requestId: string) => {
    const response = await call(passenger, 'GET', '/ride-requests/mine');
    expect(response.statusCode).toBe(200);
    return rideRequestListSchema.parse(response.json()).requests.find((request) => request.id === requestId)?.matchedRides;
  };

  it('lists each ride posted after the request that matched it, soonest first, with what a passenger chooses by', async () => {
    const { accra, kumasi } = towns(newTag());
    const passenger = user();
    const requestId = await requested(passenger, between(accra, kumasi));
    expect(await matchedRidesOf(passenger, requestId)).toEqual([]);
    const driver = await newDriver();
    const later = await postedAndHandled(driver, accra, kumasi, { date: dayFromNow(4), time: '09:15', price: '60', seats: 2 });
    const sooner = await postedAndHandled(driver, accra, kumasi, { date: dayFromNow(3), time: '07:30' });
    const ride = { fromCity: accra.city, toCity: kumasi.city, currency: 'GHS' };
    expect(await matchedRidesOf(passenger, requestId)).toEqual([
      { id: sooner, ...ride, departureDate: dayFromNow(3), departureTime: '07:30', pricePerSeat: '50.00', availableSeats: 3 },
      { id: later, ...ride, departureDate: dayFromNow(4), departureTime: '09:15', pricePerSeat: '60.00', availableSeats: 2 },
    ]);
  });

  it('leaves out a matched ride once it is cancelled, full, or its driver is suspended', async () => {
    const { accra, kumasi } = towns(newTag());
    const passenger = user();
    const requestId = await requested(passenger, between(accra, kumasi));
    const [kept, cancelled, full, hidden] = [await newDriver(), await newDriver(), await newDriver(), await newDriver()];
    const keptRide = await postedAndHandled(kept, accra, kumasi);
    const cancelledRide = await postedAndHandled(cancelled, accra, kumasi);
    const fullRide = await postedAndHandled(full, accra, kumasi);
    await postedAndHandled(hidden, accra, kumasi);
    expect(await matchedRidesOf(passenger, requestId)).toHaveLength(4);

    expect((await call(cancelled.caller, 'POST', `/rides/${cancelledRide}/cancel`)).statusCode).toBe(200);
    await handle.service.db.$client.query('UPDATE rides SET available_seats = 0 WHERE id = $1', [fullRide]);
    await insertUserProfile(handle.service, (hidden.caller as User).userId, { suspended: true });
    expect((await matchedRidesOf(passenger, requestId))?.map((ride) => ride.id)).toEqual([keptRide]);
  });
});

describe('a changed ride', () => {
  type Driver = Awaited<ReturnType<typeof newDriver>>;
  const terms = { departureDate: dayFromNow(3), departureTime: '08:00', availableSeats: 3, pricePerSeat: '50' };
  /** Changes the ride through the route and waits until the service has matched it again. */
  async function changed(driver: Driver, rideId: string, changes: object): Promise<RideChanged | undefined> {
    const response = await call(driver.caller, 'PUT', `/rides/${rideId}`, { ...terms, ...changes });
    expect(response.statusCode).toBe(200);
    const { rows } = await handle.service.db.$client.query<{ version: number }>('SELECT version FROM rides WHERE id = $1', [rideId]);
    const version = rows[0]!.version;
    const event = (await handle.service.db.$client.query<{ envelope: EventEnvelope<RideChanged> }>(
      `SELECT envelope FROM outbox WHERE subject = $1 AND envelope->'data'->>'rideId' = $2 AND (envelope->'data'->>'version')::int = $3`,
      [rideChanged.subject, rideId, version],
    )).rows[0]?.envelope;
    if (event) await handled(rideChanged.subject, rideId, version);
    return event?.data;
  }

  it('tells a request the ride now suits once, by ride_request.matched, and the ones already told not again', async () => {
    const { accra, kumasi } = towns(newTag());
    const already = await requested(user(), between(accra, kumasi));
    const cheaper = await requested(user(), between(accra, kumasi, { maxPricePerSeat: '40' }));
    const driver = await newDriver();
    const ride = await postedAndHandled(driver, accra, kumasi);
    expect(await toldOf(ride)).toEqual([already]);

    await changed(driver, ride, { pricePerSeat: '40' });
    expect(await toldOf(ride)).toEqual(sorted(already, cheaper));
    // A second change (the description) tells nobody of it again.
    await changed(driver, ride, { pricePerSeat: '40', description: 'Air conditioned' });
    expect(await toldOf(ride)).toEqual(sorted(already, cheaper));
  });

  it("tells the passengers told of it what matters to them: a price above their maximum, fewer seats than they need, a new day", async () => {
    const { accra, kumasi } = towns(newTag());
    const noLimit = user();
    const noLimitRequest = await requested(noLimit, between(accra, kumasi, { notifyByEmail: false, notifyBySMS: true }));
    const atMost60 = user();
    const atMost60Request = await requested(atMost60, between(accra, kumasi, { maxPricePerSeat: '60' }));
    const three = user();
    const threeRequest = await requested(three, between(accra, kumasi, { passengers: 3, preferredDepartureDate: dayFromNow(3), flexibleDates: false }));
    const driver = await newDriver();
    const ride = await postedAndHandled(driver, accra, kumasi);
    expect(await toldOf(ride)).toEqual(sorted(noLimitRequest, atMost60Request, threeRequest));
    const told = (event: RideChanged | undefined) =>
      [...(event?.passengers ?? [])].sort((a, b) => a.passengerId.localeCompare(b.passengerId));
    const entry = (passenger: User, requestId: string, stillMatches: boolean, channels = { notifyByEmail: true, notifyBySMS: false }) =>
      ({ passengerId: passenger.userId, requestId, stillMatches, ...channels });
    const sortedEntries = (...entries: ReturnType<typeof entry>[]) => entries.sort((a, b) => a.passengerId.localeCompare(b.passengerId));

    // Only the description: nothing a passenger relies on, nobody told.
    expect((await changed(driver, ride, { description: 'Leaving from the car park' }))?.passengers).toEqual([]);
    // A lower price is no bad news.
    expect((await changed(driver, ride, { pricePerSeat: '45' }))?.passengers).toEqual([]);

    // The price up past one passenger's maximum: everyone hears, that passenger that it no longer matches.
    const priceUp = await changed(driver, ride, { pricePerSeat: '70' });
    expect(priceUp?.changed).toEqual(['pricePerSeat']);
    expect(told(priceUp)).toEqual(sortedEntries(
      entry(noLimit, noLimitRequest, true, { notifyByEmail: false, notifyBySMS: true }),
      entry(atMost60, atMost60Request, false),
      entry(three, threeRequest, true),
    ));

    // Seats cut below three: only the passenger who needs three hears.
    const fewer = await changed(driver, ride, { pricePerSeat: '70', availableSeats: 2 });
    expect(told(fewer)).toEqual([entry(three, threeRequest, false)]);
    // Later edits that leave the seats alone are no news to that passenger, though the ride still has too few.
    expect((await changed(driver, ride, { pricePerSeat: '70', availableSeats: 2, description: 'Air conditioned' }))?.passengers).toEqual([]);
    expect((await changed(driver, ride, { pricePerSeat: '65', availableSeats: 2 }))?.passengers).toEqual([]);

    // Moved a day: everyone; the one who asked for that very day no longer matches.
    const moved = await changed(driver, ride, { pricePerSeat: '65', availableSeats: 2, departureDate: dayFromNow(4) });
    expect(moved?.changed).toEqual(['departureDate']);
    expect(told(moved)).toEqual(sortedEntries(
      entry(noLimit, noLimitRequest, true, { notifyByEmail: false, notifyBySMS: true }),
      entry(atMost60, atMost60Request, false),
      entry(three, threeRequest, false),
    ));

    // Cancelled: everyone, no longer a match.
    expect((await call(driver.caller, 'POST', `/rides/${ride}/cancel`)).statusCode).toBe(200);
    const { rows } = await handle.service.db.$client.query<{ envelope: EventEnvelope<RideChanged> }>(
      `SELECT envelope FROM outbox WHERE subject = $1 AND envelope->'data'->>'rideId' = $2 AND envelope->'data'->'changed' ? 'status'`,
      [rideChanged.subject, ride],
    );
    expect(told(rows[0]?.envelope.data).map((passenger) => [passenger.passengerId, passenger.stillMatches])).toEqual(
      [noLimit, atMost60, three].map((passenger) => [passenger.userId, false]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it('tells the passengers of the rides a deleted driver leaves behind that they were cancelled', async () => {
    const { accra, kumasi } = towns(newTag());
    const passenger = user();
    const requestId = await requested(passenger, between(accra, kumasi));
    const driver = await newDriver();
    const ride = await postedAndHandled(driver, accra, kumasi);
    const bus = handle.service.bus;
    await bus.js.publish(
      bus.subjectOf(userDeleted.subject),
      JSON.stringify({ id: randomUUID(), type: userDeleted.subject, occurredAt: new Date().toISOString(), data: { userId: driver.caller.userId, deletedAt: new Date().toISOString() } }),
    );
    const event = await published(rideChanged.subject, ride);
    expect(event?.data).toMatchObject({ changed: ['status'], current: { status: 'cancelled' }, passengers: [{ passengerId: passenger.userId, requestId, stillMatches: false }] });
  });
});

/*
 * Saved searches: a member's search kept as an alert, a ride_requests row of kind saved_search,
 * matched like a request but never shown to drivers.
 */
describe('saved searches', () => {
  /** A search of the listing between two towns, as the listing saves it. */
  const search = (from: Place, to: Place, changes: object = {}) => ({ fromLocation: from.city, fromLocalityArea: from.city, toLocation: to.city, toLocalityArea: to.city, ...changes });
  async function saved(member: Caller, body: object) {
    const response = await call(member, 'POST', '/saved-searches', body);
    expect(response.statusCode).toBe(201);
    return savedSearchSchema.parse(response.json());
  }
  const mySearches = async (member: Caller) => savedSearchListSchema.parse((await call(member, 'GET', '/saved-searches/mine')).json()).searches;
  const requestedRides = async (driver: Caller) => (await call(driver, 'GET', '/driver/requested-rides')).json().requests as { requestId: string }[];

  it('saves the search with its date, seats and price limit, lists it apart from the ride requests, and lapses at the end of its day in Ghana or 30 days on', async () => {
    const { accra, kumasi } = towns(newTag());
    const member = user();
    const date = dayFromNow(5);
    const dated = await saved(member, search(accra, kumasi, { departureDate: date, passengers: 2, maxPricePerSeat: '80' }));
    expect(dated).toMatchObject({
      fromLocation: accra.city,
      toLocation: kumasi.city,
      departureDate: date,
      passengers: 2,
      maxPricePerSeat: '80.00',
      status: 'active',
      expiresAt: `${date}T23:59:59.999Z`,
      matchedRides: [],
    });
    const undated = await saved(member, search(accra, kumasi));
    expect(undated).toMatchObject({ departureDate: null, passengers: 1, maxPricePerSeat: null });
    expect(Date.parse(undated.expiresAt) - Date.parse(undated.createdAt)).toBe(rideRequestLifetimeDays * 86_400_000);
    expect((await mySearches(member)).map((listed) => listed.id)).toEqual([undated.id, dated.id]);
    // Not a ride request: not in that list, and not cancelled by its route.
    expect(rideRequestListSchema.parse((await call(member, 'GET', '/ride-requests/mine')).json()).requests).toEqual([]);
    expect((await call(member, 'DELETE', `/ride-requests/${dated.id}`)).statusCode).toBe(404);
    // Nobody else sees or deletes it.
    const other = user();
    expect(await mySearches(other)).toEqual([]);
    const foreign = await call(other, 'DELETE', `/saved-searches/${dated.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(savedSearchMessages.notFound);
    expect((await call(member, 'DELETE', '/saved-searches/not-a-uuid')).statusCode).toBe(404);

    expect((await call(member, 'DELETE', `/saved-searches/${dated.id}`)).json()).toEqual({ ok: true });
    expect((await call(member, 'DELETE', `/saved-searches/${dated.id}`)).statusCode).toBe(200);
    expect((await mySearches(member)).map((listed) => listed.id)).toEqual([undated.id]);
  });

  it(`refuses an eleventh active saved search with a 400 in words, and the same search twice with a 409; ride requests do not count`, async () => {
    const { accra, kumasi } = towns(newTag());
    const member = user();
    expect((await call(member, 'POST', '/ride-requests', between(accra, kumasi))).statusCode).toBe(201);
    const first = await saved(member, search(accra, kumasi, { departureDate: dayFromNow(1) }));
    const twice = await call(member, 'POST', '/saved-searches', search(accra, kumasi, { departureDate: dayFromNow(1) }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(savedSearchMessages.duplicate);
    for (let day = 2; day <= maxSavedSearches; day++) await saved(member, search(accra, kumasi, { departureDate: dayFromNow(day) }));
    const eleventh = await call(member, 'POST', '/saved-searches', search(accra, kumasi, { departureDate: dayFromNow(20) }));
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().message).toBe('You have 10 saved searches. Delete one before saving another.');
    // Deleting one makes room.
    expect((await call(member, 'DELETE', `/saved-searches/${first.id}`)).statusCode).toBe(200);
    await saved(member, search(accra, kumasi, { departureDate: dayFromNow(20) }));
    // Bad input is a 400 under its field.
    const same = await call(member, 'POST', '/saved-searches', search(accra, accra));
    expect(same.statusCode).toBe(400);
  });

  it('tells the member of a posted ride once, by SMS as a saved search, and not a ride above its price or after it was deleted', async () => {
    const { accra, kumasi } = towns(newTag());
    const member = user();
    const date = dayFromNow(4);
    const alert = await saved(member, search(accra, kumasi, { departureDate: date, passengers: 2, maxPricePerSeat: '100' }));
    const driver = await newDriver();
    const ride = await postedAndHandled(driver, accra, kumasi, { date, time: '14:30', seats: 3, price: '90' });
    const [event, ...others] = await matchedEvents(ride);
    expect(others).toEqual([]);
    expect(event?.data).toMatchObject({ requestId: alert.id, passengerId: member.userId, rideId: ride, kind: 'saved_search', notifyBySMS: true, notifyByEmail: false });
    // Matched again (ride.posted delivered twice): told once.
    expect(await matchRideRequests(handle.service.db, ride)).toEqual([]);
    expect(await toldOf(ride)).toEqual([alert.id]);
    expect((await mySearches(member))[0]?.matchedRides.map((matched) => matched.id)).toEqual([ride]);

    expect(await toldOf(await postedAndHandled(driver, accra, kumasi, { date, time: '16:00', price: '120' }))).toEqual([]);
    expect((await call(member, 'DELETE', `/saved-searches/${alert.id}`)).statusCode).toBe(200);
    expect(await toldOf(await postedAndHandled(driver, accra, kumasi, { date, time: '18:00' }))).toEqual([]);
  });

  it('is told as a request when the same ride matches a request of the member too', async () => {
    const { accra, kumasi } = towns(newTag());
    const member = user();
    const date = dayFromNow(4);
    await saved(member, search(accra, kumasi, { departureDate: date }));
    const request = await requested(member, between(accra, kumasi, { preferredDepartureDate: date }));
    const events = await matchedEvents(await postedAndHandled(await newDriver(), accra, kumasi, { date }));
    expect(events.map((matched) => [matched.data.requestId, matched.data.kind])).toEqual([[request, 'request']]);
  });

  it('lapses at the end of its day on the given clock, quietly, and is then told of no ride', async () => {
    const { accra, kumasi } = towns(newTag());
    const driver = await newDriver();
    const date = dayFromNow(1);
    // Saved after the first ride was matched, so the matcher's row lock never meets the sweeps below.
    await postedAndHandled(driver, accra, kumasi, { date });
    const member = user();
    const alert = await saved(member, search(accra, kumasi, { departureDate: date }));
    const lastInstant = new Date(`${date}T23:59:59.999Z`);
    await expireRideRequests(handle.service.db, new Date(lastInstant.getTime() - 1));
    expect((await mySearches(member)).map((listed) => listed.id)).toEqual([alert.id]);
    await expireRideRequests(handle.service.db, lastInstant);
    expect(await mySearches(member)).toEqual([]);
    const { rows: expiredEvents } = await handle.service.db.$client.query<{ envelope: EventEnvelope<RideRequestExpired> }>(
      `SELECT envelope FROM outbox WHERE subject = $1 AND envelope->'data'->>'requestId' = $2`,
      [rideRequestExpired.subject, alert.id],
    );
    expect(expiredEvents).toEqual([]);
    // A ride posted for that day afterwards is not told to it, though the clock is still within the day.
    const later = await postedAndHandled(driver, accra, kumasi, { date, time: '12:00' });
    expect(await toldOf(later)).toEqual([]);
  });

  it('is never shown to drivers on Requested Rides, nor accepted or declined, while a request for the same trip is', async () => {
    const { accra, kumasi } = towns(newTag());
    const driver = await newDriver();
    const date = dayFromNow(3);
    const ride = await postedAndHandled(driver, accra, kumasi, { date });
    const member = user();
    await insertUserProfile(handle.service, member.userId);
    const alert = await saved(member, search(accra, kumasi, { departureDate: date }));
    const request = await requested(user(), between(accra, kumasi, { preferredDepartureDate: date }));
    expect((await requestedRides(driver.caller)).map((shown) => shown.requestId)).toEqual([request]);
    expect((await call(driver.caller, 'POST', `/driver/requested-rides/${alert.id}/accept`, { rideId: ride })).statusCode).toBe(404);
    expect((await call(driver.caller, 'POST', `/driver/requested-rides/${alert.id}/decline`)).statusCode).toBe(404);
  });

  it('never tells a member kept apart from the driver by a block, whoever blocked whom', async () => {
    const { accra, kumasi } = towns(newTag());
    const driver = await newDriver();
    const [blockedByDriver, blockedTheDriver, open] = [user(), user(), user()];
    for (const member of [blockedByDriver, blockedTheDriver, open]) await insertUserProfile(handle.service, member.userId);
    await saved(blockedByDriver, search(accra, kumasi));
    await saved(blockedTheDriver, search(accra, kumasi));
    const openSearch = await saved(open, search(accra, kumasi));
    expect((await call(driver.caller, 'POST', '/blocks', { memberId: blockedByDriver.userId })).statusCode).toBe(201);
    expect((await call(blockedTheDriver, 'POST', '/blocks', { memberId: driver.caller.userId })).statusCode).toBe(201);
    expect(await toldOf(await postedAndHandled(driver, accra, kumasi))).toEqual([openSearch.id]);
  });
});
async function rideCodeOf(rideId: string): Promise<string> {
  const { rows } = await handle.service.db.$client.query<{ ride_code: string }>('SELECT ride_code FROM rides WHERE id = $1', [rideId]);
  return rows[0]!.ride_code;
}
