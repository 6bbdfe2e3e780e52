import { z } from 'zod';
import { bookingHorizonMonths, calendarDateField, dateMessages, daysAfter, monthsAfter } from './dates.ts';
import { decimal, isoDateTime, uuid } from './fields.ts';
import { ghanaBounds, placeTown, routePointSchema } from './places.ts';
import { rideVehicleSchema } from './vehicles.ts';
import { bookingMessages, bookingModes } from './booking-values.ts';
import { parseLegKey } from './leg-prices.ts';
import { verificationStatuses } from './auth.ts';
import { luggageSizes, womenOnlyMessages } from './ride-preference-values.ts';
import { currency, defaultRidePageSize, maxRidePage, maxRidePageSize, maxRideSeats, maxWizardStops, rideMessages, rideStatuses, stopTypes } from './ride-values.ts';

export { currency, maxWizardStops, maxRideSeats, maxDepartureMoveDays, defaultRidePageSize, maxRidePageSize, maxRidePage, searchSeatOptions, stopTypes, rideStatuses, passengerSeatsOf, rideMessages, availableSeatsProblem } from './ride-values.ts';
export type { RideStatus } from './ride-values.ts';
export { luggageSizes, genders, ridePreferenceFilterNames, womenOnlyMessages } from './ride-preference-values.ts';
export type { LuggageSize, Gender, RidePreferences } from './ride-preference-values.ts';

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Latitude and longitude as the spec sends them (text or numbers), within Ghana. */
const latitude = decimal(z.number({ error: rideMessages.coordinates }).min(ghanaBounds.south, rideMessages.coordinates).max(ghanaBounds.north, rideMessages.coordinates));
const longitude = decimal(z.number({ error: rideMessages.coordinates }).min(ghanaBounds.west, rideMessages.coordinates).max(ghanaBounds.east, rideMessages.coordinates));
const optionalText = (max: number) => z.string().trim().max(max).optional();
const seatCount = decimal(z.number({ error: rideMessages.seats }).int(rideMessages.seats).min(1, rideMessages.seats).max(maxRideSeats, rideMessages.seats));

/**
 * A ride's departure day, up to 12 months ahead. From yesterday: whether a departure is still to
 * come is the rides service's rule, with the time and the clock (ride-rules.ts), beside its others.
 */
export const rideDateField = calendarDateField(
  { invalid: rideMessages.date },
  { earliest: (today) => daysAfter(today, -1), tooEarly: rideMessages.pastDeparture, latest: (today) => monthsAfter(today, bookingHorizonMonths), tooLate: dateMessages.departureTooFar },
);
/** The listing's day: a shared link from last year lists nothing rather than failing; no ride departs past the horizon. */
const searchDateField = calendarDateField(
  { invalid: rideMessages.date },
  {
    earliest: (today) => monthsAfter(today, -bookingHorizonMonths),
    tooEarly: dateMessages.searchDate,
    latest: (today) => monthsAfter(today, bookingHorizonMonths),
    tooLate: dateMessages.searchDate,
  },
);
export const rideTimeField = z.string({ error: rideMessages.time }).regex(timePattern, rideMessages.time);

/** Cedis with at most two decimals, as text (`45`, `45.5`, `45.50`), more than zero. */
export const priceField = z
  .string({ error: rideMessages.price })
  .trim()
  .min(1, rideMessages.price)
  .regex(/^\d{1,6}(\.\d{1,2})?$/, rideMessages.priceFormat)
  .refine((price) => Number(price) > 0, rideMessages.priceFormat);

/**
 * The driver's prices for parts of the route, keyed by the leg's place indexes (`"1-3"`: from the
 * first stop to the third place; 0 is the departure, n + 1 the destination), as decimal cedis. A leg
 * left out costs its share of the ride's price (leg-prices.ts); each is held to the route's cap.
 */
