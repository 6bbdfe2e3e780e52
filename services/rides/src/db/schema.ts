import { sql } from 'drizzle-orm';
import { mobileMoneyProviders, paymentStatuses } from '@krom/contracts/http/payments';
import { verificationStatuses } from '@krom/contracts/http/auth';
import { rideRequestKinds, rideRequestStatuses } from '@krom/contracts/http/ride-requests';
import { luggageSizes, rideStatuses, stopTypes } from '@krom/contracts/http/rides';
import { bookingModes, bookingPaymentMethods, bookingStatuses } from '@krom/contracts/http/bookings';
import { plateDisputeStatuses } from '@krom/contracts/http/vehicles';
import { reviewTypes } from '@krom/contracts/http/reviews';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export { handledEvents, outbox } from '@krom/server-kit/outbox';

/**
 * Money moving between a passenger (payer) and a driver (recipient). Financial records: kept when
 * either account is deleted, which is why they hold user ids and no personal data.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The booking paid for. Bookings arrive with the marketplace issue; until then no booking
     * exists, so the column is nullable and carries no foreign key. That issue adds the key to
     * `bookings(id)` and the screen's booking → ride → from/to comes from that join.
     */
    bookingId: uuid('booking_id'),
    payerId: uuid('payer_id').notNull(),
    recipientId: uuid('recipient_id').notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('GHS'),
    paymentMethod: text('payment_method').notNull(),
    paymentProvider: text('payment_provider'),
    transactionId: text('transaction_id').unique('payments_transaction_id_key'),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payments_status_check', sql`${table.status} IN ('completed', 'pending', 'failed', 'refunded')`),
    check('payments_amount_check', sql`${table.amount} >= 0`),
    check('payments_parties_check', sql`${table.payerId} <> ${table.recipientId}`),
    // A user's history reads both sides, newest first.
    index('payments_payer_created_idx').on(table.payerId, table.createdAt.desc()),
    index('payments_recipient_created_idx').on(table.recipientId, table.createdAt.desc()),
    index('payments_booking_idx').on(table.bookingId),
  ],
);

/**
 * Members' saved mobile money numbers from before they moved to the payments service: no code reads
 * or writes them any more. Kept only until the payments service's one-off copy
 * (services/payments/scripts/copy-payment-methods.ts) has run in production, then dropped.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    type: text('type', { enum: ['mobile_money'] }).notNull().default('mobile_money'),
    provider: text('provider', { enum: mobileMoneyProviders }).notNull(),
    number: text('number').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payment_methods_type_check', sql`${table.type} = 'mobile_money'`),
    check('payment_methods_provider_check', sql`${table.provider} IN ('mtn', 'vodafone', 'airteltigo')`),
    uniqueIndex('payment_methods_user_number_key').on(table.userId, table.number),
    // At most one default per user, whatever the application does.
    uniqueIndex('payment_methods_one_default_per_user').on(table.userId).where(sql`is_default`),
  ],
);

/**
 * What rides shows of a user, projected from identity's `user.snapshot` events: one row per user
 * at the highest version seen. An older or repeated snapshot changes nothing (see
 * `events/user-profile-projection.ts`), so the table is right whatever order events come in.
 */
export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: uuid('user_id').primaryKey(),
    version: integer('version').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    profileImageUrl: text('profile_image_url'),
    isVerified: boolean('is_verified').notNull(),
    verificationStatus: text('verification_status', { enum: verificationStatuses }).notNull(),
    isDriver: boolean('is_driver').notNull(),
    driverVerificationStatus: text('driver_verification_status', { enum: verificationStatuses }).notNull(),
    suspended: boolean('suspended').notNull(),
    deleted: boolean('deleted').notNull(),
    /** Whether the member stated "woman" in their profile (with is_verified, what lets them post or book a women-only ride). */
    statedWoman: boolean('stated_woman').notNull().default(false),
    /** The member's phone (null when identity sent none), shown only to the other party of a confirmed booking around departure, while `showPhone`. */
    phone: text('phone'),
    /** The privacy toggle "show phone to drivers": off, the member's number (their account's, or the one given in a booking form) reaches nobody. */
    showPhone: boolean('show_phone').notNull().default(true),
    /** The privacy toggle "show profile to others": off, others see the first name, photo and badges only. */
    showProfile: boolean('show_profile').notNull().default(true),
    /** When identity made the change this version records. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // Riders see no ride of these drivers: the search looks each ride's driver up in this small index.
    index('user_profiles_hidden_idx').on(table.userId).where(sql`suspended OR deleted`),
  ],
);

/**
 * A driver's vehicles. Deleting one marks it deleted (`deleted_at`) rather than removing the row:
 * the rides it made still show it. A plate is unique among vehicles not deleted, so a car sold to
 * another Krom driver (or deleted by mistake) can be registered again.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    color: text('color').notNull(),
    /** Stored as the contract normalises it (`GR-1234-20`), so one plate has one spelling. */
    licensePlate: text('license_plate').notNull(),
    seats: integer('seats').notNull().default(4),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    check('vehicles_seats_check', sql`${table.seats} BETWEEN 2 AND 8`),
    check('vehicles_year_check', sql`${table.year} >= 1990`),
    uniqueIndex('vehicles_license_plate_key').on(table.licensePlate).where(sql`deleted_at IS NULL`),
    index('vehicles_driver_created_idx').on(table.driverId, table.createdAt.desc()),
  ],
);

