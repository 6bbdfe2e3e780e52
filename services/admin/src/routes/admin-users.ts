import {
  checkAdminCredentialsRoute,
  createAdminUserRoute,
  getAdminUserRoute,
  listAdminUsersRoute,
  listStaffNamesRoute,
} from '@krom/contracts/services/admin/admin-users';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance } from 'fastify';
import { checkAdminCredentials, createAdmin, findAdmin, listAdmins } from '../admins/admin-accounts.ts';
import type { AdminDb } from '../db/admin-db.ts';
import { staffActor } from './staff-audit.ts';

export async function adminUserRoutes(app: FastifyInstance, { db }: { db: AdminDb }) {
  /** Credential check for the BFF's admin sign-in; the BFF owns the session itself. */
  routeEndpoint(app, checkAdminCredentialsRoute, {
    handler: async (request) => ({ admin: await checkAdminCredentials(db, request.body.username, request.body.password) }),
  });

  routeEndpoint(app, listAdminUsersRoute, { handler: async () => listAdmins(db) });

  routeEndpoint(app, listStaffNamesRoute, { handler: async () => ({ staff: (await listAdmins(db)).map(({ id, username }) => ({ id, username })) }) });

  routeEndpoint(app, createAdminUserRoute, { handler: async (request, reply) => reply.status(201).send(await createAdmin(db, request.body, staffActor(request))) });

  routeEndpoint(app, getAdminUserRoute, {
    handler: async (request) => {
      const admin = await findAdmin(db, request.params.id);
      if (!admin) throw new HttpError(404, 'Unknown admin');
      return { admin };
    },
  });
}