const legPricesField = z
  .record(
    z.string().refine((key) => parseLegKey(key) !== undefined, rideMessages.legKey),
    z.string({ error: rideMessages.legPriceFormat }).trim().regex(/^\d{1,6}(\.\d{1,2})?$/, rideMessages.legPriceFormat).refine((price) => Number(price) > 0, rideMessages.legPriceFormat),
  )
  .refine((prices) => Object.keys(prices).length <= 21, rideMessages.legKey);

/** What the driver states about the ride when posting it (the wizard's step 3). */
export const ridePreferencesSchema = z.object({
  luggage: z.enum(luggageSizes, { error: womenOnlyMessages.luggage }),
  smoking: z.boolean(),
  pets: z.boolean(),
  airConditioning: z.boolean(),
  /** The back seat takes at most two passengers. */
  maxTwoInBack: z.boolean(),
});

export const stopInputSchema = z.object({
  location: z.string({ error: rideMessages.stopLocation }).trim().min(2, rideMessages.stopLocation).max(200),
  city: optionalText(100),
  localityArea: optionalText(100),
  region: optionalText(60),
  placeId: optionalText(300),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  stopType: z.enum(stopTypes).default('either'),
  /** Where passengers meet the driver at this stop (a station, a landmark, the driver's own words). */
  meetingPoint: optionalText(200),
});
export type StopInput = z.input<typeof stopInputSchema>;

/**
 * POST /api/rides: the ride as the wizard assembles it, in the spec's flat shape, with its stops
 * in order. `totalSeats` is taken from the vehicle whatever is sent (`passengerSeatsOf` its seats); `status` starts active.
 */
export const postRideSchema = z.object({
  vehicleId: z.string({ error: rideMessages.vehicle }).uuid(rideMessages.vehicle),
  fromCity: z.string({ error: rideMessages.fromCity }).trim().min(2, rideMessages.fromCity).max(100),
  toCity: z.string({ error: rideMessages.toCity }).trim().min(2, rideMessages.toCity).max(100),
  fromLocation: z.string({ error: rideMessages.fromLocation }).trim().min(2, rideMessages.fromLocation).max(200),
  toLocation: z.string({ error: rideMessages.toLocation }).trim().min(2, rideMessages.toLocation).max(200),
  fromLatitude: latitude.optional(),
  fromLongitude: longitude.optional(),
  fromLocalityArea: optionalText(100),
  fromRegion: optionalText(60),
  fromPlaceId: optionalText(300),
  toLatitude: latitude.optional(),
  toLongitude: longitude.optional(),
  toLocalityArea: optionalText(100),
  toRegion: optionalText(60),
  toPlaceId: optionalText(300),
  stops: z.array(stopInputSchema).max(maxWizardStops, rideMessages.tooManyStops).default([]),
  departureDate: rideDateField,
  departureTime: rideTimeField,
  availableSeats: seatCount,
  totalSeats: decimal(z.number({ error: rideMessages.totalSeats }).int(rideMessages.totalSeats).min(1, rideMessages.totalSeats).max(maxRideSeats, rideMessages.totalSeats)).optional(),
  pricePerSeat: priceField,
  currency: z.literal(currency).default(currency),
  description: optionalText(500),
  /** The review's duration text (`3h 20min`), shown on the ride. */
  duration: optionalText(40),
  /**
   * Where passengers meet the driver at the departure, as the driver sets it in the wizard: a
   * station or landmark suggested near the departure, or their own words ("Accra Mall car park").
   */
  pickupStation: optionalText(200),
  /** Whether bookings are confirmed at once (instant, the default) or wait for the driver's answer (approval). */
  bookingMode: z.enum(bookingModes).default('instant'),
  /** The wizard's step 3: prices the driver set for legs that start or end at a stop. */
  legPrices: legPricesField.default({}),
  /** The driver's stated preferences; left out (an older client), the ride states none and matches no preference filter. */
  preferences: ridePreferencesSchema.optional(),
  /** Only women may book it; only a verified member whose profile says woman may post it. */
  womenOnly: z.boolean().default(false),
  status: z.literal('active').optional(),
}).refine((ride) => placeTown(ride.fromLocation, ride.fromLocalityArea) !== placeTown(ride.toLocation, ride.toLocalityArea), {
  // The ride requests' rule: a ride is between two towns (`"accra "` and `"Accra"` are one).
  message: rideMessages.samePlace,
  path: ['toLocation'],
  // Only for two places that are otherwise fine: a missing one has its own message.
  when: (payload) => payload.issues.length === 0,
});
export type PostRideInput = z.input<typeof postRideSchema>;

