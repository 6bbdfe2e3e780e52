import { z } from 'zod';
import { ghanaPhoneField, isoDateTime, uuid } from './fields.ts';
import { mobileMoneyProviders } from './payments.ts';
import { memberRatingSchema } from './reviews.ts';
import { maxRideSeats, rideStatuses } from './ride-values.ts';
import {
  bookingMessages,
  bookingModes,
  bookingPaymentMethods,
  bookingStatuses,
  boardingCodeAlphabet,
  boardingCodeLength,
  idempotencyKeyHeader,
} from './booking-values.ts';

/*
 * A booking: a passenger's seats on one ride, from the place they board to the place they leave
 * (the spec's booking, with its leg). A ride's places are numbered along its route: 0 its
 * departure, 1..n its stops in order, n + 1 its destination; the leg from place i to i + 1 is leg i.
 */

// The zod-free values, with the schemas for those who import both from here.
export {
  type BookingMode,
  type BookingPaymentMethod,
  type BookingStatus,
  type RefundRule,
  boardingCodeAlphabet,
  boardingOpensHoursBeforeDeparture,
  boardingCodeLength,
  bookingCodeLength,
  bookingMessages,
  bookingModes,
  bookingPaymentMethods,
  bookingStatuses,
  cancellableStatuses,
  cancellationRefund,
  idempotencyKeyHeader,
  normalisedShortCode,
  noShowReportHours,
  requestAnswerHours,
  requestCutoffHoursBeforeDeparture,
  seatHoldingStatuses,
  ticketedStatuses,
} from './booking-values.ts';

/** The mobile money number a fare is collected from (the prompt goes to that phone) and its network. */
export const bookingWallet = z.object({
  phone: ghanaPhoneField,
  network: z.enum(mobileMoneyProviders, { error: bookingMessages.walletNetwork }),
});
export type BookingWallet = z.infer<typeof bookingWallet>;

/** A ride's place index (0 = departure, then the stops, then the destination). */
const placeIndex = z.number({ error: bookingMessages.places }).int(bookingMessages.places).min(0, bookingMessages.places).max(11, bookingMessages.places);

/** The booking form (spec "Book seat") with the passenger's leg, as rides takes it. */
const bookingFields = z.object({
    rideId: uuid,
    seats: z.number({ error: bookingMessages.seats }).int(bookingMessages.seats).min(1, bookingMessages.seats).max(maxRideSeats, bookingMessages.seats),
    /** Where they board and leave, as the ride's place indexes. */
    boardAt: placeIndex,
    alightAt: placeIndex,
    passengerName: z.string({ error: bookingMessages.passengerName }).trim().min(1, bookingMessages.passengerName).max(100, bookingMessages.passengerNameLength),
    passengerPhone: ghanaPhoneField,
    specialRequests: z.string({ error: bookingMessages.specialRequests }).trim().max(500, bookingMessages.specialRequests).optional(),
    /** Cash to the driver (the default), or mobile money: the fare and Krom's fee collected from `wallet` by a prompt on that phone. */
    paymentMethod: z.enum(bookingPaymentMethods).default('cash'),
    wallet: bookingWallet.optional(),
});

/** POST /bookings at rides: the form with the wallet itself (the BFF has looked up a saved one). */
export const bookingInputSchema = bookingFields
  .refine((input) => input.alightAt > input.boardAt, { message: bookingMessages.placesOrder, path: ['alightAt'] })
  .refine((input) => input.paymentMethod !== 'mobile_money' || input.wallet !== undefined, { message: bookingMessages.walletMissing, path: ['wallet'] })
  .refine((input) => input.paymentMethod === 'mobile_money' || input.wallet === undefined, { message: bookingMessages.walletWithCash, path: ['wallet'] });
export type BookingInput = z.input<typeof bookingInputSchema>;

/**
 * POST /api/bookings: the form, whose mobile money wallet is either typed (`wallet`) or one of the
 * member's saved numbers named by id (`paymentMethodId`): the browser only ever sees saved numbers
 * masked, so the BFF asks payments for the full number of the caller's own method (a number not
 * saved, or another member's, is refused with `savedWalletGone`). Paying from a saved number needs
 * no confirmation code; only payouts do.
 */
export const bookingRequestSchema = bookingFields
  .extend({ paymentMethodId: uuid.optional() })
  .refine((input) => input.alightAt > input.boardAt, { message: bookingMessages.placesOrder, path: ['alightAt'] })
  .refine((input) => input.wallet === undefined || input.paymentMethodId === undefined, { message: bookingMessages.walletTwice, path: ['paymentMethodId'] })
  .refine((input) => input.paymentMethod !== 'mobile_money' || input.wallet !== undefined || input.paymentMethodId !== undefined, {
    message: bookingMessages.walletMissing,
    path: ['wallet'],
  })
  .refine((input) => input.paymentMethod === 'mobile_money' || (input.wallet === undefined && input.paymentMethodId === undefined), {
    message: bookingMessages.walletWithCash,
    path: ['wallet'],
  });
export type BookingRequest = z.input<typeof bookingRequestSchema>;

export const idempotencyHeadersSchema = z.object({
  [idempotencyKeyHeader]: z
    .string({ error: bookingMessages.idempotencyKey })
    .regex(/^[A-Za-z0-9_-]{8,200}$/, bookingMessages.idempotencyKey)
    .describe('A key the client makes once per booking it means (a UUID): a retry with the same key and body gets the first answer'),
});

