import type { CallbackOutcome } from '@krom/contracts/http/provider-callbacks';
import { and, eq, isNull } from 'drizzle-orm';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { providerCallbacks, smsLogs } from '../db/schema.ts';
import type { SmsStatusReport } from '../providers/sms/port.ts';

/**
 * Applies one checked delivery report to the message it names, in one transaction with the record
 * that it was applied: the same report again (a provider's retry, a replay) is `replayed` and
 * changes nothing; a step on the way (queued, sent) is `ignored`; the first settled report
 * (delivered or failed) is kept on the message, a later one leaves it. `unknown` when no message
 * sent through this provider has that id: nothing is recorded, so the report counts when it comes again.
 */
export async function recordSmsStatus(
  db: NotificationsDb,
  provider: string,
  report: SmsStatusReport,
  now: Date,
): Promise<CallbackOutcome | 'unknown'> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select({ id: smsLogs.id })
      .from(smsLogs)
      .where(and(eq(smsLogs.provider, provider), eq(smsLogs.providerId, report.providerId)))
      .for('update');
    if (!message) return 'unknown';
    const [first] = await tx
      .insert(providerCallbacks)
      .values({ provider, deliveryId: report.deliveryId, receivedAt: now })
      .onConflictDoNothing()
      .returning({ deliveryId: providerCallbacks.deliveryId });
    if (!first) return 'replayed';
    if (!report.delivery) return 'ignored';
    const settled = await tx
      .update(smsLogs)
      .set({ deliveryStatus: report.delivery, deliveryError: report.errorCode ?? null, deliveryReportedAt: now })
      .where(and(eq(smsLogs.id, message.id), isNull(smsLogs.deliveryStatus)))
      .returning({ id: smsLogs.id });
    return settled.length > 0 ? 'applied' : 'ignored';
  });
}
