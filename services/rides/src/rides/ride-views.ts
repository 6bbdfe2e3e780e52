import { type DriverRide, passengerSeatsOf, type RideDetails, type RidePreferences, type RideStatus, type RideStop, type RideSummary } from '@krom/contracts/http/rides';
import type { BookingMode } from '@krom/contracts/http/bookings';
import { ratingAverage } from '@krom/contracts/http/reviews';
import { maskLicensePlate, type RideVehicle } from '@krom/contracts/http/vehicles';
import { type SQL, sql } from 'drizzle-orm';
import type { RidesDb } from '../db/rides-db.ts';
import { destinationIndexOf, rideLegOf } from './legs.ts';

/** What the ride queries run on: the database or a transaction (both execute SQL). */
export type SqlRunner = Pick<RidesDb, 'execute'>;

/** A ride as one row of `rideRowsSelect`: everything a summary, details or driver view shows. */
export type RideRow = {
  id: string;
  driverId: string;
  driverName: string;
  driverPhotoUrl: string | null;
  driverVerified: boolean;
  /** The driver's visible reviews as a driver (member_ratings): how many, and their ratings' sum. */
  driverReviewCount: number;
  driverRatingSum: number;
  fromCity: string;
  toCity: string;
  fromLocation: string;
  toLocation: string;
  fromLocalityArea: string | null;
  toLocalityArea: string | null;
  departureDate: string;
  departureTime: string;
  departureAt: string;
  duration: string | null;
  availableSeats: number;
  seatsOffered: number;
  /** Seats taken per leg (leg i at index i; none past the end). */
  legSeatsTaken: number[];
  legPrices: Record<string, string>;
  bookingMode: BookingMode;
  /** `total_seats`: the vehicle's seats when the ride was posted (the driver's included). */
  postedVehicleSeats: number;
  pricePerSeat: string;
  currency: string;
  description: string | null;
  status: RideStatus;
  vehicle: RideVehicle;
  stops: RideStop[];
  fromLatitude: number | null;
  fromLongitude: number | null;
  toLatitude: number | null;
  toLongitude: number | null;
  fromRegion: string | null;
  toRegion: string | null;
  pickupStation: string | null;
  /** The driver's stated preferences, null when they stated none (a ride posted before they were asked). */
  preferences: RidePreferences | null;
  womenOnly: boolean;
  /** The ride's short code (what a passenger texts after BOOK). */
  rideCode: string;
  createdAt: string;
  /**
   * The searched leg's ends as the search matched them (search-rides.ts): the boarding place's
   * stop_order (0, the departure) and the leaving place's (the destination as `DESTINATION_ORDER`).
   * Absent outside a search with places: the leg is the whole route.
   */
  boardOrder?: number | null;
  alightOrder?: number | null;
};

/** The destination's order in a search's leg (beyond any stop's, stop_order being at most 10). */
export const DESTINATION_ORDER = 1000;

/** The row's leg as place indexes: the search's when it matched one, else the whole route. */
function legOf(row: RideRow): [number, number] {
  const alight = row.alightOrder == null || row.alightOrder >= DESTINATION_ORDER ? destinationIndexOf(row) : row.alightOrder;
  return [row.boardOrder ?? 0, alight];
}

/** The driver's name as riders see it, until identity sends one (no projected row yet). */
export const fallbackDriverName = 'Krom driver';

/**
 * A ride's columns, its vehicle, its driver (from the user_profiles projection) and its stops in
 * order, from `rides r` (the caller adds FROM's end: WHERE, ORDER BY, LIMIT). Stops come in one
 * correlated aggregate per returned row, so a page of rides is one statement, not one per ride.
 */
