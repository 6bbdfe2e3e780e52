import type { Notification } from '@krom/contracts/http/notifications';
import type { Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { type NotificationRow, notifications } from '../db/schema.ts';

/** The pg channel told of each new notification; open streams listen on it. */
export const NOTIFICATION_CHANNEL = 'krom_notifications';

/** What the channel carries: only ids, well under pg's 8000-byte payload limit. */
export type NotificationSignal = { id: string; userId: string };

export type NewNotification = {
  userId: string;
  type: Notification['type'];
  title: string;
  message: string;
  data?: Record<string, unknown> | null;
  actionRequired?: boolean;
  sourceEventId?: string;
};

/**
 * Stores a notification and signals it in the same transaction: PostgreSQL delivers the signal
 * only on commit, so a stream never announces a notification that was rolled back.
 */
export async function createNotification(tx: Transaction | NotificationsDb, input: NewNotification): Promise<NotificationRow> {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      title: input.title,
      message: input.message,
      data: input.data ?? null,
      actionRequired: input.actionRequired ?? false,
      sourceEventId: input.sourceEventId,
    })
    .returning();
  if (!row) throw new Error('notifications insert returned no row');
  const signal: NotificationSignal = { id: row.id, userId: row.userId };
  await tx.execute(sql`SELECT pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(signal)})`);
  return row;
}

/** A row as the contract shows it. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    data: row.data ?? null,
    isRead: row.isRead,
    actionRequired: row.actionRequired,
    createdAt: row.createdAt.toISOString(),
  };
}
