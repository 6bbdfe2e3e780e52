import { type User, type VerificationStatus, verificationStatuses } from '@krom/contracts/http/auth';
import type { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export const asStatus = (value: string): VerificationStatus =>
  (verificationStatuses as readonly string[]).includes(value) ? (value as VerificationStatus) : 'not_submitted';

/** The columns a screen's view of an account is made from (what `findLiveUserView` reads). */
export type UserViewRow = Pick<
  UserRow,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'emergencyContactName'
  | 'emergencyContactPhone'
  | 'profileImageUrl'
  | 'gender'
  | 'isVerified'
  | 'verificationStatus'
  | 'isDriver'
  | 'driverVerificationStatus'
  | 'createdAt'
>;

/** A live account as screens read it: never the hash, never the verification documents. */
export function toUser(row: UserViewRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? '',
    phone: row.phone ?? '',
    emergencyContactName: row.emergencyContactName,
    emergencyContactPhone: row.emergencyContactPhone,
    profileImageUrl: row.profileImageUrl,
    gender: row.gender,
    isVerified: row.isVerified,
    verificationStatus: asStatus(row.verificationStatus),
    isDriver: row.isDriver,
    driverVerificationStatus: asStatus(row.driverVerificationStatus),
    createdAt: row.createdAt.toISOString(),
  };
}
