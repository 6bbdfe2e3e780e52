import { asc, eq } from 'drizzle-orm';
import { emailLogs } from '../db/schema.ts';
import { enqueueEmailDelivery } from '../jobs/email-queue.ts';
import type { EmailSender } from './queue-email.ts';

/**
 * Queues again every e-mail still pending. Run at start, as for SMS: a row whose job never
 * reached Redis is delivered after all; rows that still have their job are not duplicated.
 */
export async function requeuePendingEmail(sender: EmailSender): Promise<number> {
  const pending = await sender.db.select({ id: emailLogs.id }).from(emailLogs).where(eq(emailLogs.status, 'pending')).orderBy(asc(emailLogs.createdAt));
  for (const row of pending) await enqueueEmailDelivery(sender.queue, row.id, undefined);
  return pending.length;
}
