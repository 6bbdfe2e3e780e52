import { type RideChanged, type RideChangeField, rideChanged, rideChangeFields } from '@krom/contracts/events/rides';
import { cancellableStatuses } from '@krom/contracts/http/booking-values';
import { maxDepartureMoveDays, type updateRideSchema } from '@krom/contracts/http/rides';
import { toPesewas } from '@krom/contracts/money';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { statusIn } from '../bookings/booking-views.ts';

/*
 * What may change on a posted ride, and who hears of a change.
 *
 * A driver may change the fields of `editableRideFields` (the contract's update body; the route,
 * stops and vehicle never change: a different trip is cancelled and posted again). The departure
 * may move at most `maxDepartureMoveDays` from the one the ride was posted with. Every change and
 * every cancellation writes `ride.changed` in its transaction; rides matches the ride again on it
 * (a ride changed to suit a request tells its passenger once, by ride_request.matched), and
 * notifications tells the passengers already told of the ride for whom the change is material,
 * and the passengers who booked it (`bookedPassengerIds`) when its preferences got worse for them.
 */

type UpdateRideRequest = z.output<typeof updateRideSchema>;

/** One editable field's rule. */
type EditRule = {
  /**
   * Whether a booking relies on the field: once seats are booked, a change keeps what the bookings
   * rely on (driver-rides.ts `assertKeepsBookings`): the date and time stay, the seats no fewer
   * than the most taken on a leg, the booking mode while requests wait; a new price applies to
   * later bookings only, as each booking keeps the price it was made at.
   */
  bookingsRelyOnIt: boolean;
};

/** Every field of the update body has its rule: a field added to the contract without one does not compile. */
export const editableRideFields = {
  departureDate: { bookingsRelyOnIt: true },
  departureTime: { bookingsRelyOnIt: true },
  availableSeats: { bookingsRelyOnIt: true },
  pricePerSeat: { bookingsRelyOnIt: true },
  description: { bookingsRelyOnIt: false },
  // A request waiting for the driver was made under approval; switching would change its terms.
  bookingMode: { bookingsRelyOnIt: true },
  // A booking keeps the price it was made at (bookings.price_per_seat); a new leg price is for the next.
  legPrices: { bookingsRelyOnIt: false },
  // What the driver states of the trip (luggage, smoking, pets, air conditioning, back seat): theirs to correct.
  preferences: { bookingsRelyOnIt: false },
  // The women who booked rely on it, and those already booked may not all be women: fixed once a seat is booked or requested.
  womenOnly: { bookingsRelyOnIt: true },
} as const satisfies Record<keyof UpdateRideRequest, EditRule>;

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (instant: Date) => Math.floor(instant.getTime() / DAY_MS);

/**
 * Whether a new departure's day is within `maxDepartureMoveDays` of the day the ride was posted
 * for, at any time of that day (days in Ghana, which keeps GMT all year, so UTC days).
 */
export const departureWithinMoveBound = (postedDepartureAt: Date, departureAt: Date) =>
  Math.abs(dayNumber(departureAt) - dayNumber(postedDepartureAt)) <= maxDepartureMoveDays;

/** A ride's terms before or after a change, as the event carries them. */
export type RideTerms = RideChanged['current'] & { description: string | null };

/** The ride as a change reads and writes it. */
export type ChangedRide = { id: string; driverId: string; fromLocation: string; toLocation: string; currency: string };

/** The fields whose value differs, in the contract's order. */
export function changedFields(previous: RideTerms, current: RideTerms): RideChangeField[] {
  const differs: Record<RideChangeField, boolean> = {
    departureDate: previous.departureDate !== current.departureDate,
    departureTime: previous.departureTime !== current.departureTime,
    availableSeats: previous.availableSeats !== current.availableSeats,
    pricePerSeat: toPesewas(previous.pricePerSeat) !== toPesewas(current.pricePerSeat),
    description: previous.description !== current.description,
    status: previous.status !== current.status,
    preferences: JSON.stringify(previous.preferences ?? null) !== JSON.stringify(current.preferences ?? null),
    womenOnly: (previous.womenOnly ?? false) !== (current.womenOnly ?? false),
  };
  return rideChangeFields.filter((field) => differs[field]);
}

type ToldRequest = { id: string; userId: string; notifyByEmail: boolean; notifyBySms: boolean; stillMatches: boolean };

/**
 * The open requests told of the ride (a ride_request_matches row) for which the change is
 * material, each with whether the changed ride still matches it by price, seats and date (the
 * route does not change). Material: cancelled, the departure moved, the price up, the seats
 * changed to fewer than the request's passengers (only when they changed: a passenger already
 * told of a cut is not told again of every later edit), or made women-only for a passenger who may
 * not book it (a verified member who stated "woman" may). A passenger the service hides (suspended, deleted) is not told.
 */
