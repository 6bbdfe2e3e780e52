import { type UserSnapshot, userSnapshotOf } from '@krom/contracts/events/identity';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { asStatus, type UserRow } from '../accounts/user-view.ts';

/** What other services may show of the account in `row`, at the row's version. */
export function toUserSnapshot(row: UserRow): UserSnapshot {
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
    // Identity has no suspension yet; the field is in the contract so consumers need no new
    // version when staff can suspend an account (a `suspended_at` column will feed it).
    suspended: false,
    deleted: row.deletedAt !== null,
    statedWoman: row.gender === 'woman',
    changedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Records the account's public snapshot in the outbox, inside the transaction that made the
 * change, on the subject that ends in the user's id. Every change of a snapshot field calls it
 * with the row as that change returned it (version already raised).
 */
export async function recordUserSnapshot(tx: Transaction, row: UserRow): Promise<void> {
  await recordEvent(tx, userSnapshotOf(row.id), toUserSnapshot(row));
}