/** PUT /api/rides/{id}: what a driver may change on a ride nobody has booked yet. */
export const updateRideSchema = z.object({
  departureDate: rideDateField,
  departureTime: rideTimeField,
  availableSeats: postRideSchema.shape.availableSeats,
  pricePerSeat: priceField,
  description: optionalText(500),
  /** Left out, the ride keeps its booking mode. */
  bookingMode: z.enum(bookingModes).optional(),
  /** Left out, the ride keeps its leg prices; given, they replace them all (`{}`: every leg by its share). */
  legPrices: legPricesField.optional(),
  /** Left out, the ride keeps its preferences; given, they replace them (luggage, smoking, pets, air conditioning, back seat). */
  preferences: ridePreferencesSchema.optional(),
  /**
   * Left out, unchanged. Made women-only only by whom may post one (403, as posting); once a seat is
   * booked or requested it no longer changes either way (409): the women who booked rely on it, and
   * those already booked may not all be women.
   */
  womenOnly: z.boolean().optional(),
});
export type UpdateRideInput = z.input<typeof updateRideSchema>;

export const rideStopSchema = z.object({
  stopOrder: z.number().int(),
  location: z.string(),
  city: z.string().nullable(),
  localityArea: z.string().nullable(),
  region: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  stopType: z.enum(stopTypes),
  /** Where passengers meet the driver at this stop; null when the driver named none. */
  meetingPoint: z.string().nullable(),
});
export type RideStop = z.infer<typeof rideStopSchema>;

/**
 * The part of a ride a passenger rides, from place `boardAt` to place `alightAt` (0 the departure,
 * 1..n the stops, n + 1 the destination): in a search, the earliest place matching `from` to the
 * latest matching `to`; otherwise the whole route. The booking screen takes them as `board` and `alight`.
 */
export const rideLegSchema = z.object({
  boardAt: z.number().int(),
  alightAt: z.number().int(),
  /** The ride's seats less the most taken on any part of the route between them. */
  seatsLeft: z.number().int(),
  /** What a seat costs from boardAt to alightAt (decimal cedis). */
  pricePerSeat: z.string(),
});
export type RideLeg = z.infer<typeof rideLegSchema>;

/** GET /rides/{id}?board=&alight=: the leg the details answer for (the whole route when left out). */
export const rideLegQuerySchema = z
  .object({
    board: decimal(z.number({ error: bookingMessages.places }).int(bookingMessages.places).min(0, bookingMessages.places).max(maxWizardStops + 1, bookingMessages.places)).optional(),
    alight: decimal(z.number({ error: bookingMessages.places }).int(bookingMessages.places).min(1, bookingMessages.places).max(maxWizardStops + 1, bookingMessages.places)).optional(),
  })
  .refine((leg) => leg.board === undefined || leg.alight === undefined || leg.alight > leg.board, { message: bookingMessages.placesOrder, path: ['alight'] });
export type RideLegQuery = z.output<typeof rideLegQuerySchema>;