export const rideRowsSelect = sql.raw(`
  SELECT r.id, r.driver_id AS "driverId",
    -- A driver who hides their profile ("show profile to others" off) is named by first name only.
    coalesce(CASE WHEN p.show_profile THEN p.first_name || ' ' || p.last_name ELSE p.first_name END, '${fallbackDriverName}') AS "driverName",
    p.profile_image_url AS "driverPhotoUrl",
    coalesce(p.driver_verification_status = 'approved', false) AS "driverVerified",
    coalesce(mr.review_count, 0) AS "driverReviewCount", coalesce(mr.rating_sum, 0) AS "driverRatingSum",
    r.from_city AS "fromCity", r.to_city AS "toCity", r.from_location AS "fromLocation", r.to_location AS "toLocation",
    r.from_locality_area AS "fromLocalityArea", r.to_locality_area AS "toLocalityArea",
    r.departure_date::text AS "departureDate", r.departure_time AS "departureTime", r.departure_at AS "departureAt",
    r.duration, r.available_seats AS "availableSeats",
    r.seats_offered AS "seatsOffered", r.leg_seats_taken AS "legSeatsTaken", r.leg_prices AS "legPrices", r.booking_mode AS "bookingMode", r.total_seats AS "postedVehicleSeats",
    r.price_per_seat::text AS "pricePerSeat", r.currency, r.description, r.status,
    json_build_object('year', v.year, 'make', v.make, 'model', v.model, 'color', v.color,
                      'licensePlate', v.license_plate, 'seats', v.seats) AS vehicle,
    coalesce((
      SELECT json_agg(json_build_object(
               'stopOrder', s.stop_order, 'location', s.location, 'city', s.city, 'localityArea', s.locality_area,
               'region', s.region, 'latitude', s.latitude::float8, 'longitude', s.longitude::float8, 'stopType', s.stop_type,
               'meetingPoint', s.notes)
             ORDER BY s.stop_order)
      FROM ride_stops s WHERE s.ride_id = r.id), '[]'::json) AS stops,
    r.from_latitude::float8 AS "fromLatitude", r.from_longitude::float8 AS "fromLongitude",
    r.to_latitude::float8 AS "toLatitude", r.to_longitude::float8 AS "toLongitude",
    r.from_region AS "fromRegion", r.to_region AS "toRegion", r.pickup_station AS "pickupStation",
    CASE WHEN r.luggage IS NULL THEN NULL ELSE json_build_object('luggage', r.luggage, 'smoking', r.smoking, 'pets', r.pets,
      'airConditioning', r.air_conditioning, 'maxTwoInBack', r.max_two_in_back) END AS preferences,
    r.women_only AS "womenOnly", r.ride_code AS "rideCode",
    r.created_at AS "createdAt"
  FROM rides r
  JOIN vehicles v ON v.id = r.vehicle_id
  LEFT JOIN user_profiles p ON p.user_id = r.driver_id
  LEFT JOIN member_ratings mr ON mr.user_id = r.driver_id AND mr.review_type = 'driver'`);

/**
 * Riders see no ride of a suspended or deleted driver (a deleted driver's future rides are also
 * cancelled when the deletion arrives). A driver without a projected row yet is shown.
 */
export const driverVisible = sql.raw(
  `NOT EXISTS (SELECT 1 FROM user_profiles hidden WHERE hidden.user_id = r.driver_id AND (hidden.suspended OR hidden.deleted))`,
);

/** Rides of `rides r` matching `tail` (WHERE … ORDER BY … LIMIT …), as rows. */
export async function rideRows(db: SqlRunner, tail: SQL): Promise<RideRow[]> {
  const { rows } = await db.execute<RideRow>(sql`${rideRowsSelect} ${tail}`);
  return rows;
}

/** A timestamp as the API writes instants (ISO 8601, UTC). */
export const isoInstant = (value: string | Date) => new Date(value).toISOString();

/**
 * The vehicle as a guest or a member without a seat on the ride sees it: the plate in part
 * (maskLicensePlate). Only the driver, passengers holding a ticket and staff see it whole.
 */
export const withMaskedPlate = (vehicle: RideVehicle): RideVehicle => ({
  ...vehicle,
  licensePlate: vehicle.licensePlate === null ? null : maskLicensePlate(vehicle.licensePlate),
});

