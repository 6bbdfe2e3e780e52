import { z } from 'zod';
import { bookingFactSchema } from '../events/bookings.ts';
import { boardingInputSchema, cancellableStatuses, bookingModes, bookingPaymentMethods, bookingPlace, bookingStatuses } from './bookings.ts';
import { ghanaPhoneField, isoDateTime, uuid } from './fields.ts';
import { departureDaysInOrder, departureDaysOutOfOrder, staffDepartureDay } from './staff-rides.ts';

/*
 * Bookings as staff see them in the admin area: every booking, newest departure first, a page at
 * a time, narrowed by status, payment, departure days, the ride's id, the phone the passenger
 * booked with and the boarding code they read out; one booking with its history; cancelled by
 * staff with a reason (the passenger refunded in full, as when a driver cancels).
 */

/** How many bookings one page shows at most. */
export const staffBookingPageSize = 50;
export const staffCancelReasonMin = 5;
/** The states staff may cancel a booking from: every live one before the passenger boards (the rides service's staffCancel). */
export const staffCancellableStatuses = cancellableStatuses;
export const staffCancelReasonMax = 500;

export const staffBookingMessages = {
  status: `Status must be one of: ${bookingStatuses.join(', ')}`,
  paymentMethod: `Payment must be one of: ${bookingPaymentMethods.join(', ')}`,
  rideId: 'Enter the ride id as shown on the ride (a uuid)',
  cursor: 'This page of bookings cannot be found',
  reasonRequired: `Please give the reason for cancelling this booking (at least ${staffCancelReasonMin} characters)`,
  reasonLength: `The reason must be at most ${staffCancelReasonMax} characters`,
} as const;

/**
 * GET /api/admin/bookings: every filter optional and combined; none lists every booking. A single
 * key (code, phone or ride id) is the lookup staff make when someone reads it out to them.
 */
export const staffBookingListQuerySchema = z
  .object({
    status: z.enum(bookingStatuses, { error: staffBookingMessages.status }).optional(),
    paymentMethod: z.enum(bookingPaymentMethods, { error: staffBookingMessages.paymentMethod }).optional(),
    /** The ride's departure, Ghana days (UTC), inclusive. */
    departureFrom: staffDepartureDay,
    departureTo: staffDepartureDay,
    rideId: z.string({ error: staffBookingMessages.rideId }).trim().pipe(z.string().uuid(staffBookingMessages.rideId)).optional(),
    /** The phone given on the booking, in any form a person types it. */
    phone: ghanaPhoneField.optional(),
    /** Read as the driver's boarding screen reads it: trimmed, any case. */
    code: boardingInputSchema.shape.code.optional(),
    /** The `nextCursor` of the page before: the bookings after its last one, however many share its departure. */
    before: z.string().max(200, staffBookingMessages.cursor).optional(),
  })
  .refine(departureDaysInOrder, departureDaysOutOfOrder);
export type StaffBookingListQuery = z.input<typeof staffBookingListQuerySchema>;

const place = bookingPlace.pick({ index: true, location: true });

/** One booking as a row of the list and the detail's header show it. */
export const staffBookingSchema = z.object({
  id: uuid,
  rideId: uuid,
  status: z.enum(bookingStatuses),
  bookingMode: z.enum(bookingModes),
  paymentMethod: z.enum(bookingPaymentMethods),
  rideFrom: z.string(),
  rideTo: z.string(),
  departureDate: z.string(),
  departureTime: z.string(),
  departureAt: isoDateTime,
  passengerId: uuid,
  /** The name and phone as given on the booking form (not the account's). */
  passengerName: z.string(),
  passengerPhone: z.string(),
  driverId: uuid,
  driverName: z.string(),
  seats: z.number().int(),
  board: place,
  alight: place,
  totalAmount: z.string(),
  currency: z.string(),
  /** Staff see the code whatever the status: it is what a passenger or driver reads out to them. */
  boardingCode: z.string(),
  createdAt: isoDateTime,
  version: z.number().int(),
});
export type StaffBooking = z.infer<typeof staffBookingSchema>;
export const staffBookingListSchema = z.object({
  bookings: z.array(staffBookingSchema),
  /** Where the next (older) page starts; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type StaffBookingList = z.infer<typeof staffBookingListSchema>;

/** One transition of the booking (the first, its making, has no `from`). */
export const staffBookingHistoryEntrySchema = z.object({
  from: z.enum(bookingStatuses).nullable(),
  to: z.enum(bookingStatuses),
  actor: bookingFactSchema.shape.actor,
  /** The member's or the staff account's id; null for the system's jobs. */
  actorId: uuid.nullable(),
  reason: z.string().nullable(),
  at: isoDateTime,
});
export type StaffBookingHistoryEntry = z.infer<typeof staffBookingHistoryEntrySchema>;

/** GET /api/admin/bookings/{id}: the booking and its history, oldest first. */
export const staffBookingDetailSchema = staffBookingSchema.extend({ history: z.array(staffBookingHistoryEntrySchema) });
export type StaffBookingDetail = z.infer<typeof staffBookingDetailSchema>;

/** POST /api/admin/bookings/{id}/cancel: why (kept in the history and sent with the event). */
export const staffCancelBookingSchema = z.object({
  reason: z
    .string({ error: staffBookingMessages.reasonRequired })
    .trim()
    .min(staffCancelReasonMin, staffBookingMessages.reasonRequired)
    .max(staffCancelReasonMax, staffBookingMessages.reasonLength),
});
export type StaffCancelBooking = z.input<typeof staffCancelBookingSchema>;
