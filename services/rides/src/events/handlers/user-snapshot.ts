import { type UserSnapshot, userSnapshots } from '@krom/contracts/events/identity';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import type { Logger } from '@krom/server-kit/logger';
import type { RidesDb } from '../../db/rides-db.ts';
import { applyUserSnapshot } from '../user-profile-projection.ts';

/** Reads a raw user.snapshot envelope as this service understands it (also what its message pact checks). */
export const readUserSnapshot = envelopeReader(userSnapshots);

/**
 * krom.identity.user.snapshot.v1.<userId> → the user's row in `user_profiles`, if this version
 * is newer than the one held. Redelivered and out-of-order snapshots are no-ops by version.
 */
export function handleUserSnapshot(db: RidesDb, logger: Logger): EventRule<UserSnapshot> {
  return async (envelope) => {
    const { userId, version } = envelope.data;
    const applied = await applyUserSnapshot(db, envelope.data);
    logger.debug({ eventId: envelope.id, userId, version, applied }, applied ? 'user profile projected' : 'older or repeated user snapshot ignored');
  };
}
