import type { EventEnvelope } from '@krom/contracts/envelope';
import { DeliverPolicy, JetStreamApiCodes, JetStreamApiError, RetentionPolicy, StorageType, type StreamInfo } from '@nats-io/jetstream';
import type { z } from 'zod';
import type { EventBus } from './bus.ts';

/** Which events a last-per-subject stream keeps: the event stream's name gets `suffix`. */
export type LastPerSubjectStream = { suffix: string; subjects: string };

/** The stream's name: the event stream's, so a bus prefix isolates it too, and the suffix. */
export const lastPerSubjectStreamName = (bus: EventBus, spec: LastPerSubjectStream) => `${bus.streamName}_${spec.suffix}`;

/**
 * Creates (or brings up to date) a stream that sources `spec.subjects` from the bus's event
 * stream and keeps only the last message of each subject, with no age limit: the newest state of
 * every aggregate whose id ends the subject, whatever retention the event stream has. It is a
 * separate stream because a per-subject limit on the event stream would drop events that
 * consumers have not read yet. It has as many replicas as the event stream.
 */
export async function ensureLastPerSubjectStream(bus: EventBus, spec: LastPerSubjectStream): Promise<string> {
  const name = lastPerSubjectStreamName(bus, spec);
  const config = {
    name,
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    max_msgs_per_subject: 1,
    num_replicas: bus.replicas,
    sources: [{ name: bus.streamName, filter_subject: bus.subjectOf(spec.subjects) }],
  };
  const current = await streamInfo(bus, name);
  if (current) {
    await bus.jsm.streams.update(name, config);
    return name;
  }
  try {
    await bus.jsm.streams.add(config);
  } catch (error) {
    // Another process created it between our look and our add.
    if (!(await streamInfo(bus, name))) throw error;
  }
  return name;
}

/** The stream's info, or undefined when there is no such stream. */
async function streamInfo(bus: EventBus, name: string): Promise<StreamInfo | undefined> {
  try {
    return await bus.jsm.streams.info(name);
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return undefined;
    throw error;
  }
}

/**
 * Reads the last message of every subject of the stream once, oldest first, with an ordered
 * consumer, and hands each event that matches `schema` to `apply` (the others are counted as
 * skipped). Resolves once it has caught up with the stream as it was when the read began; a
 * stream nobody created yet holds nothing.
 */
export async function readLastPerSubject<S extends z.ZodTypeAny>(
  bus: EventBus,
  spec: LastPerSubjectStream,
  schema: S,
  apply: (event: EventEnvelope<z.infer<S>>) => Promise<void>,
): Promise<{ applied: number; skipped: number }> {
  const name = lastPerSubjectStreamName(bus, spec);
  const counts = { applied: 0, skipped: 0 };
  const info = await streamInfo(bus, name);
  if (!info || info.state.messages === 0) return counts;
  const consumer = await bus.js.consumers.get(name, {
    filter_subjects: bus.subjectOf(spec.subjects),
    deliver_policy: DeliverPolicy.LastPerSubject,
  });
  const messages = await consumer.consume();
  try {
    for await (const msg of messages) {
      const raw = msg.json<EventEnvelope>();
      const parsed = schema.safeParse(raw.data);
      if (parsed.success) {
        await apply({ ...raw, data: parsed.data });
        counts.applied += 1;
      } else {
        counts.skipped += 1;
      }
      if (msg.info.pending === 0) break;
    }
  } finally {
    await messages.close();
  }
  return counts;
}
