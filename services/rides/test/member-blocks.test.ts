import { randomUUID } from 'node:crypto';
import { bookingSchema } from '@krom/contracts/http/bookings';
import { blockedMembersResponseSchema, memberSafetyMessages } from '@krom/contracts/http/member-safety';
import { driverProfileSchema, rideSearchResponseSchema } from '@krom/contracts/http/rides';
import type { Caller } from '@krom/server-kit/internal-auth';
import { administratorCaller } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { bookingCalls } from './bookings-env.ts';
import { dayFromNow, useRidesService } from './rides-test-env.ts';

/*
 * Blocks (src/blocks/): a block keeps two members apart both ways, in search (whatever the kept
 * answers) and in booking; the blocker lists and lifts their own blocks.
 */

// Kept answers live long (the search-cache tests' reason): a kept answer must never lapse between writes and pass for a fresh one.
const handle = useRidesService({ SEARCH_CACHE_SECONDS: '300' });
const { call, member, ride, form, book, booked } = bookingCalls(handle);

const inject = async (caller: Caller, method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object) =>
  handle.service.app.inject({ method, url, headers: await handle.as(caller), ...(payload ? { payload } : {}) });
const block = (caller: Caller, memberId: string) => inject(caller, 'POST', '/blocks', { memberId });
const unblock = (caller: Caller, memberId: string) => inject(caller, 'DELETE', `/blocks/${memberId}`);
const blocksOf = async (caller: Caller) => blockedMembersResponseSchema.parse((await inject(caller, 'GET', '/blocks')).json()).blocks;

/** The rides' day's listing from Accra to Kumasi as `caller` sees it (every test ride is on that route and day). */
async function listing(caller: Caller) {
  const query = new URLSearchParams({ from: 'Accra', to: 'Kumasi', date: dayFromNow(3), pageSize: '50' });
  const response = await call(caller, 'GET', `/rides?${query}`);
  expect(response.statusCode).toBe(200);
  const answer = rideSearchResponseSchema.parse(response.json());
  return { ids: answer.rides.map((one) => one.id), total: answer.total, prices: new Map(answer.rides.map((one) => [one.id, one.pricePerSeat])) };
}

