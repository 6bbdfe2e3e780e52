import {
  adminLogin,
  adminLogout,
  createAdminUser,
  getAdminUsers,
  getStaffNames,
  getStaffAudit,
  getWaitlistSignups,
  setStaffRoles,
  verifyAdminSession,
} from '@krom/contracts/api/admin';
import { listStaffAuditRoute, setStaffRolesRoute } from '@krom/contracts/services/admin/staff-audit';
import { adminErrors } from '@krom/contracts/http/admin';
import {
  checkAdminCredentialsRoute,
  createAdminUserRoute,
  getAdminUserRoute,
  listAdminUsersRoute,
  listStaffNamesRoute,
} from '@krom/contracts/services/admin/admin-users';
import { listWaitlistRoute } from '@krom/contracts/services/admin/waitlist';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance } from 'fastify';
import { callService, forward } from '../plugins/service-calls.ts';
import { publicCaller, requireAdminCaller, signIn, signOut } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/** The staff area's calls. Staff sign in separately from users; no user session opens these. */
export async function adminRoutes(app: FastifyInstance, options: RouteOptions) {
  const { directory } = options;

  routeEndpoint(app, adminLogin, {
    config: { rateLimit: options.publicRateLimit },
    handler: async (request) => {
      const { admin } = await callService(request, directory, {
        service: 'admin',
        to: checkAdminCredentialsRoute,
        caller: await publicCaller(),
        body: request.body,
      }).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 401) throw new HttpError(401, adminErrors.invalidCredentials);
        throw error;
      });
      await signIn(request, 'admin', admin.id, undefined, admin.roles);
      return { admin };
    },
  });

  routeEndpoint(app, adminLogout, {
    handler: async (request) => {
      await signOut(request, 'admin');
      return { ok: true as const };
    },
  });

  routeEndpoint(app, verifyAdminSession, {
    handler: async (request) => {
      const caller = await requireAdminCaller(request);
      if (caller.kind !== 'admin') throw new HttpError(401, adminErrors.notSignedIn);
      try {
        return await callService(request, directory, {
          service: 'admin',
          to: getAdminUserRoute,
          params: { id: caller.adminId },
          caller,
        });
      } catch (error) {
        // The admin no longer exists: the session ends with them.
        if (error instanceof HttpError && error.statusCode === 404) {
          await signOut(request, 'admin');
          throw new HttpError(401, adminErrors.notSignedIn);
        }
        throw error;
      }
    },
  });

  const asAdmin = { service: 'admin' as const, caller: requireAdminCaller };
  await forward(app, directory, { ...asAdmin, endpoint: getWaitlistSignups, to: listWaitlistRoute });
  await forward(app, directory, { ...asAdmin, endpoint: getAdminUsers, to: listAdminUsersRoute });
  await forward(app, directory, { ...asAdmin, endpoint: getStaffNames, to: listStaffNamesRoute });
  await forward(app, directory, { ...asAdmin, endpoint: createAdminUser, to: createAdminUserRoute });
  await forward(app, directory, { ...asAdmin, endpoint: getStaffAudit, to: listStaffAuditRoute });

  // New roles take effect at the account's next sign-in: its sessions (carrying the old ones) end here.
  routeEndpoint(app, setStaffRoles, {
    handler: async (request) => {
      const updated = await callService(request, directory, {
        service: 'admin',
        to: setStaffRolesRoute,
        params: request.params,
        body: request.body,
        caller: await requireAdminCaller(request),
      });
      await request.server.sessions.destroyAllFor('admin', updated.id);
      return updated;
    },
  });
}
