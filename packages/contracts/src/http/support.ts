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
});
export type TicketFields = z.output<typeof ticketFieldsSchema>;

/**
 * What the ticket is about, in the query of POST /api/support/tickets (not the form, so the BFF
 * reads them without reading the files): one of the member's own bookings, or a ride they
 * drove. The BFF confirms them with rides before passing them on; admin trusts only the BFF.
 */
export const ticketLinksSchema = z.object({
  bookingId: z.preprocess(blankless, uuid.optional()),
  rideId: z.preprocess(blankless, uuid.optional()),
});
export type TicketLinks = z.output<typeof ticketLinksSchema>;

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

/** The form as POST /api/support/tickets documents it (multipart: the text fields and up to 5 files under `attachments`). */
export const ticketFormSchema = z.object({
  category: z.enum(ticketCategories),
  subject: z.string().describe(`at least ${minTicketSubjectLength} characters`),
  description: z.string().describe(`at least ${minTicketDescriptionLength} characters`),
  attachments: z
    .array(z.string().meta({ format: 'binary' }))
    .max(5)
    .optional()
    .describe('images, PDF, .doc or .docx (judged by their bytes), at most 5 of 5 MB each'),
});
