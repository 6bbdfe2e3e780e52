import { type VerificationDecided, verificationDecided } from '@krom/contracts/events/identity';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import type { Logger } from '@krom/server-kit/logger';
import type { RidesDb } from '../../db/rides-db.ts';
import { applyVerificationDecision } from '../user-profile-projection.ts';

/** Reads a raw verification.decided envelope as this service understands it (also what its message pact checks). */
export const readVerificationDecided = envelopeReader(verificationDecided);

/**
 * krom.identity.verification.decided.v1 → the user's verification statuses in `user_profiles`,
 * at once rather than with the snapshot that follows. Version-checked like the snapshots, so a
 * redelivered or late decision is a no-op without handled-event bookkeeping.
 */
export function handleVerificationDecided(db: RidesDb, logger: Logger): EventRule<VerificationDecided> {
  return async (envelope) => {
    const { userId, version, kind, decision } = envelope.data;
    const applied = await applyVerificationDecision(db, envelope.data);
    logger.debug({ eventId: envelope.id, userId, version, kind, decision, applied }, applied ? 'verification decision projected' : 'older, repeated or unknown user’s decision ignored');
  };
}
