import { z } from 'zod';
import { isoDateTime, uuid } from './fields.ts';
import { memberReportOrigins, memberReportReasons } from './member-safety.ts';
import { ticketMessageSchema, ticketSchema, ticketSummarySchema } from './support.ts';
import { ticketCategories, ticketPriorities, ticketStatuses } from './support-values.ts';

/*
 * Support tickets as staff work them (the admin remote's Tickets queue): the queue with its
 * filters, a ticket with its member, claim and internal notes, and the bodies of staff's actions.
 */

/** The queue's filters; absent: every status but closed, every category and priority. */
export const staffTicketQueueQuerySchema = z.object({
  status: z.enum(ticketStatuses).optional(),
  category: z.enum(ticketCategories).optional(),
  priority: z.enum(ticketPriorities).optional(),
});
export type StaffTicketQueueQuery = z.infer<typeof staffTicketQueueQuerySchema>;

/** Who works the ticket, and the version staff's changes bump. */
const staffFields = {
  memberId: uuid,
  priority: z.enum(ticketPriorities),
  claimedBy: uuid.nullable(),
  claimedAt: isoDateTime.nullable(),
  version: z.number().int(),
  /** The member report this ticket is the case of (a safety ticket opened by the report); null for members' own tickets. */
  memberReport: z
    .object({
      reportId: uuid,
      reportedId: uuid,
      reason: z.enum(memberReportReasons),
      details: z.string().nullable(),
      source: z.enum(memberReportOrigins),
      /** The booking, review or message the report was made from. */
      sourceId: uuid.nullable(),
      /** The reported message as it was stored (source `message`); null for other reports. */
      reportedText: z.string().nullable(),
      reportedAt: isoDateTime,
    })
    .nullable(),
};

export const staffTicketSummarySchema = ticketSummarySchema.extend(staffFields);
export type StaffTicketSummary = z.infer<typeof staffTicketSummarySchema>;
export const staffTicketQueueSchema = z.object({ tickets: z.array(staffTicketSummarySchema) });

/** A message as staff see it: their internal notes marked (the member never gets those). */
export const staffTicketMessageSchema = ticketMessageSchema.extend({ internal: z.boolean() });
export type StaffTicketMessage = z.infer<typeof staffTicketMessageSchema>;

export const staffTicketSchema = ticketSchema.extend({ ...staffFields, messages: z.array(staffTicketMessageSchema) });
export type StaffTicket = z.infer<typeof staffTicketSchema>;

export const staffTicketPrioritySchema = z.object({ priority: z.enum(ticketPriorities, { error: 'Choose a priority' }) });
export type StaffTicketPriority = z.infer<typeof staffTicketPrioritySchema>;
