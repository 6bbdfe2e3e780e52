import type { userDeleted } from '@krom/contracts/events/identity';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { handleOnce } from '@krom/server-kit/outbox';
import type { z } from 'zod';
import type { NotificationsDb } from '../../db/notifications-db.ts';
import { eraseUserData } from '../../users/erase-user-data.ts';
import { findKnownUser } from '../../users/known-users.ts';
import { inConsumerSpan } from '../consumer-span.ts';

type UserDeleted = z.infer<typeof userDeleted.schema>;

/** krom.identity.user.deleted.v1 → the account's notifications, codes and contact details in logs erased, once per event. */
export function handleUserDeleted(db: NotificationsDb): (envelope: EventEnvelope<UserDeleted>) => Promise<void> {
  return (envelope) =>
    inConsumerSpan(envelope, async () => {
      await handleOnce(db, envelope, async (tx) => {
        const known = await findKnownUser(tx, envelope.data.userId);
        await eraseUserData(tx, { userId: envelope.data.userId, phone: known?.phone ?? null, email: known?.email ?? null }, new Date(envelope.data.deletedAt));
      });
    });
}