/** A ride as listed to a client (the spec's list fields, with the driver from rides' own projection). */
export const rideSummarySchema = z.object({
  id: uuid,
  driverId: uuid,
  driverName: z.string(),
  /** Average of the driver's visible reviews as a driver, to one decimal; null until they have any (no rating is made up). */
  driverRating: z.number().nullable(),
  /** How many visible reviews the average is of ("New driver" before the first). Absent from answers made before it was added. */
  driverReviewCount: z.number().int().optional(),
  driverPhotoUrl: z.string().nullable(),
  driverVerified: z.boolean(),
  fromCity: z.string(),
  toCity: z.string(),
  fromLocation: z.string(),
  toLocation: z.string(),
  fromLocalityArea: z.string().nullable(),
  toLocalityArea: z.string().nullable(),
  departureDate: z.string(),
  departureTime: z.string(),
  duration: z.string().nullable(),
  availableSeats: z.number().int(),
  /** Instant: a booking is confirmed at once ("Instant booking"); approval: the driver accepts each request ("Driver approves"). */
  bookingMode: z.enum(bookingModes),
  /** The seats the ride offers passengers: its vehicle's (at posting) but the driver's (`passengerSeatsOf`). */
  totalSeats: z.number().int(),
  pricePerSeat: z.string(),
  currency: z.string(),
  description: z.string().nullable(),
  status: z.enum(rideStatuses),
  vehicle: rideVehicleSchema,
  stops: z.array(rideStopSchema),
  /** The passenger's part of the route, with its seats left and price. */
  leg: rideLegSchema,
  /** What the driver stated when posting; null for a ride posted before preferences were asked. Absent from answers made before it was added. */
  preferences: ridePreferencesSchema.nullable().optional(),
  /** Only women can book it (shown to everyone, marked "Women only"). Absent from answers made before it was added. */
  womenOnly: z.boolean().optional(),
});
export type RideSummary = z.infer<typeof rideSummarySchema>;

/** GET /api/rides/{id}: the summary with coordinates for the map, regions and the pickup station. */
export const rideDetailsSchema = rideSummarySchema.extend({
  fromLatitude: z.number().nullable(),
  fromLongitude: z.number().nullable(),
  toLatitude: z.number().nullable(),
  toLongitude: z.number().nullable(),
  fromRegion: z.string().nullable(),
  toRegion: z.string().nullable(),
  pickupStation: z.string().nullable(),
  driverRidesCompleted: z.number().int(),
  createdAt: isoDateTime,
  /** Whether the caller is the ride's driver (their preview offers Edit and Cancel, not booking); false for a guest. */
  isOwnRide: z.boolean(),
  /** The prices the driver set for legs (`"1-3"` → cedis); the others cost their share of the ride's price. */
  legPrices: z.record(z.string(), z.string()),
  /** The ride's short code (`rideCodeLength`, unique over every ride): what a passenger texts after BOOK. Absent from answers made before it was added. */
  rideCode: z.string().optional(),
});
export type RideDetails = z.infer<typeof rideDetailsSchema>;
export const rideParams = z.object({ id: z.string().describe('The ride id (a uuid)') });

/** A yes-only filter as a query string carries it: `true` narrows the list; `false` or left out does not. */
const queryFlag = z.enum(['true', 'false']).transform((flag) => flag === 'true').optional();

/**
 * GET /api/rides: the listing's filters. `from` and `to` match a ride's departure, destination or
 * stops by locality, city or name (pick-up before drop-off); with coordinates, rides passing within
 * `nearbyRadiusKm` match too. Only future, active rides with enough free seats, by departure.
 */
