import { z } from 'zod';
import { aggregateVersion, defineEvent } from '../envelope.ts';
import { ridePreferencesSchema, rideStatuses, stopTypes } from '../http/rides.ts';
import { rideRequestKinds } from '../http/ride-request-values.ts';

const ridePoint = z.object({
  location: z.string(),
  city: z.string().nullable(),
  localityArea: z.string().nullable(),
  region: z.string().nullable(),
  placeId: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/**
 * A driver posted a ride: what ride requests are matched against (route with its stops in order,
 * date, seats, price). Carries no personal data beyond the driver's id.
 */
export const ridePosted = defineEvent(
  'krom.rides.ride.posted.v1',
  z.object({
    rideId: z.string().uuid(),
    driverId: z.string().uuid(),
    from: ridePoint,
    to: ridePoint,
    stops: z.array(ridePoint.extend({ stopOrder: z.number().int(), stopType: z.enum(stopTypes) })),
    departureDate: z.string(),
    departureTime: z.string(),
    /** The departure as an instant (Ghana keeps GMT all year). */
    departureAt: z.string().datetime({ offset: true }),
    availableSeats: z.number().int(),
    /** The seats of the ride's vehicle, the driver's included (as since v1; the API's ride says `passengerSeats` here). */
    totalSeats: z.number().int(),
    /** The vehicle's seats but the driver's (`passengerSeatsOf`), the API's totalSeats. Absent from events recorded before it was added. */
    passengerSeats: z.number().int().optional(),
    pricePerSeat: z.string(),
    currency: z.string(),
    /** What the driver stated (luggage, smoking, pets, air conditioning, back seat); null when nothing. Absent from events recorded before it was added. */
    preferences: ridePreferencesSchema.nullable().optional(),
    /** Only verified women may book it (ride requests of others are not told of it). Absent from events recorded before it was added. */
    womenOnly: z.boolean().optional(),
    postedAt: z.string().datetime({ offset: true }),
    version: aggregateVersion,
  }),
);
export type RidePosted = z.infer<typeof ridePosted.schema>;

/**
 * A posted ride matches a passenger's active ride request (its route, date when one was given,
 * seats and price limit): notifications tells the passenger by the channels they chose (always
 * in the app; by e-mail and SMS as their request asks). One event per passenger and ride: when
 * several of a passenger's requests match, `requestId` and `version` are those of the lowest id,
 * and the channels are every one any of them asked for. `kind` says whether that one is a request
 * or a saved search (the wording differs): a request when any of them is one; absent (a request)
 * from events recorded before saved searches.
 */
export const rideRequestMatched = defineEvent(
  'krom.rides.ride_request.matched.v1',
  z.object({
    requestId: z.string().uuid(),
    passengerId: z.string().uuid(),
    rideId: z.string().uuid(),
    /** The ride's driver: notifications bounds how often one driver's rides are told to one passenger. Absent from events recorded before it was added. */
    driverId: z.string().uuid().optional(),
    /** The ride's short code: the match SMS ends with it and how to book it by SMS. Absent from events recorded before it was added. */
    rideCode: z.string().optional(),
    fromLocation: z.string(),
    toLocation: z.string(),
    departureDate: z.string(),
    departureTime: z.string(),
    departureAt: z.string().datetime({ offset: true }),
    availableSeats: z.number().int(),
    pricePerSeat: z.string(),
    currency: z.string(),
    notifyByEmail: z.boolean(),
    notifyBySMS: z.boolean(),
    kind: z.enum(rideRequestKinds).optional(),
    matchedAt: z.string().datetime({ offset: true }),
    version: aggregateVersion,
  }),
);
export type RideRequestMatched = z.infer<typeof rideRequestMatched.schema>;

/**
 * A driver accepted a passenger's open request for one of their rides it fits: notifications
 * invites the passenger to book it (in the app and by SMS, with the ride's link). Once per
 * request and ride.
 */
export const rideRequestInvited = defineEvent(
  'krom.rides.ride_request.invited.v1',
  z.object({
    requestId: z.string().uuid(),
    passengerId: z.string().uuid(),
    rideId: z.string().uuid(),
    driverId: z.string().uuid(),
    driverFirstName: z.string(),
    fromLocation: z.string(),
    toLocation: z.string(),
    departureDate: z.string(),
    departureTime: z.string(),
    departureAt: z.string().datetime({ offset: true }),
    seats: z.number().int(),
    pricePerSeat: z.string(),
    currency: z.string(),
    invitedAt: z.string().datetime({ offset: true }),
    version: aggregateVersion,
  }),
);
export type RideRequestInvited = z.infer<typeof rideRequestInvited.schema>;

/** A passenger's request passed its date (or its lifetime) unanswered: it is matched no more, and notifications tells them in the app. */
export const rideRequestExpired = defineEvent(
  'krom.rides.ride_request.expired.v1',
  z.object({
    requestId: z.string().uuid(),
    passengerId: z.string().uuid(),
    fromLocation: z.string(),
    toLocation: z.string(),
    /** yyyy-MM-dd, or null for a request for any date (expired after its lifetime). */
    preferredDepartureDate: z.string().nullable(),
    expiredAt: z.string().datetime({ offset: true }),
    version: aggregateVersion,
  }),
);
export type RideRequestExpired = z.infer<typeof rideRequestExpired.schema>;

/** The fields of a posted ride a driver's change can touch (`status` when cancelled). */
export const rideChangeFields = ['departureDate', 'departureTime', 'availableSeats', 'pricePerSeat', 'description', 'status', 'preferences', 'womenOnly'] as const;
export type RideChangeField = (typeof rideChangeFields)[number];

/** What a passenger relies on of a ride: where the change is told from and to. */
const rideTerms = z.object({
  departureDate: z.string(),
  departureTime: z.string(),
  departureAt: z.string().datetime({ offset: true }),
  availableSeats: z.number().int(),
  pricePerSeat: z.string(),
  status: z.enum(rideStatuses),
  /** The driver's stated preferences, null when none. Absent from events recorded before it was added. */
  preferences: ridePreferencesSchema.nullable().optional(),
  /** Absent from events recorded before it was added. */
  womenOnly: z.boolean().optional(),
});

/**
 * A driver changed or cancelled a posted ride (also: rides cancelled because their driver's
 * account was deleted). Rides matches the ride again on it; notifications tells `passengers`:
 * the passengers already told of the ride (ride_request.matched) for whom the change is material
 * — cancelled, departure moved, price up, or fewer seats than they asked for — one entry per
 * passenger (their lowest request id, every channel any of their matched requests asked for),
 * with whether the ride as changed still matches one of their requests. Notifications also tells
 * `bookedPassengerIds` when the driver's preferences got worse for them (smoking or pets now
 * allowed, a smaller luggage allowance, no more air conditioning, the back seat no longer held to
 * two); an improvement tells nobody.
 */
export const rideChanged = defineEvent(
  'krom.rides.ride.changed.v1',
  z.object({
    rideId: z.string().uuid(),
    driverId: z.string().uuid(),
    fromLocation: z.string(),
    toLocation: z.string(),
    currency: z.string(),
    /** The fields that changed, in `rideChangeFields` order. */
    changed: z.array(z.enum(rideChangeFields)),
    previous: rideTerms,
    current: rideTerms,
    passengers: z.array(
      z.object({
        requestId: z.string().uuid(),
        passengerId: z.string().uuid(),
        notifyByEmail: z.boolean(),
        notifyBySMS: z.boolean(),
        /** Whether the ride, as changed, still matches one of their requests (price, seats, date); false once cancelled. */
        stillMatches: z.boolean(),
      }),
    ),
    /**
     * The passengers holding a booking of the ride not yet boarded (requested, accepted, awaiting
     * payment or confirmed) when it changed, each once, sorted. Absent from events recorded before it was added.
     */
    bookedPassengerIds: z.array(z.string().uuid()).optional(),
    /**
     * Who cancelled a cancelled ride: its driver, or Krom (the driver's account was suspended or
     * deleted). Absent on other changes and from events recorded before it was added (read: the driver).
     */
    cancelledBy: z.enum(['driver', 'krom']).optional(),
    changedAt: z.string().datetime({ offset: true }),
    /** The ride's version after the change. */
    version: aggregateVersion,
  }),
);
export type RideChanged = z.infer<typeof rideChanged.schema>;

/**
 * A ride ended: the completion sweep marks an active ride `completed` once its departure,
 * duration and two hours have passed, and completes its boarded bookings (each with its own
 * `krom.rides.booking.completed.v1`). `bookingsCompleted` counts them; the ride's version after.
 */
export const rideCompleted = defineEvent(
  'krom.rides.ride.completed.v1',
  z.object({
    rideId: z.string().uuid(),
    driverId: z.string().uuid(),
    departureAt: z.string().datetime({ offset: true }),
    bookingsCompleted: z.number().int(),
    completedAt: z.string().datetime({ offset: true }),
    version: aggregateVersion,
  }),
);
export type RideCompleted = z.infer<typeof rideCompleted.schema>;
