import type { PostingRights, PostingStep } from '@krom/contracts/http/rides';
import { rideMessages, womenOnlyMessages } from '@krom/contracts/http/rides';
import { HttpError } from '@krom/server-kit/errors';
import { sql } from 'drizzle-orm';
import type { SqlRunner } from '../rides/ride-views.ts';

/** The refusal for each missing step, in the spec's order. */
const refusals: Record<PostingStep, string> = {
  verify_identity: rideMessages.needsIdentity,
  verify_driver: rideMessages.needsDriver,
  add_vehicle: rideMessages.needsVehicle,
};

/**
 * Whether the user may post a ride, from rides' own projection of identity (a user identity has
 * not told rides about yet counts as not submitted) and their vehicles. The next step follows the
 * spec's order: identity verification, then driver verification, then a vehicle.
 */
export async function postingRights(db: SqlRunner, userId: string): Promise<PostingRights> {
  const { rows } = await db.execute<{ identityStatus: PostingRights['identityStatus'] | null; driverStatus: PostingRights['driverStatus'] | null; vehicleCount: number }>(sql`
    SELECT
      (SELECT verification_status FROM user_profiles WHERE user_id = ${userId}) AS "identityStatus",
      (SELECT driver_verification_status FROM user_profiles WHERE user_id = ${userId}) AS "driverStatus",
      (SELECT count(*)::int FROM vehicles WHERE driver_id = ${userId} AND deleted_at IS NULL AND is_active) AS "vehicleCount"
  `);
  const row = rows[0];
  const identityStatus = row?.identityStatus ?? 'not_submitted';
  const driverStatus = row?.driverStatus ?? 'not_submitted';
  const vehicleCount = row?.vehicleCount ?? 0;
  const nextStep: PostingStep | null =
    identityStatus !== 'approved' ? 'verify_identity' : driverStatus !== 'approved' ? 'verify_driver' : vehicleCount === 0 ? 'add_vehicle' : null;
  return { canPost: nextStep === null, nextStep, identityStatus, driverStatus, vehicleCount };
}

/** Refuses with 403 a suspended or deleted account, then with the first missing step's message when the user may not post. */
export async function assertMayPost(db: SqlRunner, userId: string): Promise<void> {
  const { rows } = await db.execute<{ barred: boolean }>(sql`SELECT (suspended OR deleted) AS barred FROM user_profiles WHERE user_id = ${userId}`);
  if (rows[0]?.barred) throw new HttpError(403, rideMessages.accountBarred);
  const rights = await postingRights(db, userId);
  if (rights.nextStep) throw new HttpError(403, refusals[rights.nextStep]);
}

/**
 * Whether the member may take part in a women-only ride (post or book one), from rides' projection
 * of identity as it is now: verified, and their profile says woman. A member who changes their
 * gender afterwards is refused from then on; seats they already hold stay theirs.
 */
export async function womenOnlyStanding(db: SqlRunner, userId: string): Promise<'allowed' | 'notWoman' | 'unverified'> {
  const { rows } = await db.execute<{ statedWoman: boolean; isVerified: boolean }>(
    sql`SELECT stated_woman AS "statedWoman", is_verified AS "isVerified" FROM user_profiles WHERE user_id = ${userId}`,
  );
  const row = rows[0];
  if (!row?.statedWoman) return 'notWoman';
  return row.isVerified ? 'allowed' : 'unverified';
}

/** Refuses (403) a women-only ride by a poster who is not a verified member who stated "woman". */
export async function assertMayPostWomenOnly(db: SqlRunner, userId: string): Promise<void> {
  if ((await womenOnlyStanding(db, userId)) !== 'allowed') throw new HttpError(403, womenOnlyMessages.post);
}
