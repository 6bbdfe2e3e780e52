import { ticketReplied } from '@krom/contracts/events/admin';
import { uuid } from '@krom/contracts/http/fields';
import type { StaffTicket, StaffTicketMessage, StaffTicketQueueQuery, StaffTicketSummary } from '@krom/contracts/http/staff-tickets';
import { awaitingMemberCloseDays, staffTicketMessages, type TicketPriority, ticketMessages } from '@krom/contracts/http/support-values';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AdminDb } from '../db/admin-db.ts';
import { memberReports, supportTicketMessages, supportTickets } from '../db/schema.ts';
import { type SupportDeps, ticketView } from './tickets.ts';

/*
 * The staff side of support tickets: the queue, a ticket with internal notes, claiming, replies
 * (announced so the member is told), notes, priority, resolving and closing. Every change locks
 * the ticket row, so two staff acting at once are served one after the other: the second sees
 * the first's claim and is refused (409).
 */

type TicketRow = typeof supportTickets.$inferSelect;
const notFound = () => new HttpError(404, ticketMessages.notFound);
const dayMs = 24 * 60 * 60 * 1000;

type ReportRow = typeof memberReports.$inferSelect;

const memberReportView = (report: ReportRow | null): StaffTicket['memberReport'] =>
  report && {
    reportId: report.id,
    reportedId: report.reportedId,
    reason: report.reason,
    details: report.details,
    source: report.source,
    sourceId: report.sourceId,
    reportedText: report.reportedText,
    reportedAt: report.createdAt.toISOString(),
  };

const staffFieldsOf = (ticket: TicketRow, report: ReportRow | null) => ({
  memberId: ticket.memberId,
  priority: ticket.priority,
  claimedBy: ticket.claimedBy,
  claimedAt: ticket.claimedAt?.toISOString() ?? null,
  version: ticket.version,
  memberReport: memberReportView(report),
});

/** The queue: safety reports first, then the oldest first; by default every ticket not closed. */
export async function staffTicketQueue(db: AdminDb, query: StaffTicketQueueQuery): Promise<{ tickets: StaffTicketSummary[] }> {
  const rows = await db
    .select()
    .from(supportTickets)
    .leftJoin(memberReports, eq(memberReports.ticketId, supportTickets.id))
    .where(
      and(
        query.status ? eq(supportTickets.status, query.status) : ne(supportTickets.status, 'closed'),
        query.category ? eq(supportTickets.category, query.category) : undefined,
        query.priority ? eq(supportTickets.priority, query.priority) : undefined,
      ),
    )
    .orderBy(sql`(${supportTickets.category} = 'safety') DESC`, asc(supportTickets.createdAt), asc(supportTickets.id))
    .limit(500);
  return {
    tickets: rows.map(({ support_tickets: ticket, member_reports: report }) => ({
      id: ticket.id,
      category: ticket.category,
      subject: ticket.subject,
      status: ticket.status,
      bookingId: ticket.bookingId,
      rideId: ticket.rideId,
      createdAt: ticket.createdAt.toISOString(),
      updatedAt: ticket.updatedAt.toISOString(),
      ...staffFieldsOf(ticket, report),
    })),
  };
}

const staffMessageView = (message: typeof supportTicketMessages.$inferSelect): StaffTicketMessage => ({
  id: message.id,
  author: message.author,
  body: message.body,
  createdAt: message.createdAt.toISOString(),
  internal: message.internal,
});

/** One ticket as staff see it: the member's view plus who claimed it and the internal notes. */
export async function staffTicket(deps: SupportDeps, ticketId: string, now = new Date()): Promise<StaffTicket> {
  if (!uuid.safeParse(ticketId).success) throw notFound();
  const [row] = await deps.db.select().from(supportTickets).leftJoin(memberReports, eq(memberReports.ticketId, supportTickets.id)).where(eq(supportTickets.id, ticketId));
  if (!row) throw notFound();
  const memberView = await ticketView(deps, ticketId, now);
  const messages = await deps.db
    .select()
    .from(supportTicketMessages)
    .where(eq(supportTicketMessages.ticketId, ticketId))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
  return { ...memberView, ...staffFieldsOf(row.support_tickets, row.member_reports), messages: messages.map(staffMessageView) };
}

/**
 * Locks the ticket for a staff change. One claimed by another member of staff refuses (409);
 * an unclaimed one becomes the caller's (an open one goes in review), so whoever answers owns it.
 * A closed ticket refuses every change but closing.
 */
async function lockForStaff(tx: Transaction, adminId: string, ticketId: string, now: Date, options: { closedIsFine?: boolean } = {}): Promise<TicketRow> {
  if (!uuid.safeParse(ticketId).success) throw notFound();
  const [ticket] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).for('update');
  if (!ticket) throw notFound();
  if (ticket.status === 'closed') {
    if (options.closedIsFine) return ticket;
    throw new HttpError(409, staffTicketMessages.closed);
  }
  if (ticket.claimedBy && ticket.claimedBy !== adminId) throw new HttpError(409, staffTicketMessages.claimedByOther);
  if (ticket.claimedBy === adminId) return ticket;
  const claimed = { claimedBy: adminId, claimedAt: now, status: ticket.status === 'open' ? ('in_review' as const) : ticket.status, updatedAt: now, version: ticket.version + 1 };
  await tx.update(supportTickets).set(claimed).where(eq(supportTickets.id, ticketId));
  return { ...ticket, ...claimed };
}