async function requestsToTell(tx: Transaction, rideId: string, previous: RideTerms, current: RideTerms, now: Date): Promise<ToldRequest[]> {
  const cancelled = current.status !== 'active';
  const moved = previous.departureAt !== current.departureAt;
  const priceUp = toPesewas(current.pricePerSeat) > toPesewas(previous.pricePerSeat);
  const seatsChanged = previous.availableSeats !== current.availableSeats;
  const madeWomenOnly = Boolean(current.womenOnly) && !previous.womenOnly;
  const mayBook = sql`(NOT ${Boolean(current.womenOnly)}::boolean OR EXISTS (SELECT 1 FROM user_profiles w WHERE w.user_id = q.user_id AND w.stated_woman AND w.is_verified))`;
  const { rows } = await tx.execute<ToldRequest>(sql`
    SELECT q.id, q.user_id AS "userId", q.notify_by_email AS "notifyByEmail", q.notify_by_sms AS "notifyBySms",
      (NOT ${cancelled}::boolean
        AND ${mayBook}
        AND q.passengers <= ${current.availableSeats}::int
        AND (q.max_price_per_seat IS NULL OR q.max_price_per_seat >= ${current.pricePerSeat}::numeric)
        AND CASE WHEN q.preferred_departure_date IS NULL THEN q.expires_at >= ${current.departureAt}::timestamptz
                 ELSE q.preferred_departure_date = ${current.departureDate}::date
                   OR (q.flexible_dates AND abs(q.preferred_departure_date - ${current.departureDate}::date) <= 1) END
      ) AS "stillMatches"
    FROM ride_request_matches m JOIN ride_requests q ON q.id = m.request_id
    WHERE m.ride_id = ${rideId}::uuid AND q.status = 'active' AND q.expires_at > ${now.toISOString()}::timestamptz
      AND (${cancelled}::boolean OR ${moved}::boolean OR ${priceUp}::boolean OR (${seatsChanged}::boolean AND q.passengers > ${current.availableSeats}::int)
        OR (${madeWomenOnly}::boolean AND NOT ${mayBook}))
      AND NOT EXISTS (SELECT 1 FROM user_profiles hidden WHERE hidden.user_id = q.user_id AND (hidden.suspended OR hidden.deleted))
    ORDER BY q.id`);
  return rows;
}

/**
 * The passengers holding a booking of the ride not yet boarded (requested, accepted, awaiting
 * payment, confirmed), each once, sorted; none the service hides (suspended, deleted). A boarded
 * passenger is in the car: a change of what the driver states is no news to them.
 */
async function bookedPassengersOf(tx: Transaction, rideId: string): Promise<string[]> {
  const { rows } = await tx.execute<{ passengerId: string }>(sql`
    SELECT DISTINCT b.passenger_id AS "passengerId" FROM bookings b
    WHERE b.ride_id = ${rideId}::uuid AND b.status IN ${statusIn(cancellableStatuses)}
      AND NOT EXISTS (SELECT 1 FROM user_profiles hidden WHERE hidden.user_id = b.passenger_id AND (hidden.suspended OR hidden.deleted))
    ORDER BY 1`);
  return rows.map((row) => row.passengerId);
}

/**
 * Writes `ride.changed` for a ride whose terms went from `previous` to `current` at `version`, in
 * the change's transaction: what changed, the passengers to tell of their requests — one entry per
 * passenger (their lowest request id, every channel any of their requests asked for, still
 * matching when one of them does) — and the passengers who booked it. A change of nothing writes nothing.
 */
export async function recordRideChanged(
  tx: Transaction,
  ride: ChangedRide,
  previous: RideTerms,
  current: RideTerms,
  version: number,
  now: Date,
  cancelledBy: RideChanged['cancelledBy'] = 'driver',
): Promise<RideChanged | undefined> {
  const changed = changedFields(previous, current);
  if (changed.length === 0) return undefined;
  const byPassenger = new Map<string, RideChanged['passengers'][number]>();
  for (const request of await requestsToTell(tx, ride.id, previous, current, now)) {
    const first = byPassenger.get(request.userId);
    if (!first) {
      byPassenger.set(request.userId, {
        requestId: request.id,
        passengerId: request.userId,
        notifyByEmail: request.notifyByEmail,
        notifyBySMS: request.notifyBySms,
        stillMatches: request.stillMatches,
      });
    } else {
      first.notifyByEmail ||= request.notifyByEmail;
      first.notifyBySMS ||= request.notifyBySms;
      first.stillMatches ||= request.stillMatches;
    }
  }
  const terms = ({ description: _, ...rest }: RideTerms) => rest;
  const data: RideChanged = {
    rideId: ride.id,
    driverId: ride.driverId,
    fromLocation: ride.fromLocation,
    toLocation: ride.toLocation,
    currency: ride.currency,
    changed,
    previous: terms(previous),
    current: terms(current),
    passengers: [...byPassenger.values()],
    bookedPassengerIds: await bookedPassengersOf(tx, ride.id),
    ...(current.status === 'cancelled' && previous.status !== 'cancelled' ? { cancelledBy } : {}),
    changedAt: now.toISOString(),
    version,
  };
  await recordEvent(tx, rideChanged, data);
  return data;
}

/** A ride row's terms, as a change compares them. */
export const termsOf = (row: {
  departureDate: string;
  departureTime: string;
  departureAt: string | Date;
  availableSeats: number;
  pricePerSeat: string;
  status: RideTerms['status'];
  description: string | null;
  preferences?: RideTerms['preferences'];
  womenOnly?: boolean;
}): RideTerms => ({
  departureDate: row.departureDate,
  departureTime: row.departureTime,
  departureAt: new Date(row.departureAt).toISOString(),
  availableSeats: row.availableSeats,
  pricePerSeat: Number(row.pricePerSeat).toFixed(2),
  status: row.status,
  description: row.description,
  ...(row.preferences === undefined ? {} : { preferences: row.preferences }),
  ...(row.womenOnly === undefined ? {} : { womenOnly: row.womenOnly }),
});
