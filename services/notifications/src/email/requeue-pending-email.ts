import { and, asc, eq, lt } from 'drizzle-orm';
import { emailLogs } from '../db/schema.ts';
import { enqueueEmailDelivery } from '../jobs/queues/email-queue.ts';
import type { RequeueSelection } from '../sms/requeue-pending-sms.ts';
import type { EmailSender } from './queue-email.ts';

/**
 * Queues again every e-mail still pending, as for SMS: a row whose job never reached Redis is
 * delivered after all; rows that still have their job are not duplicated.
 */
export async function requeuePendingEmail(sender: EmailSender, selection: RequeueSelection = {}): Promise<number> {
  const pending = await sender.db
    .select({ id: emailLogs.id })
    .from(emailLogs)
    .where(and(eq(emailLogs.status, 'pending'), selection.createdBefore && lt(emailLogs.createdAt, selection.createdBefore)))
    .orderBy(asc(emailLogs.createdAt))
    .limit(selection.limit ?? 1000);
  for (const row of pending) await enqueueEmailDelivery(sender.queue, row.id, undefined);
  return pending.length;
}
