import type { BookingFact } from '@krom/contracts/events/bookings';
import {
  type Booking,
  type BookingMode,
  type BookingPaymentMethod,
  type BookingStatus,
  type RideBooking,
  ticketedStatuses,
} from '@krom/contracts/http/bookings';
import type { MobileMoneyProvider } from '@krom/contracts/http/payments';
import { maskLicensePlate } from '@krom/contracts/http/vehicles';
import type { RideStatus } from '@krom/contracts/http/rides';
import { type SQL, sql } from 'drizzle-orm';
import { fallbackDriverName, isoInstant, type SqlRunner } from '../rides/ride-views.ts';

/** A booking with what its views and events show of its ride, vehicle and the two people. */
export type BookingRow = {
  id: string;
  rideId: string;
  passengerId: string;
  driverId: string;
  status: BookingStatus;
  bookingMode: BookingMode;
  paymentMethod: BookingPaymentMethod;
  seats: number;
  boardAt: number;
  alightAt: number;
  pricePerSeat: string;
  totalAmount: string;
  serviceFee: string;
  currency: string;
  /** The mobile money number and network the fare is collected from; null for cash. */
  walletPhone: string | null;
  walletNetwork: MobileMoneyProvider | null;
  passengerName: string;
  passengerPhone: string;
  passengerFirstName: string;
  specialRequests: string | null;
  boardingCode: string;
  bookingCode: string;
  rideCode: string;
  expiresAt: string | null;
  createdAt: string;
  version: number;
  departureDate: string;
  departureTime: string;
  departureAt: string;
  rideFrom: string;
  rideTo: string;
  rideStatus: RideStatus;
  driverName: string;
  driverFirstName: string;
  vehicle: { make: string; model: string; color: string; licensePlate: string };
  /** The ride's places in route order: departure, stops, destination. */
  places: { location: string; city: string | null; meetingPoint: string | null }[];
};

/** Bookings of `bookings b` with their ride `r` (the caller adds WHERE, ORDER BY, LIMIT, and FOR UPDATE where it locks). */
const bookingRowsSelect = sql.raw(`
  SELECT b.id, b.ride_id AS "rideId", b.passenger_id AS "passengerId", r.driver_id AS "driverId", b.status,
    b.booking_mode AS "bookingMode", b.payment_method AS "paymentMethod", b.seats, b.board_at AS "boardAt", b.alight_at AS "alightAt",
    b.price_per_seat::text AS "pricePerSeat", b.total_amount::text AS "totalAmount", b.service_fee::text AS "serviceFee", b.currency,
    b.wallet_phone AS "walletPhone", b.wallet_network AS "walletNetwork",
    b.passenger_name AS "passengerName", b.passenger_phone AS "passengerPhone",
    coalesce(pp.first_name, split_part(b.passenger_name, ' ', 1)) AS "passengerFirstName",
    b.special_requests AS "specialRequests", b.boarding_code AS "boardingCode",
    b.booking_code AS "bookingCode", r.ride_code AS "rideCode", b.expires_at AS "expiresAt",
    b.created_at AS "createdAt", b.version,
    r.departure_date::text AS "departureDate", r.departure_time AS "departureTime", r.departure_at AS "departureAt",
    r.from_location AS "rideFrom", r.to_location AS "rideTo", r.status AS "rideStatus",
    coalesce(CASE WHEN dp.show_profile THEN dp.first_name || ' ' || dp.last_name ELSE dp.first_name END, '${fallbackDriverName}') AS "driverName",
    coalesce(dp.first_name, '${fallbackDriverName}') AS "driverFirstName",
    json_build_object('make', v.make, 'model', v.model, 'color', v.color, 'licensePlate', v.license_plate) AS vehicle,
    json_build_array(json_build_object('location', r.from_location, 'city', r.from_city, 'meetingPoint', r.pickup_station))::jsonb
      || coalesce((SELECT jsonb_agg(jsonb_build_object('location', s.location, 'city', s.city, 'meetingPoint', s.notes) ORDER BY s.stop_order)
                   FROM ride_stops s WHERE s.ride_id = r.id), '[]'::jsonb)
      || jsonb_build_array(jsonb_build_object('location', r.to_location, 'city', r.to_city, 'meetingPoint', NULL)) AS places
  FROM bookings b
  JOIN rides r ON r.id = b.ride_id
  JOIN vehicles v ON v.id = r.vehicle_id
  LEFT JOIN user_profiles dp ON dp.user_id = r.driver_id
  LEFT JOIN user_profiles pp ON pp.user_id = b.passenger_id`);

/** `(…)` of booking statuses for `status IN`, written as literals (so the partial indexes' predicates match); the values are the contract's constants. */
export const statusIn = (statuses: readonly BookingStatus[]) => sql.raw(`(${statuses.map((status) => `'${status}'`).join(', ')})`);

