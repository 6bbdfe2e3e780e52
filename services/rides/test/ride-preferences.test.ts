import { randomBytes } from 'node:crypto';
import { applyUserSnapshot } from '../src/events/user-profile-projection.ts';
import { type RidePreferences, rideDetailsSchema, rideSearchResponseSchema, womenOnlyMessages } from '@krom/contracts/http/rides';
import { type RideChanged, type RidePosted, rideChanged, ridePosted } from '@krom/contracts/events/rides';
import { describe, expect, it } from 'vitest';
import { bookingCalls, type Member } from './bookings-env.ts';
import { dayFromNow, type ProfileSeed, useRidesService } from './rides-test-env.ts';

/*
 * Ride preferences and women-only rides: what the driver states when posting is on the ride and
 * in the listing, the listing's filters list only the rides that match (its kept answers keyed by
 * them), and a women-only ride is posted and booked only by verified members who stated "woman",
 * as rides' projection of identity says at that moment.
 */

/** Answers kept for 300 s: a filter left out of the cache key would answer a filtered search with an unfiltered one's kept rides. */
const handle = useRidesService({ SEARCH_CACHE_SECONDS: '300' });
const api = bookingCalls(handle);

const woman: ProfileSeed = { firstName: 'Abena', lastName: 'Owusu', statedWoman: true };
const easy: RidePreferences = { luggage: 'large', smoking: false, pets: true, airConditioning: true, maxTwoInBack: true };
const strict: RidePreferences = { luggage: 'small', smoking: true, pets: false, airConditioning: false, maxTwoInBack: false };

let plates = 100;
async function driver(profile: ProfileSeed = {}): Promise<{ caller: Member; vehicleId: string }> {
  const caller = await api.member(profile);
  const vehicle = await api.call(caller, 'POST', '/vehicles', { make: 'Toyota', model: 'Vitz', year: 2018, color: 'Blue', licensePlate: `GW-${plates++}-22`, seats: 5 });
  expect(vehicle.statusCode).toBe(201);
  return { caller, vehicleId: vehicle.json().id as string };
}

/** A route of its own for each test (the file's tests share one database and one cache). */
function route() {
  const tag = randomBytes(4).toString('hex');
  return { from: `Ho-${tag}`, to: `Aflao-${tag}` };
}

const rideBody = (owner: { vehicleId: string }, places: { from: string; to: string }, date: string, extra: object) => ({
  vehicleId: owner.vehicleId,
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
  pricePerSeat: '40',
  ...extra,
});

