import type { DriverDashboard, DriverRide } from '@krom/contracts/http/rides';
import { sql } from 'drizzle-orm';
import { rideCompletionDue } from '../jobs/sweeps.ts';
import { memberRatings } from '../reviews/review-views.ts';
import { rideRows, type SqlRunner } from '../rides/ride-views.ts';
import { cashDueStatuses, driverRidesOf, myRides, soldStatuses } from './driver-rides.ts';

const DASHBOARD_CURRENCY = 'GHS';
const DAY_MS = 24 * 60 * 60 * 1000;
/** How many rides each of the dashboard's lists shows. */
export const dashboardListSize = 5;

/**
 * The driver's figures from their own rides: every ride posted; completed = departed and not
 * cancelled; upcoming = active and still to depart; seats offered = the seats offered on every
 * ride not cancelled. From their bookings, on rides not cancelled: bookings whose seat is the
 * passenger's (confirmed, boarded, completed) and their seats; and the cash still to collect at
 * the car (cash bookings confirmed or boarded, on rides still active).
 */
async function totals(db: SqlRunner, driverId: string, now: Date): Promise<DriverDashboard['totals']> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows } = await db.execute<DriverDashboard['totals']>(sql`
    SELECT count(*)::int AS "ridesPosted",
      count(*) FILTER (WHERE status <> 'cancelled' AND departure_at <= ${at})::int AS "ridesCompleted",
      count(*) FILTER (WHERE status = 'active' AND departure_at > ${at})::int AS "upcomingRides",
      coalesce(sum(seats_offered) FILTER (WHERE status <> 'cancelled'), 0)::int AS "seatsOffered",
      coalesce(sum(sold.bookings) FILTER (WHERE status <> 'cancelled'), 0)::int AS bookings,
      coalesce(sum(sold.seats) FILTER (WHERE status <> 'cancelled'), 0)::int AS "seatsSold",
      coalesce(sum(sold.cash) FILTER (WHERE status = 'active'), 0)::numeric(14, 2)::text AS "expectedCash"
    FROM rides r,
    LATERAL (
      SELECT count(*) FILTER (WHERE b.status IN ${soldStatuses}) AS bookings,
        coalesce(sum(b.seats) FILTER (WHERE b.status IN ${soldStatuses}), 0) AS seats,
        coalesce(sum(b.total_amount) FILTER (WHERE b.status IN ${cashDueStatuses} AND b.payment_method = 'cash'), 0) AS cash
      FROM bookings b WHERE b.ride_id = r.id) sold
    WHERE r.driver_id = ${driverId}`);
  return rows[0] ?? { ridesPosted: 0, ridesCompleted: 0, upcomingRides: 0, seatsOffered: 0, bookings: 0, seatsSold: 0, expectedCash: '0.00' };
}

/** The driver's ride on the road: active, departed, its planned end plus the grace not yet passed (jobs/sweeps.ts). */
async function rideOnTheRoad(db: SqlRunner, driverId: string, now: Date, completionGraceMinutes?: number): Promise<DriverRide | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await rideRows(
    db,
    sql`WHERE r.driver_id = ${driverId} AND r.status = 'active' AND r.departure_at <= ${at}
          AND ${rideCompletionDue(completionGraceMinutes)} > ${at} ORDER BY r.departure_at DESC, r.id LIMIT 1`,
  );
  const [ride] = await driverRidesOf(db, rows, now);
  return ride ?? null;
}

/**
 * The signed-in driver's dashboard; the rating is their visible reviews as a driver (null before
 * the first). A ride is on the road until its completion is due (`completionGraceMinutes` as the
 * sweep is configured).
 */
export async function driverDashboard(db: SqlRunner, driverId: string, now = new Date(), completionGraceMinutes?: number): Promise<DriverDashboard> {
  const [counted, upcomingRides, recentRides, onTheRoad, ratings] = await Promise.all([
    totals(db, driverId, now),
    myRides(db, driverId, 'upcoming', now, dashboardListSize),
    myRides(db, driverId, 'past', now, dashboardListSize),
    rideOnTheRoad(db, driverId, now, completionGraceMinutes),
    memberRatings(db, driverId),
  ]);
  const [next] = upcomingRides;
  const activeRide = onTheRoad ?? (next && new Date(`${next.departureDate}T${next.departureTime}:00Z`).getTime() <= now.getTime() + DAY_MS ? next : null);
  return {
    currency: DASHBOARD_CURRENCY,
    totals: counted,
    activeRide,
    upcomingRides,
    recentRides,
    rating: ratings.driver.average,
    reviewCount: ratings.driver.count,
  };
}
