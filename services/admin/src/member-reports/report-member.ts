import { memberReported } from '@krom/contracts/events/admin';
import { type memberReportInputSchema, memberReportReasonLabels, memberSafetyMessages } from '@krom/contracts/http/member-safety';
import { uuid } from '@krom/contracts/http/fields';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent } from '@krom/server-kit/outbox';
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
 * the BFF only ever sends ids of signed-in callers as reporters.
 */
export async function reportMember(
  db: AdminDb,
  reporterId: string,
  reportedId: string,
  report: z.output<typeof memberReportInputSchema>,
): Promise<{ created: boolean; message: string }> {
  if (!uuid.safeParse(reportedId).success) throw new HttpError(400, memberSafetyMessages.memberNotFound, [{ field: 'id', message: memberSafetyMessages.memberNotFound }]);
  if (reportedId === reporterId) throw new HttpError(400, memberSafetyMessages.reportSelf);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(memberReports)
      .values({
        reporterId,
        reportedId,
        reason: report.reason,
        details: report.details || null,
        source: report.source,
        sourceId: report.sourceId ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      const label = memberReportReasonLabels[created.reason];
      const [ticket] = await tx
        .insert(supportTickets)
        .values({
          memberId: reporterId,
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
        reporterId,
        reportedId,
        reason: created.reason,
        details: created.details,
        source: created.source,
        sourceId: created.sourceId,
        reportedAt: created.createdAt.toISOString(),
        version: 1,
      });
    }
    return { created: created !== undefined, message: memberSafetyMessages.reportThanks };
  });
}
