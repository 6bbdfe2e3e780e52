import { type UserSnapshot, userSnapshotOf } from '@krom/contracts/events/identity';
import { defaultPrivacySettings } from '@krom/contracts/http/auth';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { eq } from 'drizzle-orm';
import { asStatus, type UserRow } from '../accounts/user-view.ts';
import { userSettings } from '../db/schema.ts';

/** The privacy toggles rides applies (the spec's defaults for a member who never saved settings). */
export type SharedPrivacy = { showPhone: boolean; showProfile: boolean };

/** What other services may show of the account in `row`, at the row's version. */
export function toUserSnapshot(
  row: UserRow,
  privacy: SharedPrivacy = { showPhone: defaultPrivacySettings.showPhoneToDrivers, showProfile: defaultPrivacySettings.showProfileToOthers },
): UserSnapshot {
  return {
    userId: row.id,
    version: row.version,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isVerified: row.isVerified,
    verificationStatus: asStatus(row.verificationStatus),
    isDriver: row.isDriver,
    driverVerificationStatus: asStatus(row.driverVerificationStatus),
    suspended: row.suspendedAt !== null,
    deleted: row.deletedAt !== null,
    statedWoman: row.gender === 'woman',
    // A deleted account's phone is already null (delete-account erases it).
    phone: row.phone,
    ...privacy,
    changedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Records the account's public snapshot in the outbox, inside the transaction that made the
 * change, on the subject that ends in the user's id. Every change of a snapshot field calls it
 * with the row as that change returned it (version already raised).
 */
export async function recordUserSnapshot(tx: Transaction, row: UserRow): Promise<void> {
  const [settings] = await tx
    .select({ showPhone: userSettings.showPhoneToDrivers, showProfile: userSettings.showProfileToOthers })
    .from(userSettings)
    .where(eq(userSettings.userId, row.id));
  await recordEvent(tx, userSnapshotOf(row.id), toUserSnapshot(row, settings));
}
