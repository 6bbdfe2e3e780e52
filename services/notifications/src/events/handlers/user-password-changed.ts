import type { userPasswordChanged } from '@krom/contracts/events/identity';
import { type EventRule, once } from '@krom/server-kit/consumer';
import type { z } from 'zod';
import type { NotificationsDb } from '../../db/notifications-db.ts';
import { passwordChangedNotice } from '../../notifications/account-notices.ts';
import { createNotification } from '../../notifications/create-notification.ts';
import { findKnownUser } from '../../users/known-users.ts';

type UserPasswordChanged = z.infer<typeof userPasswordChanged.schema>;

/** krom.identity.user.password_changed.v1 → a "Password changed" notification, once per event; none for a deleted account. */
export function handleUserPasswordChanged(db: NotificationsDb): EventRule<UserPasswordChanged> {
  return once(db, {
    inTransaction: async (tx, envelope) => {
      const known = await findKnownUser(tx, envelope.data.userId);
      if (known?.deletedAt) return;
      await createNotification(tx, { userId: envelope.data.userId, ...passwordChangedNotice(envelope.data.via), sourceEventId: envelope.id });
    },
  });
}
