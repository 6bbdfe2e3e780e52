import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { bookingFactSchema } from '@krom/contracts/events/bookings';
import { userSuspended, userUnsuspended } from '@krom/contracts/events/identity';
import { rideChanged } from '@krom/contracts/events/rides';
import { bookingMessages, bookingSchema } from '@krom/contracts/http/bookings';
import { rideMessages } from '@krom/contracts/http/rides';
import { eventually } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { bookingCalls, type Member } from './bookings-env.ts';
import { insertRide, useRidesService } from './rides-test-env.ts';

/*
 * Identity suspends a member (krom.identity.user.suspended.v1): rides bars them from posting and
 * booking, cancels their rides still to depart (each passenger refunded in full, told Krom
 * cancelled) and ends their own bookings as when a driver cancels; lifting it lets them in again.
 */

const handle = useRidesService();
const { call, member, driver, rideForm, ride, form, book, booked, events } = bookingCalls(handle);
const DAY = 24 * 3_600_000;

type Suspension = { userId: string; reason: string; staffId: string; occurredAt: string };
const envelope = (subject: string, userId: string): EventEnvelope<Suspension> => ({
  id: randomUUID(),
  type: subject,
  occurredAt: new Date().toISOString(),
  data: { userId, reason: 'Repeated no-shows reported by drivers', staffId: randomUUID(), occurredAt: new Date().toISOString() },
});

/** Publishes under a fresh Nats-Msg-Id (a repeat is a second delivery) and waits until the rides consumer acknowledged it. */
async function deliver(event: EventEnvelope) {
  const bus = handle.service.bus;
  const { seq } = await bus.js.publish(bus.subjectOf(event.type), JSON.stringify(event), { msgID: randomUUID() });
  await eventually(async () => {
    const info = await bus.jsm.consumers.info(bus.streamName, `rides_${event.type.replaceAll('.', '_')}`);
    return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0 ? info : undefined;
  });
}

const statusOf = async (caller: Member, bookingId: string) => bookingSchema.parse((await call(caller, 'GET', `/bookings/${bookingId}`)).json()).status;
const rideStatuses = async (ids: string[]) =>
  Object.fromEntries((await handle.service.db.$client.query('SELECT id, status FROM rides WHERE id = ANY($1::uuid[])', [ids])).rows.map((row) => [row.id, row.status]));

describe('krom.identity.user.suspended.v1', () => {
  it("cancels the suspended driver's rides still to depart with every passenger refunded in full, and ends their own bookings as when a driver cancels", async () => {
    const suspended = await driver();
    const posted = await call(suspended.caller, 'POST', '/rides', rideForm(suspended.vehicleId));
    expect(posted.statusCode, posted.body).toBe(201);
    const upcoming = posted.json().id as string;
    const past = await insertRide(handle.service, { driverId: suspended.caller.userId, vehicleId: suspended.vehicleId, departureAt: new Date(Date.now() - 2 * DAY) });
    const passenger = await member();
    const seat = await booked(passenger, form(upcoming, { seats: 2 }));
    expect(seat.status).toBe('confirmed');
    // The suspended member's own seat on another driver's ride.
    const other = await ride();
    const ownSeat = await booked(suspended.caller, form(other.rideId));
    expect(ownSeat.status).toBe('confirmed');

    const suspension = envelope(userSuspended.subject, suspended.caller.userId);
    await deliver(suspension);

    expect(await rideStatuses([upcoming, past, other.rideId])).toEqual({ [upcoming]: 'cancelled', [past]: 'active', [other.rideId]: 'active' });
    // Passengers told of the ride through a request hear that Krom cancelled it, not its driver.
    const { rows: changes } = await handle.service.db.$client.query(
      "SELECT envelope->'data' AS data FROM outbox WHERE subject = $1 AND envelope->'data'->>'rideId' = $2",
      [rideChanged.subject, upcoming],
    );
    expect(changes.map((row) => rideChanged.schema.parse(row.data))).toMatchObject([{ current: { status: 'cancelled' }, cancelledBy: 'krom' }]);
    expect(await statusOf(passenger, seat.id)).toBe('cancelled_by_driver');
    const passengersFact = (await events(seat.id)).at(-1)!;
    expect(passengersFact.subject).toBe('krom.rides.booking.cancelled_by_driver.v1');
    expect(bookingFactSchema.parse(passengersFact.envelope.data)).toMatchObject({ actor: 'system', reason: 'suspended', refundAmount: seat.totalAmount });
    // Their own booking: everything back to them (payments' rule for every cause but the passenger's own), nothing to the driver.
    expect(await statusOf(suspended.caller, ownSeat.id)).toBe('cancelled');
    const ownFact = (await events(ownSeat.id)).at(-1)!;
    expect(ownFact.subject).toBe('krom.rides.booking.cancelled.v1');
    expect(bookingFactSchema.parse(ownFact.envelope.data)).toMatchObject({ actor: 'system', reason: 'suspended', refundAmount: ownSeat.totalAmount });

    // Delivered again: nothing happens twice.
    const before = [(await events(seat.id)).length, (await events(ownSeat.id)).length];
    await deliver({ ...suspension });
    expect([(await events(seat.id)).length, (await events(ownSeat.id)).length]).toEqual(before);
    const { rows } = await handle.service.db.$client.query('SELECT count(*)::int AS n FROM handled_events WHERE event_id = $1', [suspension.id]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses a suspended member posting or booking with 403, and lets them again once the suspension is lifted; what was cancelled stays cancelled', async () => {
    const suspended = await driver();
    const posted = await call(suspended.caller, 'POST', '/rides', rideForm(suspended.vehicleId));
    expect(posted.statusCode).toBe(201);
    const other = await ride();
    await deliver(envelope(userSuspended.subject, suspended.caller.userId));

    const post = await call(suspended.caller, 'POST', '/rides', rideForm(suspended.vehicleId));
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toBe(rideMessages.accountBarred);
    const seat = await book(suspended.caller, form(other.rideId));
    expect(seat.statusCode).toBe(403);
    expect(seat.json().message).toBe(bookingMessages.cannotBook);

    await deliver(envelope(userUnsuspended.subject, suspended.caller.userId));

    expect((await call(suspended.caller, 'POST', '/rides', rideForm(suspended.vehicleId, { departureTime: '09:00' }))).statusCode).toBe(201);
    expect((await book(suspended.caller, form(other.rideId))).statusCode).toBe(201);
    expect(await rideStatuses([posted.json().id])).toEqual({ [posted.json().id]: 'cancelled' });
  });
});
