import { z } from 'zod';
import { defineEvent, optionalAggregateVersion } from '../envelope.ts';
import { memberReportOrigins, memberReportReasons } from '../http/member-safety.ts';
import { ticketCategories, ticketPriorities } from '../http/support-values.ts';

/** A visitor joined the pre-launch waitlist (first time for that e-mail only). */
export const waitlistJoined = defineEvent(
  'krom.admin.waitlist.joined.v1',
  z.object({
    signupId: z.string().uuid(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    joinedAt: z.string().datetime({ offset: true }),
    /** A signup never changes after it is made: always 1. */
    version: optionalAggregateVersion,
  }),
);
export type WaitlistJoined = z.infer<typeof waitlistJoined.schema>;

/**
 * `krom.admin.member.reported.v1`: a signed-in member reported another to staff (a case opens for
 * the support tools). One per reporter and reported member: a repeated report is thanked again
 * and announced no more.
 */
export const memberReported = defineEvent(
  'krom.admin.member.reported.v1',
  z.object({
    reportId: z.string().uuid(),
    reporterId: z.string().uuid(),
    reportedId: z.string().uuid(),
    reason: z.enum(memberReportReasons),
    details: z.string().nullable(),
    source: z.enum(memberReportOrigins),
    sourceId: z.string().uuid().nullable(),
    reportedAt: z.string().datetime({ offset: true }),
    /** A report never changes after it is made: always 1. */
    version: optionalAggregateVersion,
  }),
);
export type MemberReported = z.infer<typeof memberReported.schema>;

/**
 * `krom.admin.ticket.opened.v1`: a member opened a support ticket (from /support or /report-ride),
 * for staff alerts and the member's acknowledgement. The description stays in admin: the event
 * says what and about which booking or ride, not the member's words.
 */
export const ticketOpened = defineEvent(
  'krom.admin.ticket.opened.v1',
  z.object({
    ticketId: z.string().uuid(),
    memberId: z.string().uuid(),
    category: z.enum(ticketCategories),
    subject: z.string(),
    priority: z.enum(ticketPriorities),
    bookingId: z.string().uuid().nullable(),
    rideId: z.string().uuid().nullable(),
    attachmentCount: z.number().int().min(0),
    openedAt: z.string().datetime({ offset: true }),
    /** The ticket's first version (later changes are the staff issue's). */
    version: optionalAggregateVersion,
  }),
);
export type TicketOpened = z.infer<typeof ticketOpened.schema>;

/**
 * `krom.admin.ticket.replied.v1`: staff answered a member's support ticket, so notifications
 * tells the member in the app and by SMS or e-mail. The reply's words stay in admin (the member
 * reads them on the ticket); internal notes are never announced.
 */
export const ticketReplied = defineEvent(
  'krom.admin.ticket.replied.v1',
  z.object({
    ticketId: z.string().uuid(),
    memberId: z.string().uuid(),
    messageId: z.string().uuid(),
    subject: z.string(),
    repliedAt: z.string().datetime({ offset: true }),
    version: optionalAggregateVersion,
  }),
);
export type TicketReplied = z.infer<typeof ticketReplied.schema>;