/**
 * A member's claim that a plate registered to another member's vehicle is theirs, for staff to
 * settle (issue 18: a plate claimed first by someone else left its owner with "already
 * registered" and nowhere to go). The vehicle and its holder as they were when it was filed.
 */
export const plateDisputes = pgTable(
  'plate_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licensePlate: text('license_plate').notNull(),
    claimantId: uuid('claimant_id').notNull(),
    vehicleId: uuid('vehicle_id').notNull(),
    holderId: uuid('holder_id').notNull(),
    details: text('details'),
    status: text('status', { enum: plateDisputeStatuses }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'plate_disputes_vehicle_id_fkey', columns: [table.vehicleId], foreignColumns: [vehicles.id] }),
    check('plate_disputes_status_check', sql`${table.status} IN ('open', 'resolved')`),
    // One open dispute per member and plate: asking again finds the one already filed.
    uniqueIndex('plate_disputes_open_key').on(table.claimantId, table.licensePlate).where(sql`status = 'open'`),
    index('plate_disputes_status_created_idx').on(table.status, table.createdAt.desc()),
  ],
);
export type PlateDisputeRow = typeof plateDisputes.$inferSelect;

/*
 * What a search matches a point's text against: its locality, city and name, lower-cased, in one
 * value with a separator nobody types (chr(31)), so a match never spans two of them.
 */
const searchText = (locality: string, city: string, location: string) =>
  sql.raw(`lower(coalesce(${locality}, '') || chr(31) || coalesce(${city}, '') || chr(31) || ${location})`);

/** The longest route text the search's btree indexes hold (route_key). */
export const ROUTE_KEY_MAX_BYTES = 1000;

/** The route's box as PostgreSQL's geometric type (x is longitude, y latitude), as its GiST index has it. */
export const routeBoxExpression = sql.raw('box(point(route_west, route_south), point(route_east, route_north))');

/** What the search's btree indexes carry beyond their keys (see the indexes of `rides`). */
const searchCovers = (table: {
  driverId: AnyPgColumn;
  availableSeats: AnyPgColumn;
  seatsOffered: AnyPgColumn;
  legSeatsTaken: AnyPgColumn;
  routeKey: AnyPgColumn;
  routeSouth: AnyPgColumn;
  routeNorth: AnyPgColumn;
  routeWest: AnyPgColumn;
  routeEast: AnyPgColumn;
}) => [table.driverId, table.availableSeats, table.seatsOffered, table.legSeatsTaken, table.routeKey, table.routeSouth, table.routeNorth, table.routeWest, table.routeEast];

/**
 * A ride a driver posted: the spec's ride entity. `departure_at` is the date and time as one
 * instant (Ghana keeps GMT all year, so the wall-clock time is UTC); the search reads it.
 */
