import { z } from 'zod';
import { userSchema, userSettingsSchema } from './auth.ts';
import { bookingPaymentMethods, bookingStatuses } from './booking-values.ts';
import { isoDateTime, uuid } from './fields.ts';
import { reviewSchema } from './reviews.ts';
import { rideStatuses } from './ride-values.ts';

/*
 * A member's own data as one file (issue 23, Act 843's right of access): GET /api/user/data-export
 * composes the parts each service keeps about the asserted member. Each part holds only what that
 * member already sees on Krom: never ID or licence photos, password hashes, one-time codes or
 * tokens, and of the other party of a ride or booking only what the member's screens show them
 * (a first name, a route), never their phone number or e-mail address.
 */

/** One verification the member submitted and its outcome (the photos are not part of it: they are deleted after the decision). */
export const exportedVerificationSchema = z.object({
  kind: z.enum(['identity', 'driver']),
  status: z.string(),
  /** The name and the card or licence number the member typed. */
  fullName: z.string(),
  documentNumber: z.string().nullable(),
  submittedAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  /** Staff's reason, given with a refusal. */
  reason: z.string().nullable(),
});

/** Identity's part: the account and profile, the settings, the verifications. */
export const identityDataExportSchema = z.object({
  account: userSchema,
  settings: userSettingsSchema,
  verifications: z.array(exportedVerificationSchema),
});
export type IdentityDataExport = z.infer<typeof identityDataExportSchema>;

const tripFields = {
  rideId: uuid,
  fromLocation: z.string(),
  toLocation: z.string(),
  departureAt: isoDateTime,
};

/** A ride the member posted as its driver. */
export const exportedRideSchema = z.object({
  id: uuid,
  fromLocation: z.string(),
  toLocation: z.string(),
  /** Every place of the route in order (departure, stops, destination). */
  places: z.array(z.string()),
  departureAt: isoDateTime,
  seatsOffered: z.number().int(),
  pricePerSeat: z.string(),
  currency: z.string(),
  description: z.string().nullable(),
  status: z.enum(rideStatuses),
  vehicle: z.object({ make: z.string(), model: z.string(), color: z.string(), licensePlate: z.string() }).nullable(),
  createdAt: isoDateTime,
});

/** A booking the member made as a passenger, with what they gave in its form. */
export const exportedBookingMadeSchema = z.object({
  id: uuid,
  ...tripFields,
  driverFirstName: z.string(),
  seats: z.number().int(),
  totalAmount: z.string(),
  currency: z.string(),
  status: z.enum(bookingStatuses),
  paymentMethod: z.enum(bookingPaymentMethods),
  passengerName: z.string(),
  passengerPhone: z.string(),
  specialRequests: z.string().nullable(),
  createdAt: isoDateTime,
});

/** A booking another member made on the member's ride: the passenger by first name only. */
export const exportedBookingReceivedSchema = z.object({
  id: uuid,
  ...tripFields,
  passengerFirstName: z.string(),
  seats: z.number().int(),
  totalAmount: z.string(),
  currency: z.string(),
  status: z.enum(bookingStatuses),
  createdAt: isoDateTime,
});

/** A message the member sent or received (filled by the messages feature; empty until it lands). */
export const exportedMessageSchema = z.object({
  conversationId: uuid,
  rideId: uuid,
  sentByMember: z.boolean(),
  text: z.string(),
  sentAt: isoDateTime,
});

/** Rides' part: rides driven, bookings made and received, reviews given and received, messages. */
export const ridesDataExportSchema = z.object({
  ridesDriven: z.array(exportedRideSchema),
  bookingsMade: z.array(exportedBookingMadeSchema),
  bookingsReceived: z.array(exportedBookingReceivedSchema),
  /** Every review the member wrote, shown or still hidden. */
  reviewsGiven: z.array(reviewSchema),
  /** The reviews of the member that are shown (a hidden one is not shown to them yet either). */
  reviewsReceived: z.array(reviewSchema),
  messages: z.array(exportedMessageSchema),
});
export type RidesDataExport = z.infer<typeof ridesDataExportSchema>;

const moneyFields = { amount: z.string(), currency: z.string() };

/** Payments' part: fares paid, refunds, payouts received, saved mobile money numbers (masked). */
export const paymentsDataExportSchema = z.object({
  payments: z.array(
    z.object({
      id: uuid,
      bookingId: uuid,
      rideId: uuid,
      status: z.string(),
      ...moneyFields,
      fare: z.string(),
      serviceFee: z.string(),
      wallet: z.string(),
      network: z.string(),
      routeFrom: z.string().nullable(),
      routeTo: z.string().nullable(),
      reason: z.string().nullable(),
      createdAt: isoDateTime,
    }),
  ),
  refunds: z.array(
    z.object({ id: uuid, paymentId: uuid, bookingId: uuid, cause: z.string(), status: z.string(), ...moneyFields, wallet: z.string(), createdAt: isoDateTime }),
  ),
  payouts: z.array(
    z.object({
      id: uuid,
      bookingId: uuid,
      rideId: uuid,
      status: z.string(),
      ...moneyFields,
      wallet: z.string().nullable(),
      paidAt: isoDateTime.nullable(),
      reason: z.string().nullable(),
      createdAt: isoDateTime,
    }),
  ),
  paymentMethods: z.array(z.object({ id: uuid, network: z.string(), number: z.string(), isDefault: z.boolean(), verifiedAt: isoDateTime.nullable(), createdAt: isoDateTime })),
});
export type PaymentsDataExport = z.infer<typeof paymentsDataExportSchema>;

/** The file: every part, and when it was made. */
export const dataExportSchema = z.object({
  format: z.literal('krom-data-export/1'),
  exportedAt: isoDateTime,
  identity: identityDataExportSchema,
  rides: ridesDataExportSchema,
  payments: paymentsDataExportSchema,
});
export type DataExport = z.infer<typeof dataExportSchema>;
