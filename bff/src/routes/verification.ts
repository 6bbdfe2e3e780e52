import {
  getMyVerification,
  getVerificationDocument,
  submitDriverVerification,
  submitIdentityVerification,
} from '@krom/contracts/api/verification';
import { type StaffRole, staffMay } from '@krom/contracts/http/staff-roles-values';
import {
  myVerificationRoute,
  readVerificationDocumentRoute,
  submitDriverVerificationRoute,
  submitIdentityVerificationRoute,
} from '@krom/contracts/services/identity/verification';
import { HttpError } from '@krom/server-kit/errors';
import type { Caller } from '@krom/server-kit/internal-auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { currentPrincipal, requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * Who may follow a document link: staff whose roles include one of `roles` (the endpoint's), or
 * the user who sent it. A browser signed in as both is asked as staff when the staff roles open
 * the endpoint (staff may see every document), else as the user; staff asserted with their roles,
 * as everywhere. Identity checks the link and, for a user, that the document is theirs.
 */
export function userOrStaffCaller(roles: readonly StaffRole[] | undefined) {
  return async (request: FastifyRequest): Promise<Caller> => {
    const adminId = await currentPrincipal(request, 'admin');
    const staff = adminId ? ({ kind: 'admin', adminId, roles: request.staffRoles ?? [] } as const) : undefined;
    if (staff && (!roles || staffMay(staff.roles, roles))) return staff;
    const userId = await currentPrincipal(request, 'user');
    if (userId) return { kind: 'user', userId };
    if (staff) return staff;
    throw new HttpError(401, 'Sign-in required');
  };
}

/**
 * Identity and driver verification as the user sends it: the multipart forms streamed to identity
 * (a form over `verificationFormLimit` refused here before a byte is forwarded), the user's own
 * statuses, and the photos through their short-lived signed links.
 */
export async function verificationRoutes(app: FastifyInstance, options: RouteOptions) {
  const { directory } = options;
  const asUser = { service: 'identity' as const, caller: requireUserCaller };
  // A submission is a state-changing call of the signed-in user: the app's onSend hook drops
  // their cached current user, so the next GET /api/auth/user shows the pending status.
  const writing = { ...asUser, rateLimit: options.memberLimits.writes };
  await forward(app, directory, { ...writing, endpoint: submitIdentityVerification, to: submitIdentityVerificationRoute });
  await forward(app, directory, { ...writing, endpoint: submitDriverVerification, to: submitDriverVerificationRoute });
  await forward(app, directory, { ...asUser, endpoint: getMyVerification, to: myVerificationRoute });
  await forward(app, directory, { service: 'identity', caller: userOrStaffCaller(readVerificationDocumentRoute.roles), endpoint: getVerificationDocument, to: readVerificationDocumentRoute });
}