export const rideSearchQuerySchema = z.object({
  from: z.string().trim().max(100).optional(),
  to: z.string().trim().max(100).optional(),
  fromLatitude: latitude.optional(),
  fromLongitude: longitude.optional(),
  toLatitude: latitude.optional(),
  toLongitude: longitude.optional(),
  date: searchDateField.optional(),
  seats: seatCount.optional(),
  /** Rides whose luggage allowance is at least this size. */
  luggage: z.enum(luggageSizes, { error: womenOnlyMessages.luggage }).optional(),
  /** Each, when `true`: only rides whose driver stated it (no smoking, pets welcome, air conditioning, at most two in the back, women only). */
  noSmoking: queryFlag,
  pets: queryFlag,
  airConditioning: queryFlag,
  maxTwoInBack: queryFlag,
  womenOnly: queryFlag,
  page: decimal(z.number({ error: rideMessages.page }).int(rideMessages.page).min(1, rideMessages.page).max(maxRidePage, rideMessages.page)).default(1),
  pageSize: decimal(z.number({ error: rideMessages.pageSize }).int(rideMessages.pageSize).min(1, rideMessages.pageSize).max(maxRidePageSize, rideMessages.pageSize)).default(defaultRidePageSize),
});
export type RideSearchQuery = z.input<typeof rideSearchQuerySchema>;
/** How close a ride's departure, stop or destination must pass to a searched point to match it. */
export const nearbyRadiusKm = 10;

