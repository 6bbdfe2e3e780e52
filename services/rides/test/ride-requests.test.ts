import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { userDeleted } from '@krom/contracts/events/identity';
import { maxOpenRideRequests, rideRequestLifetimeDays, rideRequestListSchema, rideRequestMessages, rideRequestSchema } from '@krom/contracts/http/ride-requests';
import { rideMessages } from '@krom/contracts/http/rides';
import type { Caller } from '@krom/server-kit/internal-auth';
import { administratorCaller, eventually } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { dayFromNow, useRidesService } from './rides-test-env.ts';

const handle = useRidesService();
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const user = (userId = randomUUID()) => ({ kind: 'user', userId }) as const;

async function call(caller: Caller, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return handle.service.app.inject({ method, url, headers: await handle.as(caller), ...(payload ? { payload } : {}) });
}

/** Accra to Kumasi as the request form sends it when both places were picked from suggestions. */
const accraToKumasi = (changes: object = {}) => ({
  fromLocation: 'Kaneshie Station',
  fromLatitude: 5.5667,
  fromLongitude: -0.2333,
  fromLocalityArea: 'Accra',
  fromRegion: 'Greater Accra',
  fromPlaceId: 'osm-n1234567001',
  toLocation: 'Kejetia',
  toLatitude: '6.6966',
  toLongitude: '-1.6224',
  toLocalityArea: 'Kumasi',
  toRegion: 'Ashanti',
  toPlaceId: 'osm-n1234567002',
  ...changes,
});

const file = (caller: Caller, body: object) => call(caller, 'POST', '/ride-requests', body);
async function filed(caller: Caller, body: object = accraToKumasi()) {
  const response = await file(caller, body);
  expect(response.statusCode).toBe(201);
  return rideRequestSchema.parse(response.json());
}
async function listed(caller: Caller) {
  const response = await call(caller, 'GET', '/ride-requests/mine');
  expect(response.statusCode).toBe(200);
  return rideRequestListSchema.parse(response.json()).requests;
}
const storedStatuses = async (userId: string) =>
  (await handle.service.db.$client.query('SELECT status FROM ride_requests WHERE user_id = $1 ORDER BY created_at', [userId])).rows.map((row) => row.status);

describe('who may call', () => {
  it.each([
    ['POST', '/ride-requests'],
    ['GET', '/ride-requests/mine'],
    ['DELETE', `/ride-requests/${randomUUID()}`],
  ] as const)('%s %s refuses guests, staff and unsigned requests with 401', async (method, url) => {
    const body = method === 'POST' ? accraToKumasi() : undefined;
    expect((await call({ kind: 'public' }, method, url, body)).statusCode).toBe(401);
    expect((await call(administratorCaller(), method, url, body)).statusCode).toBe(401);
    expect((await handle.service.app.inject({ method, url })).statusCode).toBe(401);
  });
});