/** The ride as anyone may see it (search cards, the driver profile): its plate in part. */
export const toRideSummary = (row: RideRow): RideSummary => ({
  id: row.id,
  driverId: row.driverId,
  driverName: row.driverName,
  // From the driver's visible reviews only; null before the first (no rating is made up).
  driverRating: ratingAverage(row.driverReviewCount, row.driverRatingSum),
  driverReviewCount: row.driverReviewCount,
  driverPhotoUrl: row.driverPhotoUrl,
  driverVerified: row.driverVerified,
  fromCity: row.fromCity,
  toCity: row.toCity,
  fromLocation: row.fromLocation,
  toLocation: row.toLocation,
  fromLocalityArea: row.fromLocalityArea,
  toLocalityArea: row.toLocalityArea,
  departureDate: row.departureDate,
  departureTime: row.departureTime,
  duration: row.duration,
  availableSeats: row.availableSeats,
  bookingMode: row.bookingMode,
  totalSeats: passengerSeatsOf(row.postedVehicleSeats),
  pricePerSeat: row.pricePerSeat,
  currency: row.currency,
  description: row.description,
  status: row.status,
  vehicle: withMaskedPlate(row.vehicle),
  stops: row.stops,
  leg: rideLegOf(row, ...legOf(row)),
  preferences: row.preferences,
  womenOnly: row.womenOnly,
});

/**
 * The ride in full as `viewerId` sees it (undefined for a guest): only whether they drive it, never
 * another member's id. The plate whole when `plateInFull` (the driver, or a passenger holding a ticket on it).
 */
export const toRideDetails = (row: RideRow, driverRidesCompleted: number, viewerId: string | undefined, plateInFull = false): RideDetails => ({
  ...toRideSummary(row),
  ...(plateInFull ? { vehicle: row.vehicle } : {}),
  fromLatitude: row.fromLatitude,
  fromLongitude: row.fromLongitude,
  toLatitude: row.toLatitude,
  toLongitude: row.toLongitude,
  fromRegion: row.fromRegion,
  toRegion: row.toRegion,
  pickupStation: row.pickupStation,
  driverRidesCompleted,
  createdAt: isoInstant(row.createdAt),
  isOwnRide: viewerId !== undefined && row.driverId === viewerId,
  legPrices: row.legPrices,
  rideCode: row.rideCode,
});

/** What bookings a ride has, as its driver sees them (driver/driver-rides.ts `bookingFiguresOf`). */
export type RideBookingFigures = {
  /** The most seats taken on any leg (live bookings and those completed). */
  bookedSeats: number;
  /** Bookings confirmed, boarded or completed, and their seats. */
  bookings: number;
  seatsSold: number;
  /** Totals of cash bookings confirmed or boarded: cash the driver is to collect. */
  expectedCash: string;
};
export const noBookings: RideBookingFigures = { bookedSeats: 0, bookings: 0, seatsSold: 0, expectedCash: '0.00' };

/** A ride as its driver sees it: with its bookings' figures and whether it may still be changed or cancelled. */
export function toDriverRide(row: RideRow, now: Date, figures: RideBookingFigures = noBookings): DriverRide {
  return { ...toRideSummary(row), vehicle: row.vehicle, ...figures, editable: isEditable(row, now) };
}

/**
 * A ride may be changed or cancelled while it is active and still to depart; once passengers hold
 * seats, a change keeps what they rely on (driver-rides.ts `assertKeepsBookings`).
 */
export const isEditable = (row: Pick<RideRow, 'status' | 'departureAt'>, now: Date) =>
  row.status === 'active' && new Date(row.departureAt).getTime() > now.getTime();

/** Rides a driver has made: departed and not cancelled (completed by the sweep or still to be). */
export async function ridesCompletedBy(db: SqlRunner, driverId: string, now: Date): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM rides WHERE driver_id = ${driverId} AND status <> 'cancelled' AND departure_at <= ${now.toISOString()}`,
  );
  return rows[0]?.n ?? 0;
}
