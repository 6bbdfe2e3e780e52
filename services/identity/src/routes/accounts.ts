import {
  changeOwnPasswordRoute,
  checkCredentialsRoute,
  deleteOwnAccountRoute,
  exportOwnDataRoute,
  getOwnUserRoute,
  liftSuspensionRoute,
  registerUserRoute,
  resetOwnPasswordRoute,
  suspendMemberRoute,
  updateOwnProfileRoute,
} from '@krom/contracts/services/identity/accounts';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireStaff, requireUser } from '@krom/server-kit/internal-auth';
import type { Logger } from '@krom/server-kit/logger';
import type { FastifyInstance } from 'fastify';
import { changePassword, resetPassword } from '../accounts/change-password.ts';
import { checkCredentials } from '../accounts/check-credentials.ts';
import { deleteAccount } from '../accounts/delete-account.ts';
import { exportOwnData } from '../accounts/export-own-data.ts';
import { findLiveUserView } from '../accounts/find-user.ts';
import { registerUser } from '../accounts/register-user.ts';
import { liftSuspension, suspendMember } from '../accounts/suspend-member.ts';
import { updateProfile } from '../accounts/update-profile.ts';
import { toUser } from '../accounts/user-view.ts';
import type { IdentityDb } from '../db/identity-db.ts';
import type { ObjectStore } from '@krom/server-kit/object-store/port';

type Deps = { db: IdentityDb; store: ObjectStore; logger: Logger };

/** Accounts: registration and the credential check for anonymous callers; staff's suspensions; the rest act on the asserted user. */
export async function accountRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  routeEndpoint(app, registerUserRoute, {
    handler: async (request, reply) => reply.status(201).send(await registerUser(db, request.body)),
  });

  /** The BFF keeps the session; this only says whose credentials these are. */
  routeEndpoint(app, checkCredentialsRoute, {
    handler: async (request) => ({ user: await checkCredentials(db, request.body.email, request.body.password) }),
  });

  // Staff: a member's suspension (the BFF checked the staff role and ends the member's sessions).
  routeEndpoint(app, suspendMemberRoute, {
    handler: async (request) => suspendMember(db, requireStaff(request), request.params.id, request.body.reason),
  });
  routeEndpoint(app, liftSuspensionRoute, {
    handler: async (request) => liftSuspension(db, requireStaff(request), request.params.id),
  });

  routeEndpoint(app, exportOwnDataRoute, { handler: async (request) => exportOwnData(db, requireUser(request)) });

  routeEndpoint(app, getOwnUserRoute, { handler: async (request) => toUser(await findLiveUserView(db, requireUser(request))) });

  routeEndpoint(app, updateOwnProfileRoute, {
    handler: async (request) => updateProfile(deps, requireUser(request), request.body),
  });

  routeEndpoint(app, changeOwnPasswordRoute, {
    handler: async (request) => {
      const { currentPassword, newPassword } = request.body;
      await changePassword(db, requireUser(request), currentPassword, newPassword);
      return { ok: true as const };
    },
  });

  /** Recovery: the BFF asserts this user only once their reset code was verified in the browser's session. */
  routeEndpoint(app, resetOwnPasswordRoute, {
    handler: async (request) => {
      await resetPassword(db, requireUser(request), request.body.password);
      return { ok: true as const };
    },
  });

  routeEndpoint(app, deleteOwnAccountRoute, {
    handler: async (request) => {
      await deleteAccount(deps, requireUser(request));
      return { ok: true as const };
    },
  });
}
