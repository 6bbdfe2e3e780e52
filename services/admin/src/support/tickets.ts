import { randomUUID } from 'node:crypto';
import { ticketOpened } from '@krom/contracts/events/admin';
import { uuid } from '@krom/contracts/http/fields';
import type { Ticket, TicketFields, TicketLinks, TicketMessage, TicketSummary } from '@krom/contracts/http/support';
import { maxTicketsPerHour, type TicketAttachmentType, ticketAttachmentLinkSeconds, ticketMessages } from '@krom/contracts/http/support-values';
import { HttpError } from '@krom/server-kit/errors';
import type { Caller } from '@krom/server-kit/internal-auth';
import type { ObjectStore, StoredObject } from '@krom/server-kit/object-store/port';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { type SignedLinks, signedLinks } from '@krom/server-kit/signed-links';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { AdminDb } from '../db/admin-db.ts';
import { supportTicketAttachments, supportTicketMessages, supportTickets } from '../db/schema.ts';
import { detectAttachmentType } from './attachment-type.ts';

export type SupportDeps = { db: AdminDb; store: ObjectStore; links: SignedLinks };

/** A file as the form sent it: the name the member's device gave it and its bytes. */
export type SentFile = { fileName: string; bytes: Buffer };

export const attachmentUrl = (attachmentId: string) => `/api/support/attachments/${attachmentId}`;

/** Links to ticket attachments, signed under a key admin derives for them alone. */
export const attachmentLinks = (internalSecret: string) =>
  signedLinks({ secret: internalSecret, salt: 'krom-admin', info: 'ticket-attachment-links-v1', seconds: ticketAttachmentLinkSeconds, urlOf: attachmentUrl });

const hourMs = 60 * 60 * 1000;
const notFound = () => new HttpError(404, ticketMessages.notFound);

/** A name fit to show staff: no folders, no control characters, not too long. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (printable || 'attachment').slice(0, 200);
}

async function openedInTheLastHour(db: AdminDb | Transaction, memberId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportTickets)
    .where(and(eq(supportTickets.memberId, memberId), gt(supportTickets.createdAt, new Date(now.getTime() - hourMs))));
  return row?.n ?? 0;
}

const tooMany = () => new HttpError(429, ticketMessages.tooMany);

/**
 * Opens a member's ticket: the fields already read by the contract, the files judged by their
 * bytes (any file that is not an image, a PDF or a Word document refuses the whole form, so the
 * member is never left wondering which went through). At most `maxTicketsPerHour` in any hour
 * per member, counted under a lock on the member so two at once cannot both slip past. The
 * files go to the store first; the ticket, its attachments and `ticket.opened` commit together,
 * and the files are removed again when that fails.
 */