/** Claims the ticket (claiming one's own again changes nothing); another's claim: 409. */
export async function claimTicket(deps: SupportDeps, adminId: string, ticketId: string, now = new Date()): Promise<StaffTicket> {
  await deps.db.transaction(async (tx) => lockForStaff(tx, adminId, ticketId, now));
  return staffTicket(deps, ticketId, now);
}

/** Staff answer the member: the ticket awaits them, and `ticket.replied` commits with the reply. */
export async function staffReply(deps: SupportDeps, adminId: string, ticketId: string, body: string, now = new Date()): Promise<StaffTicketMessage> {
  return deps.db.transaction(async (tx) => {
    const ticket = await lockForStaff(tx, adminId, ticketId, now);
    const [message] = await tx.insert(supportTicketMessages).values({ ticketId, author: 'staff', authorId: adminId, body, createdAt: now }).returning();
    if (!message) throw new Error('message insert returned nothing');
    const version = ticket.version + 1;
    await tx.update(supportTickets).set({ status: 'awaiting_member', resolvedAt: null, updatedAt: now, version }).where(eq(supportTickets.id, ticketId));
    await recordEvent(tx, ticketReplied, { ticketId, memberId: ticket.memberId, messageId: message.id, subject: ticket.subject, repliedAt: now.toISOString(), version });
    return staffMessageView(message);
  });
}

/** An internal note: for staff only; the ticket's status stays as it is. */
export async function staffNote(deps: SupportDeps, adminId: string, ticketId: string, body: string, now = new Date()): Promise<StaffTicketMessage> {
  return deps.db.transaction(async (tx) => {
    const ticket = await lockForStaff(tx, adminId, ticketId, now);
    const [message] = await tx.insert(supportTicketMessages).values({ ticketId, author: 'staff', authorId: adminId, body, internal: true, createdAt: now }).returning();
    if (!message) throw new Error('message insert returned nothing');
    await tx.update(supportTickets).set({ updatedAt: now, version: ticket.version + 1 }).where(eq(supportTickets.id, ticketId));
    return staffMessageView(message);
  });
}

async function changeTicket(deps: SupportDeps, adminId: string, ticketId: string, now: Date, change: (ticket: TicketRow) => Partial<TicketRow> | undefined, options: { closedIsFine?: boolean } = {}) {
  await deps.db.transaction(async (tx) => {
    const ticket = await lockForStaff(tx, adminId, ticketId, now, options);
    const set = change(ticket);
    if (set) await tx.update(supportTickets).set({ ...set, updatedAt: now, version: ticket.version + 1 }).where(eq(supportTickets.id, ticketId));
  });
  return staffTicket(deps, ticketId, now);
}

export const changePriority = (deps: SupportDeps, adminId: string, ticketId: string, priority: TicketPriority, now = new Date()) =>
  changeTicket(deps, adminId, ticketId, now, (ticket) => (ticket.priority === priority ? undefined : { priority }));

export const resolveTicket = (deps: SupportDeps, adminId: string, ticketId: string, now = new Date()) =>
  changeTicket(deps, adminId, ticketId, now, (ticket) => (ticket.status === 'resolved' ? undefined : { status: 'resolved', resolvedAt: now }));

export const staffCloseTicket = (deps: SupportDeps, adminId: string, ticketId: string, now = new Date()) =>
  changeTicket(deps, adminId, ticketId, now, (ticket) => (ticket.status === 'closed' ? undefined : { status: 'closed', closedAt: now }), { closedIsFine: true });

/**
 * Closes the tickets that have waited on their member for `awaitingMemberCloseDays` days or more
 * since staff's last reply to them (internal notes do not count) as of `now`. Returns how many it closed.
 */
export async function closeStaleTickets(db: AdminDb, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - awaitingMemberCloseDays * dayMs);
  const closed = await db
    .update(supportTickets)
    .set({ status: 'closed', closedAt: now, updatedAt: now, version: sql`${supportTickets.version} + 1` })
    .where(
      and(
        eq(supportTickets.status, 'awaiting_member'),
        sql`coalesce((SELECT max(m.created_at) FROM ${supportTicketMessages} m WHERE m.ticket_id = ${supportTickets.id} AND m.author = 'staff' AND NOT m.internal), ${supportTickets.updatedAt}) <= ${cutoff}`,
      ),
    )
    .returning({ id: supportTickets.id });
  return closed.length;
}

/** Runs the sweep now and every `intervalMs`; `stop` ends it. */
export function startStaleTicketSweep(db: AdminDb, logger: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void }, intervalMs: number): { stop: () => void } {
  const run = async () => {
    try {
      const closed = await closeStaleTickets(db);
      if (closed > 0) logger.info({ closed }, 'tickets awaiting their member closed');
    } catch (error) {
      logger.warn({ err: error }, 'stale ticket sweep failed');
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
