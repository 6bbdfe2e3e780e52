import type { UserSnapshot } from '@krom/contracts/events/identity';
import { getTableColumns, sql } from 'drizzle-orm';
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
 * new, replacing the row only when its version is higher than the stored one. A repeated or
 * late (older) snapshot therefore changes nothing, so no handled-event bookkeeping is needed
 * and any order of delivery ends at the newest state. Resolves true when the row changed.
 */
export async function applyUserSnapshot(db: Pick<RidesDb, 'insert'>, snapshot: UserSnapshot): Promise<boolean> {
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
      changedAt: new Date(snapshot.changedAt),
    })
    .onConflictDoUpdate({
      target: userProfiles.userId,
      set: takeIncoming,
      setWhere: sql`excluded.version > ${userProfiles.version}`,
    })
    .returning({ userId: userProfiles.userId });
  return changed.length > 0;
}
