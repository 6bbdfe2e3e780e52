import { z } from 'zod';
import { toDecimalCedis, toPesewas } from '../money.ts';
import { ghanaPhoneField, isoDateTime, uuid } from './fields.ts';
import { maxRideSeats } from './ride-values.ts';

/*
 * A booking: a passenger's seats on one ride, from the place they board to the place they leave
 * (the spec's booking, with its leg). A ride's places are numbered along its route: 0 its
 * departure, 1..n its stops in order, n + 1 its destination; the leg from place i to i + 1 is leg i.
 */

/**
 * Every state a booking can be in. `requested` waits for the driver (approval rides); `accepted`
 * is the driver's yes before the seat is secured; `awaiting_payment` holds the seats while a mobile
 * money prompt is answered (payments issue); `confirmed` has the seat; then `boarded` at pickup and
 * `completed` after the trip. The rest are ends.
 */
export const bookingStatuses = [
  'requested',
  'accepted',
  'declined',
  'expired',
  'cancelled',
  'awaiting_payment',
  'confirmed',
  'boarded',
  'completed',
  'cancelled_by_passenger',
  'cancelled_by_driver',
  'no_show',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** The states in which a booking holds its seats (and counts as the passenger's one live booking of the ride). */
export const seatHoldingStatuses = ['requested', 'accepted', 'awaiting_payment', 'confirmed', 'boarded'] as const satisfies readonly BookingStatus[];
/** The states in which the passenger has a seat: the e-ticket and boarding code are theirs to show. */
export const ticketedStatuses = ['confirmed', 'boarded', 'completed'] as const satisfies readonly BookingStatus[];

export const bookingModes = ['instant', 'approval'] as const;
export type BookingMode = (typeof bookingModes)[number];

/** How the passenger pays: cash to the driver for now; mobile money arrives with the payments issue. */
export const bookingPaymentMethods = ['cash', 'mobile_money'] as const;
export type BookingPaymentMethod = (typeof bookingPaymentMethods)[number];

/** A boarding code: 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const boardingCodeAlphabet = 'ACDEFGHJKMNPQRTUVWXY34679';
export const boardingCodeLength = 6;

/** How long an unanswered request lasts: 12 hours after it was made, and never closer than 2 hours to departure. */
export const requestAnswerHours = 12;
export const requestCutoffHoursBeforeDeparture = 2;
/** How long after departure a driver may report a passenger who did not show up. */
export const noShowReportHours = 24;

export const bookingMessages = {
  seats: `Seats must be between 1 and ${maxRideSeats}`,
  passengerName: "Please enter the passenger's name",
  passengerNameLength: 'The name must be 100 characters or fewer',
  specialRequests: 'Special requests must be 500 characters or fewer',
  places: 'Choose where you board and where you leave among the ride’s places',
  placesOrder: 'Where you leave must come after where you board',
  rideNotFound: 'Ride not found',
  notFound: 'Booking not found',
  ownRide: 'You cannot book a seat on your own ride',
  rideCancelled: 'This ride has been cancelled',
  rideUnavailable: 'This ride is no longer taking bookings',
  departed: 'This ride has already left',
  tooLateToRequest: `This driver approves each booking, and requests close ${requestCutoffHoursBeforeDeparture} hours before departure`,
  alreadyBooked: 'You already have a booking on this ride',
  notEnoughSeats: (left: number) =>
    left === 0 ? 'No seats are left on this part of the route' : `Only ${left} ${left === 1 ? 'seat is' : 'seats are'} left on this part of the route`,
  cannotBook: 'Your account cannot book rides. Please contact support.',
  idempotencyKey: 'An Idempotency-Key header (8 to 200 letters, digits, dashes or underscores) is required',
  idempotencyReused: 'This Idempotency-Key was already used for a different booking',
  idempotencyInProgress: 'This booking is still being made. Please wait a moment and try again.',
  notYours: 'Booking not found',
  boardingCode: 'Enter the 6-character boarding code',
  wrongCode: 'No booking on this ride has that boarding code',
  noShowTooEarly: 'A passenger can be reported as not showing up only after the departure time',
  noShowTooLate: `A passenger can be reported as not showing up only within ${noShowReportHours} hours of departure`,
  transition: {
    accept: 'This request can no longer be accepted',
    decline: 'This request can no longer be declined',
    cancel: 'This booking can no longer be cancelled',
    board: 'This booking cannot be boarded',
    noShow: 'This booking cannot be reported as a no-show',
    staffCancel: 'This booking can no longer be cancelled',
  },
  failed: 'Booking failed. Please try again.',
} as const;

/** A ride's place index (0 = departure, then the stops, then the destination). */
const placeIndex = z.number({ error: bookingMessages.places }).int(bookingMessages.places).min(0, bookingMessages.places).max(11, bookingMessages.places);

/** POST /api/bookings: the booking form (spec "Book seat") with the passenger's leg. */
export const bookingInputSchema = z
  .object({
    rideId: uuid,
    seats: z.number({ error: bookingMessages.seats }).int(bookingMessages.seats).min(1, bookingMessages.seats).max(maxRideSeats, bookingMessages.seats),
    /** Where they board and leave, as the ride's place indexes. */
    boardAt: placeIndex,
    alightAt: placeIndex,
    passengerName: z.string({ error: bookingMessages.passengerName }).trim().min(1, bookingMessages.passengerName).max(100, bookingMessages.passengerNameLength),
    passengerPhone: ghanaPhoneField,
    specialRequests: z.string({ error: bookingMessages.specialRequests }).trim().max(500, bookingMessages.specialRequests).optional(),
  })
  .refine((input) => input.alightAt > input.boardAt, { message: bookingMessages.placesOrder, path: ['alightAt'] });
export type BookingInput = z.input<typeof bookingInputSchema>;

/** The request header that makes POST /api/bookings safe to retry. */
export const idempotencyKeyHeader = 'idempotency-key';
export const idempotencyHeadersSchema = z.object({
  [idempotencyKeyHeader]: z
    .string({ error: bookingMessages.idempotencyKey })
    .regex(/^[A-Za-z0-9_-]{8,200}$/, bookingMessages.idempotencyKey)
    .describe('A key the client makes once per booking it means (a UUID): a retry with the same key and body gets the first answer'),
});

const bookingPlace = z.object({
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
  totalAmount: z.string(),
  currency: z.string(),
  passengerName: z.string(),
  passengerPhone: z.string(),
  specialRequests: z.string().nullable(),
  /** The code the driver enters at pickup: only once the seat is the passenger's (confirmed, boarded, completed). */
  boardingCode: z.string().nullable(),
  departureDate: z.string(),
  departureTime: z.string(),
  departureAt: isoDateTime,
  /** The ride's route ends, for the card. */
  rideFrom: z.string(),
  rideTo: z.string(),
  driverName: z.string(),
  vehicle: z.object({ make: z.string(), model: z.string(), color: z.string(), licensePlate: z.string() }),
  /** When an unanswered request lapses (requested), else null. */
  expiresAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  version: z.number().int(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const myBookingsQuerySchema = z.object({ when: z.enum(['upcoming', 'past']).default('upcoming') });
export const myBookingsResponseSchema = z.object({ bookings: z.array(bookingSchema) });
export const bookingParams = z.object({ id: z.string().describe('The booking id (a uuid)') });

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

/**
 * What the cancellation policy gives back of `totalAmount` (a decimal in cedis) to a passenger
 * who cancels at `now`: more than 24 hours before departure the fare in full, less than 24
 * hours half of it, after departure nothing.
 */
export type RefundRule = 'full' | 'half' | 'none';
export function cancellationRefund(departureAt: Date, now: Date, totalAmount: string): { rule: RefundRule; amount: string } {
  const hoursLeft = (departureAt.getTime() - now.getTime()) / 3_600_000;
  const pesewas = toPesewas(totalAmount);
  if (hoursLeft > 24) return { rule: 'full', amount: toDecimalCedis(pesewas) };
  // Half, rounded down to the pesewa: the passenger is never promised more than the fare's half.
  if (hoursLeft > 0) return { rule: 'half', amount: toDecimalCedis(Math.floor(pesewas / 2)) };
  return { rule: 'none', amount: toDecimalCedis(0) };
}
