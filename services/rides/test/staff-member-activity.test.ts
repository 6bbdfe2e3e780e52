import { randomUUID } from 'node:crypto';
import { memberActivityLimit, memberRideActivitySchema } from '@krom/contracts/http/member-page';
import { staffCaller } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { bookingCalls } from './bookings-env.ts';
import { useRidesService } from './rides-test-env.ts';

/*
 * The rides part of the admin area's member page: a member's rides as driver, bookings as
 * passenger and vehicles, counted, the latest ten of each newest first; staff only, every role.
 */
const handle = useRidesService();
const { call, member, driver, ride, form, booked, departAt } = bookingCalls(handle);
const staff = staffCaller(['finance']);

async function activity(memberId: string, caller: Parameters<typeof call>[0] = staff) {
  const response = await call(caller, 'GET', `/staff/members/${memberId}/activity`);
  expect(response.statusCode, response.body).toBe(200);
  return memberRideActivitySchema.parse(response.json());
}

describe('GET /staff/members/:id/activity', () => {
  it('counts every booking of the passenger and lists the latest ten, newest first, with their ride', async () => {
    const passenger = await member();
    const made = [];
    for (let index = 0; index <= memberActivityLimit; index += 1) {
      const { rideId } = await ride();
      made.push(await booked(passenger, form(rideId, { seats: 1 })));
    }
    const { bookingsAsPassenger, ridesAsDriver } = await activity(passenger.userId);
    expect(ridesAsDriver).toEqual({ count: 0, latest: [] });
    expect(bookingsAsPassenger.count).toBe(memberActivityLimit + 1);
    expect(bookingsAsPassenger.latest.map((booking) => booking.id)).toEqual(made.slice(1).reverse().map((booking) => booking.id));
    expect(bookingsAsPassenger.latest[0]).toEqual({
      id: made.at(-1)!.id,
      rideId: made.at(-1)!.rideId,
      fromCity: 'Accra',
      toCity: 'Kumasi',
      departureAt: made.at(-1)!.departureAt,
      seats: 1,
      status: 'confirmed',
      createdAt: made.at(-1)!.createdAt,
    });
  });

  it("lists the driver's rides by departure, the latest first", async () => {
    const first = await ride();
    const { rideId: later } = await ride();
    // Both rides are the same driver's: the second is moved to the first's driver.
    await handle.service.db.$client.query('UPDATE rides SET driver_id = $1 WHERE id = $2', [first.driver.userId, later]);
    await departAt(later, new Date(Date.now() + 10 * 24 * 3_600_000));
    const { ridesAsDriver } = await activity(first.driver.userId);
    expect(ridesAsDriver.count).toBe(2);
    expect(ridesAsDriver.latest.map((found) => [found.id, found.status])).toEqual([
      [later, 'active'],
      [first.rideId, 'active'],
    ]);
  });

  it("lists the member's vehicles newest first, a removed one with when it was removed, to every staff role", async () => {
    const { caller: owner, vehicleId: first } = await driver();
    const added = await call(owner, 'POST', '/vehicles', { make: 'Honda', model: 'Fit', year: 2016, color: 'Blue', licensePlate: 'GW-7781-16', seats: 4 });
    expect(added.statusCode).toBe(201);
    const removed = await handle.service.app.inject({ method: 'DELETE', url: `/vehicles/${added.json().id}`, headers: await handle.as(owner) });
    expect(removed.statusCode).toBe(200);

    for (const role of ['support', 'trust_safety', 'finance', 'administrator'] as const) {
      const { vehicles, ridesAsDriver } = await activity(owner.userId, staffCaller([role]));
      expect(ridesAsDriver.count, role).toBe(0);
      expect(vehicles, role).toEqual({
        count: 2,
        latest: [
          { id: added.json().id, make: 'Honda', model: 'Fit', year: 2016, color: 'Blue', licensePlate: 'GW-7781-16', seats: 4, isActive: true, addedAt: expect.any(String), removedAt: expect.any(String) },
          { id: first, make: 'Toyota', model: 'Corolla', year: 2019, color: 'Silver', licensePlate: expect.stringMatching(/^GT-\d+-21$/), seats: 5, isActive: true, addedAt: expect.any(String), removedAt: null },
        ],
      });
    }
    expect((await activity((await member()).userId)).vehicles).toEqual({ count: 0, latest: [] });
  });

  it('refuses members and guests', async () => {
    for (const caller of [{ kind: 'user', userId: randomUUID() } as const, { kind: 'public' } as const]) {
      const response = await call(caller, 'GET', `/staff/members/${randomUUID()}/activity`);
      expect([response.statusCode, response.json().message]).toEqual([401, 'Admin sign-in required']);
    }
  });
});
