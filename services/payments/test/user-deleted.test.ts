import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { userDeleted } from '@krom/contracts/events/identity';
import { eventually } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { usePaymentsService } from './payments-test-env.ts';

const handle = usePaymentsService();

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

/** Waits until the payments consumer has acknowledged everything up to stream sequence `seq`. */
const consumed = (seq: number) =>
  eventually(async () => {
    const bus = handle.service.bus;
    const info = await bus.jsm.consumers.info(bus.streamName, `payments_${userDeleted.subject.replaceAll('.', '_')}`);
    return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0 ? info : undefined;
  });

describe('krom.identity.user.deleted.v1', () => {
  it("removes the member's saved numbers and keeps everyone else's", async () => {
    const leaving = randomUUID();
    const staying = randomUUID();
    await addMethod(leaving, '0241234567');
    await addMethod(leaving, '0501234567');
    await addMethod(staying, '0241234567');

    await consumed((await deliver(deletion(leaving))).seq);

    expect(await methodCount(leaving)).toBe(0);
    expect(await methodCount(staying)).toBe(1);
  });

  it('has its effect once when the same event is delivered twice', async () => {
    const leaving = randomUUID();
    await addMethod(leaving, '0271234567');
    const event = deletion(leaving);
    await consumed((await deliver(event)).seq);
    expect(await methodCount(leaving)).toBe(0);

    // A number saved after the first delivery tells whether the second one ran the deletion again.
    await addMethod(leaving, '0551234567');
    const second = await deliver(event);
    expect(second.duplicate).toBe(false);
    await consumed(second.seq);
    expect(await methodCount(leaving)).toBe(1);
  });
});
