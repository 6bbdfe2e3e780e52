import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { userDeleted } from '@krom/contracts/events/identity';
import { eventually } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { insertPayment, useRidesService } from './rides-test-env.ts';

const handle = useRidesService();

const deletion = (userId: string): EventEnvelope<{ userId: string; deletedAt: string }> => ({
  id: randomUUID(),
  type: userDeleted.subject,
  occurredAt: new Date().toISOString(),
  data: { userId, deletedAt: new Date().toISOString() },
});

async function addMethod(userId: string, number: string) {
  const response = await handle.service.app.inject({
    method: 'POST',
    url: '/payment-methods',
    headers: await handle.as({ kind: 'user', userId }),
    payload: { provider: 'mtn', number },
  });
  expect(response.statusCode).toBe(201);
}

const methodCount = async (userId: string) =>
  (await handle.service.db.$client.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_methods WHERE user_id = $1', [userId])).rows[0]!.n;

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
  it("removes the user's payment methods, keeps everyone else's, and keeps the payments", async () => {
    const leaving = randomUUID();
    const staying = randomUUID();
    await addMethod(leaving, '0241234567');
    await addMethod(leaving, '0501234567');
    await addMethod(staying, '0241234567');
    const payment = await insertPayment(handle.service, { payerId: leaving, recipientId: staying, amount: '35.00' });

    const event = deletion(leaving);
    const { seq } = await deliver(event);
    await consumed(seq);

    expect(await methodCount(leaving)).toBe(0);
    expect(await methodCount(staying)).toBe(1);
    const { rows } = await handle.service.db.$client.query('SELECT payer_id, recipient_id, amount FROM payments WHERE id = $1', [payment]);
    expect(rows).toEqual([{ payer_id: leaving, recipient_id: staying, amount: '35.00' }]);
  });

  it('has its effect once when the same event is delivered twice', async () => {
    const leaving = randomUUID();
    await addMethod(leaving, '0271234567');
    const event = deletion(leaving);

    const first = await deliver(event);
    await consumed(first.seq);
    expect(await methodCount(leaving)).toBe(0);

    // A row that appears after the first delivery tells whether the second one ran the deletion again.
    await handle.service.db.$client.query("INSERT INTO payment_methods (user_id, provider, number) VALUES ($1, 'mtn', '0551234567')", [leaving]);
    const second = await deliver(event);
    expect(second.duplicate).toBe(false);
    await consumed(second.seq);

    expect(await methodCount(leaving)).toBe(1);
    const { rows } = await handle.service.db.$client.query('SELECT count(*)::int AS n FROM handled_events WHERE event_id = $1', [event.id]);
    expect(rows[0].n).toBe(1);
  });
});
