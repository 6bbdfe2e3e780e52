import { z } from 'zod';
import { bookingHorizonMonths, calendarDateField, monthsAfter } from './dates.ts';
import { decimal, isoDateTime, uuid } from './fields.ts';
import { placeTown } from './places.ts';
import { memberRatingSchema } from './reviews.ts';
import { requestedRideMessages, rideRequestMessages, rideRequestStatuses } from './ride-request-values.ts';
import { maxRideSeats, postRideSchema, rideMessages } from './rides.ts';

// A ride request's zod-free values (ride-request-values.ts), with the schemas for those who import both from here.
export {
  maxOpenRideRequests,
  maxSavedSearches,
  type RideRequestKind,
  rideRequestKinds,
  savedSearchMessages,
  type RideRequestStatus,
  rideRequestLifetimeDays,
  rideRequestMessages,
  rideRequestStatuses,
  maxRequestedRidesRides,
  requestedRideMessages,
} from './ride-request-values.ts';

const shape = postRideSchema.shape;
/** Cedis with at most two decimals, more than zero, as the ride's price, with the request's own message. */
const maxPrice = z
  .string({ error: rideRequestMessages.maxPrice })
  .trim()
  .refine((price) => /^\d{1,6}(\.\d{1,2})?$/.test(price) && Number(price) > 0, rideRequestMessages.maxPrice);
const notify = z.boolean({ error: rideRequestMessages.notify });
/** A preferred day: from today in Ghana (an earlier one could never be matched) to 12 months ahead. */
const preferredDateField = calendarDateField(
  { invalid: rideMessages.date },
  { earliest: (today) => today, tooEarly: rideRequestMessages.pastDate, latest: (today) => monthsAfter(today, bookingHorizonMonths), tooLate: rideRequestMessages.farDate },
);

/** The two places as the location picker gives them: the ride request's and the saved search's. */
const placeFields = {
  fromLocation: shape.fromLocation,
  toLocation: shape.toLocation,
  fromLatitude: shape.fromLatitude,
  fromLongitude: shape.fromLongitude,
  fromLocalityArea: shape.fromLocalityArea,
  fromRegion: shape.fromRegion,
  fromPlaceId: shape.fromPlaceId,
  toLatitude: shape.toLatitude,
  toLongitude: shape.toLongitude,
  toLocalityArea: shape.toLocalityArea,
  toRegion: shape.toRegion,
  toPlaceId: shape.toPlaceId,
};
/** yyyy-MM-dd, today in Ghana to 12 months ahead; absent or empty for any date. */
const optionalDate = z.preprocess((value) => (value === '' || value === null ? undefined : value), preferredDateField.optional());
const passengersField = decimal(
  z.number({ error: rideRequestMessages.passengers }).int(rideRequestMessages.passengers).min(1, rideRequestMessages.passengers).max(maxRideSeats, rideRequestMessages.passengers),
).default(1);
/** Cedis, as the ride's price; absent or empty for no limit. */
const optionalMaxPrice = z.preprocess((value) => (value === '' || value === null ? undefined : typeof value === 'number' ? String(value) : value), maxPrice.optional());
/** Two places that are otherwise fine must be two towns: a missing one has its own message. */
const twoTowns = {
  message: rideRequestMessages.samePlace,
  path: ['toLocation'],
  when: (payload: z.core.ParsePayload) => payload.issues.length === 0,
};
const inTwoTowns = (trip: { fromLocation: string; fromLocalityArea?: string | undefined; toLocation: string; toLocalityArea?: string | undefined }) =>
  placeTown(trip.fromLocation, trip.fromLocalityArea) !== placeTown(trip.toLocation, trip.toLocalityArea);

/** POST /api/ride-requests: the spec's payload. Passengers 1 to 8 (the form offers 1 to 4). */
export const rideRequestInputSchema = z.object({
  ...placeFields,
  preferredDepartureDate: optionalDate,
  flexibleDates: z.boolean().default(true),
  passengers: passengersField,
  maxPricePerSeat: optionalMaxPrice,
  notes: z.string({ error: rideRequestMessages.notes }).trim().max(500, rideRequestMessages.notes).optional(),
  notifyByEmail: notify.default(true),
  notifyBySMS: notify.default(false),
}).refine(inTwoTowns, twoTowns);
export type RideRequestInput = z.input<typeof rideRequestInputSchema>;

/**
 * POST /api/saved-searches: the listing's search kept as an alert (the spec's trip_search): the
 * two places as searched, the date searched (absent for any date), passengers, and the listing's
 * price limit if it had one.
 */
export const savedSearchInputSchema = z
  .object({ ...placeFields, departureDate: optionalDate, passengers: passengersField, maxPricePerSeat: optionalMaxPrice })
  .refine(inTwoTowns, twoTowns);
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;

/** A stored request's or saved search's id and two places, as the rides service answers them. */
const storedTrip = {
  id: uuid,
  fromLocation: z.string(),
  toLocation: z.string(),
  fromLocalityArea: z.string().nullable(),
  toLocalityArea: z.string().nullable(),
  fromRegion: z.string().nullable(),
  toRegion: z.string().nullable(),
  fromLatitude: z.number().nullable(),
  fromLongitude: z.number().nullable(),
  toLatitude: z.number().nullable(),
  toLongitude: z.number().nullable(),
};