export async function bookingRows(db: SqlRunner, tail: SQL): Promise<BookingRow[]> {
  const { rows } = await db.execute<BookingRow>(sql`${bookingRowsSelect} ${tail}`);
  return rows;
}

export async function bookingRow(db: SqlRunner, bookingId: string): Promise<BookingRow | undefined> {
  return (await bookingRows(db, sql`WHERE b.id = ${bookingId}`))[0];
}

const isTicketed = (status: BookingStatus) => (ticketedStatuses as readonly BookingStatus[]).includes(status);

/** The place at `index` on the booking's ride (departure 0, stops, destination), as views and events show it. */
export function placeOf(row: BookingRow, index: number) {
  const place = row.places[index];
  return { index, location: place?.location ?? '', city: place?.city ?? null, meetingPoint: place?.meetingPoint ?? null };
}

/** What was booked: the mode and payment, the seats on the leg and what they cost. */
const termsOf = (row: BookingRow) => ({
  bookingMode: row.bookingMode,
  paymentMethod: row.paymentMethod,
  seats: row.seats,
  board: placeOf(row, row.boardAt),
  alight: placeOf(row, row.alightAt),
  pricePerSeat: row.pricePerSeat,
  totalAmount: row.totalAmount,
  serviceFee: row.serviceFee,
  currency: row.currency,
});

/** The booking as its passenger sees it: the boarding code only once the seat is theirs. */
export const toBooking = (row: BookingRow): Booking => ({
  id: row.id,
  rideId: row.rideId,
  status: row.status,
  ...termsOf(row),
  passengerName: row.passengerName,
  passengerPhone: row.passengerPhone,
  specialRequests: row.specialRequests,
  boardingCode: isTicketed(row.status) ? row.boardingCode : null,
  bookingCode: row.bookingCode,
  departureDate: row.departureDate,
  departureTime: row.departureTime,
  departureAt: isoInstant(row.departureAt),
  rideFrom: row.rideFrom,
  rideTo: row.rideTo,
  rideStatus: row.rideStatus,
  driverName: row.driverName,
  driverId: row.driverId,
  // The car's plate whole once the seat is theirs; before (a request, an unpaid hold, a declined or cancelled booking) in part.
  vehicle: isTicketed(row.status) ? row.vehicle : { ...row.vehicle, licensePlate: maskLicensePlate(row.vehicle.licensePlate) },
  expiresAt: (row.status === 'requested' || row.status === 'awaiting_payment') && row.expiresAt ? isoInstant(row.expiresAt) : null,
  createdAt: isoInstant(row.createdAt),
  version: row.version,
});

/** The booking as the ride's driver sees it in Manage Bookings: the passenger's first name, never the code. */
export const toRideBooking = (row: BookingRow): RideBooking => ({
  id: row.id,
  status: row.status,
  seats: row.seats,
  board: placeOf(row, row.boardAt),
  alight: placeOf(row, row.alightAt),
  totalAmount: row.totalAmount,
  currency: row.currency,
  paymentMethod: row.paymentMethod,
  passengerFirstName: row.passengerFirstName,
  passengerId: row.passengerId,
  specialRequests: row.specialRequests,
  expiresAt: row.status === 'requested' && row.expiresAt ? isoInstant(row.expiresAt) : null,
  createdAt: isoInstant(row.createdAt),
});

/** The event payload for a fact about the booking as it now is. */
export const toFact = (
  row: BookingRow,
  previousStatus: BookingStatus | null,
  actor: BookingFact['actor'],
  extra: { reason?: string | null; refundAmount?: string | null; occurredAt: Date },
): BookingFact => ({
  bookingId: row.id,
  rideId: row.rideId,
  passengerId: row.passengerId,
  driverId: row.driverId,
  status: row.status,
  previousStatus,
  ...termsOf(row),
  refundAmount: extra.refundAmount ?? null,
  wallet: row.walletPhone !== null && row.walletNetwork !== null ? { phone: row.walletPhone, network: row.walletNetwork } : null,
  passengerFirstName: row.passengerFirstName,
  passengerPhone: row.passengerPhone,
  driverFirstName: row.driverFirstName,
  vehicle: row.vehicle,
  departureDate: row.departureDate,
  departureTime: row.departureTime,
  departureAt: isoInstant(row.departureAt),
  expiresAt: row.status === 'requested' && row.expiresAt ? isoInstant(row.expiresAt) : null,
  boardingCode: isTicketed(row.status) ? row.boardingCode : null,
  actor,
  reason: extra.reason ?? null,
  occurredAt: extra.occurredAt.toISOString(),
  version: row.version,
});
