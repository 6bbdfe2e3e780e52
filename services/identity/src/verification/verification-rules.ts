import { type VerificationKind, verificationErrors } from '@krom/contracts/http/verification';
import type { UserRow } from '../accounts/user-view.ts';

/**
 * Why the account may not send a form of `kind` now (409), or undefined when it may. Identity is
 * refused once approved; a pending one may be sent again (it supersedes) and a rejected one goes
 * back to the queue. A driver form needs the identity form sent (pending) or approved first, and
 * is refused once the driver is approved.
 */
export function submissionRefusal(kind: VerificationKind, user: Pick<UserRow, 'verificationStatus' | 'driverVerificationStatus'>): string | undefined {
  if (kind === 'identity') return user.verificationStatus === 'approved' ? verificationErrors.alreadyVerified : undefined;
  if (user.verificationStatus !== 'pending' && user.verificationStatus !== 'approved') return verificationErrors.identityFirst;
  return user.driverVerificationStatus === 'approved' ? verificationErrors.driverAlreadyVerified : undefined;
}
