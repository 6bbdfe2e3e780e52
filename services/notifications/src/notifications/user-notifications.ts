import type { NotificationList } from '@krom/contracts/http/notifications';
import { and, count, desc, eq } from 'drizzle-orm';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { notifications } from '../db/schema.ts';
import { toNotification } from './create-notification.ts';

/** The screen shows recent notifications; older ones still count in the badges. */
export const NOTIFICATION_LIST_LIMIT = 100;

/**
 * A user's notifications, newest first, with the badge counts: unread, and action-required
 * among the unread (an item read is one the user has dealt with).
 */
export async function listNotifications(db: NotificationsDb, userId: string): Promise<NotificationList> {
  const mine = eq(notifications.userId, userId);
  const unread = and(mine, eq(notifications.isRead, false));
  const [rows, [unreadCount], [actionRequiredCount]] = await Promise.all([
    db.select().from(notifications).where(mine).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(NOTIFICATION_LIST_LIMIT),
    db.select({ n: count() }).from(notifications).where(unread),
    db.select({ n: count() }).from(notifications).where(and(unread, eq(notifications.actionRequired, true))),
  ]);
  return { items: rows.map(toNotification), unreadCount: unreadCount?.n ?? 0, actionRequiredCount: actionRequiredCount?.n ?? 0 };
}

/** Marks one of the user's notifications read; false when the user has none with that id. */
export async function markNotificationRead(db: NotificationsDb, userId: string, id: string): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

/** Marks all of the user's notifications read. */
export async function markAllNotificationsRead(db: NotificationsDb, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}
