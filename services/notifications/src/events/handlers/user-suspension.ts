import type { userSuspended } from '@krom/contracts/events/identity';
import { type EventRule, once } from '@krom/server-kit/consumer';
import { isNull, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { NotificationsDb } from '../../db/notifications-db.ts';
import { knownUsers } from '../../db/schema.ts';

type Suspension = z.infer<typeof userSuspended.schema>;

/**
 * krom.identity.user.suspended.v1 / .unsuspended.v1 → `known_users.suspended_at`, so a suspended
 * member's SMS commands are refused. The two carry no version, so the later `occurredAt` wins
 * (events of two subjects are not ordered); one heard before the registration makes the row.
 */
export function handleUserSuspension(db: NotificationsDb, suspended: boolean): EventRule<Suspension> {
  return once(db, {
    inTransaction: async (tx, { data }) => {
      const at = new Date(data.occurredAt);
      const state = { suspendedAt: suspended ? at : null, suspensionChangedAt: at };
      await tx
        .insert(knownUsers)
        .values({ userId: data.userId, ...state })
        .onConflictDoUpdate({
          target: knownUsers.userId,
          set: state,
          setWhere: or(isNull(knownUsers.suspensionChangedAt), lt(knownUsers.suspensionChangedAt, at)),
        });
    },
  });
}