describe('who may block', () => {
  it.each([
    ['POST', '/blocks'],
    ['GET', '/blocks'],
    ['DELETE', `/blocks/${randomUUID()}`],
  ] as const)('%s %s refuses guests and staff with 401', async (method, url) => {
    const body = method === 'POST' ? { memberId: randomUUID() } : undefined;
    expect((await inject({ kind: 'public' }, method, url, body)).statusCode).toBe(401);
    expect((await inject(administratorCaller(), method, url, body)).statusCode).toBe(401);
  });

  it('refuses blocking yourself and a member nobody knows', async () => {
    const me = await member();
    const self = await block(me, me.userId);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(memberSafetyMessages.blockSelf);
    const unknown = await block(me, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(memberSafetyMessages.memberNotFound);
    expect((await block(me, 'not-an-id')).statusCode).toBe(400);
    expect(await blocksOf(me)).toEqual([]);
  });

  it('lists my blocks only, most recent first, once each, and unblocks', async () => {
    const me = await member();
    const first = await member({ firstName: 'Yaw', lastName: 'Mensah' });
    const second = await member({ firstName: 'Efua', lastName: 'Asante' });
    expect((await block(me, first.userId)).statusCode).toBe(201);
    expect((await block(me, second.userId)).statusCode).toBe(201);
    expect((await block(me, first.userId)).statusCode).toBe(200);
    expect((await blocksOf(me)).map((one) => [one.memberId, one.firstName])).toEqual([
      [second.userId, 'Efua'],
      [first.userId, 'Yaw'],
    ]);
    // The blocked member's own list is theirs: empty.
    expect(await blocksOf(first)).toEqual([]);

    expect((await unblock(me, second.userId)).json()).toEqual({ ok: true });
    expect((await blocksOf(me)).map((one) => one.memberId)).toEqual([first.userId]);
    // Another member cannot lift my block.
    await unblock(first, first.userId);
    await unblock(second, first.userId);
    expect((await blocksOf(me)).map((one) => one.memberId)).toEqual([first.userId]);
  });
});

describe('search between blocked members', () => {
  it('hides each one’s rides from the other, keeps one shared answer for everyone else, and shows them again after unblocking', async () => {
    const a = await ride();
    const b = await ride();
    const stranger = await member();
    const guest = { kind: 'public' } as const;
    const before = await listing(guest);
    expect(before.ids).toEqual(expect.arrayContaining([a.rideId, b.rideId]));
    expect(await listing(stranger)).toEqual(before);

    // Nothing announces this write (triggers off): whoever still sees 40 was answered from the kept answer.
    const client = await handle.service.db.$client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL session_replication_role = replica');
      await client.query('UPDATE rides SET price_per_seat = 99 WHERE id = $1', [a.rideId]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }

    // b's driver blocks a's driver.
    expect((await block(b.driver, a.driver.userId)).statusCode).toBe(201);
    const blocker = await listing(b.driver);
    const blocked = await listing(a.driver);
    expect(blocker.ids).toEqual(before.ids.filter((id) => id !== a.rideId));
    expect(blocker.total).toBe(before.total - 1);
    expect(blocked.ids).toEqual(before.ids.filter((id) => id !== b.rideId));
    expect(blocked.total).toBe(before.total - 1);

    // Everyone else is still answered from the one kept answer (the unannounced price not seen).
    expect(await listing(stranger)).toEqual(before);
    expect(await listing(guest)).toEqual(before);

    expect((await unblock(b.driver, a.driver.userId)).statusCode).toBe(200);
    expect((await listing(b.driver)).ids).toEqual(before.ids);
    expect((await listing(a.driver)).ids).toEqual(before.ids);
  });
});

describe('booking between blocked members', () => {
  it('refuses a passenger who blocked the driver, and one the driver blocked, each with its message; unblocking lets them book', async () => {
    const { rideId, driver } = await ride();
    const blocker = await member();
    const blockedOne = await member();
    expect((await block(blocker, driver.userId)).statusCode).toBe(201);
    expect((await block(driver, blockedOne.userId)).statusCode).toBe(201);

    const refused = await book(blocker, form(rideId));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(memberSafetyMessages.bookBlocked);
    const refusedToo = await book(blockedOne, form(rideId));
    expect(refusedToo.statusCode).toBe(403);
    expect(refusedToo.json().message).toBe(memberSafetyMessages.bookBlockedBy);
    // No seat was taken.
    expect((await call(driver, 'GET', `/rides/${rideId}/bookings`)).json().bookings).toEqual([]);

    await unblock(blocker, driver.userId);
    await booked(blocker, form(rideId));
  });

  it('refuses the driver’s accept of a request from a member either blocked since, and leaves a confirmed booking as it was', async () => {
    const approval = await ride({ bookingMode: 'approval' });
    const asker = await member();
    const request = await booked(asker, form(approval.rideId, { paymentMethod: 'cash' }));
    const instant = await ride();
    const rider = await member();
    const confirmed = await booked(rider, form(instant.rideId, { paymentMethod: 'cash' }));
    expect(confirmed.status).toBe('confirmed');

    expect((await block(approval.driver, asker.userId)).statusCode).toBe(201);
    const accept = await call(approval.driver, 'POST', `/bookings/${request.id}/accept`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(memberSafetyMessages.acceptBlocked);
    expect(bookingSchema.parse((await call(asker, 'GET', `/bookings/${request.id}`)).json()).status).toBe('requested');
    // The passenger blocking the driver after asking has the same effect.
    await unblock(approval.driver, asker.userId);
    expect((await block(asker, approval.driver.userId)).statusCode).toBe(201);
    expect((await call(approval.driver, 'POST', `/bookings/${request.id}/accept`)).statusCode).toBe(409);
    // The driver may still decline.
    expect((await call(approval.driver, 'POST', `/bookings/${request.id}/decline`)).statusCode).toBe(200);

    // A confirmed booking stays: blocking moves no money.
    expect((await block(instant.driver, rider.userId)).statusCode).toBe(201);
    expect(bookingSchema.parse((await call(rider, 'GET', `/bookings/${confirmed.id}`)).json()).status).toBe('confirmed');
  });
});

describe("a blocked driver's profile opened by link", () => {
  const profileAs = (caller: Caller, driverId: string) => call(caller, 'GET', `/drivers/${driverId}`);

  it('shows the blocker only whom they blocked (first name, photo, badges) and says so; the whole profile again once unblocked', async () => {
    const { driver } = await ride();
    const me = await member();
    expect(await block(me, driver.userId).then((response) => response.statusCode)).toBe(201);

    const blocked = await profileAs(me, driver.userId);
    expect(blocked.statusCode).toBe(200);
    expect(driverProfileSchema.parse(blocked.json())).toMatchObject({
      id: driver.userId,
      firstName: 'Kofi',
      lastName: '',
      blockedByYou: true,
      vehicles: [],
      upcomingRides: [],
      completionRate: null,
    });
    // Anyone else still sees the whole profile.
    expect((await profileAs(await member(), driver.userId)).json()).toMatchObject({ lastName: 'Boateng', upcomingRides: [expect.anything()] });
    expect((await profileAs({ kind: 'public' }, driver.userId)).json()).not.toHaveProperty('blockedByYou');

    await unblock(me, driver.userId);
    const again = driverProfileSchema.parse((await profileAs(me, driver.userId)).json());
    expect(again.blockedByYou).toBeUndefined();
    expect(again.upcomingRides).toHaveLength(1);
  });

  it('is a 404 to the member the driver blocked, as for an unknown driver', async () => {
    const { driver } = await ride();
    const me = await member();
    expect(await block(driver, me.userId).then((response) => response.statusCode)).toBe(201);
    const answer = await profileAs(me, driver.userId);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('Driver not found');
  });
});
