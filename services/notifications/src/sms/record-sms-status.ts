import type { CallbackOutcome } from '@krom/contracts/http/provider-callbacks';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { heldSmsReports, providerCallbacks, smsLogs } from '../db/schema.ts';
import type { SmsStatusReport } from '../providers/sms/port.ts';

type Tx = Parameters<Parameters<NotificationsDb['transaction']>[0]>[0];

/**
 * Serialises a report about one message with the record that the message was sent, so a report
 * is either kept for that record to apply or finds the message sent, never neither.
 */
const lockReportsOf = (tx: Tx, provider: string, providerId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms-report:${provider}:${providerId}`}, 0))`);

/** Applies a report to a message that was sent: recorded once by its delivery id, the first settled outcome kept. */
async function applyReport(tx: Tx, provider: string, messageId: string, report: SmsStatusReport, receivedAt: Date): Promise<CallbackOutcome> {
  const [first] = await tx
    .insert(providerCallbacks)
    .values({ provider, deliveryId: report.deliveryId, receivedAt })
    .onConflictDoNothing()
    .returning({ deliveryId: providerCallbacks.deliveryId });
  if (!first) return 'replayed';
  if (!report.delivery) return 'ignored';
  const settled = await tx
    .update(smsLogs)
    .set({ deliveryStatus: report.delivery, deliveryError: report.errorCode ?? null, deliveryReportedAt: receivedAt })
    .where(and(eq(smsLogs.id, messageId), isNull(smsLogs.deliveryStatus)))
    .returning({ id: smsLogs.id });
  return settled.length > 0 ? 'applied' : 'ignored';
}

/**
 * Applies one checked delivery report to the message it names, in one transaction with the record
 * that it was applied: the same report again (a provider's retry, a replay) is `replayed` and
 * changes nothing; a step on the way (queued, sent) is `ignored`; the first settled report
 * (delivered or failed) is kept on the message, a later one leaves it. A settled report naming no
 * message recorded as sent through this provider is `held` (the provider's callback can overtake
 * the worker's record of its answer, and Twilio does not call again after an error answer) and
 * applied by applyHeldSmsReports once the message is recorded as sent.
 */
export async function recordSmsStatus(db: NotificationsDb, provider: string, report: SmsStatusReport, now: Date): Promise<CallbackOutcome> {
  return db.transaction(async (tx) => {
    await lockReportsOf(tx, provider, report.providerId);
    const [message] = await tx
      .select({ id: smsLogs.id })
      .from(smsLogs)
      .where(and(eq(smsLogs.provider, provider), eq(smsLogs.providerId, report.providerId)))
      .for('update');
    if (message) return applyReport(tx, provider, message.id, report, now);
    if (!report.delivery) return 'ignored';
    const [kept] = await tx
      .insert(heldSmsReports)
      .values({ provider, deliveryId: report.deliveryId, providerId: report.providerId, delivery: report.delivery, errorCode: report.errorCode ?? null, receivedAt: now })
      .onConflictDoNothing()
      .returning({ deliveryId: heldSmsReports.deliveryId });
    return kept ? 'held' : 'replayed';
  });
}

/** Applies, oldest first, the reports held for the message sent as `providerId`, now that it is recorded as sent. */
export async function applyHeldSmsReports(db: NotificationsDb, provider: string, providerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockReportsOf(tx, provider, providerId);
    const [message] = await tx
      .select({ id: smsLogs.id })
      .from(smsLogs)
      .where(and(eq(smsLogs.provider, provider), eq(smsLogs.providerId, providerId)))
      .for('update');
    if (!message) return;
    const held = await tx
      .select()
      .from(heldSmsReports)
      .where(and(eq(heldSmsReports.provider, provider), eq(heldSmsReports.providerId, providerId)))
      .orderBy(asc(heldSmsReports.receivedAt));
    for (const report of held) {
      const { deliveryId, delivery, errorCode, receivedAt } = report;
      await applyReport(tx, provider, message.id, { deliveryId, providerId, status: delivery, delivery, errorCode: errorCode ?? undefined }, receivedAt);
    }
    await tx.delete(heldSmsReports).where(and(eq(heldSmsReports.provider, provider), eq(heldSmsReports.providerId, providerId)));
  });
}
