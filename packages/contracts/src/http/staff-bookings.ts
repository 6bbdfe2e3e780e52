import { z } from 'zod';
import { bookingFactSchema } from '../events/bookings.ts';
import { boardingInputSchema, cancellableStatuses, bookingModes, bookingPaymentMethods, bookingPlace, bookingStatuses } from './bookings.ts';
import { ghanaPhoneField, isoDateTime, uuid } from './fields.ts';

/*
 * Bookings as staff see them in the admin area: found by the boarding code the passenger reads
 * out, the phone they booked with, or the ride's id; one booking with its history; cancelled by
 * staff with a reason (the passenger refunded in full, as when a driver cancels).
 */

/** How many bookings a search shows at most (newest first): a search that needs more is too broad. */
export const staffBookingSearchLimit = 50;
export const staffCancelReasonMin = 5;
/** The states staff may cancel a booking from: every live one before the passenger boards (the rides service's staffCancel). */
export const staffCancellableStatuses = cancellableStatuses;
export const staffCancelReasonMax = 500;

export const staffBookingMessages = {
  searchKey: 'Search by one of: boarding code, passenger phone or ride id',
  rideId: 'Enter the ride id as shown on the ride (a uuid)',
  reasonRequired: `Please give the reason for cancelling this booking (at least ${staffCancelReasonMin} characters)`,
  reasonLength: `The reason must be at most ${staffCancelReasonMax} characters`,
} as const;

/** GET /api/admin/bookings: exactly one of the three keys. */
export const staffBookingSearchQuerySchema = z
  .object({
    /** Read as the driver's boarding screen reads it: trimmed, any case. */
    code: boardingInputSchema.shape.code.optional(),
    phone: ghanaPhoneField.optional(),
    rideId: z.string({ error: staffBookingMessages.rideId }).trim().pipe(z.string().uuid(staffBookingMessages.rideId)).optional(),
  })
  .refine((query) => [query.code, query.phone, query.rideId].filter((key) => key !== undefined).length === 1, {
    message: staffBookingMessages.searchKey,
  });
export type StaffBookingSearchQuery = z.input<typeof staffBookingSearchQuerySchema>;

const place = bookingPlace.pick({ index: true, location: true });

/** One booking as a search row and the detail's header show it. */
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
export const staffBookingListSchema = z.object({ bookings: z.array(staffBookingSchema) });
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
