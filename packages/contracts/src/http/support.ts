import { z } from 'zod';
import { isoDateTime, uuid } from './fields.ts';
import {
  maxTicketDescriptionLength,
  maxTicketMessageLength,
  maxTicketSubjectLength,
  minTicketDescriptionLength,
  minTicketSubjectLength,
  ticketAttachmentTypes,
  ticketAuthors,
  ticketCategories,
  ticketMessages,
  ticketPriorities,
  ticketStatuses,
} from './support-values.ts';

/*
 * Support tickets: a member's report from /support or /report-ride, kept by admin (the back
 * office), with its attachments and its conversation with staff. The form is multipart (the
 * files with it); these schemas read its text fields and describe what comes back.
 */

/** A form field that was left empty is absent. */
const blankless = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The form's text fields, with the spec's rules and messages. */
export const ticketFieldsSchema = z.object({
  category: z.enum(ticketCategories, { error: ticketMessages.category }),
  subject: z
    .string({ error: ticketMessages.subject })
    .trim()
    .min(minTicketSubjectLength, ticketMessages.subject)
    .max(maxTicketSubjectLength, ticketMessages.subjectLength),
  description: z.preprocess(
    blankless,
    z
      .string({ error: ticketMessages.describe })
      .trim()
      .min(minTicketDescriptionLength, ticketMessages.description)
      .max(maxTicketDescriptionLength, ticketMessages.descriptionLength),
  ),
  /** One of the member's own bookings (the BFF confirms it with rides before passing it on). */
  bookingId: z.preprocess(blankless, uuid.optional()),
  /** The ride the report is about (a report from /report-ride): one the member drove or booked. */
  rideId: z.preprocess(blankless, uuid.optional()),
});
export type TicketFields = z.output<typeof ticketFieldsSchema>;

export const ticketAttachmentSchema = z.object({
  id: uuid,
  fileName: z.string(),
  contentType: z.enum(ticketAttachmentTypes),
  size: z.number().int(),
  /** A short-lived link (ticketAttachmentLinkSeconds) through /api, for the member or staff. */
  url: z.string(),
  expiresAt: isoDateTime,
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketMessageSchema = z.object({
  id: uuid,
  author: z.enum(ticketAuthors),
  body: z.string(),
  createdAt: isoDateTime,
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** A ticket as its member's list shows it. */
export const ticketSummarySchema = z.object({
  id: uuid,
  category: z.enum(ticketCategories),
  subject: z.string(),
  status: z.enum(ticketStatuses),
  bookingId: uuid.nullable(),
  rideId: uuid.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;
export const myTicketsSchema = z.object({ tickets: z.array(ticketSummarySchema) });

/** One ticket with its description, attachments and the conversation (staff's internal notes never included). */
export const ticketSchema = ticketSummarySchema.extend({
  description: z.string(),
  priority: z.enum(ticketPriorities),
  attachments: z.array(ticketAttachmentSchema),
  messages: z.array(ticketMessageSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketParams = z.object({ id: z.string().describe('The ticket id') });
export const ticketAttachmentParams = z.object({ id: z.string().describe('The attachment id') });
export const ticketAttachmentLinkQuerySchema = z.object({ expires: z.string().optional(), signature: z.string().optional() });

export const ticketReplySchema = z.object({
  body: z.string({ error: ticketMessages.message }).trim().min(1, ticketMessages.message).max(maxTicketMessageLength, ticketMessages.messageLength),
});
export type TicketReply = z.input<typeof ticketReplySchema>;
