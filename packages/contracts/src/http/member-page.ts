import { z } from 'zod';
import { bookingStatuses } from './booking-values.ts';
import { isoDateTime, uuid } from './fields.ts';
import { memberReportOrigins } from './member-safety.ts';
import { memberReportReasons } from './member-safety-values.ts';
import { rideStatuses } from './ride-values.ts';
import { ticketCategories, ticketPriorities, ticketStatuses } from './support-values.ts';
import { staffPaymentSchema, staffPayoutSchema, staffRefundSchema } from './staff-payments.ts';
import { memberSearchResultSchema } from './staff-members.ts';
import { vehicleSchema } from './vehicles.ts';

/*
 * The admin area's member page (issue 24): what staff need about one member on one page, each
 * section from the service that owns it. A section whose service failed or did not answer is
 * `{ available: false }`, and the others still show; money is read for finance and administrators
 * only, and is `{ available: false, restricted: true }` for the other roles.
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

/** A vehicle the member registered, as its driver sees it, removed ones included (`removedAt` when they deleted it). */
const memberVehicleSchema = vehicleSchema.omit({ upcomingRides: true, createdAt: true }).extend({ addedAt: isoDateTime, removedAt: isoDateTime.nullable() });

/** How many there are, and the latest `memberActivityLimit` of them. */
const latestOf = <Item extends z.ZodTypeAny>(item: Item) => z.object({ count: z.number().int(), latest: z.array(item) });

/**
 * A member's rides as driver, bookings as passenger and vehicles, as rides tells staff: how many,
 * and the latest few (rides by departure, bookings by when made, vehicles by when added, newest first).
 */
export const memberRideActivitySchema = z.object({
  ridesAsDriver: latestOf(memberRideSchema),
  bookingsAsPassenger: latestOf(memberBookingSchema),
  vehicles: latestOf(memberVehicleSchema),
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
  tickets: latestOf(memberTicketSchema),
  reportsAbout: latestOf(reportAboutMemberSchema),
});
export type MemberCases = z.infer<typeof memberCasesSchema>;

/**
 * A member's money as payments tells finance staff: their payments as passenger, the refunds to
 * them and the payouts to them as driver, how many and the latest ten of each, newest first (as
 * the Payments tab and a booking's ledger show them).
 */
export const memberPaymentsSchema = z.object({
  paymentsAsPassenger: latestOf(staffPaymentSchema),
  refundsTo: latestOf(staffRefundSchema),
  payoutsTo: latestOf(staffPayoutSchema),
});
export type MemberPayments = z.infer<typeof memberPaymentsSchema>;

const unavailableSection = z.object({ available: z.literal(false) });

/** A section of the page: what its service answered, or unavailable when it could not. */
const pageSection = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  z.discriminatedUnion('available', [schema.extend({ available: z.literal(true) }), unavailableSection]);

/** A section the staff member's roles may not read (money: finance and administrators only); its service is not asked. */
const restrictedSection = z.object({ available: z.literal(false), restricted: z.literal(true) });

/** GET /api/admin/members/:id. */
export const memberPageSchema = z.object({
  account: pageSection(memberAccountSchema),
  rides: pageSection(memberRideActivitySchema),
  cases: pageSection(memberCasesSchema),
  // The restricted shape first: read as the unavailable one it would lose `restricted`.
  payments: z.union([memberPaymentsSchema.extend({ available: z.literal(true) }), restrictedSection, unavailableSection]),
});
export type MemberPage = z.infer<typeof memberPageSchema>;