async function post(owner: Awaited<ReturnType<typeof driver>>, places: { from: string; to: string }, date: string, extra: object = {}) {
  const response = await api.call(owner.caller, 'POST', '/rides', rideBody(owner, places, date, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function search(places: { from: string; to: string }, date: string, filters: Record<string, string> = {}) {
  const response = await api.call({ kind: 'public' }, 'GET', `/rides?${new URLSearchParams({ ...places, date, ...filters })}`);
  expect(response.statusCode, response.body).toBe(200);
  return rideSearchResponseSchema.parse(response.json());
}

describe('ride preferences', () => {
  it('keeps what the driver stated and shows it on the ride and in the listing', async () => {
    const places = route();
    const date = dayFromNow(4);
    const id = await post(await driver(), places, date, { preferences: easy });

    const details = rideDetailsSchema.parse((await api.call({ kind: 'public' }, 'GET', `/rides/${id}`)).json());
    expect(details).toMatchObject({ preferences: easy, womenOnly: false });
    expect((await search(places, date)).rides.map((ride) => ride.preferences)).toEqual([easy]);
  });

  it('refuses a luggage size it does not know, in the rule’s words', async () => {
    const owner = await driver();
    const response = await api.call(owner.caller, 'POST', '/rides', rideBody(owner, route(), dayFromNow(4), { preferences: { ...easy, luggage: 'huge' } }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(womenOnlyMessages.luggage);
  });

  it('lists only the rides matching each filter, a ride stating nothing matching none', async () => {
    const places = route();
    const date = dayFromNow(5);
    const easyRide = await post(await driver(), places, date, { preferences: easy, departureTime: '06:00' });
    const strictRide = await post(await driver(), places, date, { preferences: strict, departureTime: '07:00' });
    const medium = await post(await driver(), places, date, { preferences: { ...strict, luggage: 'medium', smoking: false }, departureTime: '08:00' });
    const unstated = await post(await driver(), places, date, { departureTime: '09:00' });
    const womenRide = await post(await driver(woman), places, date, { preferences: strict, womenOnly: true, departureTime: '10:00' });

    const ids = async (filters: Record<string, string>) => (await search(places, date, filters)).rides.map((ride) => ride.id);
    // Unfiltered first: its kept answer must not serve the filtered searches that follow.
    expect(await ids({})).toEqual([easyRide, strictRide, medium, unstated, womenRide]);
    expect(await ids({ luggage: 'medium' })).toEqual([easyRide, medium]);
    expect(await ids({ luggage: 'small' })).toEqual([easyRide, strictRide, medium, womenRide]);
    expect(await ids({ noSmoking: 'true' })).toEqual([easyRide, medium]);
    expect(await ids({ pets: 'true' })).toEqual([easyRide]);
    expect(await ids({ airConditioning: 'true', maxTwoInBack: 'true' })).toEqual([easyRide]);
    expect(await ids({ womenOnly: 'true' })).toEqual([womenRide]);
    expect(await ids({ noSmoking: 'false' })).toEqual([easyRide, strictRide, medium, unstated, womenRide]);
    expect((await search(places, date, { womenOnly: 'true' })).total).toBe(1);
  });

  it('keeps a filtered answer apart and still shows a ride posted after it', async () => {
    const places = route();
    const date = dayFromNow(6);
    expect((await search(places, date, { pets: 'true' })).total).toBe(0);
    const withPets = await post(await driver(), places, date, { preferences: easy });
    await post(await driver(), places, date, { preferences: strict });
    expect((await search(places, date, { pets: 'true' })).rides.map((ride) => ride.id)).toEqual([withPets]);
    expect((await search(places, date)).total).toBe(2);
  });

  it('refuses a filter value it does not know', async () => {
    const response = await api.call({ kind: 'public' }, 'GET', `/rides?${new URLSearchParams({ luggage: 'huge' })}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(womenOnlyMessages.luggage);
  });
});

describe('women-only rides', () => {
  it('are posted only by verified members who stated “woman”', async () => {
    const places = route();
    const date = dayFromNow(4);
    // A man, and a member who stated nothing (the default), both verified drivers.
    for (const profile of [{ firstName: 'Kojo', statedWoman: false }, { firstName: 'Efua' }]) {
      const member = await driver(profile);
      const refused = await api.call(member.caller, 'POST', '/rides', rideBody(member, places, date, { womenOnly: true }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(womenOnlyMessages.post);
    }
    expect((await search(places, date)).total).toBe(0);

    const id = await post(await driver(woman), places, date, { womenOnly: true, preferences: easy });
    // Shown to everyone, marked.
    expect((await search(places, date)).rides).toMatchObject([{ id, womenOnly: true }]);
  });

  async function womenOnlyRide() {
    const owner = await driver(woman);
    const date = dayFromNow(3);
    const id = await post(owner, route(), date, { womenOnly: true });
    return id;
  }
  const form = (rideId: string) => ({ rideId, seats: 1, boardAt: 0, alightAt: 1, passengerName: 'Ama Serwaa', passengerPhone: '024 412 3456', paymentMethod: 'cash' });

  it('are booked only by verified members who stated “woman”', async () => {
    const rideId = await womenOnlyRide();

    const man = await api.member({ firstName: 'Yaw' });
    const manAnswer = await api.book(man, form(rideId));
    expect(manAnswer.statusCode).toBe(403);
    expect(manAnswer.json().message).toBe(womenOnlyMessages.book);

    const unverified = await api.member({ ...woman, verificationStatus: 'pending', driverVerificationStatus: 'not_submitted' });
    const unverifiedAnswer = await api.book(unverified, form(rideId));
    expect(unverifiedAnswer.statusCode).toBe(403);
    expect(unverifiedAnswer.json().message).toBe(womenOnlyMessages.bookUnverified);

    // A member identity has not told rides about yet has stated nothing.
    const unknown = { kind: 'user', userId: crypto.randomUUID() } as const;
    expect((await api.book(unknown, form(rideId))).statusCode).toBe(403);

    await api.booked(await api.member(woman), form(rideId));
    expect((await api.legs(rideId)).taken[0]).toBe(1);
  });

  it('refuse a member who no longer states “woman”, and keep the seat she booked before', async () => {
    const first = await womenOnlyRide();
    const second = await womenOnlyRide();
    const passenger = await api.member(woman);
    const booking = await api.booked(passenger, form(first));

    // Identity's next snapshot: the profile no longer says woman.
    await applyUserSnapshot(handle.service.db, {
      userId: passenger.userId,
      version: 2,
      firstName: 'Abena',
      lastName: 'Owusu',
      profileImageUrl: null,
      isVerified: true,
      verificationStatus: 'approved',
      isDriver: true,
      driverVerificationStatus: 'approved',
      suspended: false,
      deleted: false,
      statedWoman: false,
      changedAt: new Date().toISOString(),
    });
    const refused = await api.book(passenger, form(second));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(womenOnlyMessages.book);
    const kept = await api.call(passenger, 'GET', `/bookings/${booking.id}`);
    expect(kept.json()).toMatchObject({ id: booking.id, status: 'confirmed' });
  });

  it('take anyone on a ride that is not women-only', async () => {
    const rideId = await post(await driver(woman), route(), dayFromNow(3));
    await api.booked(await api.member({ firstName: 'Yaw' }), form(rideId));
  });
});

describe('changing preferences and women-only after posting (PUT /rides/:id)', () => {
  const form = (rideId: string) => ({ rideId, seats: 1, boardAt: 0, alightAt: 1, passengerName: 'Ama Serwaa', passengerPhone: '024 412 3456', paymentMethod: 'cash' });
  const edit = (owner: Member, rideId: string, date: string, extra: object) =>
    api.call(owner, 'PUT', `/rides/${rideId}`, { departureDate: date, departureTime: '07:30', availableSeats: 3, pricePerSeat: '40', ...extra });
  const details = async (rideId: string) => rideDetailsSchema.parse((await api.call({ kind: 'public' }, 'GET', `/rides/${rideId}`)).json());
  const changes = async (rideId: string) =>
    (await api.outbox<RideChanged>(rideChanged.subject)).filter((envelope) => envelope.data.rideId === rideId).map((envelope) => envelope.data);

  it('lets the driver change the preferences, booked or not; the ride, the listing and ride.changed say so, and they stay when left out', async () => {
    const owner = await driver();
    const places = route();
    const date = dayFromNow(4);
    const rideId = await post(owner, places, date, { preferences: strict });
    await api.booked(await api.member(), form(rideId));

    const changed = await edit(owner.caller, rideId, date, { preferences: easy });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await details(rideId)).toMatchObject({ preferences: easy });
    expect((await search(places, date, { pets: 'true' })).rides.map((ride) => ride.id)).toEqual([rideId]);
    expect((await changes(rideId)).map(({ changed, previous, current }) => ({ changed, previous: previous.preferences, current: current.preferences }))).toEqual([
      { changed: ['preferences'], previous: strict, current: easy },
    ]);

    // Left out (an older client): kept.
    expect((await edit(owner.caller, rideId, date, { description: 'Leaving from the lorry park gate' })).statusCode).toBe(200);
    expect(await details(rideId)).toMatchObject({ preferences: easy });
  });

  it('names in ride.changed each passenger whose booking is still to board: confirmed or waiting for the driver, not cancelled', async () => {
    const owner = await driver();
    const date = dayFromNow(4);
    const instant = await post(owner, route(), date, { preferences: easy });
    const confirmed = await api.member();
    await api.booked(confirmed, form(instant));
    const cancelled = await api.member();
    const gone = await api.booked(cancelled, form(instant));
    expect((await api.call(cancelled, 'POST', `/bookings/${gone.id}/cancel`)).statusCode).toBe(200);
    const approval = await post(owner, route(), date, { preferences: easy, bookingMode: 'approval' });
    const waiting = await api.member();
    await api.booked(waiting, form(approval));

    expect((await edit(owner.caller, instant, date, { preferences: strict })).statusCode).toBe(200);
    expect((await edit(owner.caller, approval, date, { preferences: strict, bookingMode: 'approval' })).statusCode).toBe(200);
    expect((await changes(instant)).map((change) => change.bookedPassengerIds)).toEqual([[confirmed.userId]]);
    expect((await changes(approval)).map((change) => change.bookedPassengerIds)).toEqual([[waiting.userId]]);
    // A ride nobody booked names nobody.
    const unbooked = await post(owner, route(), date, { preferences: easy });
    expect((await edit(owner.caller, unbooked, date, { preferences: strict })).statusCode).toBe(200);
    expect((await changes(unbooked)).map((change) => change.bookedPassengerIds)).toEqual([[]]);
  });

  it('refuses a luggage size it does not know, in the rule’s words', async () => {
    const owner = await driver();
    const date = dayFromNow(4);
    const rideId = await post(owner, route(), date, { preferences: strict });
    const refused = await edit(owner.caller, rideId, date, { preferences: { ...easy, luggage: 'huge' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(womenOnlyMessages.luggage);
  });

  it('makes a ride women-only only for whom may post one, and only while nobody has booked or asked for a seat', async () => {
    const man = await driver({ firstName: 'Kojo', statedWoman: false });
    const date = dayFromNow(4);
    const his = await post(man, route(), date);
    const refused = await edit(man.caller, his, date, { womenOnly: true });
    expect([refused.statusCode, refused.json().message]).toEqual([403, womenOnlyMessages.post]);
    expect(await details(his)).toMatchObject({ womenOnly: false });

    const owner = await driver(woman);
    const unbooked = await post(owner, route(), date);
    expect((await edit(owner.caller, unbooked, date, { womenOnly: true })).statusCode).toBe(200);
    expect(await details(unbooked)).toMatchObject({ womenOnly: true });
    expect((await changes(unbooked)).map((change) => [change.changed, change.current.womenOnly])).toEqual([[['womenOnly'], true]]);

    // A man booked first: it cannot become a ride he could not have booked.
    const booked = await post(owner, route(), date);
    await api.booked(await api.member({ firstName: 'Yaw' }), form(booked));
    const late = await edit(owner.caller, booked, date, { womenOnly: true });
    expect([late.statusCode, late.json().message]).toEqual([409, womenOnlyMessages.notOnceBooked]);
    expect(await details(booked)).toMatchObject({ womenOnly: false });
  });

  it('keeps a women-only ride women-only once a woman has booked it; before that the driver may open it to all', async () => {
    const owner = await driver(woman);
    const date = dayFromNow(4);
    const open = await post(owner, route(), date, { womenOnly: true });
    expect((await edit(owner.caller, open, date, { womenOnly: false })).statusCode).toBe(200);
    expect(await details(open)).toMatchObject({ womenOnly: false });

    const kept = await post(owner, route(), date, { womenOnly: true });
    await api.booked(await api.member(woman), form(kept));
    const refused = await edit(owner.caller, kept, date, { womenOnly: false });
    expect([refused.statusCode, refused.json().message]).toEqual([409, womenOnlyMessages.keptOnceBooked]);
    expect(await details(kept)).toMatchObject({ womenOnly: true });
    // Its preferences still change, and sending women-only unchanged is no change.
    expect((await edit(owner.caller, kept, date, { womenOnly: true, preferences: easy })).statusCode).toBe(200);
    expect(await details(kept)).toMatchObject({ womenOnly: true, preferences: easy });
  });
});

describe('ride.posted carries the preferences', () => {
  it('with what the driver stated and whether the ride is women-only; null when they stated nothing', async () => {
    const owner = await driver(woman);
    const date = dayFromNow(4);
    const stated = await post(owner, route(), date, { preferences: easy, womenOnly: true });
    const unstated = await post(owner, route(), date);
    const posted = (await api.outbox<RidePosted>(ridePosted.subject)).map((envelope) => envelope.data);
    expect(posted.find((ride) => ride.rideId === stated)).toMatchObject({ preferences: easy, womenOnly: true });
    expect(posted.find((ride) => ride.rideId === unstated)).toMatchObject({ preferences: null, womenOnly: false });
  });
});
