import { type MemberRideActivity, memberActivityLimit } from '@krom/contracts/http/member-page';
import { count, desc, eq } from 'drizzle-orm';
import type { RidesDb } from '../db/rides-db.ts';
import { bookings, rides, vehicles } from '../db/schema.ts';

/**
 * A member's part in rides for the admin area's member page: how many rides they posted, bookings
 * they made and vehicles they registered (removed ones too), and the latest `memberActivityLimit`
 * of each (rides by departure, bookings and vehicles by when they were made: the orders the
 * driver, passenger and vehicle indexes keep).
 */
export async function memberActivity(db: RidesDb, memberId: string): Promise<MemberRideActivity> {
  const [ridesCount, latestRides, bookingsCount, latestBookings, vehiclesCount, latestVehicles] = await Promise.all([
    db.select({ count: count() }).from(rides).where(eq(rides.driverId, memberId)),
    db
      .select({ id: rides.id, fromCity: rides.fromCity, toCity: rides.toCity, departureAt: rides.departureAt, status: rides.status })
      .from(rides)
      .where(eq(rides.driverId, memberId))
      .orderBy(desc(rides.departureAt), rides.id)
      .limit(memberActivityLimit),
    db.select({ count: count() }).from(bookings).where(eq(bookings.passengerId, memberId)),
    db
      .select({
        id: bookings.id,
        rideId: bookings.rideId,
        fromCity: rides.fromCity,
        toCity: rides.toCity,
        departureAt: rides.departureAt,
        seats: bookings.seats,
        status: bookings.status,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .where(eq(bookings.passengerId, memberId))
      .orderBy(desc(bookings.createdAt), bookings.id)
      .limit(memberActivityLimit),
    db.select({ count: count() }).from(vehicles).where(eq(vehicles.driverId, memberId)),
    db
      .select({
        id: vehicles.id,
        make: vehicles.make,
        model: vehicles.model,
        year: vehicles.year,
        color: vehicles.color,
        licensePlate: vehicles.licensePlate,
        seats: vehicles.seats,
        isActive: vehicles.isActive,
        addedAt: vehicles.createdAt,
        removedAt: vehicles.deletedAt,
      })
      .from(vehicles)
      .where(eq(vehicles.driverId, memberId))
      .orderBy(desc(vehicles.createdAt), vehicles.id)
      .limit(memberActivityLimit),
  ]);
  return {
    ridesAsDriver: {
      count: ridesCount[0]?.count ?? 0,
      latest: latestRides.map((ride) => ({ ...ride, departureAt: ride.departureAt.toISOString() })),
    },
    bookingsAsPassenger: {
      count: bookingsCount[0]?.count ?? 0,
      latest: latestBookings.map((booking) => ({
        ...booking,
        departureAt: booking.departureAt.toISOString(),
        createdAt: booking.createdAt.toISOString(),
      })),
    },
    vehicles: {
      count: vehiclesCount[0]?.count ?? 0,
      latest: latestVehicles.map((vehicle) => ({
        ...vehicle,
        addedAt: vehicle.addedAt.toISOString(),
        removedAt: vehicle.removedAt?.toISOString() ?? null,
      })),
    },
  };
}
