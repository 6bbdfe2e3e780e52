import { z } from 'zod';
import { bookingStatuses } from './booking-values.ts';
import { isoDateTime, uuid } from './fields.ts';
import { memberReportOrigins } from './member-safety.ts';
import { memberReportReasons } from './member-safety-values.ts';
import { rideStatuses } from './ride-values.ts';
import { ticketCategories, ticketPriorities, ticketStatuses } from './support-values.ts';
import { memberSearchResultSchema } from './staff-members.ts';

/*
 * The admin area's member page (issue 24): what staff need about one member on one page, each
 * section from the service that owns it. A section whose service failed or did not answer is
 * `{ available: false }`, and the others still show.
 */

/** One member's account as identity tells staff: the search result's fields and the suspension's. */
export const memberAccountSchema = memberSearchResultSchema.extend({
  suspendedAt: isoDateTime.nullable(),
  suspensionReason: z.string().nullable(),
});
export type MemberAccount = z.infer<typeof memberAccountSchema>;

/** How many of a member's latest rides and bookings the page lists. */
export const memberActivityLimit = 10;

const memberRideSchema = z.object({
  id: uuid,
  fromCity: z.string(),
  toCity: z.string(),
  departureAt: isoDateTime,
  status: z.enum(rideStatuses),
});

const memberBookingSchema = z.object({
  id: uuid,
  rideId: uuid,
  fromCity: z.string(),
  toCity: z.string(),
  departureAt: isoDateTime,
  seats: z.number().int(),
  status: z.enum(bookingStatuses),
  createdAt: isoDateTime,
});

/** A member's rides as driver and bookings as passenger, as rides tells staff: how many, and the latest few (rides by departure, bookings by when made, newest first). */
export const memberRideActivitySchema = z.object({
  ridesAsDriver: z.object({ count: z.number().int(), latest: z.array(memberRideSchema) }),
  bookingsAsPassenger: z.object({ count: z.number().int(), latest: z.array(memberBookingSchema) }),
});
export type MemberRideActivity = z.infer<typeof memberRideActivitySchema>;

const memberTicketSchema = z.object({
  id: uuid,
  subject: z.string(),
  category: z.enum(ticketCategories),
  status: z.enum(ticketStatuses),
  priority: z.enum(ticketPriorities),
  createdAt: isoDateTime,
});

const reportAboutMemberSchema = z.object({
  reportId: uuid,
  /** The case the report opened in the queue. */
  ticketId: uuid.nullable(),
  reporterId: uuid,
  reason: z.enum(memberReportReasons),
  source: z.enum(memberReportOrigins),
  reportedAt: isoDateTime,
});

/**
 * A member's support side as admin tells staff: the tickets they opened (their own reports of
 * others among them) and the reports other members made about them, how many and the latest ten
 * of each, newest first.
 */
export const memberCasesSchema = z.object({
  tickets: z.object({ count: z.number().int(), latest: z.array(memberTicketSchema) }),
  reportsAbout: z.object({ count: z.number().int(), latest: z.array(reportAboutMemberSchema) }),
});
export type MemberCases = z.infer<typeof memberCasesSchema>;

const unavailableSection = z.object({ available: z.literal(false) });

/** A section of the page: what its service answered, or unavailable when it could not. */
const pageSection = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  z.discriminatedUnion('available', [schema.extend({ available: z.literal(true) }), unavailableSection]);

/** GET /api/admin/members/:id. */
export const memberPageSchema = z.object({
  account: pageSection(memberAccountSchema),
  rides: pageSection(memberRideActivitySchema),
  cases: pageSection(memberCasesSchema),
});
export type MemberPage = z.infer<typeof memberPageSchema>;
