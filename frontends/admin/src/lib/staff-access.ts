import { type StaffRole, staffMay } from '@krom/contracts/http/staff-roles-values';

/**
 * The roles each tab and action of the staff area needs: the `roles` its endpoints declare in the
 * contracts (which the BFF enforces). Written out here because the endpoints carry zod, which stays
 * out of the admin bundle; `__tests__/staff-access.test.ts` holds this table to the contracts.
 * An administrator may use everything (`staffMay`).
 */
export const staffAccess = {
  waitlist: ['administrator'],
  admins: ['administrator'],
  audit: ['administrator'],
  verifications: ['trust_safety'],
  tickets: ['support', 'trust_safety'],
  rides: ['support', 'trust_safety', 'finance', 'administrator'],
  bookings: ['support', 'finance'],
  payments: ['finance'],
  members: ['support', 'trust_safety', 'finance', 'administrator'],
  messages: ['support'],
  cancelBooking: ['support'],
  suspendMember: ['trust_safety'],
  smsTest: ['administrator'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffAccess = keyof typeof staffAccess;

/** Whether a member of staff holding `held` may use `what`. */
export const staffMayUse = (held: readonly string[] | undefined, what: StaffAccess): boolean => staffMay(held, staffAccess[what]);
