import type { DriverProfile } from '@krom/contracts/http/rides';
import { uuid } from '@krom/contracts/http/fields';
import type { RideVehicle } from '@krom/contracts/http/vehicles';
import { HttpError } from '@krom/server-kit/errors';
import { sql } from 'drizzle-orm';
import { blockBetween } from '../blocks/member-blocks.ts';
import { callableBookingWith } from '../bookings/booking-contact.ts';
import { memberRatings } from '../reviews/review-views.ts';
import { upcomingOf } from './driver-rides.ts';
import { rideRows, type SqlRunner, toRideSummary, withMaskedPlate } from '../rides/ride-views.ts';

/** The contracts name no message for an unknown driver; this one is written here once. */
export const driverNotFound = 'Driver not found';
/** How many of the driver's coming rides the profile lists. */
export const profileUpcomingRides = 5;

type ProfileRow = {
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  isVerified: boolean;
  driverVerified: boolean;
  ridesPosted: number;
  ridesCompleted: number;
  ridesCancelled: number;
  cancelledWithBookings: number;
  bookedRidesSettled: number;
  vehicles: RideVehicle[];
  showProfile: boolean;
};

/** Rides completed out of those and the rides the driver cancelled, in whole percent; null before either. */
function completionRate(completed: number, cancelled: number): number | null {
  const counted = completed + cancelled;
  return counted === 0 ? null : Math.round((completed / counted) * 100);
}

/**
 * The profile of a driver who turned "show profile to others" off, as anyone but them sees it:
 * the first name, photo and verification badges only; nothing else is told (no last name, no
 * vehicle, figures, reviews or rides), and `profileHidden` says so.
 */
function hiddenProfile(driverId: string, row: ProfileRow): DriverProfile {
  return {
    id: driverId,
    firstName: row.firstName,
    lastName: '',
    profileImageUrl: row.profileImageUrl,
    isVerified: row.isVerified,
    driverVerified: row.driverVerified,
    profileHidden: true,
    vehicles: [],
    ridesPosted: 0,
    ridesCompleted: 0,
    completionRate: null,
    rating: null,
    reviewCount: 0,
    upcomingRides: [],
  };
}

/**
 * A driver's public profile, from rides' projection of the user and their own rides. Only a
 * driver (approved as one, or who has posted a ride) has one: 404 for any other member, an id
 * rides knows nothing of, a malformed one, and a suspended or deleted account. The completion
 * rate counts the driver's own cancellations against them: rides completed (departed, not
 * cancelled) out of those and the rides they cancelled (before or after departure time), in whole
 * percent; null before either. Only the driver cancels a ride of a live account (the system
 * cancels only a deleted account's, which has no profile).
 * Reliability counts what passengers felt: the rides the driver cancelled while passengers held
 * seats (a booking of the ride cancelled_by_driver), and the share of their rides that had
 * passengers and are settled (departed, or cancelled) which they kept, in whole percent.
 */
export async function driverProfile(db: SqlRunner, driverId: string, now = new Date(), viewerId?: string): Promise<DriverProfile> {
  if (!uuid.safeParse(driverId).success) throw new HttpError(404, driverNotFound);
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows } = await db.execute<ProfileRow>(sql`
    SELECT p.first_name AS "firstName", p.last_name AS "lastName", p.profile_image_url AS "profileImageUrl",
      p.is_verified AS "isVerified", p.driver_verification_status = 'approved' AS "driverVerified", p.show_profile AS "showProfile",
      counts."ridesPosted", counts."ridesCompleted", counts."ridesCancelled", counts."cancelledWithBookings", counts."bookedRidesSettled",
      coalesce((
        SELECT json_agg(json_build_object('year', v.year, 'make', v.make, 'model', v.model, 'color', v.color,
                                          'licensePlate', v.license_plate, 'seats', v.seats) ORDER BY v.created_at DESC, v.id DESC)
        FROM vehicles v WHERE v.driver_id = p.user_id AND v.deleted_at IS NULL AND v.is_active), '[]'::json) AS vehicles
    FROM user_profiles p,
    LATERAL (
      SELECT count(*)::int AS "ridesPosted",
        count(*) FILTER (WHERE status <> 'cancelled' AND departure_at <= ${at})::int AS "ridesCompleted",
        count(*) FILTER (WHERE status = 'cancelled')::int AS "ridesCancelled",
        count(*) FILTER (WHERE status = 'cancelled' AND cancelled_by_driver)::int AS "cancelledWithBookings",
        count(*) FILTER (WHERE had_passengers AND (status = 'cancelled' OR departure_at <= ${at}))::int AS "bookedRidesSettled"
      FROM rides r,
      LATERAL (
        SELECT coalesce(bool_or(b.status = 'cancelled_by_driver'), false) AS cancelled_by_driver,
          coalesce(bool_or(b.status IN ('confirmed', 'boarded', 'completed', 'no_show', 'not_boarded', 'cancelled_by_driver')), false) AS had_passengers
        FROM bookings b WHERE b.ride_id = r.id) booked
      WHERE r.driver_id = p.user_id) counts
    WHERE p.user_id = ${driverId} AND NOT p.suspended AND NOT p.deleted
      -- Only drivers have a public profile: a member never approved as one who posted no ride is as unknown as any id.
      AND (p.is_driver OR p.driver_verification_status = 'approved' OR counts."ridesPosted" > 0)`);
  const [row] = rows;
  if (!row) throw new HttpError(404, driverNotFound);
  if (viewerId && viewerId !== driverId) {
    // A block keeps the two apart: the driver who blocked the viewer is unknown to them (nothing
    // says they were blocked); a driver the viewer blocked shows only whom, so they can unblock.
    const block = await blockBetween(db, viewerId, driverId);
    if (block === 'them') throw new HttpError(404, driverNotFound);
    if (block === 'me') return { ...hiddenProfile(driverId, row), profileHidden: false, blockedByYou: true };
  }
  // Whether to call is the phone toggle's, not the profile's: a hidden profile keeps its Call button.
  const call = viewerId && viewerId !== driverId ? { callBookingId: await callableBookingWith(db, viewerId, driverId, now) } : {};
  if (!row.showProfile && viewerId !== driverId) return { ...hiddenProfile(driverId, row), ...call };
  const upcoming = await rideRows(db, sql`${upcomingOf(driverId, now)} LIMIT ${profileUpcomingRides}::int`);
  const ratings = await memberRatings(db, driverId);
  return {
    id: driverId,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isVerified: row.isVerified,
    driverVerified: row.driverVerified,
    vehicles: row.vehicles.map(withMaskedPlate),
    ridesPosted: row.ridesPosted,
    ridesCompleted: row.ridesCompleted,
    completionRate: completionRate(row.ridesCompleted, row.ridesCancelled),
    cancelledWithBookings: row.cancelledWithBookings,
    bookedRidesKeptRate:
      row.bookedRidesSettled === 0 ? null : Math.round(((row.bookedRidesSettled - row.cancelledWithBookings) / row.bookedRidesSettled) * 100),
    rating: ratings.driver.average,
    reviewCount: ratings.driver.count,
    upcomingRides: upcoming.map(toRideSummary),
    ...call,
  };
}
