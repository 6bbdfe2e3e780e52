import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { userDeleted } from '@krom/contracts/events/identity';
import { eventually } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { insertPayment, insertRide, insertUserProfile, useRidesService } from './rides-test-env.ts';

const handle = useRidesService();

const deletion = (userId: string): EventEnvelope<{ userId: string; deletedAt: string }> => ({
  id: randomUUID(),
  type: userDeleted.subject,
  occurredAt: new Date().toISOString(),
  data: { userId, deletedAt: new Date().toISOString() },
});

/** Publishes the envelope under a fresh Nats-Msg-Id, so a repeat is a second delivery, not a de-duplicated one. */
const deliver = (event: EventEnvelope) => {
  const bus = handle.service.bus;
  return bus.js.publish(bus.subjectOf(userDeleted.subject), JSON.stringify(event), { msgID: randomUUID() });
};

/** Waits until the rides consumer has acknowledged everything up to stream sequence `seq`. */
const consumed = (seq: number) =>
  eventually(async () => {
    const bus = handle.service.bus;
    const info = await bus.jsm.consumers.info(bus.streamName, `rides_${userDeleted.subject.replaceAll('.', '_')}`);
    return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0 ? info : undefined;
  });

describe('krom.identity.user.deleted.v1', () => {
  it("keeps the user's payments: financial records of both parties (the saved numbers are the payments service's)", async () => {
    const leaving = randomUUID();
    const staying = randomUUID();
    const payment = await insertPayment(handle.service, { payerId: leaving, recipientId: staying, amount: '35.00' });

    const event = deletion(leaving);
    const { seq } = await deliver(event);
    await consumed(seq);

    const { rows } = await handle.service.db.$client.query('SELECT payer_id, recipient_id, amount FROM payments WHERE id = $1', [payment]);
    expect(rows).toEqual([{ payer_id: leaving, recipient_id: staying, amount: '35.00' }]);
    const handled = await handle.service.db.$client.query('SELECT count(*)::int AS n FROM handled_events WHERE event_id = $1', [event.id]);
    expect(handled.rows[0].n).toBe(1);
  });
});

describe('krom.identity.user.deleted.v1 and the marketplace', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const vehicleFor = async (userId: string, licensePlate: string) => {
    const response = await handle.service.app.inject({
      method: 'POST',
      url: '/vehicles',
      headers: await handle.as({ kind: 'user', userId }),
      payload: { make: 'Toyota', model: 'Corolla', year: 2018, color: 'Black', licensePlate, seats: 4 },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const statuses = async (ids: string[]) =>
    (await handle.service.db.$client.query('SELECT id, status, version FROM rides WHERE id = ANY($1::uuid[])', [ids])).rows.reduce(
      (byId, row) => Object.assign(byId, { [row.id]: `${row.status} v${row.version}` }),
      {} as Record<string, string>,
    );

  it("deletes the user's vehicles (freeing their plates), cancels their rides still to depart and keeps the past ones", async () => {
    const leaving = randomUUID();
    const staying = randomUUID();
    await insertUserProfile(handle.service, leaving);
    await insertUserProfile(handle.service, staying);
    const car = await vehicleFor(leaving, 'GR-5151-20');
    const othersCar = await vehicleFor(staying, 'GR-5252-20');
    const future = await insertRide(handle.service, { driverId: leaving, vehicleId: car, departureAt: new Date(Date.now() + 2 * DAY) });
    const past = await insertRide(handle.service, { driverId: leaving, vehicleId: car, departureAt: new Date(Date.now() - 2 * DAY) });
    const othersRide = await insertRide(handle.service, { driverId: staying, vehicleId: othersCar, departureAt: new Date(Date.now() + 2 * DAY) });
    // Each disputes the other's plate; the leaving member's dispute (its details may hold a phone number) goes with them.
    for (const [claimant, plate] of [[leaving, 'GR-5252-20'], [staying, 'GR-5151-20']] as const) {
      const filed = await handle.service.app.inject({
        method: 'POST',
        url: '/vehicles/plate-disputes',
        headers: await handle.as({ kind: 'user', userId: claimant }),
        payload: { licensePlate: plate, details: 'Call me on 0244 000 111' },
      });
      expect(filed.statusCode).toBe(201);
    }

    const event = deletion(leaving);
    await consumed((await deliver(event)).seq);

    const { rows } = await handle.service.db.$client.query('SELECT id, deleted_at IS NOT NULL AS deleted FROM vehicles WHERE id = ANY($1::uuid[]) ORDER BY license_plate', [[car, othersCar]]);
    expect(rows).toEqual([
      { id: car, deleted: true },
      { id: othersCar, deleted: false },
    ]);
    expect(await statuses([future, past, othersRide])).toEqual({ [future]: 'cancelled v2', [past]: 'active v1', [othersRide]: 'active v1' });
    const disputes = await handle.service.db.$client.query('SELECT claimant_id FROM plate_disputes WHERE claimant_id = ANY($1::uuid[])', [[leaving, staying]]);
    expect(disputes.rows).toEqual([{ claimant_id: staying }]);
    // The plate may be registered again by someone else.
    const buyer = randomUUID();
    await insertUserProfile(handle.service, buyer);
    await vehicleFor(buyer, 'gr 5151 20');

    // Delivered again: nothing changes twice.
    await consumed((await deliver(event)).seq);
    expect(await statuses([future, past])).toEqual({ [future]: 'cancelled v2', [past]: 'active v1' });
  });
});