describe('filing a request', () => {
  it("takes the spec's defaults: 1 passenger, flexible dates, e-mail on, SMS off, open for 30 days", async () => {
    const ama = user();
    const before = Date.now();
    const response = await file(ama, { fromLocation: 'Accra', toLocation: 'Kumasi' });
    const after = Date.now();
    expect(response.statusCode).toBe(201);
    const request = rideRequestSchema.parse(response.json());
    expect(request).toEqual({
      id: expect.any(String),
      fromLocation: 'Accra',
      toLocation: 'Kumasi',
      fromLocalityArea: null,
      toLocalityArea: null,
      fromRegion: null,
      toRegion: null,
      fromLatitude: null,
      fromLongitude: null,
      toLatitude: null,
      toLongitude: null,
      preferredDepartureDate: null,
      flexibleDates: true,
      passengers: 1,
      maxPricePerSeat: null,
      notes: null,
      notifyByEmail: true,
      notifyBySMS: false,
      status: 'active',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      lastNotifiedAt: null,
    });
    const createdAt = Date.parse(request.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before);
    expect(createdAt).toBeLessThanOrEqual(after);
    expect(Date.parse(request.expiresAt) - createdAt).toBe(rideRequestLifetimeDays * DAY);
  });

  it('keeps every field the form sends, and stays open until the end of the preferred day in Ghana', async () => {
    const kofi = user();
    const date = dayFromNow(6);
    const request = await filed(
      kofi,
      accraToKumasi({ preferredDepartureDate: date, flexibleDates: false, passengers: '3', maxPricePerSeat: 45.5, notes: '  Two bags.  ', notifyByEmail: false, notifyBySMS: true }),
    );
    expect(request).toMatchObject({
      fromLocation: 'Kaneshie Station',
      fromLocalityArea: 'Accra',
      fromRegion: 'Greater Accra',
      fromLatitude: 5.5667,
      fromLongitude: -0.2333,
      toLocation: 'Kejetia',
      toLocalityArea: 'Kumasi',
      toRegion: 'Ashanti',
      toLatitude: 6.6966,
      toLongitude: -1.6224,
      preferredDepartureDate: date,
      flexibleDates: false,
      passengers: 3,
      maxPricePerSeat: '45.50',
      notes: 'Two bags.',
      notifyByEmail: false,
      notifyBySMS: true,
      status: 'active',
      expiresAt: `${date}T23:59:59.999Z`,
    });
    // Listed as filed, with the rides it matched: none yet.
    expect(await listed(kofi)).toEqual([{ ...request, matchedRides: [] }]);
  });

  it("accepts today, and reads an empty date or price as none (the form's cleared fields)", async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await filed(user(), accraToKumasi({ preferredDepartureDate: today }))).expiresAt).toBe(`${today}T23:59:59.999Z`);
    expect(await filed(user(), accraToKumasi({ preferredDepartureDate: '', maxPricePerSeat: '' }))).toMatchObject({
      preferredDepartureDate: null,
      maxPricePerSeat: null,
    });
  });

  it('keeps coordinates as a pair or not at all', async () => {
    const request = await filed(user(), accraToKumasi({ fromLongitude: undefined }));
    expect(request).toMatchObject({ fromLatitude: null, fromLongitude: null, toLatitude: 6.6966, toLongitude: -1.6224 });
  });

  it.each([
    ['no departure', { fromLocation: undefined }, rideMessages.fromLocation],
    ['a one-letter destination', { toLocation: 'K' }, rideMessages.toLocation],
    ['0 passengers', { passengers: 0 }, rideRequestMessages.passengers],
    ['9 passengers', { passengers: 9 }, rideRequestMessages.passengers],
    ['1.5 passengers', { passengers: 1.5 }, rideRequestMessages.passengers],
    ['"two" passengers', { passengers: 'two' }, rideRequestMessages.passengers],
    ['a date that does not exist', { preferredDepartureDate: '2027-02-30' }, rideMessages.date],
    ['yesterday', { preferredDepartureDate: dayFromNow(-1) }, rideRequestMessages.pastDate],
    ['a price with three decimals', { maxPricePerSeat: '45.555' }, rideRequestMessages.maxPrice],
    ['a price of nothing', { maxPricePerSeat: '0' }, rideRequestMessages.maxPrice],
    ['a price below nothing', { maxPricePerSeat: '-5' }, rideRequestMessages.maxPrice],
    ['notes over 500 characters', { notes: 'n'.repeat(501) }, rideRequestMessages.notes],
    ['a channel that is not yes or no', { notifyBySMS: 'yes' }, rideRequestMessages.notify],
    ['two places in one town', { toLocation: 'Circle', toLocalityArea: 'Accra', toLatitude: undefined, toLongitude: undefined }, rideRequestMessages.samePlace],
    ['a place outside Ghana', { fromLatitude: 40 }, rideMessages.coordinates],
  ])('refuses %s with 400 and its message, filing nothing', async (_, change, message) => {
    const yaw = user();
    const response = await file(yaw, accraToKumasi(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await storedStatuses(yaw.userId)).toEqual([]);
  });

  it('names the field of a past date', async () => {
    const response = await file(user(), accraToKumasi({ preferredDepartureDate: dayFromNow(-3) }));
    expect(response.json()).toEqual({
      message: rideRequestMessages.pastDate,
      errors: [{ field: 'preferredDepartureDate', message: rideRequestMessages.pastDate }],
    });
  });

  it('files it for the asserted user only', async () => {
    const owner = user();
    const other = user();
    const request = await filed(owner);
    expect((await listed(owner)).map((r) => r.id)).toEqual([request.id]);
    expect(await listed(other)).toEqual([]);
  });
});