/** The car a passenger looks for at pickup. */
export const bookingVehicle = z.object({ make: z.string(), model: z.string(), color: z.string(), licensePlate: z.string() });

export const bookingPlace = z.object({
  /** The place's index on the ride's route. */
  index: z.number().int(),
  location: z.string(),
  city: z.string().nullable(),
  /** Where passengers meet the driver there (the pickup station or the stop's meeting point), if named. */
  meetingPoint: z.string().nullable(),
});

/** A booking as its passenger sees it (POST /api/bookings, GET /api/bookings/mine). */
export const bookingSchema = z.object({
  id: uuid,
  rideId: uuid,
  status: z.enum(bookingStatuses),
  bookingMode: z.enum(bookingModes),
  paymentMethod: z.enum(bookingPaymentMethods),
  seats: z.number().int(),
  board: bookingPlace,
  alight: bookingPlace,
  pricePerSeat: z.string(),
  /** The fare: the seats times the price per seat. */
  totalAmount: z.string(),
  /** Krom's fee, paid on top of the fare by mobile money ('0.00' for cash): what is paid is the two together. */
  serviceFee: z.string(),
  currency: z.string(),
  passengerName: z.string(),
  passengerPhone: z.string(),
  specialRequests: z.string().nullable(),
  /** The code the driver enters at pickup: only once the seat is the passenger's (confirmed, boarded, completed). */
  boardingCode: z.string().nullable(),
  /** The booking's own short code (`bookingCodeLength`, unique over every booking): what the passenger texts after CANCEL. Absent from answers made before it was added. */
  bookingCode: z.string().optional(),
  departureDate: z.string(),
  departureTime: z.string(),
  departureAt: isoDateTime,
  /** The ride's route ends, for the card. */
  rideFrom: z.string(),
  rideTo: z.string(),
  /** The ride's own status: once it is completed, its bookings can no longer be cancelled. */
  rideStatus: z.enum(rideStatuses),
  driverName: z.string(),
  /** The driver's member id: what Block and Report act on. */
  driverId: uuid,
  vehicle: bookingVehicle,
  /** When an unanswered request lapses (requested), or the seats' hold for the mobile money prompt (awaiting_payment); else null. */
  expiresAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  version: z.number().int(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const myBookingsQuerySchema = z.object({ when: z.enum(['upcoming', 'past']).default('upcoming') });
export const myBookingsResponseSchema = z.object({ bookings: z.array(bookingSchema) });
export const bookingParams = z.object({ id: z.string().describe('The booking id (a uuid)') });

/**
 * Phone numbers between a passenger and their driver (GET /api/bookings/{id}/contact, the /call/{id}
 * screen): the other party's number, only for a booking confirmed (or boarded, or completed), from
 * `contactWindowHours` before departure until as long after, and only while that member's privacy
 * toggle "show phone to drivers" is on (it is the spec's one phone toggle: off, a member's number
 * reaches nobody). The passenger's number is the one they gave in the booking form for this booking.
 */
export const contactWindowHours = 24;
export const contactMessages = {
  notConfirmed: 'Phone numbers are shared only once the booking is confirmed.',
  tooEarly: (from: string) => `Phone numbers are shared from ${contactWindowHours} hours before departure: from ${from}.`,
  tooLate: `Phone numbers are shared only until ${contactWindowHours} hours after departure.`,
  driverHidden: 'The driver has chosen not to share their phone number.',
  passengerHidden: 'The passenger has chosen not to share their phone number.',
  noPhone: 'No phone number is on file for this member.',
} as const;
export const bookingContactSchema = z.object({
  /** Whose number it is: the booking's driver (to its passenger) or passenger (to the driver). */
  role: z.enum(['driver', 'passenger']),
  firstName: z.string(),
  phone: z.string(),
  /** When the number stops being shared: 24 hours after departure. */
  availableUntil: isoDateTime,
});
export type BookingContact = z.infer<typeof bookingContactSchema>;

/** A booking on a driver's ride, as the driver sees it in Manage Bookings. */
export const rideBookingSchema = z.object({
  id: uuid,
  status: z.enum(bookingStatuses),
  seats: z.number().int(),
  board: bookingPlace,
  alight: bookingPlace,
  totalAmount: z.string(),
  currency: z.string(),
  paymentMethod: z.enum(bookingPaymentMethods),
  passengerFirstName: z.string(),
  /** The passenger's member id: what Block and Report act on. */
  passengerId: uuid,
  /**
   * How drivers rated this passenger: the average of their published reviews as a passenger and
   * how many (average null before the first). On the ride's list of bookings; absent from the
   * answer to one booking's action (accept, decline, board, no-show).
   */
  passengerRating: memberRatingSchema.optional(),
  specialRequests: z.string().nullable(),
  expiresAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type RideBooking = z.infer<typeof rideBookingSchema>;
export const rideBookingsResponseSchema = z.object({ bookings: z.array(rideBookingSchema) });

/** POST /api/rides/{id}/board: the code the passenger shows (typed or scanned from its QR code). */
export const boardingInputSchema = z.object({
  code: z
    .string({ error: bookingMessages.boardingCode })
    .trim()
    .toUpperCase()
    .regex(new RegExp(`^[${boardingCodeAlphabet}]{${boardingCodeLength}}$`), bookingMessages.boardingCode),
});
