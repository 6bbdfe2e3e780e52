import { maxVehiclesPerMember, type Vehicle, type vehicleInputSchema, vehicleMessages } from '@krom/contracts/http/vehicles';
import { HttpError } from '@krom/server-kit/errors';
import type { Transaction } from '@krom/server-kit/outbox';
import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RidesDb } from '../db/rides-db.ts';
import { rides, userProfiles, type VehicleRow, vehicles } from '../db/schema.ts';

/*
 * A driver's vehicles. Every function takes the signed-in user's id and touches only that user's
 * vehicles: another user's vehicle is "not found", never "forbidden", so ids are not confirmed.
 */

export type VehicleInput = z.output<typeof vehicleInputSchema>;

const uniqueViolation = '23505';
const notFound = () => new HttpError(404, vehicleMessages.notFound);
const plateTaken = () => new HttpError(409, vehicleMessages.plateTaken, [{ field: 'licensePlate', message: vehicleMessages.plateTaken }]);

/**
 * Active rides of a vehicle still to depart at `now`: while there are any it cannot be deleted.
 * Names written out: drizzle leaves columns unqualified in a one-table select, which the
 * correlated subquery would read as its own.
 */
const upcomingRidesOf = (now: Date) =>
  sql<number>`(SELECT count(*)::int FROM rides upcoming WHERE upcoming.vehicle_id = "vehicles"."id" AND upcoming.status = 'active' AND upcoming.departure_at > ${now.toISOString()}::timestamptz)`;

const withUpcoming = (now: Date) => ({ ...getTableColumns(vehicles), upcomingRides: upcomingRidesOf(now) });

const ownLiveVehicle = (userId: string, id: string) => and(eq(vehicles.driverId, userId), eq(vehicles.id, id), isNull(vehicles.deletedAt));

const toVehicle = (row: VehicleRow & { upcomingRides: number }): Vehicle => ({
  id: row.id,
  make: row.make,
  model: row.model,
  year: row.year,
  color: row.color,
  licensePlate: row.licensePlate,
  seats: row.seats,
  isActive: row.isActive,
  upcomingRides: row.upcomingRides,
  createdAt: row.createdAt.toISOString(),
});

/** The plate's unique index decides between two registrations at once; the loser gets the 409. */
async function refusingTakenPlate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // drizzle wraps the driver's error; the constraint's name is on the cause.
    const { code, constraint } = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
    if (code === uniqueViolation && constraint === 'vehicles_license_plate_key') throw plateTaken();
    throw error;
  }
}

/** The user's vehicles, newest first. */
export async function listVehicles(db: RidesDb, userId: string, now = new Date()): Promise<Vehicle[]> {
  const rows = await db
    .select(withUpcoming(now))
    .from(vehicles)
    .where(and(eq(vehicles.driverId, userId), isNull(vehicles.deletedAt)))
    .orderBy(desc(vehicles.createdAt), desc(vehicles.id));
  return rows.map(toVehicle);
}

export async function getVehicle(db: RidesDb, userId: string, id: string, now = new Date()): Promise<Vehicle> {
  const [row] = await db.select(withUpcoming(now)).from(vehicles).where(ownLiveVehicle(userId, id));
  if (!row) throw notFound();
  return toVehicle(row);
}

/**
 * Refuses with 403 a member whose identity is not verified (from rides' projection of identity;
 * one identity has not told rides about counts as not verified): a plate is claimed by someone
 * staff can trace. Locks the member's projected row until the transaction ends, so two of their
 * registrations at once are counted one after the other.
 */
export async function lockVerifiedMember(tx: Transaction, userId: string): Promise<void> {
  const [member] = await tx.select({ status: userProfiles.verificationStatus }).from(userProfiles).where(eq(userProfiles.userId, userId)).for('update');
  if (member?.status !== 'approved') throw new HttpError(403, vehicleMessages.needsIdentity);
}

/**
 * Registers a vehicle for a member whose identity is verified (403 otherwise), holding fewer than
 * `maxVehiclesPerMember` (409); a plate already on Krom (anyone's, however it was typed) answers
 * 409 with how to dispute it.
 */
