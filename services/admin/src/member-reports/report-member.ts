import { memberReported } from '@krom/contracts/events/admin';
import { type memberReportInputSchema, memberReportReasonLabels, memberSafetyMessages } from '@krom/contracts/http/member-safety';
import { uuid } from '@krom/contracts/http/fields';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { type EventRule, once } from '@krom/server-kit/consumer';
import type { EventEnvelope } from '@krom/contracts/envelope';
import type { MessageReported } from '@krom/contracts/events/messages';
import type { z } from 'zod';
import type { AdminDb } from '../db/admin-db.ts';
import { eq } from 'drizzle-orm';
import { memberReports, supportTickets } from '../db/schema.ts';

/**
 * A member reports another to staff. The report, its case in the staff queue (a `safety` ticket
 * whose member is the reporter, so they hear the outcome like any ticket's member) and its
 * `member.reported` event commit together. One per reporter and
 * reported member: a repeat is thanked the same and changes nothing. Admin keeps no copy of the
 * members, so an id nobody has is stored like any other and staff find no member behind it;
 * the BFF only ever sends ids of signed-in callers as reporters. A message reported in a
 * conversation arrives from rides as an event (recordMessageReport) and is stored the same way.
 */
export async function reportMember(
  db: AdminDb,
  reporterId: string,
  reportedId: string,
  report: z.output<typeof memberReportInputSchema>,
): Promise<{ created: boolean; message: string }> {
  if (!uuid.safeParse(reportedId).success) throw new HttpError(400, memberSafetyMessages.memberNotFound, [{ field: 'id', message: memberSafetyMessages.memberNotFound }]);
  if (reportedId === reporterId) throw new HttpError(400, memberSafetyMessages.reportSelf);
  const created = await db.transaction((tx) =>
    openMemberReport(tx, { reporterId, reportedId, reason: report.reason, details: report.details || null, source: report.source, sourceId: report.sourceId ?? null }),
  );
  return { created, message: memberSafetyMessages.reportThanks };
}

/** A report as stored: who reported whom, why, and where from. */
type NewMemberReport = Pick<typeof memberReports.$inferInsert, 'reporterId' | 'reportedId' | 'reason' | 'details' | 'source' | 'sourceId' | 'reportedText' | 'createdAt'>;

/**
 * Stores the report with its case and its event in `tx`; false when the reporter had already
 * reported that member (the first case stands).
 */
async function openMemberReport(tx: Transaction, report: NewMemberReport): Promise<boolean> {
  const [created] = await tx.insert(memberReports).values(report).onConflictDoNothing().returning();
  if (!created) return false;
  const label = memberReportReasonLabels[created.reason];
  const [ticket] = await tx
    .insert(supportTickets)
    .values({
      memberId: created.reporterId,
      category: 'safety',
      priority: 'high',
      subject: `Member report: ${label}`,
      description: created.details ?? label,
      createdAt: created.createdAt,
      updatedAt: created.createdAt,
    })
    .returning({ id: supportTickets.id });
  if (!ticket) throw new Error('ticket insert returned nothing');
  await tx.update(memberReports).set({ ticketId: ticket.id }).where(eq(memberReports.id, created.id));
  await recordEvent(tx, memberReported, {
    reportId: created.id,
    reporterId: created.reporterId,
    reportedId: created.reportedId,
    reason: created.reason,
    details: created.details,
    source: created.source,
    sourceId: created.sourceId,
    reportedAt: created.createdAt.toISOString(),
    version: 1,
  });
  return true;
}

/**
 * krom.rides.message.reported.v1 → a member report with source `message`, its case and event, as
 * if the reporter had reported the writer from their profile, with the message's text kept for
 * staff. Once per event (handled_events), and a repeat of the pair keeps the first case.
 */
export function recordMessageReport(db: AdminDb): EventRule<MessageReported> {
  return once(db, {
    inTransaction: async (tx, envelope: EventEnvelope<MessageReported>) => {
      const report = envelope.data;
      await openMemberReport(tx, {
        reporterId: report.reporterId,
        reportedId: report.reportedId,
        reason: report.reason,
        details: report.details,
        source: 'message',
        sourceId: report.messageId,
        reportedText: report.messageText,
        createdAt: new Date(report.reportedAt),
      });
    },
  });
}
