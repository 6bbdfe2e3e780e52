import { type User, type VerificationStatus, verificationStatuses } from '@krom/contracts/http/auth';
import type { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

const asStatus = (value: string): VerificationStatus =>
  (verificationStatuses as readonly string[]).includes(value) ? (value as VerificationStatus) : 'not_submitted';

/** A live account as screens read it: never the hash, never the verification documents. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? '',
    phone: row.phone ?? '',
    emergencyContactName: row.emergencyContactName,
    emergencyContactPhone: row.emergencyContactPhone,
    profileImageUrl: row.profileImageUrl,
    isVerified: row.isVerified,
    verificationStatus: asStatus(row.verificationStatus),
    isDriver: row.isDriver,
    driverVerificationStatus: asStatus(row.driverVerificationStatus),
    createdAt: row.createdAt.toISOString(),
  };
}
