import { toDecimalCedis, toPesewas } from '../money.ts';
import { maxRideSeats } from './ride-values.ts';

/*
 * Booking values the screens need without a schema (states, modes, the rules' messages, the
 * cancellation policy): no zod here, so the booking and my-rides screens show them without
 * downloading it. bookings.ts builds the schemas from them and exports them too.
 */

/**
 * Every state a booking can be in. `requested` waits for the driver (approval rides); `accepted`
 * is the driver's yes before the seat is secured; `awaiting_payment` holds the seats while a mobile
 * money prompt is answered (payments issue); `confirmed` has the seat; then `boarded` at pickup and
 * `completed` after the trip. The rest are ends; among them `no_show` (the driver reported the
 * passenger did not come, within `noShowReportHours` of departure) and `not_boarded` (a confirmed
 * seat nobody boarded nor reported when that window closed: the rides sweep ends it, and the
 * passenger gets everything back, as when a driver cancels).
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
  'not_boarded',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** The states in which a booking holds its seats (and counts as the passenger's one live booking of the ride). */
export const seatHoldingStatuses = ['requested', 'accepted', 'awaiting_payment', 'confirmed', 'boarded'] as const satisfies readonly BookingStatus[];
/** The states in which the passenger has a seat: the e-ticket and boarding code are theirs to show. */
/** The live states a cancellation may end: every seat-holding one but boarded (a boarded passenger is on their way). */
export const cancellableStatuses = ['requested', 'accepted', 'awaiting_payment', 'confirmed'] as const satisfies readonly BookingStatus[];
export const ticketedStatuses = ['confirmed', 'boarded', 'completed'] as const satisfies readonly BookingStatus[];

export const bookingModes = ['instant', 'approval'] as const;
export type BookingMode = (typeof bookingModes)[number];

/** How the passenger pays: cash to the driver, or mobile money collected by Krom (with its service fee) before the seat is confirmed. */
export const bookingPaymentMethods = ['cash', 'mobile_money'] as const;
export type BookingPaymentMethod = (typeof bookingPaymentMethods)[number];

/** The request header that makes POST /api/bookings safe to retry. */
export const idempotencyKeyHeader = 'idempotency-key';

/** A boarding code: 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const boardingCodeAlphabet = 'ACDEFGHJKMNPQRTUVWXY34679';
export const boardingCodeLength = 6;

/*
 * Short codes a member types on a basic phone (SMS: `BOOK <ride code> <seats>`, `CANCEL <booking
 * code>`), from the boarding code's alphabet. Both are unique over every row ever written, not
 * only over rides to come: a code read in an old match SMS must never book a newer ride. The
 * database writes them (rides' sms_short_codes migration: a code is drawn again while taken,
 * one character longer once the short ones grow scarce). A booking's code is longer than a
 * ride's and than its 6-character boarding code, so the three are never mistaken for each other.
 */
export const shortCodeAlphabet = boardingCodeAlphabet;
export const rideCodeLength = 5;
export const bookingCodeLength = 7;
/** A code as typed (any case, spaces around) in the form it is stored in. */
export const normalisedShortCode = (typed: string) => typed.trim().toUpperCase();

/** How long an unanswered request lasts: 12 hours after it was made, and never closer than 2 hours to departure. */
export const requestAnswerHours = 12;
export const requestCutoffHoursBeforeDeparture = 2;
/**
 * How long after departure a driver may report a passenger who did not show up. When it has
 * passed, a seat still confirmed (neither boarded by its code nor reported) ends `not_boarded`.
 */
export const noShowReportHours = 24;
/** How long before departure a driver may board passengers (a boarded booking can no longer be cancelled, and is what pays the driver). */
export const boardingOpensHoursBeforeDeparture = 24;

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
  rideCompleted: 'This ride is over: its bookings can no longer be cancelled',
  tooLateToRequest: `This driver approves each booking, and requests close ${requestCutoffHoursBeforeDeparture} hours before departure`,
  alreadyBooked: 'You already have a booking on this ride',
  notEnoughSeats: (left: number) =>
    left === 0 ? 'No seats are left on this part of the route' : `Only ${left} ${left === 1 ? 'seat is' : 'seats are'} left on this part of the route`,
  cannotBook: 'Your account cannot book rides. Please contact support.',
  idempotencyKey: 'An Idempotency-Key header (8 to 200 letters, digits, dashes or underscores) is required',
  idempotencyReused: 'This Idempotency-Key was already used for a different booking',
  idempotencyInProgress: 'This booking is still being made. Please wait a moment and try again.',
  notYours: 'Booking not found',
  boardingCode: `Enter the ${boardingCodeLength}-character boarding code`,
  wrongCode: 'No booking on this ride has that boarding code',
  boardTooEarly: `Passengers can be boarded from ${boardingOpensHoursBeforeDeparture} hours before departure`,
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
  walletMissing: 'Please enter the mobile money number to pay from',
  walletNetwork: 'Please choose a mobile money network',
  walletWithCash: 'A mobile money number is given only when paying by mobile money',
  walletTwice: 'Choose one of your saved mobile money numbers or type one, not both',
  savedWalletGone: 'That mobile money number is no longer saved. Please choose another or type one.',
  failed: 'Booking failed. Please try again.',
} as const;

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
