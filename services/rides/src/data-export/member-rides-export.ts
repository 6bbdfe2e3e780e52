import { messagesOfMember } from '../messages/messages.ts';
import type { RidesDataExport } from '@krom/contracts/http/data-export';
import { formerMemberName } from '@krom/contracts/http/review-values';
import { sql } from 'drizzle-orm';
import { reviewsForExport } from '../reviews/review-views.ts';
import { isoInstant, type SqlRunner } from '../rides/ride-views.ts';

/*
 * Rides' part of a member's data download (GET /members/me/data-export): what the member did on
 * Krom's marketplace, and of the other party only what their screens show them (a first name,
 * the route), never another member's phone number.
 */

/** A ride's places in route order (departure, stops, destination), as one SQL array expression on `r`. */
const placesOf = sql.raw(`(ARRAY[r.from_location]
  || coalesce((SELECT array_agg(s.location ORDER BY s.stop_order) FROM ride_stops s WHERE s.ride_id = r.id), ARRAY[]::text[])
  || ARRAY[r.to_location])`);

/** A member's first name as others see it: "Former member" once their account is deleted. */
const firstNameOf = (alias: string) => sql.raw(`CASE WHEN ${alias}.deleted THEN '${formerMemberName}' ELSE coalesce(${alias}.first_name, '') END`);

type RideDrivenRow = {
  id: string;
  fromLocation: string;
  toLocation: string;
  places: string[];
  departureAt: string | Date;
  seatsOffered: number;
  pricePerSeat: string;
  currency: string;
  description: string | null;
  status: RidesDataExport['ridesDriven'][number]['status'];
  make: string | null;
  model: string | null;
  color: string | null;
  licensePlate: string | null;
  createdAt: string | Date;
};

async function ridesDriven(db: SqlRunner, memberId: string): Promise<RidesDataExport['ridesDriven']> {
  const { rows } = await db.execute<RideDrivenRow>(sql`
    SELECT r.id, r.from_location AS "fromLocation", r.to_location AS "toLocation", ${placesOf} AS places,
      r.departure_at AS "departureAt", r.seats_offered AS "seatsOffered", r.price_per_seat::text AS "pricePerSeat", r.currency,
      r.description, r.status, v.make, v.model, v.color, v.license_plate AS "licensePlate", r.created_at AS "createdAt"
    FROM rides r LEFT JOIN vehicles v ON v.id = r.vehicle_id
    WHERE r.driver_id = ${memberId}
    ORDER BY r.departure_at DESC, r.id`);
  return rows.map((row) => ({
    id: row.id,
    fromLocation: row.fromLocation,
    toLocation: row.toLocation,
    places: row.places,
    departureAt: isoInstant(row.departureAt),
    seatsOffered: row.seatsOffered,
    pricePerSeat: row.pricePerSeat,
    currency: row.currency,
    description: row.description,
    status: row.status,
    vehicle: row.make && row.model && row.color && row.licensePlate ? { make: row.make, model: row.model, color: row.color, licensePlate: row.licensePlate } : null,
    createdAt: isoInstant(row.createdAt),
  }));
}

/** The booking's leg on its ride (b, r): where the passenger boards and alights, and when the ride leaves. */
const bookingTrip = sql`b.id, b.ride_id AS "rideId",
  ${placesOf}[b.board_at + 1] AS "fromLocation", ${placesOf}[b.alight_at + 1] AS "toLocation",
  r.departure_at AS "departureAt", b.seats, b.total_amount::text AS "totalAmount", b.currency, b.status, b.created_at AS "createdAt"`;

type BookingRow = {
  id: string;
  rideId: string;
  fromLocation: string;
  toLocation: string;
  departureAt: string | Date;
  seats: number;
  totalAmount: string;
  currency: string;
  status: RidesDataExport['bookingsMade'][number]['status'];
  createdAt: string | Date;
};

const tripOf = (row: BookingRow) => ({
  id: row.id,
  rideId: row.rideId,
  fromLocation: row.fromLocation,
  toLocation: row.toLocation,
  departureAt: isoInstant(row.departureAt),
  seats: row.seats,
  totalAmount: row.totalAmount,
  currency: row.currency,
  status: row.status,
  createdAt: isoInstant(row.createdAt),
});

async function bookingsMade(db: SqlRunner, memberId: string): Promise<RidesDataExport['bookingsMade']> {
  const { rows } = await db.execute<
    BookingRow & { driverFirstName: string; paymentMethod: 'cash' | 'mobile_money'; passengerName: string; passengerPhone: string; specialRequests: string | null }
  >(sql`
    SELECT ${bookingTrip}, ${firstNameOf('p')} AS "driverFirstName", b.payment_method AS "paymentMethod",
      b.passenger_name AS "passengerName", b.passenger_phone AS "passengerPhone", b.special_requests AS "specialRequests"
    FROM bookings b JOIN rides r ON r.id = b.ride_id LEFT JOIN user_profiles p ON p.user_id = r.driver_id
    WHERE b.passenger_id = ${memberId}
    ORDER BY b.created_at DESC, b.id`);
  return rows.map((row) => ({
    ...tripOf(row),
    driverFirstName: row.driverFirstName,
    paymentMethod: row.paymentMethod,
    passengerName: row.passengerName,
    passengerPhone: row.passengerPhone,
    specialRequests: row.specialRequests,
  }));
}

async function bookingsReceived(db: SqlRunner, memberId: string): Promise<RidesDataExport['bookingsReceived']> {
  const { rows } = await db.execute<BookingRow & { passengerFirstName: string }>(sql`
    SELECT ${bookingTrip}, ${firstNameOf('p')} AS "passengerFirstName"
    FROM bookings b JOIN rides r ON r.id = b.ride_id LEFT JOIN user_profiles p ON p.user_id = b.passenger_id
    WHERE r.driver_id = ${memberId}
    ORDER BY b.created_at DESC, b.id`);
  return rows.map((row) => ({ ...tripOf(row), passengerFirstName: row.passengerFirstName }));
}

/**
 * The member's messages for their data download: every message of every conversation the member
 * is part of, as they see it (masked where it was sent before booking), oldest first.
 */
export async function memberMessagesExport(db: SqlRunner, memberId: string): Promise<RidesDataExport['messages']> {
  return messagesOfMember(db, memberId);
}

/** Everything rides keeps about the member, for their data download. */
export async function memberRidesExport(db: SqlRunner, memberId: string): Promise<RidesDataExport> {
  const reviews = await reviewsForExport(db, memberId);
  return {
    ridesDriven: await ridesDriven(db, memberId),
    bookingsMade: await bookingsMade(db, memberId),
    bookingsReceived: await bookingsReceived(db, memberId),
    reviewsGiven: reviews.given,
    reviewsReceived: reviews.received,
    messages: await memberMessagesExport(db, memberId),
  };
}