export const rides = pgTable(
  'rides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id').notNull(),
    vehicleId: uuid('vehicle_id').notNull(),
    fromCity: text('from_city').notNull(),
    toCity: text('to_city').notNull(),
    fromLocation: text('from_location').notNull(),
    toLocation: text('to_location').notNull(),
    fromLatitude: numeric('from_latitude', { precision: 10, scale: 8 }),
    fromLongitude: numeric('from_longitude', { precision: 11, scale: 8 }),
    fromLocalityArea: text('from_locality_area'),
    fromRegion: text('from_region'),
    fromPlaceId: text('from_place_id'),
    toLatitude: numeric('to_latitude', { precision: 10, scale: 8 }),
    toLongitude: numeric('to_longitude', { precision: 11, scale: 8 }),
    toLocalityArea: text('to_locality_area'),
    toRegion: text('to_region'),
    toPlaceId: text('to_place_id'),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    departureTime: text('departure_time').notNull(),
    departureAt: timestamp('departure_at', { withTimezone: true }).notNull(),
    /**
     * The departure the ride was posted with: a change may move the departure only so far from it
     * (ride-changes.ts), so that repeated small moves cannot walk a ride to another week. Null on
     * rows written without it (seeded rides): their departure_at counts, and the first change sets it.
     */
    postedDepartureAt: timestamp('posted_departure_at', { withTimezone: true }),
    /**
     * Seats free on the ride's freest leg (`seats_offered` less the fewest seats taken on any leg):
     * what the search's first cut and indexes read. The seats left for one passenger's leg are
     * `seats_offered` less the most taken on any leg they ride (bookings/seats.ts).
     */
    availableSeats: integer('available_seats').notNull(),
    totalSeats: integer('total_seats').notNull(),
    /** The seats the driver offers: each leg of the route may carry this many passengers. */
    seatsOffered: integer('seats_offered').notNull(),
    /**
     * Seats taken on each leg, leg i (from place i to place i + 1) at position i + 1; a leg past
     * the array's end has none taken. Changed only with the ride's row locked (bookings/seats.ts),
     * and the database refuses any leg over `seats_offered`.
     */
    legSeatsTaken: integer('leg_seats_taken').array().notNull().default(sql`'{}'::int[]`),
    /** Instant: a booking is confirmed at once; approval: the driver accepts or declines each request. */
    bookingMode: text('booking_mode', { enum: bookingModes }).notNull().default('instant'),
    pricePerSeat: numeric('price_per_seat', { precision: 10, scale: 2 }).notNull(),
    /**
     * The prices the driver set for legs, `{"1-3": "40.00"}` (from place 1 to place 3, as
     * decimal cedis; each within the route's cap); a leg not here costs its share of
     * price_per_seat (contracts' leg-prices.ts, rides/legs.ts).
     */
    legPrices: jsonb('leg_prices').$type<Record<string, string>>().notNull().default({}),
    currency: text('currency').notNull().default('GHS'),
    description: text('description'),
    duration: text('duration'),
    pickupStation: text('pickup_station'),
    /**
     * What the driver stated when posting (all null on rides posted before it was asked: they
     * match no preference filter). luggage: the largest bag each passenger may bring.
     */
    luggage: text('luggage', { enum: luggageSizes }),
    smoking: boolean('smoking'),
    pets: boolean('pets'),
    airConditioning: boolean('air_conditioning'),
    maxTwoInBack: boolean('max_two_in_back'),
    /** Only verified members who stated "woman" may book it (checked at booking, bookings/book-seat.ts). */
    womenOnly: boolean('women_only').notNull().default(false),
    status: text('status', { enum: rideStatuses }).notNull().default('active'),
    /** When the departure reminder (ride.departing_soon) was written: set once, so it is sent once (src/jobs/sweeps.ts). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the review reminder (review.reminder_due) was written: set once, so it is sent once (src/reviews/remind-reviewers.ts). */
    reviewRemindedAt: timestamp('review_reminded_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    fromSearch: text('from_search')
      .notNull()
      .generatedAlwaysAs(searchText('from_locality_area', 'from_city', 'from_location')),
    toSearch: text('to_search')
      .notNull()
      .generatedAlwaysAs(searchText('to_locality_area', 'to_city', 'to_location')),
    /**
     * Every point of the route in order (departure, stops, destination), each as its search text,
     * joined by chr(30): `LIKE '%from%to%'` on it holds for every ride a search for `from` → `to`
     * matches, so its trigram index narrows the candidates before the exact rule is checked
     * (search-rides.ts). Written once at posting (a ride's route never changes afterwards).
     */
    routeSearch: text('route_search').notNull(),
    /**
     * route_search again when it is at most 1,000 bytes (nearly every route), else null: kept in
     * the search's btree indexes, whose entries must stay far below btree's 2,704-byte limit, so a
     * search of a day or in departure order reads the route text from the index, not the table.
     * A null passes the first cut (search-rides.ts): the rare long route is checked exactly.
     */
    routeKey: text('route_key').generatedAlwaysAs(sql.raw(`CASE WHEN octet_length(route_search) <= ${ROUTE_KEY_MAX_BYTES} THEN route_search END`)),
    /**
     * The box around the route's places that have coordinates (null when none has), as four
     * numbers so the search's btree indexes can hold it: the nearby filter's first cut.
     */
    routeSouth: doublePrecision('route_south'),
    routeNorth: doublePrecision('route_north'),
    routeWest: doublePrecision('route_west'),
    routeEast: doublePrecision('route_east'),
    /**
     * The ride's short code (contracts' `rideCodeLength` characters of `shortCodeAlphabet`), unique
     * over every ride ever posted: what a passenger texts after BOOK. Written by the database when
     * the row is (`new_short_code`, migration 0025: drawn again while taken), in the posting's
     * transaction, so every way a ride is written (posting, the seed, tests) gets one.
     */
    rideCode: text('ride_code').notNull().default(sql`new_short_code('rides', 'ride_code', 5)`),
  },
  (table) => [
    foreignKey({ name: 'rides_vehicle_id_fkey', columns: [table.vehicleId], foreignColumns: [vehicles.id] }),
    check('rides_status_check', sql`${table.status} IN ('active', 'completed', 'cancelled')`),
    check('rides_seats_check', sql`${table.availableSeats} >= 0 AND ${table.totalSeats} BETWEEN 1 AND 8 AND ${table.availableSeats} <= ${table.totalSeats}`),
    check(
      'rides_leg_seats_check',
      sql`${table.seatsOffered} BETWEEN 0 AND ${table.totalSeats} AND ${table.availableSeats} <= ${table.seatsOffered} AND 0 <= ALL (${table.legSeatsTaken}) AND ${table.seatsOffered} >= ALL (${table.legSeatsTaken})`,
    ),
    check('rides_luggage_check', sql`${table.luggage} IN ('small', 'medium', 'large')`),
    check('rides_booking_mode_check', sql`${table.bookingMode} IN ('instant', 'approval')`),
    check('rides_price_check', sql`${table.pricePerSeat} > 0`),
    check('rides_departure_time_check', sql`${table.departureTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    // The sweeps' entry point: active rides by departure (reminders before it, completion after it).
    index('rides_active_departure_idx').on(table.departureAt).where(sql`status = 'active'`),
    // The search's entry points: a date (the listing's usual filter), or departure order alone.
    // Only searchable rides are in them, and with the driver, the free seats, the route text and
    // box the search skips the table for every ride its first cut rules out (index-only scans).
    // The seats offered and taken per leg let a search without places check the whole route's
    // seats there too.
    index('rides_search_date_idx')
      .on(table.departureDate, table.departureAt, table.id, ...searchCovers(table))
      .where(sql`status = 'active' AND available_seats > 0`),
    index('rides_search_departure_idx')
      .on(table.departureAt, table.id, ...searchCovers(table))
      .where(sql`status = 'active' AND available_seats > 0`),
    // Without a date: "contains" on the route's places, and the route's box for nearby points.
    index('rides_route_search_trgm_idx').using('gin', table.routeSearch.op('gin_trgm_ops')),
    index('rides_route_box_idx').using('gist', routeBoxExpression),
    // Staff's list of every ride, whatever its status, newest departure first, paged by (departure, id).
    index('rides_departure_id_idx').on(table.departureAt, table.id),
    // A driver's rides (my rides, dashboard, profile) and a vehicle's (deleting it).
    index('rides_driver_departure_idx').on(table.driverId, table.departureAt),
    uniqueIndex('rides_ride_code_key').on(table.rideCode),
    index('rides_vehicle_departure_idx').on(table.vehicleId, table.departureAt),
  ],
);

/** A ride's stops between departure and destination, in order (1..n); each may be a pick-up or drop-off point. */
export const rideStops = pgTable(
  'ride_stops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rideId: uuid('ride_id').notNull(),
    stopOrder: integer('stop_order').notNull(),
    location: text('location').notNull(),
    latitude: numeric('latitude', { precision: 10, scale: 8 }),
    longitude: numeric('longitude', { precision: 11, scale: 8 }),
    city: text('city'),
    localityArea: text('locality_area'),
    region: text('region'),
    placeId: text('place_id'),
    stopType: text('stop_type', { enum: stopTypes }).notNull().default('either'),
    estimatedArrivalTime: text('estimated_arrival_time'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: text('search_text').notNull().generatedAlwaysAs(searchText('locality_area', 'city', 'location')),
  },
  (table) => [
    foreignKey({ name: 'ride_stops_ride_id_fkey', columns: [table.rideId], foreignColumns: [rides.id] }).onDelete('cascade'),
    check('ride_stops_stop_order_check', sql`${table.stopOrder} BETWEEN 1 AND 10`),
    check('ride_stops_stop_type_check', sql`${table.stopType} IN ('pickup', 'dropoff', 'either')`),
    uniqueIndex('ride_stops_ride_order_key').on(table.rideId, table.stopOrder),
  ],
);

/**
 * A passenger's ride request (the spec's ride_request): told when a ride that matches it is posted
 * (ride-requests/match-ride-requests.ts). Coordinates are kept as a pair or not at all. Active
 * until cancelled or past `expires_at` (the end of the preferred date, else 30 days after filing);
 * nothing rewrites the status of an expired one, every reader compares `expires_at`. `version`
 * is 1 when filed and +1 on every change (a match told, the cancel): the matched event carries it.
 */
export const rideRequests = pgTable(
  'ride_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    /** A passenger's request (drivers see it), or a member's saved search (a private alert: the spec's trip_search). */
    kind: text('kind', { enum: rideRequestKinds }).notNull().default('request'),
    fromLocation: text('from_location').notNull(),
    fromLatitude: numeric('from_latitude', { precision: 10, scale: 8 }),
    fromLongitude: numeric('from_longitude', { precision: 11, scale: 8 }),
    fromLocalityArea: text('from_locality_area'),
    fromRegion: text('from_region'),
    fromPlaceId: text('from_place_id'),
    toLocation: text('to_location').notNull(),
    toLatitude: numeric('to_latitude', { precision: 10, scale: 8 }),
    toLongitude: numeric('to_longitude', { precision: 11, scale: 8 }),
    toLocalityArea: text('to_locality_area'),
    toRegion: text('to_region'),
    toPlaceId: text('to_place_id'),
    preferredDepartureDate: date('preferred_departure_date', { mode: 'string' }),
    flexibleDates: boolean('flexible_dates').notNull().default(true),
    passengers: integer('passengers').notNull().default(1),
    maxPricePerSeat: numeric('max_price_per_seat', { precision: 10, scale: 2 }),
    notes: text('notes'),
    notifyByEmail: boolean('notify_by_email').notNull().default(true),
    notifyBySms: boolean('notify_by_sms').notNull().default(false),
    status: text('status', { enum: rideRequestStatuses }).notNull().default('active'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
  },
  (table) => [
    check('ride_requests_status_check', sql`${table.status} IN ('active', 'cancelled', 'expired')`),
    check('ride_requests_kind_check', sql`${table.kind} IN ('request', 'saved_search')`),
    check('ride_requests_passengers_check', sql`${table.passengers} BETWEEN 1 AND 8`),
    check('ride_requests_max_price_check', sql`${table.maxPricePerSeat} > 0`),
    check(
      'ride_requests_coordinates_check',
      sql`(${table.fromLatitude} IS NULL) = (${table.fromLongitude} IS NULL) AND (${table.toLatitude} IS NULL) = (${table.toLongitude} IS NULL)`,
    ),
    // A posted ride's candidates: the active requests for its date and the days beside it…
    index('ride_requests_dated_idx')
      .on(table.preferredDepartureDate)
      .where(sql`status = 'active' AND preferred_departure_date IS NOT NULL`),
    // …and the active requests for any date that are still open when it departs.
    index('ride_requests_undated_idx')
      .on(table.expiresAt)
      .where(sql`status = 'active' AND preferred_departure_date IS NULL`),
    // The expiry sweep's entry point: active requests by when they end.
    index('ride_requests_active_expiry_idx')
      .on(table.expiresAt)
      .where(sql`status = 'active'`),
    // A user's open requests, newest first (their list; cancelling them when the account goes).
    index('ride_requests_user_active_idx')
      .on(table.userId, table.createdAt.desc())
      .where(sql`status = 'active'`),
  ],
);

/** Which rides a request was told about: one row per request and ride, so a request is told of a ride once. */
export const rideRequestMatches = pgTable(
  'ride_request_matches',
  {
    requestId: uuid('request_id').notNull(),
    rideId: uuid('ride_id').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'ride_request_matches_pkey', columns: [table.requestId, table.rideId] }),
    foreignKey({ name: 'ride_request_matches_request_id_fkey', columns: [table.requestId], foreignColumns: [rideRequests.id] }).onDelete('cascade'),
    foreignKey({ name: 'ride_request_matches_ride_id_fkey', columns: [table.rideId], foreignColumns: [rides.id] }).onDelete('cascade'),
    index('ride_request_matches_ride_idx').on(table.rideId),
  ],
);

/** A driver accepted a request for one of their rides: the passenger is invited to book it, once per request and ride. */
export const rideRequestInvites = pgTable(
  'ride_request_invites',
  {
    requestId: uuid('request_id').notNull(),
    rideId: uuid('ride_id').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'ride_request_invites_pkey', columns: [table.requestId, table.rideId] }),
    foreignKey({ name: 'ride_request_invites_request_id_fkey', columns: [table.requestId], foreignColumns: [rideRequests.id] }).onDelete('cascade'),
    foreignKey({ name: 'ride_request_invites_ride_id_fkey', columns: [table.rideId], foreignColumns: [rides.id] }).onDelete('cascade'),
    index('ride_request_invites_ride_idx').on(table.rideId),
  ],
);

/** A driver declined a request: it is hidden from that driver (only), on every ride of theirs. */
export const rideRequestDeclines = pgTable(
  'ride_request_declines',
  {
    requestId: uuid('request_id').notNull(),
    driverId: uuid('driver_id').notNull(),
    declinedAt: timestamp('declined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'ride_request_declines_pkey', columns: [table.driverId, table.requestId] }),
    foreignKey({ name: 'ride_request_declines_request_id_fkey', columns: [table.requestId], foreignColumns: [rideRequests.id] }).onDelete('cascade'),
  ],
);

/**
 * A passenger's seats on a ride from the place they board (`board_at`) to the place they leave
 * (`alight_at`), places numbered along the route (0 the departure, the stops, the destination).
 * The price is the leg's at booking time. `version` is 1 when made and +1 on every transition
 * (bookings/transitions.ts); every transition is one conditional update with its outbox event.
 * A passenger has at most one live booking per ride (the partial unique index).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rideId: uuid('ride_id').notNull(),
    passengerId: uuid('passenger_id').notNull(),
    boardAt: integer('board_at').notNull(),
    alightAt: integer('alight_at').notNull(),
    seats: integer('seats').notNull(),
    pricePerSeat: numeric('price_per_seat', { precision: 10, scale: 2 }).notNull(),
    totalAmount: numeric('total_amount', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('GHS'),
    status: text('status', { enum: bookingStatuses }).notNull(),
    bookingMode: text('booking_mode', { enum: bookingModes }).notNull(),
    paymentMethod: text('payment_method', { enum: bookingPaymentMethods }).notNull().default('cash'),
    /** Mobile money: the number the prompt goes to and its network, as the passenger gave them; null for cash. */
    walletPhone: text('wallet_phone'),
    walletNetwork: text('wallet_network', { enum: mobileMoneyProviders }),
    /** Krom's fee on top of the fare (serviceFeePesewas of total_amount) for mobile money, 0 for cash: fixed when booked. */
    serviceFee: numeric('service_fee', { precision: 10, scale: 2 }).notNull().default('0'),
    passengerName: text('passenger_name').notNull(),
    passengerPhone: text('passenger_phone').notNull(),
    specialRequests: text('special_requests'),
    /** Six characters without look-alikes, unique per ride: what the driver enters at pickup. */
    boardingCode: text('boarding_code').notNull(),
    /**
     * The booking's short code (`bookingCodeLength` characters), unique over every booking: what
     * the passenger texts after CANCEL. Written by the database (`new_short_code`, migration 0025).
     */
    bookingCode: text('booking_code').notNull().default(sql`new_short_code('bookings', 'booking_code', 7)`),
    /** When an unanswered request lapses, or a payment hold ends; null otherwise. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'bookings_ride_id_fkey', columns: [table.rideId], foreignColumns: [rides.id] }),
    check('bookings_seats_check', sql`${table.seats} BETWEEN 1 AND 8`),
    check('bookings_leg_check', sql`${table.boardAt} >= 0 AND ${table.alightAt} > ${table.boardAt}`),
    check('bookings_amount_check', sql`${table.pricePerSeat} > 0 AND ${table.totalAmount} > 0 AND ${table.serviceFee} >= 0`),
    // A wallet exactly when the fare is collected by mobile money, on one of the networks.
    check(
      'bookings_wallet_check',
      sql`(${table.paymentMethod} = 'cash' AND ${table.walletPhone} IS NULL AND ${table.walletNetwork} IS NULL)
        OR (${table.paymentMethod} = 'mobile_money' AND ${table.walletPhone} IS NOT NULL AND ${table.walletNetwork} IN ('mtn', 'vodafone', 'airteltigo'))`,
    ),
    check(
      'bookings_status_check',
      sql.raw(`status IN (${bookingStatuses.map((status) => `'${status}'`).join(', ')})`),
    ),
    uniqueIndex('bookings_one_live_per_passenger_key')
      .on(table.rideId, table.passengerId)
      .where(sql.raw(`status IN ('requested', 'accepted', 'awaiting_payment', 'confirmed', 'boarded')`)),
    uniqueIndex('bookings_ride_code_key').on(table.rideId, table.boardingCode),
    uniqueIndex('bookings_booking_code_key').on(table.bookingCode),
    index('bookings_passenger_created_idx').on(table.passengerId, table.createdAt.desc()),
    // The expiry job's sweep: requests and holds whose time has come.
    index('bookings_expiring_idx').on(table.expiresAt).where(sql`expires_at IS NOT NULL`),
    // The unboarded-seat sweep's: confirmed seats are the live ones, few beside every booking ever made.
    index('bookings_confirmed_idx').on(table.rideId).where(sql`status = 'confirmed'`),
  ],
);

/** Every transition of a booking, for its history (staff) and for audits: who, from what, to what, why. */
export const bookingHistory = pgTable(
  'booking_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    actorId: uuid('actor_id'),
    reason: text('reason'),
    version: integer('version').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'booking_history_booking_id_fkey', columns: [table.bookingId], foreignColumns: [bookings.id] }).onDelete('cascade'),
    uniqueIndex('booking_history_booking_version_key').on(table.bookingId, table.version),
  ],
);

/**
 * A client's Idempotency-Key for a booking request: the request's hash and, once answered, the
 * answer (status and body), kept a day. The booking and its answer are written in one transaction.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    /** While null, a request with this key is being handled since `locked_at`. */
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [table.userId, table.key] }), index('idempotency_keys_created_idx').on(table.createdAt)],
);

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type UserProfileRow = typeof userProfiles.$inferSelect;
export type VehicleRow = typeof vehicles.$inferSelect;
export type RideRow = typeof rides.$inferSelect;
export type RideStopRow = typeof rideStops.$inferSelect;
export type RideRequestRow = typeof rideRequests.$inferSelect;

/**
 * Reviews both ways (reviews/): one per booking and direction (`review_type`, the reviewee's role).
 * `window_ends_at` is the ride's arrival plus the review window: the last moment to write one, and
 * when a review still hidden is published. `published_at` is set once, when both sides have
 * reviewed or the window has closed; only published reviews are shown to others and counted.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull(),
    rideId: uuid('ride_id').notNull(),
    reviewerId: uuid('reviewer_id').notNull(),
    revieweeId: uuid('reviewee_id').notNull(),
    reviewType: text('review_type', { enum: reviewTypes }).notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    foreignKey({ name: 'reviews_booking_id_fkey', columns: [table.bookingId], foreignColumns: [bookings.id] }),
    check('reviews_rating_check', sql`${table.rating} BETWEEN 1 AND 5`),
    check('reviews_type_check', sql.raw(`review_type IN (${reviewTypes.map((type) => `'${type}'`).join(', ')})`)),
    check('reviews_reply_check', sql`(${table.reply} IS NULL) = (${table.repliedAt} IS NULL)`),
    uniqueIndex('reviews_booking_type_key').on(table.bookingId, table.reviewType),
    // A member's visible reviews, newest first (/all-reviews, the profile).
    index('reviews_reviewee_published_idx').on(table.revieweeId, table.createdAt.desc(), table.id.desc()).where(sql`published_at IS NOT NULL`),
    // The publishing sweep: hidden reviews whose window has closed.
    index('reviews_hidden_window_idx').on(table.windowEndsAt).where(sql`published_at IS NULL`),
  ],
);

/**
 * Each member's visible reviews per role, kept with every publication (in its transaction), so
 * ride cards, profiles and lists read an average with one indexed row instead of counting reviews.
 */
export const memberRatings = pgTable(
  'member_ratings',
  {
    userId: uuid('user_id').notNull(),
    reviewType: text('review_type', { enum: reviewTypes }).notNull(),
    reviewCount: integer('review_count').notNull(),
    ratingSum: integer('rating_sum').notNull(),
  },
  (table) => [primaryKey({ name: 'member_ratings_pkey', columns: [table.userId, table.reviewType] })],
);

/** A member's report of a review to staff: one per reporter and review, with their reason. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id').notNull(),
    reporterId: uuid('reporter_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({ name: 'review_reports_review_id_fkey', columns: [table.reviewId], foreignColumns: [reviews.id] }).onDelete('cascade'),
    uniqueIndex('review_reports_reporter_key').on(table.reviewId, table.reporterId),
  ],
);

/**
 * A member's blocks (blocks/): `blocker_id` blocked `blocked_id`. A block works both ways in
 * search and booking, so it is read by either column: the primary key answers "whom did I
 * block", the index "who blocked me". No foreign key to user_profiles: a block may be written
 * for a member whose projection is later deleted, and it is then simply never met.
 */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: uuid('blocker_id').notNull(),
    blockedId: uuid('blocked_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'member_blocks_pkey', columns: [table.blockerId, table.blockedId] }),
    index('member_blocks_blocked_idx').on(table.blockedId, table.blockerId),
    check('member_blocks_not_self_check', sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/**
 * A passenger's shared trip (issue 23): the link `/trip/<token>` shows the booking's ride to
 * whoever holds it until the ride's expected arrival plus two hours, or until `ended_at` (the
 * passenger stopped sharing or arrived). Only the token's SHA-256 is stored; the token is an
 * HMAC of the share's id (trip-shares/trip-link-token.ts), so it is never kept and can be made
 * again to text it. The emergency contact is copied here only when it is to be texted, and
 * `contact_texted_at` is set once, in the transaction that records the SMS's event.
 */
export const tripShares = pgTable(
  'trip_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull(),
    passengerId: uuid('passenger_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    textContactAtDeparture: boolean('text_contact_at_departure').notNull().default(false),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactTextedAt: timestamp('contact_texted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'trip_shares_booking_id_fkey', columns: [table.bookingId], foreignColumns: [bookings.id] }).onDelete('cascade'),
    uniqueIndex('trip_shares_token_hash_key').on(table.tokenHash),
    // One live link per booking: sharing again finds it.
    uniqueIndex('trip_shares_live_booking_key').on(table.bookingId).where(sql`ended_at IS NULL`),
    // The departure sweep's: live shares whose contact is still to be texted.
    index('trip_shares_to_text_idx').on(table.bookingId).where(sql`ended_at IS NULL AND text_contact_at_departure AND contact_texted_at IS NULL`),
  ],
);

/**
 * A conversation about a ride between its driver and one passenger (messages/): opened by the
 * passenger's first message, one per ride and passenger. `driver_read_at` / `passenger_read_at`
 * are when each last read it: the messages of the other sent after it are unread.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rideId: uuid('ride_id').notNull(),
    driverId: uuid('driver_id').notNull(),
    passengerId: uuid('passenger_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    driverReadAt: timestamp('driver_read_at', { withTimezone: true }),
    passengerReadAt: timestamp('passenger_read_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({ name: 'conversations_ride_id_fkey', columns: [table.rideId], foreignColumns: [rides.id] }).onDelete('cascade'),
    uniqueIndex('conversations_ride_passenger_key').on(table.rideId, table.passengerId),
    index('conversations_driver_idx').on(table.driverId, table.lastMessageAt.desc()),
    index('conversations_passenger_idx').on(table.passengerId, table.lastMessageAt.desc()),
    check('conversations_not_self_check', sql`${table.driverId} <> ${table.passengerId}`),
  ],
);

/**
 * A message in a conversation. `body` is what was sent as it is shown: written before the
 * passenger had a confirmed booking, it is stored already masked (`masked` true when something was
 * hidden), so the hidden details are kept nowhere.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id').notNull(),
    senderId: uuid('sender_id').notNull(),
    body: text('body').notNull(),
    masked: boolean('masked').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({ name: 'messages_conversation_id_fkey', columns: [table.conversationId], foreignColumns: [conversations.id] }).onDelete('cascade'),
    index('messages_conversation_idx').on(table.conversationId, table.sentAt),
  ],
);

/** A member's report of a message the other member of the conversation wrote; one per reporter and message. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id').notNull(),
    reporterId: uuid('reporter_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({ name: 'message_reports_message_id_fkey', columns: [table.messageId], foreignColumns: [messages.id] }).onDelete('cascade'),
    uniqueIndex('message_reports_reporter_key').on(table.messageId, table.reporterId),
  ],
);
