import { z } from 'zod';
import { aggregateVersion, defineEvent, type EventDefinition } from '../envelope.ts';
import { bookingModes, bookingPaymentMethods, bookingPlace, bookingStatuses, bookingVehicle, bookingWallet } from '../http/bookings.ts';

/*
 * What happened to a booking, one event per fact, all with one payload: the booking as it is
 * after the fact (its status and `version`, +1 on every transition), the passenger's leg and
 * what notifications needs to tell both sides without calling rides (the e-ticket's driver,
 * car and plate, the boarding code once the seat is the passenger's). A consumer keeps the
 * highest version it has seen per booking, so a late or redelivered event changes nothing.
 */

export const bookingFactSchema = z.object({
  bookingId: z.string().uuid(),
  rideId: z.string().uuid(),
  passengerId: z.string().uuid(),
  driverId: z.string().uuid(),
  status: z.enum(bookingStatuses),
  /** The status before this fact (null when the booking was just made). */
  previousStatus: z.enum(bookingStatuses).nullable(),
  bookingMode: z.enum(bookingModes),
  paymentMethod: z.enum(bookingPaymentMethods),
  seats: z.number().int(),
  board: bookingPlace,
  alight: bookingPlace,
  pricePerSeat: z.string(),
  /** The fare: the leg's price times the seats (what the cancellation policy's refund is a part of). */
  totalAmount: z.string(),
  /**
   * Krom's fee on top of the fare, paid by mobile money only (`serviceFeePesewas`; '0.00' for
   * cash). Facts written before mobile money existed have none: read as '0.00'.
   */
  serviceFee: z.string().default('0.00'),
  /** The wallet a mobile money fare is collected from; null for cash (and in facts from before mobile money). */
  wallet: bookingWallet.nullable().default(null),
  currency: z.string(),
  /**
   * What the cancellation policy gives back (cancelled_by_passenger: by the policy; cancelled_by_driver,
   * by staff and not_boarded: in full); null otherwise.
   */
  refundAmount: z.string().nullable(),
  passengerFirstName: z.string(),
  /** The phone the passenger gave on the booking form (where the e-ticket goes). */
  passengerPhone: z.string(),
  driverFirstName: z.string(),
  vehicle: bookingVehicle,
  departureDate: z.string(),
  departureTime: z.string(),
  departureAt: z.string().datetime({ offset: true }),
  /** When an unanswered request lapses (requested only). */
  expiresAt: z.string().datetime({ offset: true }).nullable(),
  /** Only once the seat is the passenger's (confirmed, boarded, completed). */
  boardingCode: z.string().nullable(),
  /** Who made it happen: the passenger, the driver, staff, or the system (a job). */
  actor: z.enum(['passenger', 'driver', 'staff', 'system']),
  reason: z.string().nullable(),
  occurredAt: z.string().datetime({ offset: true }),
  version: aggregateVersion,
});
export type BookingFact = z.infer<typeof bookingFactSchema>;

/**
 * The `reason` of a booking Krom ended because a member's account was suspended (actor system):
 * the suspended driver's passengers (cancelled_by_driver) and the suspended passenger's own
 * bookings (cancelled), each refunded in full. Notifications tells them Krom cancelled, not the driver.
 */
export const memberSuspendedReason = 'suspended';

export const bookingFacts = [
  'requested',
  'accepted',
  'declined',
  'expired',
  'cancelled',
  'payment_requested',
  'confirmed',
  'boarded',
  'completed',
  'cancelled_by_passenger',
  'cancelled_by_driver',
  'no_show',
  'not_boarded',
] as const;
export type BookingFactName = (typeof bookingFacts)[number];

/** `krom.rides.booking.<fact>.v1` for each fact. */
export const bookingEvents = Object.fromEntries(
  bookingFacts.map((fact) => [fact, defineEvent(`krom.rides.booking.${fact}.v1`, bookingFactSchema)]),
) as Record<BookingFactName, EventDefinition<typeof bookingFactSchema>>;

/** How long before departure both sides are reminded of a ride with confirmed seats. */
export const departureReminderHours = 2;

/**
 * `krom.rides.ride.departing_soon.v1`: the reminder, sent once per ride `departureReminderHours`
 * before its departure (a scheduled sweep; the ride's `reminded_at` records it, so a re-run or a
 * second replica sends nothing more). Only for an active ride with at least one confirmed booking:
 * notifications sends the driver one reminder naming the passengers, and each passenger one with
 * their boarding place, the driver and car and their boarding code. A seat confirmed after the
 * reminder went out is not reminded (its e-ticket has just been sent). `version` is the ride's.
 */
export const rideDepartingSoon = defineEvent(
  'krom.rides.ride.departing_soon.v1',
  z.object({
    rideId: z.string().uuid(),
    driverId: z.string().uuid(),
    driverFirstName: z.string(),
    vehicle: bookingVehicle,
    fromLocation: z.string(),
    toLocation: z.string(),
    departureDate: z.string(),
    departureTime: z.string(),
    departureAt: z.string().datetime({ offset: true }),
    /** One entry per confirmed booking, in the order they were made. */
    passengers: z.array(
      z.object({
        bookingId: z.string().uuid(),
        passengerId: z.string().uuid(),
        passengerFirstName: z.string(),
        /** The phone the passenger gave on the booking form. */
        passengerPhone: z.string(),
        seats: z.number().int(),
        board: bookingPlace,
        alight: bookingPlace,
        boardingCode: z.string(),
      }),
    ),
    remindedAt: z.string().datetime({ offset: true }),
    version: aggregateVersion,
  }),
);
export type RideDepartingSoon = z.infer<typeof rideDepartingSoon.schema>;
