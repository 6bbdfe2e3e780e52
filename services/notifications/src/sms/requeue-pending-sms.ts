import { and, asc, eq, lt } from 'drizzle-orm';
import { smsLogs } from '../db/schema.ts';
import { enqueueSmsDelivery } from '../jobs/queues/sms-queue.ts';
import type { SmsSender } from './queue-sms.ts';

/** Which pending rows to queue again: those recorded before `createdBefore`, oldest first, at most `limit` (1000). */
export type RequeueSelection = { createdBefore?: Date; limit?: number };

/**
 * Queues again every SMS still pending. Run at start and by the periodic sweep: a row whose job
 * never reached Redis (a Redis outage, an outage longer than the event's redeliveries, a crash
 * after commit) is delivered after all. Rows that still have their job are not duplicated, the
 * job id being the row id, so several replicas may do this at once.
 */
export async function requeuePendingSms(sender: SmsSender, selection: RequeueSelection = {}): Promise<number> {
  const pending = await sender.db
    .select({ id: smsLogs.id })
    .from(smsLogs)
    .where(and(eq(smsLogs.status, 'pending'), selection.createdBefore && lt(smsLogs.createdAt, selection.createdBefore)))
    .orderBy(asc(smsLogs.createdAt))
    .limit(selection.limit ?? 1000);
  for (const row of pending) await enqueueSmsDelivery(sender.queue, row.id, undefined);
  return pending.length;
}
