import { type MemberCases, memberActivityLimit } from '@krom/contracts/http/member-page';
import { count, desc, eq } from 'drizzle-orm';
import type { AdminDb } from '../db/admin-db.ts';
import { memberReports, supportTickets } from '../db/schema.ts';

/**
 * A member's support side for the admin area's member page: the tickets they opened and the
 * reports made about them, each counted and the latest few listed, newest first (both read by
 * their member index). An id nobody has is simply a member with none of either.
 */
export async function memberCases(db: AdminDb, memberId: string): Promise<MemberCases> {
  const [tickets, [ticketCount], reports, [reportCount]] = await Promise.all([
    db
      .select({
        id: supportTickets.id,
        subject: supportTickets.subject,
        category: supportTickets.category,
        status: supportTickets.status,
        priority: supportTickets.priority,
        createdAt: supportTickets.createdAt,
      })
      .from(supportTickets)
      .where(eq(supportTickets.memberId, memberId))
      .orderBy(desc(supportTickets.createdAt))
      .limit(memberActivityLimit),
    db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.memberId, memberId)),
    db
      .select()
      .from(memberReports)
      .where(eq(memberReports.reportedId, memberId))
      .orderBy(desc(memberReports.createdAt))
      .limit(memberActivityLimit),
    db.select({ n: count() }).from(memberReports).where(eq(memberReports.reportedId, memberId)),
  ]);
  return {
    tickets: { count: ticketCount?.n ?? 0, latest: tickets.map((ticket) => ({ ...ticket, createdAt: ticket.createdAt.toISOString() })) },
    reportsAbout: {
      count: reportCount?.n ?? 0,
      latest: reports.map((report) => ({
        reportId: report.id,
        ticketId: report.ticketId,
        reporterId: report.reporterId,
        reason: report.reason,
        source: report.source,
        reportedAt: report.createdAt.toISOString(),
      })),
    },
  };
}
