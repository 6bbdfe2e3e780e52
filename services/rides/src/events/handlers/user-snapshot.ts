import type { EventEnvelope } from '@krom/contracts/envelope';
import { type UserSnapshot, userSnapshots } from '@krom/contracts/events/identity';
import type { Logger } from '@krom/server-kit/logger';
import { contextFromTraceparent, SpanKind, withSpan } from '@krom/server-kit/telemetry';
import type { RidesDb } from '../../db/rides-db.ts';
import { applyUserSnapshot } from '../user-profile-projection.ts';

/**
 * krom.identity.user.snapshot.v1.<userId> → the user's row in `user_profiles`, if this version
 * is newer than the one held. Redelivered and out-of-order snapshots are no-ops by version.
 */
export function handleUserSnapshot(db: RidesDb, logger: Logger): (envelope: EventEnvelope<UserSnapshot>) => Promise<void> {
  return (envelope) =>
    withSpan(
      `handle ${userSnapshots.subject}`,
      async () => {
        const { userId, version } = envelope.data;
        const applied = await applyUserSnapshot(db, envelope.data);
        logger.debug({ eventId: envelope.id, userId, version, applied }, applied ? 'user profile projected' : 'older or repeated user snapshot ignored');
      },
      {
        parent: contextFromTraceparent(envelope.traceparent),
        kind: SpanKind.CONSUMER,
        attributes: { 'messaging.system': 'nats', 'messaging.message.id': envelope.id },
      },
    );
}
