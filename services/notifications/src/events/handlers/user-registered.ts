import { type UserRegistered, userRegistered } from '@krom/contracts/events/identity';
import { type EventRule, envelopeReader, once } from '@krom/server-kit/consumer';
import type { NotificationsDb } from '../../db/notifications-db.ts';
import { welcomeNotice } from '../../notifications/account-notices.ts';
import { createNotification } from '../../notifications/create-notification.ts';
import { eraseUserData } from '../../users/erase-user-data.ts';
import { findKnownUser, phoneAsLogged, rememberUser, type UserContacts } from '../../users/known-users.ts';

/** Reads a raw user.registered envelope as this service understands it (also what its message pact checks). */
export const readUserRegistered = envelopeReader(userRegistered);

/** How the account is reached, in the forms the SMS and e-mail logs hold. */
export const contactsOf = (user: UserRegistered): UserContacts => ({
  userId: user.userId,
  phone: phoneAsLogged(user.phone),
  email: user.email.trim().toLowerCase(),
});

/**
 * krom.identity.user.registered.v1 → a welcome notification, once per event, and
 * the account's phone and e-mail remembered for its erasure. If the deletion got here first, the
 * account is erased again with these contact details and no welcome is made.
 */
export function handleUserRegistered(db: NotificationsDb): EventRule<UserRegistered> {
  return once(db, {
    inTransaction: async (tx, envelope) => {
      const contacts = contactsOf(envelope.data);
      const known = await findKnownUser(tx, contacts.userId);
      if (known?.deletedAt) {
        await eraseUserData(tx, contacts, known.deletedAt);
        return;
      }
      await rememberUser(tx, contacts, new Date(envelope.data.registeredAt));
      await createNotification(tx, { userId: contacts.userId, ...welcomeNotice(envelope.data), sourceEventId: envelope.id });
    },
  });
}
