import { asc, eq } from 'drizzle-orm';
import { smsLogs } from '../db/schema.ts';
import { enqueueSmsDelivery } from '../jobs/sms-queue.ts';
import type { SmsSender } from './queue-sms.ts';

/**
 * Queues again every SMS still pending. Run at start: a row whose job never reached Redis (an
 * outage longer than the event's redeliveries, a crash after commit) is delivered after all.
 * Rows that still have their job are not duplicated, the job id being the row id.
 */
export async function requeuePendingSms(sender: SmsSender): Promise<number> {
  const pending = await sender.db
    .select({ id: smsLogs.id })
    .from(smsLogs)
    .where(eq(smsLogs.status, 'pending'))
    .orderBy(asc(smsLogs.createdAt));
  for (const row of pending) await enqueueSmsDelivery(sender.queue, row.id, undefined);
  return pending.length;
}