describe('one passenger’s open requests', () => {
  it('refuses the same trip twice (the same towns and day) with 409, and takes it on another day', async () => {
    const ama = user();
    await filed(ama, accraToKumasi({ preferredDepartureDate: inDays(4) }));
    // Another spot in the same towns is the same trip.
    const again = await file(ama, accraToKumasi({ preferredDepartureDate: inDays(4), fromLocation: 'Circle', toLocation: 'Adum' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(rideRequestMessages.duplicate);
    await filed(ama, accraToKumasi({ preferredDepartureDate: inDays(5) }));
    await filed(ama, accraToKumasi());
    expect((await file(ama, accraToKumasi())).statusCode).toBe(409);
    // Someone else may ask for the very same.
    await filed(user(), accraToKumasi({ preferredDepartureDate: inDays(4) }));
    expect(await storedStatuses(ama.userId)).toEqual(['active', 'active', 'active']);
  });

  it(`keeps at most ${maxOpenRideRequests} open, even when they are filed all at once; a cancelled one frees a place`, async () => {
    const yaw = user();
    const answers = await Promise.all(
      Array.from({ length: maxOpenRideRequests + 3 }, (_, index) => file(yaw, accraToKumasi({ preferredDepartureDate: inDays(2 + index) }))),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(maxOpenRideRequests);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => [answer.statusCode, answer.json().message])).toEqual(
      Array.from({ length: 3 }, () => [409, rideRequestMessages.tooMany]),
    );
    const [first] = await listed(yaw);
    expect((await call(yaw, 'DELETE', `/ride-requests/${first?.id}`)).statusCode).toBe(200);
    await filed(yaw, accraToKumasi({ preferredDepartureDate: inDays(40) }));
  });

  it('refuses a preferred date more than 12 months ahead', async () => {
    const response = await file(user(), accraToKumasi({ preferredDepartureDate: inDays(400) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: rideRequestMessages.farDate, errors: [{ field: 'preferredDepartureDate', message: rideRequestMessages.farDate }] });
  });
});

describe("the user's requests", () => {
  it('lists the open ones only, newest first', async () => {
    const esi = user();
    const oldest = await filed(esi, accraToKumasi({ notes: 'oldest', preferredDepartureDate: inDays(2) }));
    const cancelled = await filed(esi, accraToKumasi({ notes: 'cancelled', preferredDepartureDate: inDays(3) }));
    const expired = await filed(esi, accraToKumasi({ notes: 'expired', preferredDepartureDate: inDays(4) }));
    const newest = await filed(esi, accraToKumasi({ notes: 'newest', preferredDepartureDate: inDays(5) }));
    // Filing times a minute apart, whatever the clock did between the calls.
    const ids = [oldest.id, cancelled.id, expired.id, newest.id];
    await handle.service.db.$client.query(
      "UPDATE ride_requests SET created_at = now() - interval '1 hour' + array_position($1::uuid[], id) * interval '1 minute' WHERE id = ANY($1::uuid[])",
      [ids],
    );
    await handle.service.db.$client.query("UPDATE ride_requests SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
    expect((await call(esi, 'DELETE', `/ride-requests/${cancelled.id}`)).statusCode).toBe(200);

    expect((await listed(esi)).map((r) => r.notes)).toEqual(['newest', 'oldest']);
  });
});

describe('cancelling a request', () => {
  it('cancels it: it is listed no more, and a second tap answers the same', async () => {
    const kwesi = user();
    const request = await filed(kwesi);
    const response = await call(kwesi, 'DELETE', `/ride-requests/${request.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await storedStatuses(kwesi.userId)).toEqual(['cancelled']);
    expect(await listed(kwesi)).toEqual([]);

    const again = await call(kwesi, 'DELETE', `/ride-requests/${request.id}`);
    expect(again.statusCode).toBe(200);
    expect(await storedStatuses(kwesi.userId)).toEqual(['cancelled']);
  });

  it("answers 404 for another user's request, an unknown id and a malformed one, changing nothing", async () => {
    const owner = user();
    const request = await filed(owner);
    for (const id of [request.id, randomUUID(), 'not-a-request', '1']) {
      const response = await call(user(), 'DELETE', `/ride-requests/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe(rideRequestMessages.notFound);
    }
    expect(await storedStatuses(owner.userId)).toEqual(['active']);
  });
});

describe('krom.identity.user.deleted.v1', () => {
  const deletion = (userId: string): EventEnvelope<{ userId: string; deletedAt: string }> => ({
    id: randomUUID(),
    type: userDeleted.subject,
    occurredAt: new Date().toISOString(),
    data: { userId, deletedAt: new Date().toISOString() },
  });
  const deliver = (event: EventEnvelope) => {
    const bus = handle.service.bus;
    return bus.js.publish(bus.subjectOf(userDeleted.subject), JSON.stringify(event), { msgID: randomUUID() });
  };
  const consumed = (seq: number) =>
    eventually(async () => {
      const bus = handle.service.bus;
      const info = await bus.jsm.consumers.info(bus.streamName, `rides_${userDeleted.subject.replaceAll('.', '_')}`);
      return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0 ? info : undefined;
    });

  it("cancels the deleted user's open requests and leaves everyone else's", async () => {
    const leaving = user();
    const staying = user();
    await filed(leaving);
    await filed(leaving, accraToKumasi({ preferredDepartureDate: dayFromNow(2) }));
    const kept = await filed(staying);

    await consumed((await deliver(deletion(leaving.userId))).seq);

    expect(await storedStatuses(leaving.userId)).toEqual(['cancelled', 'cancelled']);
    expect(await listed(leaving)).toEqual([]);
    expect((await listed(staying)).map((r) => r.id)).toEqual([kept.id]);
  });
});
