import type { userDeleted } from '@krom/contracts/events/identity';
import { type EventRule, once } from '@krom/server-kit/consumer';
import type { z } from 'zod';
import type { NotificationsDb } from '../../db/notifications-db.ts';
import { eraseUserData } from '../../users/erase-user-data.ts';
import { findKnownUser } from '../../users/known-users.ts';

type UserDeleted = z.infer<typeof userDeleted.schema>;

/** krom.identity.user.deleted.v1 → the account's notifications, codes and contact details in logs erased, once per event. */
export function handleUserDeleted(db: NotificationsDb): EventRule<UserDeleted> {
  return once(db, {
    inTransaction: async (tx, { data }) => {
      const known = await findKnownUser(tx, data.userId);
      await eraseUserData(tx, { userId: data.userId, phone: known?.phone ?? null, email: known?.email ?? null }, new Date(data.deletedAt));
    },
  });
}
