import type { UserSnapshot, VerificationDecided } from '@krom/contracts/events/identity';
import { and, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { RidesDb } from '../db/rides-db.ts';
import { userProfiles } from '../db/schema.ts';

const columns = getTableColumns(userProfiles);
/** Every column but the key takes the incoming snapshot's value. */
const takeIncoming = Object.fromEntries(
  Object.entries(columns)
    .filter(([, column]) => !column.primary)
    .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
);

/**
 * Applies one user snapshot to the projection in a single statement: inserted when the user is
 * new, replacing the row when its version is at least the stored one. A late (older) snapshot
 * changes nothing and a repeated one writes the same values again, so no handled-event
 * bookkeeping is needed and any order of delivery ends at the newest state. Resolves true when
 * the row was written.
 *
 * At least, not strictly higher: identity publishes `verification.decided` and the user's snapshot
 * at the same version in one transaction, and the decided event (applyVerificationDecision) moves
 * the row to that version with only the statuses it carries. The complete snapshot of that version
 * must still land after it, or whatever else changed with that version would be lost. Two
 * snapshots of one version are the same state, so taking the second is harmless.
 */
export async function applyUserSnapshot(
  db: Pick<RidesDb, 'insert'>,
  snapshot: Omit<UserSnapshot, 'statedWoman' | 'phone' | 'showPhone' | 'showProfile'> & Partial<Pick<UserSnapshot, 'statedWoman' | 'phone' | 'showPhone' | 'showProfile'>>,
): Promise<boolean> {
  const changed = await db
    .insert(userProfiles)
    .values({
      userId: snapshot.userId,
      version: snapshot.version,
      firstName: snapshot.firstName,
      lastName: snapshot.lastName,
      profileImageUrl: snapshot.profileImageUrl,
      isVerified: snapshot.isVerified,
      verificationStatus: snapshot.verificationStatus,
      isDriver: snapshot.isDriver,
      driverVerificationStatus: snapshot.driverVerificationStatus,
      suspended: snapshot.suspended,
      deleted: snapshot.deleted,
      statedWoman: snapshot.statedWoman ?? false,
      phone: snapshot.phone ?? null,
      showPhone: snapshot.showPhone ?? true,
      showProfile: snapshot.showProfile ?? true,
      changedAt: new Date(snapshot.changedAt),
    })
    .onConflictDoUpdate({
      target: userProfiles.userId,
      set: takeIncoming,
      setWhere: sql`excluded.version >= ${userProfiles.version}`,
    })
    .returning({ userId: userProfiles.userId });
  return changed.length > 0;
}

type VerificationDecision = Pick<
  VerificationDecided,
  'userId' | 'version' | 'isVerified' | 'verificationStatus' | 'isDriver' | 'driverVerificationStatus' | 'decidedAt'
>;

/**
 * Applies a staff decision's statuses (what gates posting and booking) to the user's row, only
 * when the decision is newer than the row: a late decision never undoes a later change. Without a
 * row it does nothing: the snapshot of the same version, published with it, creates the row
 * complete. Resolves true when the row changed.
 */
export async function applyVerificationDecision(db: Pick<RidesDb, 'update'>, decided: VerificationDecision): Promise<boolean> {
  const changed = await db
    .update(userProfiles)
    .set({
      version: decided.version,
      isVerified: decided.isVerified,
      verificationStatus: decided.verificationStatus,
      isDriver: decided.isDriver,
      driverVerificationStatus: decided.driverVerificationStatus,
      changedAt: new Date(decided.decidedAt),
    })
    .where(and(eq(userProfiles.userId, decided.userId), lt(userProfiles.version, decided.version)))
    .returning({ userId: userProfiles.userId });
  return changed.length > 0;
}