export const rideRequestSchema = z.object({
  ...storedTrip,
  preferredDepartureDate: z.string().nullable(),
  flexibleDates: z.boolean(),
  passengers: z.number().int(),
  /** Two decimals (`45.00`), or null for no limit. */
  maxPricePerSeat: z.string().nullable(),
  notes: z.string().nullable(),
  notifyByEmail: z.boolean(),
  notifyBySMS: z.boolean(),
  status: z.enum(rideRequestStatuses),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  lastNotifiedAt: isoDateTime.nullable(),
});
export type RideRequest = z.infer<typeof rideRequestSchema>;

/** How many of the rides a request matched its listing shows at most (the soonest). */
export const maxMatchedRidesShown = 10;

/** A ride a request was matched with, as the passenger's list of requests shows it, linking to its preview. */
export const matchedRideSchema = z.object({
  id: uuid,
  fromCity: z.string(),
  toCity: z.string(),
  departureDate: z.string(),
  departureTime: z.string(),
  /** Two decimals (`45.00`). */
  pricePerSeat: z.string(),
  currency: z.string(),
  /** Seats still free. */
  availableSeats: z.number().int(),
});
export type MatchedRide = z.infer<typeof matchedRideSchema>;

/**
 * A request in the passenger's list, with the rides it was matched with that can still be booked
 * (active, to depart, with a seat free, their driver not hidden), soonest first, at most
 * `maxMatchedRidesShown`.
 */
export const myRideRequestSchema = rideRequestSchema.extend({ matchedRides: z.array(matchedRideSchema) });
export type MyRideRequest = z.infer<typeof myRideRequestSchema>;

/** GET /api/ride-requests/mine: the signed-in user's active requests, newest first, each with its matched rides. */
export const rideRequestListSchema = z.object({ requests: z.array(myRideRequestSchema) });
export const rideRequestParams = z.object({ id: z.string().describe('The ride request id (a uuid)') });

/** One of the driver's upcoming rides a request fits (the matching rule, run from the request's side). */
export const requestFitSchema = z.object({
  rideId: uuid,
  fromCity: z.string(),
  toCity: z.string(),
  departureDate: z.string(),
  departureTime: z.string(),
  /** Two decimals (`45.00`). */
  pricePerSeat: z.string(),
  currency: z.string(),
  availableSeats: z.number().int(),
  /** Whether the driver already invited the passenger to this ride. */
  invited: z.boolean(),
});
export type RequestFit = z.infer<typeof requestFitSchema>;

/**
 * An open request as the driver sees it on Requested Rides: the passenger's first name and rating
 * from drivers (`average` null and `count` 0: New), the seats, date and price limit asked for, and
 * the driver's rides it fits, soonest first.
 */
export const requestedRideSchema = z.object({
  requestId: uuid,
  passengerFirstName: z.string(),
  passengerRating: memberRatingSchema,
  seats: z.number().int(),
  fromLocation: z.string(),
  toLocation: z.string(),
  /** yyyy-MM-dd, or null for any date. */
  preferredDepartureDate: z.string().nullable(),
  flexibleDates: z.boolean(),
  /** Two decimals, or null for no limit. */
  maxPricePerSeat: z.string().nullable(),
  notes: z.string().nullable(),
  fits: z.array(requestFitSchema).min(1),
});
export type RequestedRide = z.infer<typeof requestedRideSchema>;

/** GET /api/driver/requested-rides: the open requests the signed-in driver's upcoming rides fit, soonest ride first. */
export const requestedRideListSchema = z.object({ requests: z.array(requestedRideSchema) });
export type RequestedRideList = z.infer<typeof requestedRideListSchema>;

export const requestedRideParams = z.object({ requestId: z.string().describe('The ride request id (a uuid)') });
/** POST /api/driver/requested-rides/:requestId/accept: the driver's ride to invite the passenger to. */
export const acceptRequestedRideSchema = z.object({ rideId: z.string({ error: requestedRideMessages.rideDoesNotFit }).uuid(requestedRideMessages.rideDoesNotFit) });
/** The invitation (made now or before: accepting twice answers the same). */
export const requestInvitationSchema = z.object({ requestId: uuid, rideId: uuid, invitedAt: isoDateTime });

/**
 * A saved search as its member sees it (the spec's trip_search), with the rides it was matched
 * with that can still be booked, as a request's (`matchedRides`).
 */
export const savedSearchSchema = z.object({
  ...storedTrip,
  /** yyyy-MM-dd, or null for any date. */
  departureDate: z.string().nullable(),
  passengers: z.number().int(),
  /** Two decimals (`45.00`), or null for no limit. */
  maxPricePerSeat: z.string().nullable(),
  status: z.enum(rideRequestStatuses),
  createdAt: isoDateTime,
  /** The end of its date in Ghana, or 30 days after saving when it has none. */
  expiresAt: isoDateTime,
  matchedRides: z.array(matchedRideSchema),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** GET /api/saved-searches/mine: the signed-in member's active saved searches, newest first. */
export const savedSearchListSchema = z.object({ searches: z.array(savedSearchSchema) });
export const savedSearchParams = z.object({ id: z.string().describe('The saved search id (a uuid)') });
