import { userSuspended, userUnsuspended } from '@krom/contracts/events/identity';
import { memberSuspendedReason } from '@krom/contracts/events/bookings';
import { type EventRule, envelopeReader, once } from '@krom/server-kit/consumer';
import type { Logger } from '@krom/server-kit/logger';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RidesDb } from '../../db/rides-db.ts';
import { endTripsToCome } from './member-trips.ts';

type UserSuspended = z.infer<typeof userSuspended.schema>;
type UserUnsuspended = z.infer<typeof userUnsuspended.schema>;

export const readUserSuspended = envelopeReader(userSuspended);
export const readUserUnsuspended = envelopeReader(userUnsuspended);

/**
 * krom.identity.user.suspended.v1 → the member is barred (no posting, no booking: 403), their
 * rides still to depart cancelled with every passenger refunded in full and told that Krom
 * cancelled, their open ride requests cancelled and their own live bookings ended as when a
 * driver cancels (everything back, nothing to the driver), once per event id. Past rides stay.
 */
export function handleUserSuspended(db: RidesDb, logger: Logger): EventRule<UserSuspended> {
  return once(db, {
    inTransaction: async (tx, { data: { userId } }) => {
      await tx.execute(sql`UPDATE user_profiles SET suspended = true WHERE user_id = ${userId}`);
      return endTripsToCome(tx, userId, { reason: memberSuspendedReason, refund: 'full' });
    },
    afterCommit: async (envelope, result) => {
      if (!result.first) return;
      logger.info({ eventId: envelope.id, ...result.value }, 'suspended account: future rides, ride requests and bookings cancelled');
    },
  });
}

/** krom.identity.user.unsuspended.v1 → the member may post and book again; what was cancelled stays cancelled. */
export function handleUserUnsuspended(db: RidesDb): EventRule<UserUnsuspended> {
  return once(db, {
    inTransaction: async (tx, { data: { userId } }) => {
      await tx.execute(sql`UPDATE user_profiles SET suspended = false WHERE user_id = ${userId}`);
    },
  });
}
