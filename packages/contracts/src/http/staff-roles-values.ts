/**
 * Staff roles (zod-free: the admin remote's pages read them). Each staff endpoint declares the
 * roles that may call it (`Endpoint.roles`); an administrator may call every staff endpoint,
 * creates staff and gives roles. The first administrator (the README's bootstrap) has every role.
 * - `support`: tickets and the staff view of members, rides and bookings.
 * - `trust_safety`: member reports, suspensions, verification review, plate disputes.
 * - `finance`: refunds, payouts, reconciliation.
 * - `administrator`: everything, including staff accounts, the waitlist and the audit log.
 */
export const staffRoles = ['support', 'trust_safety', 'finance', 'administrator'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffRoleLabels: Record<StaffRole, string> = {
  support: 'Support',
  trust_safety: 'Trust & safety',
  finance: 'Finance',
  administrator: 'Administrator',
};

/** Whether a member of staff holding `held` may use what needs one of `needed` (an administrator may use everything). */
export function staffMay(held: readonly string[] | undefined, needed: readonly StaffRole[]): boolean {
  if (!held) return false;
  return held.includes('administrator') || needed.some((role) => held.includes(role));
}

/** What a member of staff is told when their roles do not open an endpoint. */
export const staffRoleRefusal = 'Your staff role does not allow this';
