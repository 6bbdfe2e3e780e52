import { type UserSnapshot, userSnapshots } from '@krom/contracts/events/identity';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import type { Logger } from '@krom/server-kit/logger';
import type { PaymentsDb } from '../../db/payments-db.ts';
import { applyUserName } from '../user-names.ts';

/** A user snapshot's envelope as the bus delivers it to payments, checked against the contract. */
export const readUserSnapshot = envelopeReader(userSnapshots);

/**
 * krom.identity.user.snapshot.v1.<userId> → the user's name in `user_names` (what a payout is
 * sent to), if this version is not older than the one held; redelivered and out-of-order
 * snapshots change nothing.
 */
export function handleUserSnapshot(db: PaymentsDb, logger: Logger): EventRule<UserSnapshot> {
  return async (envelope) => {
    const applied = await applyUserName(db, envelope.data);
    logger.debug({ eventId: envelope.id, userId: envelope.data.userId, version: envelope.data.version, applied }, applied ? 'user name kept' : 'older user snapshot ignored');
  };
}