export async function addVehicle(db: RidesDb, userId: string, input: VehicleInput): Promise<Vehicle> {
  return db.transaction(async (tx) => {
    await lockVerifiedMember(tx, userId);
    const [{ held } = { held: 0 }] = await tx
      .select({ held: sql<number>`count(*)::int` })
      .from(vehicles)
      .where(and(eq(vehicles.driverId, userId), isNull(vehicles.deletedAt)));
    if (held >= maxVehiclesPerMember) throw new HttpError(409, vehicleMessages.tooManyVehicles);
    const [row] = await refusingTakenPlate(() =>
      tx
        .insert(vehicles)
        .values({ driverId: userId, make: input.make, model: input.model, year: input.year, color: input.color, licensePlate: input.licensePlate, seats: input.seats })
        .returning(),
    );
    if (!row) throw new Error('vehicle insert returned no row');
    return toVehicle({ ...row, upcomingRides: 0 });
  });
}

/** What the active rides of a vehicle still to depart at `now` hold of it: how many, and the most passenger seats one offers. */
async function upcomingRidesHold(tx: Transaction, vehicleId: string, now: Date): Promise<{ upcoming: number; mostOffered: number }> {
  const [held = { upcoming: 0, mostOffered: 0 }] = await tx
    .select({ upcoming: sql<number>`count(*)::int`, mostOffered: sql<number>`coalesce(max(${rides.availableSeats}), 0)::int` })
    .from(rides)
    .where(and(eq(rides.vehicleId, vehicleId), eq(rides.status, 'active'), sql`${rides.departureAt} > ${now.toISOString()}`));
  return held;
}

/**
 * Changes every field of one of the user's vehicles, kept consistent with its rides still to
 * depart: their passengers look for its plate, so the plate stays while there are any (409), and
 * its seats may not go below what one of them offers (seats − 1 for the driver; 409) — refused
 * rather than the rides cut, since cutting a ride's seats changes it under the passengers told of
 * it. An allowed change of seats becomes those rides' `total_seats` (the car they are in). The
 * vehicle is locked first, as deleting does, so a ride posted at the same moment is counted.
 */
export async function updateVehicle(db: RidesDb, userId: string, id: string, input: VehicleInput, now = new Date()): Promise<Vehicle> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ licensePlate: vehicles.licensePlate, seats: vehicles.seats }).from(vehicles).where(ownLiveVehicle(userId, id)).for('update');
    if (!current) throw notFound();
    const { upcoming, mostOffered } = await upcomingRidesHold(tx, id, now);
    if (upcoming > 0 && input.licensePlate !== current.licensePlate) {
      throw new HttpError(409, vehicleMessages.plateHasUpcomingRides, [{ field: 'licensePlate', message: vehicleMessages.plateHasUpcomingRides }]);
    }
    if (input.seats - 1 < mostOffered) {
      const message = vehicleMessages.seatsBelowUpcomingRides(mostOffered);
      throw new HttpError(409, message, [{ field: 'seats', message }]);
    }
    await refusingTakenPlate(() =>
      tx
        .update(vehicles)
        .set({ make: input.make, model: input.model, year: input.year, color: input.color, licensePlate: input.licensePlate, seats: input.seats, updatedAt: now })
        .where(eq(vehicles.id, id)),
    );
    if (upcoming > 0 && input.seats !== current.seats) {
      await tx
        .update(rides)
        .set({ totalSeats: input.seats, updatedAt: now })
        .where(and(eq(rides.vehicleId, id), eq(rides.status, 'active'), sql`${rides.departureAt} > ${now.toISOString()}`));
    }
  });
  return getVehicle(db, userId, id, now);
}

/**
 * Deletes one of the user's vehicles, refused while it has active rides still to depart. The row
 * stays, marked deleted, for the rides it made; its plate is free to be registered again. The
 * vehicle is locked first, so a ride posted with it at the same moment either lands before the
 * count (and the delete is refused) or finds it deleted (posting locks it too, see post-ride.ts).
 */
export async function deleteVehicle(db: RidesDb, userId: string, id: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: vehicles.id }).from(vehicles).where(ownLiveVehicle(userId, id)).for('update');
    if (!row) throw notFound();
    const { upcoming } = await upcomingRidesHold(tx, id, now);
    if (upcoming > 0) throw new HttpError(409, vehicleMessages.hasUpcomingRides);
    await tx.update(vehicles).set({ deletedAt: now, updatedAt: now }).where(eq(vehicles.id, id));
  });
}

/** An account was deleted: its vehicles are marked deleted (their plates freed); returns how many. */
export async function forgetVehiclesOf(tx: Transaction, userId: string, now = new Date()): Promise<number> {
  const removed = await tx
    .update(vehicles)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(vehicles.driverId, userId), isNull(vehicles.deletedAt)))
    .returning({ id: vehicles.id });
  return removed.length;
}
