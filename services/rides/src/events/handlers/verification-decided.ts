import { type EventEnvelope, eventEnvelopeSchema } from '@krom/contracts/envelope';
import { type VerificationDecided, verificationDecided } from '@krom/contracts/events/identity';
import type { Logger } from '@krom/server-kit/logger';
import { contextFromTraceparent, SpanKind, withSpan } from '@krom/server-kit/telemetry';
import type { RidesDb } from '../../db/rides-db.ts';
import { applyVerificationDecision } from '../user-profile-projection.ts';

const verificationDecidedEnvelope = eventEnvelopeSchema(verificationDecided.schema);

/** Reads a raw verification.decided envelope as this service understands it (also what its message pact checks). */
export function readVerificationDecided(raw: unknown): EventEnvelope<VerificationDecided> {
  return verificationDecidedEnvelope.parse(raw);
}

/**
 * krom.identity.verification.decided.v1 → the user's verification statuses in `user_profiles`,
 * at once rather than with the snapshot that follows. Version-checked like the snapshots, so a
 * redelivered or late decision is a no-op without handled-event bookkeeping.
 */
export function handleVerificationDecided(db: RidesDb, logger: Logger): (envelope: EventEnvelope<VerificationDecided>) => Promise<void> {
  return (envelope) =>
    withSpan(
      `handle ${verificationDecided.subject}`,
      async () => {
        const { userId, version, kind, decision } = envelope.data;
        const applied = await applyVerificationDecision(db, envelope.data);
        logger.debug({ eventId: envelope.id, userId, version, kind, decision, applied }, applied ? 'verification decision projected' : 'older, repeated or unknown user’s decision ignored');
      },
      {
        parent: contextFromTraceparent(envelope.traceparent),
        kind: SpanKind.CONSUMER,
        attributes: { 'messaging.system': 'nats', 'messaging.message.id': envelope.id },
      },
    );
}
