import { type PlateDispute, type plateDisputeInputSchema, type StaffPlateDispute, vehicleMessages } from '@krom/contracts/http/vehicles';
import { HttpError } from '@krom/server-kit/errors';
import type { Transaction } from '@krom/server-kit/outbox';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RidesDb } from '../db/rides-db.ts';
import { type PlateDisputeRow, plateDisputes, vehicles } from '../db/schema.ts';
import { fallbackDriverName } from '../rides/ride-views.ts';
import { lockVerifiedMember } from './driver-vehicles.ts';

/*
 * A plate registered to another member's vehicle, claimed by a member who says it is theirs: a
 * record staff see in the admin area (GET /api/admin/plate-disputes) and settle with both
 * members. Filing needs a verified identity, as registering a vehicle does.
 */

export type PlateDisputeInput = z.output<typeof plateDisputeInputSchema>;

/** How many disputes the staff list shows at once. */
export const staffPlateDisputesLimit = 100;

const plateError = (message: string) => new HttpError(400, message, [{ field: 'licensePlate', message }]);

const toPlateDispute = (row: PlateDisputeRow): PlateDispute => ({
  id: row.id,
  licensePlate: row.licensePlate,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Files the member's dispute of a plate another member's vehicle holds: 400 on the plate when no
 * vehicle holds it (they can add it) or their own does; a second filing while one is open answers
 * that one.
 */
export async function filePlateDispute(db: RidesDb, userId: string, input: PlateDisputeInput): Promise<PlateDispute> {
  return db.transaction(async (tx) => {
    await lockVerifiedMember(tx, userId);
    const [holding] = await tx
      .select({ id: vehicles.id, driverId: vehicles.driverId })
      .from(vehicles)
      .where(and(eq(vehicles.licensePlate, input.licensePlate), isNull(vehicles.deletedAt)));
    if (!holding) throw plateError(vehicleMessages.plateNotRegistered);
    if (holding.driverId === userId) throw plateError(vehicleMessages.plateIsYours);
    const [filed] = await tx
      .insert(plateDisputes)
      .values({ licensePlate: input.licensePlate, claimantId: userId, vehicleId: holding.id, holderId: holding.driverId, details: input.details || null })
      .onConflictDoNothing()
      .returning();
    const [row] = filed
      ? [filed]
      : await tx
          .select()
          .from(plateDisputes)
          .where(and(eq(plateDisputes.claimantId, userId), eq(plateDisputes.licensePlate, input.licensePlate), eq(plateDisputes.status, 'open')));
    if (!row) throw new Error('plate dispute neither inserted nor found');
    return toPlateDispute(row);
  });
}

/** The disputes for staff, open first, newest first, with both members' names from the projection and the vehicle. */
export async function listPlateDisputes(db: RidesDb): Promise<StaffPlateDispute[]> {
  const name = (alias: string) => sql.raw(`coalesce(${alias}.first_name || ' ' || ${alias}.last_name, '${fallbackDriverName}')`);
  const { rows } = await db.execute<PlateDisputeRow & { claimantName: string; holderName: string; vehicle: StaffPlateDispute['vehicle'] }>(sql`
    SELECT d.id, d.license_plate AS "licensePlate", d.status, d.details, d.created_at AS "createdAt",
      d.claimant_id AS "claimantId", ${name('c')} AS "claimantName", d.holder_id AS "holderId", ${name('h')} AS "holderName",
      json_build_object('id', v.id, 'year', v.year, 'make', v.make, 'model', v.model, 'color', v.color, 'licensePlate', v.license_plate) AS vehicle
    FROM plate_disputes d
    JOIN vehicles v ON v.id = d.vehicle_id
    LEFT JOIN user_profiles c ON c.user_id = d.claimant_id
    LEFT JOIN user_profiles h ON h.user_id = d.holder_id
    ORDER BY d.status = 'open' DESC, d.created_at DESC, d.id
    LIMIT ${staffPlateDisputesLimit}`);
  return rows.map((row) => ({
    ...toPlateDispute({ ...row, createdAt: new Date(row.createdAt) }),
    details: row.details,
    claimant: { userId: row.claimantId, name: row.claimantName },
    holder: { userId: row.holderId, name: row.holderName },
    vehicle: row.vehicle,
  }));
}

/** An account was deleted: the disputes it filed go (their details may hold a phone number); returns how many. */
export async function forgetPlateDisputesOf(tx: Transaction, userId: string): Promise<number> {
  const removed = await tx.delete(plateDisputes).where(eq(plateDisputes.claimantId, userId)).returning({ id: plateDisputes.id });
  return removed.length;
}