export async function openTicket(deps: SupportDeps, memberId: string, fields: TicketFields & TicketLinks, files: SentFile[], now = new Date()): Promise<Ticket> {
  const judged: (SentFile & { mime: TicketAttachmentType; extension: string; objectKey: string })[] = [];
  for (const file of files) {
    const type = await detectAttachmentType(file.bytes);
    if (!type) throw new HttpError(400, ticketMessages.attachmentType, [{ field: 'attachments', message: ticketMessages.attachmentType }]);
    judged.push({ ...file, ...type, objectKey: `tickets/${memberId}/${randomUUID()}.${type.extension}` });
  }
  // Refused before anything is stored; checked again under the lock below.
  if ((await openedInTheLastHour(deps.db, memberId, now)) >= maxTicketsPerHour) throw tooMany();

  for (const file of judged) await deps.store.put(file.objectKey, file.bytes, file.mime);
  try {
    const ticketId = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('support-tickets'), hashtext(${memberId}))`);
      if ((await openedInTheLastHour(tx, memberId, now)) >= maxTicketsPerHour) throw tooMany();
      const [ticket] = await tx
        .insert(supportTickets)
        .values({ memberId, ...fields, bookingId: fields.bookingId ?? null, rideId: fields.rideId ?? null, createdAt: now, updatedAt: now })
        .returning();
      if (!ticket) throw new Error('ticket insert returned nothing');
      if (judged.length > 0) {
        await tx.insert(supportTicketAttachments).values(
          judged.map((file, position) => ({ ticketId: ticket.id, position, objectKey: file.objectKey, fileName: cleanFileName(file.fileName), contentType: file.mime, size: file.bytes.length, createdAt: now })),
        );
      }
      await recordEvent(tx, ticketOpened, {
        ticketId: ticket.id,
        memberId,
        category: ticket.category,
        subject: ticket.subject,
        priority: ticket.priority,
        bookingId: ticket.bookingId,
        rideId: ticket.rideId,
        attachmentCount: judged.length,
        openedAt: ticket.createdAt.toISOString(),
        version: ticket.version,
      });
      return ticket.id;
    });
    return await ticketView(deps, ticketId, now);
  } catch (error) {
    await Promise.allSettled(judged.map((file) => deps.store.delete(file.objectKey)));
    throw error;
  }
}

type TicketRow = typeof supportTickets.$inferSelect;

const summaryOf = (ticket: TicketRow): TicketSummary => ({
  id: ticket.id,
  category: ticket.category,
  subject: ticket.subject,
  status: ticket.status,
  bookingId: ticket.bookingId,
  rideId: ticket.rideId,
  createdAt: ticket.createdAt.toISOString(),
  updatedAt: ticket.updatedAt.toISOString(),
});

/** The member's tickets, the one that moved last first. */
export async function myTickets(db: AdminDb, memberId: string): Promise<{ tickets: TicketSummary[] }> {
  const rows = await db.select().from(supportTickets).where(eq(supportTickets.memberId, memberId)).orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id));
  return { tickets: rows.map(summaryOf) };
}

/** The ticket as its member sees it: attachments with fresh links, the conversation without staff's internal notes. */
export async function ticketView(deps: SupportDeps, ticketId: string, now: Date): Promise<Ticket> {
  const [ticket] = await deps.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
  if (!ticket) throw notFound();
  const attachments = await deps.db
    .select()
    .from(supportTicketAttachments)
    .where(eq(supportTicketAttachments.ticketId, ticketId))
    .orderBy(asc(supportTicketAttachments.position));
  const messages = await deps.db
    .select()
    .from(supportTicketMessages)
    .where(and(eq(supportTicketMessages.ticketId, ticketId), eq(supportTicketMessages.internal, false)))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
  return {
    ...summaryOf(ticket),
    description: ticket.description,
    priority: ticket.priority,
    attachments: attachments.map((attachment) => {
      const link = deps.links.sign(attachment.id, now);
      return {
        id: attachment.id,
        fileName: attachment.fileName,
        contentType: attachment.contentType,
        size: attachment.size,
        url: link.url,
        expiresAt: link.expiresAt.toISOString(),
      };
    }),
    messages: messages.map(messageView),
  };
}

const messageView = (message: typeof supportTicketMessages.$inferSelect): TicketMessage => ({
  id: message.id,
  author: message.author,
  body: message.body,
  createdAt: message.createdAt.toISOString(),
});

/** The ticket's owner, or undefined for an id that is not a ticket. */
async function ownerOf(db: AdminDb | Transaction, ticketId: string): Promise<string | undefined> {
  if (!uuid.safeParse(ticketId).success) return undefined;
  const [row] = await db.select({ memberId: supportTickets.memberId }).from(supportTickets).where(eq(supportTickets.id, ticketId));
  return row?.memberId;
}

/** One ticket, to its member or staff; any other member is told it does not exist. */
export async function readTicket(deps: SupportDeps, caller: Caller, ticketId: string, now = new Date()): Promise<Ticket> {
  const owner = await ownerOf(deps.db, ticketId);
  if (!owner || !(caller.kind === 'admin' || (caller.kind === 'user' && caller.userId === owner))) throw notFound();
  return ticketView(deps, ticketId, now);
}

/** Locks the member's own ticket for a change; 404 for anyone else's. */
async function lockOwnTicket(tx: Transaction, memberId: string, ticketId: string): Promise<TicketRow> {
  if (!uuid.safeParse(ticketId).success) throw notFound();
  const [ticket] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).for('update');
  if (!ticket || ticket.memberId !== memberId) throw notFound();
  return ticket;
}

/**
 * The member answers in the conversation. A ticket waiting on them, or one staff resolved, goes
 * back to staff (`open`); one staff are working stays `in_review`. A closed ticket takes no more.
 */
export async function replyToTicket(deps: SupportDeps, memberId: string, ticketId: string, body: string, now = new Date()): Promise<TicketMessage> {
  return deps.db.transaction(async (tx) => {
    const ticket = await lockOwnTicket(tx, memberId, ticketId);
    if (ticket.status === 'closed') throw new HttpError(409, ticketMessages.closed);
    const [message] = await tx.insert(supportTicketMessages).values({ ticketId, author: 'member', authorId: memberId, body, createdAt: now }).returning();
    if (!message) throw new Error('message insert returned nothing');
    const status = ticket.status === 'awaiting_member' || ticket.status === 'resolved' ? 'open' : ticket.status;
    await tx
      .update(supportTickets)
      .set({ status, resolvedAt: status === 'open' ? null : ticket.resolvedAt, updatedAt: now, version: ticket.version + 1 })
      .where(eq(supportTickets.id, ticketId));
    return messageView(message);
  });
}

/** The member closes their ticket; closing it again changes nothing. */
export async function closeTicket(deps: SupportDeps, memberId: string, ticketId: string, now = new Date()): Promise<Ticket> {
  await deps.db.transaction(async (tx) => {
    const ticket = await lockOwnTicket(tx, memberId, ticketId);
    if (ticket.status === 'closed') return;
    await tx.update(supportTickets).set({ status: 'closed', closedAt: now, updatedAt: now, version: ticket.version + 1 }).where(eq(supportTickets.id, ticketId));
  });
  return ticketView(deps, ticketId, now);
}

/**
 * An attachment's bytes through a signed link, to the ticket's member or staff. A link admin did
 * not make, or an expired one, is refused (403: reopening the ticket gives fresh links); any
 * other member is told the attachment does not exist (404), as for an unknown id.
 */
export async function readAttachment(
  deps: SupportDeps,
  caller: Caller,
  attachmentId: string,
  link: { expires?: string | undefined; signature?: string | undefined },
  now = new Date(),
): Promise<StoredObject> {
  const missing = new HttpError(404, ticketMessages.attachmentNotFound);
  if (!uuid.safeParse(attachmentId).success) throw missing;
  if (deps.links.check(attachmentId, link.expires, link.signature, now) !== 'valid') throw new HttpError(403, ticketMessages.attachmentLinkExpired);
  const [row] = await deps.db
    .select({ memberId: supportTickets.memberId, objectKey: supportTicketAttachments.objectKey, contentType: supportTicketAttachments.contentType })
    .from(supportTicketAttachments)
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketAttachments.ticketId))
    .where(eq(supportTicketAttachments.id, attachmentId));
  if (!row || !(caller.kind === 'admin' || (caller.kind === 'user' && caller.userId === row.memberId))) throw missing;
  const object = await deps.store.get(row.objectKey);
  if (!object) throw missing;
  return { ...object, contentType: row.contentType };
}
