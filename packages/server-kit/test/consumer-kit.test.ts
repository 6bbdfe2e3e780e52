import { randomBytes, randomUUID } from 'node:crypto';
import { defineEvent, type EventEnvelope } from '@krom/contracts/envelope';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EventBus, type Subscription } from '../src/bus.ts';
import { consume, envelopeReader, once } from '../src/consumer.ts';
import { createDatabase, type Database, ensureDatabase } from '../src/db.ts';
import { derivedEventId } from '../src/derived-event-id.ts';
import { createLogger } from '../src/logger.ts';
import { handledEvents } from '../src/outbox.ts';
import { currentTraceparent } from '../src/telemetry.ts';
import { dropDatabaseWhenIdle, eventually, isolatedTestEnv } from '../src/testing.ts';

/*
 * The consumer kit on the real NATS JetStream and PostgreSQL: a handler keeps only its rule, and
 * subscribing gives it the parsed envelope inside the envelope's trace, run once per key in the
 * transaction that records the key, with what follows the commit told whether it was the first time.
 */
const env = isolatedTestEnv('serverkit');
const parcelDelivered = defineEvent('krom.kit.parcel.delivered.v1', z.object({ parcelId: z.string().uuid(), to: z.string().min(1) }));
type ParcelDelivered = z.infer<typeof parcelDelivered.schema>;
const NAMESPACE = Buffer.from('0f1e2d3c4b5a69788796a5b4c3d2e1f0', 'hex');

let bus: EventBus;
let db: Database<{ handledEvents: typeof handledEvents }>;
const subscriptions: Subscription[] = [];

beforeAll(async () => {
  await ensureDatabase(env.databaseUrl);
  db = createDatabase(env.databaseUrl, { handledEvents }, 4);
  await db.execute(sql`CREATE TABLE handled_events (event_id uuid PRIMARY KEY, subject text NOT NULL, handled_at timestamptz NOT NULL DEFAULT now())`);
  await db.execute(sql`CREATE TABLE receipts (parcel_id uuid NOT NULL, recipient text NOT NULL)`);
  bus = await EventBus.connect({ url: env.natsUrl, prefix: env.busPrefix, name: 'consumer-kit-test', logger: createLogger('consumer-kit-test', 'silent') });
});

afterAll(async () => {
  for (const subscription of subscriptions) await subscription.stop();
  await bus?.jsm.streams.delete(bus.streamName).catch(() => undefined);
  await bus?.close();
  await db?.$client.end();
  await dropDatabaseWhenIdle(env.databaseUrl);
});

const envelope = (data: ParcelDelivered, traceparent?: string): EventEnvelope<ParcelDelivered> => ({
  id: randomUUID(),
  type: parcelDelivered.subject,
  occurredAt: new Date().toISOString(),
  traceparent,
  data,
});
const receiptsOf = async (parcelId: string) =>
  (await db.execute<{ recipient: string }>(sql`SELECT recipient FROM receipts WHERE parcel_id = ${parcelId}`)).rows.map((row) => row.recipient);

describe('the consumer kit', () => {
  it('runs the rule once per fact, in its transaction, and says after each commit whether it was the first time', async () => {
    const after: { parcelId: string; first: boolean; traceparent: string | undefined }[] = [];
    let failOnce = true;
    subscriptions.push(
      await consume(
        bus,
        'kit',
        parcelDelivered,
        once<ParcelDelivered, string>(db, {
          // The same delivery may be told under two event ids: it is handled under the parcel.
          key: ({ data }) => derivedEventId(NAMESPACE, data.parcelId),
          inTransaction: async (tx, { data }) => {
            await tx.execute(sql`INSERT INTO receipts (parcel_id, recipient) VALUES (${data.parcelId}, ${data.to})`);
            // A failure after the effect rolls it back with the key: the redelivery does it all again.
            if (data.to === 'flaky' && failOnce) {
              failOnce = false;
              throw new Error('the first try fails after its insert');
            }
            return data.to;
          },
          afterCommit: async ({ data }, result) => {
            after.push({ parcelId: data.parcelId, first: result.first, traceparent: currentTraceparent() });
          },
        }),
      ),
    );
    const parcelId = randomUUID();
    const traceparent = `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`;
    await bus.publish(parcelDelivered.subject, envelope({ parcelId, to: 'Ama' }, traceparent));
    await eventually(async () => (after.some((entry) => entry.parcelId === parcelId) ? true : undefined));
    await bus.publish(parcelDelivered.subject, envelope({ parcelId, to: 'Ama' }));
    await eventually(async () => (after.filter((entry) => entry.parcelId === parcelId).length === 2 ? true : undefined));

    expect(after.filter((entry) => entry.parcelId === parcelId).map((entry) => entry.first)).toEqual([true, false]);
    expect(await receiptsOf(parcelId)).toEqual(['Ama']);
    // The rule ran inside the envelope's trace (no tracer registered: the traceparent passes through).
    expect(after.find((entry) => entry.parcelId === parcelId)?.traceparent).toBe(traceparent);

    const flakyParcel = randomUUID();
    await bus.publish(parcelDelivered.subject, envelope({ parcelId: flakyParcel, to: 'flaky' }));
    await eventually(async () => (after.some((entry) => entry.parcelId === flakyParcel) ? true : undefined));
    expect(await receiptsOf(flakyParcel)).toEqual(['flaky']);
    expect(after.filter((entry) => entry.parcelId === flakyParcel).map((entry) => entry.first)).toEqual([true]);
  });

  it('reads an envelope against the contract, refusing one whose payload breaks it', () => {
    const read = envelopeReader(parcelDelivered);
    const good = envelope({ parcelId: randomUUID(), to: 'Kofi' });
    expect(read(JSON.parse(JSON.stringify(good)))).toEqual(good);
    expect(() => read({ ...good, data: { parcelId: 'not-a-uuid', to: 'Kofi' } })).toThrow();
    expect(() => read({ ...good, occurredAt: 'yesterday' })).toThrow();
  });

  it('handles up to `concurrency` independent facts at once, each acknowledged when its own handler is done', async () => {
    const parcelSent = defineEvent('krom.kit.parcel.sent.v1', z.object({ parcelId: z.string().uuid(), to: z.string().min(1) }));
    const started: string[] = [];
    const finished: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    subscriptions.push(
      await consume(
        bus,
        'kit',
        parcelSent,
        async ({ data }) => {
          started.push(data.parcelId);
          // Every handler waits until all four are running: one at a time, none would ever finish.
          await gate;
          finished.push(data.parcelId);
        },
        { concurrency: 4 },
      ),
    );
    const parcels = Array.from({ length: 4 }, () => randomUUID());
    for (const parcelId of parcels) await bus.publish(parcelSent.subject, { ...envelope({ parcelId, to: 'Yaw' }), type: parcelSent.subject });
    await eventually(async () => (started.length === 4 ? true : undefined));
    expect(finished).toEqual([]);
    release();
    await eventually(async () => (finished.length === 4 ? true : undefined));
    expect(new Set(finished)).toEqual(new Set(parcels));
  });
});