export const rideSearchResponseSchema = z.object({
  rides: z.array(rideSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RideSearchResponse = z.infer<typeof rideSearchResponseSchema>;

/** GET /api/rides/mine?when=: the signed-in driver's rides, upcoming (soonest first) or past (latest first). */
export const myRidesQuerySchema = z.object({ when: z.enum(['upcoming', 'past']).default('upcoming') });
export const driverRideSchema = rideSummarySchema.extend({
  /**
   * Seats passengers hold (the most taken on any leg, by bookings requested, accepted, confirmed,
   * boarded or completed). Once there are any, the ride's date and time no longer change, its seats
   * not below this, and its booking mode not while requests wait.
   */
  bookedSeats: z.number().int(),
  /** Whether the driver may still change (within the rules above) or cancel it: active and still to depart. */
  editable: z.boolean(),
  /** Bookings whose seat is the passenger's: confirmed, boarded or completed. Absent from answers made before it was added. */
  bookings: z.number().int().optional(),
  /** Their seats. */
  seatsSold: z.number().int().optional(),
  /** What the driver is to collect in cash at the car: the totals of cash bookings confirmed or boarded, in `currency`. */
  expectedCash: z.string().optional(),
});
export type DriverRide = z.infer<typeof driverRideSchema>;
export const myRidesResponseSchema = z.object({ rides: z.array(driverRideSchema) });

/**
 * GET /api/rides/posting-rights: whether the signed-in user may post, and otherwise the next
 * missing step in the spec's order (identity, then driver verification, then a vehicle).
 */
export const postingStepSchema = z.enum(['verify_identity', 'verify_driver', 'add_vehicle']);
export type PostingStep = z.infer<typeof postingStepSchema>;
export const postingRightsSchema = z.object({
  canPost: z.boolean(),
  nextStep: postingStepSchema.nullable(),
  identityStatus: z.enum(verificationStatuses),
  driverStatus: z.enum(verificationStatuses),
  vehicleCount: z.number().int(),
});
export type PostingRights = z.infer<typeof postingRightsSchema>;

/** POST /api/rides/price-guide: the recommended price range and the cap for a route through these points. */
export const priceGuideRequestSchema = z.object({ points: z.array(routePointSchema).min(2).max(maxWizardStops + 2) });
export const priceGuideSchema = z.object({
  distanceKm: z.number(),
  currency: z.string(),
  fuelCostPerKm: z.string(),
  recommendedMin: z.string(),
  recommendedMax: z.string(),
  maxPricePerSeat: z.string(),
});
export type PriceGuide = z.infer<typeof priceGuideSchema>;

/**
 * Krom prices share the trip's fuel, not make a profit: the trip's fuel (road distance × the fuel
 * cost per km) shared by 3 to 5 people is the recommended range per seat, and one passenger paying
 * the whole trip's fuel is the cap. A short trip's cap is never under `minimumCap` cedis.
 */
export function priceGuide(distanceKm: number, fuelCostPerKm: number, minimumCap = 10): Omit<PriceGuide, 'currency' | 'distanceKm'> {
  const tripFuel = distanceKm * fuelCostPerKm;
  const min = Math.max(1, Math.floor(tripFuel / 5));
  const max = Math.max(min, Math.ceil(tripFuel / 3));
  const cap = Math.max(minimumCap, Math.ceil(tripFuel), max);
  return { fuelCostPerKm: fuelCostPerKm.toFixed(2), recommendedMin: min.toFixed(2), recommendedMax: max.toFixed(2), maxPricePerSeat: cap.toFixed(2) };
}

/** GET /api/drivers/{id}: a driver's public profile. */
export const driverProfileSchema = z.object({
  id: uuid,
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  isVerified: z.boolean(),
  driverVerified: z.boolean(),
  /**
   * True when the driver turned "show profile to others" off and the caller is not them: only the
   * first name, photo and badges are told (lastName empty, no vehicles, figures, reviews or rides).
   */
  profileHidden: z.boolean().optional(),
  /**
   * True when the signed-in caller blocked this driver: only the first name, photo and badges are
   * told, as for a hidden profile, so the caller can see whom they blocked and unblock them. A
   * driver who blocked the caller is a 404 to them, as if there were no such driver.
   */
  blockedByYou: z.boolean().optional(),
  /**
   * The signed-in caller's booking with this driver whose /call/{id} page shows the driver's
   * number now (a confirmed seat, 24 hours either side of departure, the driver sharing their
   * number): the profile's Call button leads there. Null when there is none; absent to a guest.
   */
  callBookingId: uuid.nullable().optional(),
  vehicles: z.array(rideVehicleSchema),
  ridesPosted: z.number().int(),
  ridesCompleted: z.number().int(),
  /**
   * Rides completed (departed, not cancelled) out of those and the rides the driver cancelled, at
   * any time before or after their departure, 0-100: the driver's cancellations count against it.
   * Null before any ride completed or was cancelled.
   */
  completionRate: z.number().nullable(),
  /**
   * The driver's reliability toward passengers: rides they cancelled while passengers held seats
   * (each such booking was cancelled_by_driver), and the share, 0-100, of their rides that had
   * passengers (departed, or cancelled) which they did not cancel; null before any. Absent from
   * answers made before it was added.
   */
  cancelledWithBookings: z.number().int().optional(),
  bookedRidesKeptRate: z.number().nullable().optional(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  upcomingRides: z.array(rideSummarySchema),
});
export type DriverProfile = z.infer<typeof driverProfileSchema>;
export const driverParams = z.object({ id: z.string().describe('The driver (user) id') });

/**
 * GET /api/rides/driver-dashboard: the signed-in driver's figures, computed from their rides and
 * bookings. What they were paid out is the payments service's (GET /api/payments/earnings).
 */
const money = z.string();
export const driverDashboardSchema = z.object({
  currency: z.string(),
  totals: z.object({
    ridesPosted: z.number().int(),
    ridesCompleted: z.number().int(),
    upcomingRides: z.number().int(),
    seatsOffered: z.number().int(),
    /** Bookings confirmed, boarded or completed on the driver's rides not cancelled, and their seats. Absent from answers made before they were added. */
    bookings: z.number().int().optional(),
    seatsSold: z.number().int().optional(),
    /** Cash still to collect: the totals of cash bookings confirmed or boarded, on rides still active. */
    expectedCash: money.optional(),
  }),
  /** The ride on the road (departed, its planned end not yet passed), else the one departing next within the coming 24 hours, if any. */
  activeRide: driverRideSchema.nullable(),
  upcomingRides: z.array(driverRideSchema),
  recentRides: z.array(driverRideSchema),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
});
export type DriverDashboard = z.infer<typeof driverDashboardSchema>;
export const okSchema = z.object({ ok: z.literal(true) });
