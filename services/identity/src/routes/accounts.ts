import {
  changePasswordRequestSchema,
  identityServiceRoutes,
  loginRequestSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '@krom/contracts/http/auth';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { Logger } from '@krom/server-kit/logger';
import { parseWith } from '@krom/server-kit/validate';
import type { FastifyInstance } from 'fastify';
import { changePassword, resetPassword } from '../accounts/change-password.ts';
import { checkCredentials } from '../accounts/check-credentials.ts';
import { deleteAccount } from '../accounts/delete-account.ts';
import { findLiveUserView } from '../accounts/find-user.ts';
import { registerUser } from '../accounts/register-user.ts';
import { updateProfile } from '../accounts/update-profile.ts';
import { toUser } from '../accounts/user-view.ts';
import type { IdentityDb } from '../db/identity-db.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { requirePublicCaller } from './callers.ts';

type Deps = { db: IdentityDb; store: ObjectStore; logger: Logger };

/** Accounts: registration and the credential check for anonymous callers; the rest act on the asserted user. */
export async function accountRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  app.post(identityServiceRoutes.users, async (request, reply) => {
    requirePublicCaller(request);
    const user = await registerUser(db, parseWith(registerRequestSchema, request.body));
    return reply.status(201).send(user);
  });

  /** The BFF keeps the session; this only says whose credentials these are. */
  app.post(identityServiceRoutes.checkCredentials, async (request) => {
    requirePublicCaller(request);
    const { email, password } = parseWith(loginRequestSchema, request.body);
    return { user: await checkCredentials(db, email, password) };
  });

  app.get(identityServiceRoutes.me, async (request) => toUser(await findLiveUserView(db, requireUser(request))));

  app.put(identityServiceRoutes.profile, async (request) => {
    const userId = requireUser(request);
    return updateProfile(deps, userId, parseWith(profileUpdateRequestSchema, request.body));
  });

  app.post(identityServiceRoutes.changePassword, async (request) => {
    const userId = requireUser(request);
    const { currentPassword, newPassword } = parseWith(changePasswordRequestSchema, request.body);
    await changePassword(db, userId, currentPassword, newPassword);
    return { ok: true };
  });

  /** Recovery: the BFF asserts this user only once their reset code was verified in the browser's session. */
  app.put(identityServiceRoutes.resetPassword, async (request) => {
    const userId = requireUser(request);
    const { password } = parseWith(resetPasswordRequestSchema, request.body);
    await resetPassword(db, userId, password);
    return { ok: true };
  });

  app.delete(identityServiceRoutes.me, async (request) => {
    await deleteAccount(deps, requireUser(request));
    return { ok: true };
  });
}
