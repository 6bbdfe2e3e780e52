import type { Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';

/*
 * Seats per leg. A ride's places are numbered along its route (0 the departure, 1..n its stops,
 * n + 1 its destination); leg i runs from place i to place i + 1. `leg_seats_taken` holds the
 * seats taken on each leg (leg i at position i + 1; a missing position is 0), and a passenger
 * from place b to place a takes a seat on legs b..a-1. Two passengers whose legs do not overlap
 * can hold the same seat (Accra → Nkawkaw and Nkawkaw → Kumasi).
 *
 * Seats are taken and given back only with the ride's row locked (`lockRideSeats`), read and
 * written in that transaction, so two bookings never both take the last seat; and the database
 * refuses any leg over `seats_offered` (CHECK rides_leg_seats_check) whatever the code does.
 */

/** A ride's seats as a booking reads them, with its row locked until the transaction ends. */
export type RideSeats = {
  id: string;
  driverId: string;
  status: 'active' | 'completed' | 'cancelled';
  departureAt: Date;
  seatsOffered: number;
  /** Seats taken per leg, one entry per leg (the stored array padded with zeros). */
  taken: number[];
  stopCount: number;
  bookingMode: 'instant' | 'approval';
  currency: string;
  /** Only verified members who stated "woman" may book it. */
  womenOnly: boolean;
};

/** The legs' seats after `seats` are taken (positive) or given back (negative) from `boardAt` to `alightAt`. */
export function legsAfter(taken: readonly number[], boardAt: number, alightAt: number, seats: number): number[] {
  return taken.map((count, leg) => (leg >= boardAt && leg < alightAt ? count + seats : count));
}

/**
 * Locks the ride's row and reads its seats; undefined when there is no such ride. FOR NO KEY
 * UPDATE, the lock an UPDATE of the row's other columns takes: two bookings of the ride wait for
 * each other, but the foreign-key check of a booking written meanwhile (its KEY SHARE on the ride)
 * does not, so a transaction holding a booking's row never deadlocks against one holding the ride.
 */
export async function lockRideSeats(tx: Transaction, rideId: string): Promise<RideSeats | undefined> {
  const { rows } = await tx.execute<Omit<RideSeats, 'taken' | 'departureAt'> & { departureAt: string; legSeatsTaken: number[] }>(sql`
    SELECT r.id, r.driver_id AS "driverId", r.status, r.departure_at AS "departureAt", r.seats_offered AS "seatsOffered",
      r.leg_seats_taken AS "legSeatsTaken", r.booking_mode AS "bookingMode", r.currency,
      r.women_only AS "womenOnly", (SELECT count(*)::int FROM ride_stops s WHERE s.ride_id = r.id) AS "stopCount"
    FROM rides r WHERE r.id = ${rideId} FOR NO KEY UPDATE OF r`);
  const row = rows[0];
  if (!row) return undefined;
  const legs = row.stopCount + 1;
  const taken = Array.from({ length: legs }, (_, leg) => row.legSeatsTaken[leg] ?? 0);
  const { legSeatsTaken: _stored, ...rest } = row;
  return { ...rest, departureAt: new Date(row.departureAt), taken };
}

/**
 * Writes the legs' new counts on the locked ride, and its free seats on the freest leg (what the
 * search's first cut reads). The CHECK refuses a leg over the offer or under zero.
 */
export async function writeLegs(tx: Transaction, ride: RideSeats, taken: number[]): Promise<void> {
  const freest = ride.seatsOffered - Math.min(...taken);
  await tx.execute(sql`
    UPDATE rides SET leg_seats_taken = ${`{${taken.join(',')}}`}::int[], available_seats = ${freest}::int
    WHERE id = ${ride.id}`);
  ride.taken = taken;
}
