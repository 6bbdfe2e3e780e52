import { type UserNotificationSettings, userNotificationSettings } from '@krom/contracts/events/identity';
import { type EventRule, envelopeReader, once } from '@krom/server-kit/consumer';
import type { NotificationsDb } from '../../db/notifications-db.ts';
import { rememberNotificationChoices } from '../../users/known-users.ts';

/** Reads a raw user.notification_settings envelope as this service understands it (also what its message pact checks). */
export const readUserNotificationSettings = envelopeReader(userNotificationSettings);

/**
 * krom.identity.user.notification_settings.v1 → the member's SMS and ride reminder choices in
 * `known_users`, unless newer ones are already there (events may come out of order, or before the
 * account's registration).
 */
export function handleUserNotificationSettings(db: NotificationsDb): EventRule<UserNotificationSettings> {
  return once(db, { inTransaction: (tx, { data }) => rememberNotificationChoices(tx, data) });
}
