import type { EventEnvelope } from '@krom/contracts/envelope';
import { eventually } from '@krom/server-kit/testing';
import type { useRidesService } from './rides-test-env.ts';

type Handle = ReturnType<typeof useRidesService>;

/** The ride's `subject` event (of `version`, when given) as the outbox holds it, once the relay has published it. */
export const publishedRideEvent = (handle: Handle, subject: string, rideId: string, version?: number) =>
  eventually(async () => {
    const { rows } = await handle.service.db.$client.query<{ envelope: EventEnvelope }>(
      `SELECT envelope FROM outbox WHERE subject = $1 AND envelope->'data'->>'rideId' = $2 AND published_at IS NOT NULL
         AND ($3::int IS NULL OR (envelope->'data'->>'version')::int = $3::int)`,
      [subject, rideId, version ?? null],
    );
    return rows[0]?.envelope;
  });

/** Waits until the service's consumer has acknowledged everything on `subject` up to stream sequence `seq`. */
export const consumedUpTo = (handle: Handle, subject: string, seq: number) =>
  eventually(async () => {
    const bus = handle.service.bus;
    const info = await bus.jsm.consumers.info(bus.streamName, `rides_${subject.replaceAll('.', '_')}`);
    return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0 ? info : undefined;
  });

/**
 * Waits until the service has handled the ride's `subject` event (published, then acknowledged by
 * its own consumer): what a test waits on before acting where that consumer could still be at work.
 */
export async function rideEventHandled(handle: Handle, subject: string, rideId: string, version?: number): Promise<void> {
  await publishedRideEvent(handle, subject, rideId, version);
  const bus = handle.service.bus;
  // The latest such event in the stream is this ride's or a later one: acknowledged up to it, this one was handled.
  const latest = await bus.jsm.streams.getMessage(bus.streamName, { last_by_subj: bus.subjectOf(subject) });
  if (!latest) throw new Error(`the stream holds no ${subject} event, though the relay published ride ${rideId}'s`);
  await consumedUpTo(handle, subject, latest.seq);
}
