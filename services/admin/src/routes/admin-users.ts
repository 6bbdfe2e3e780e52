import { adminLoginRequestSchema, adminServiceRoutes, createAdminRequestSchema } from '@krom/contracts/http/admin';
import { HttpError } from '@krom/server-kit/errors';
import { requireAdmin } from '@krom/server-kit/internal-auth';
import { parseWith } from '@krom/server-kit/validate';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkAdminCredentials, createAdmin, findAdmin, listAdmins } from '../admins/admin-accounts.ts';
import type { AdminDb } from '../db/admin-db.ts';

export async function adminUserRoutes(app: FastifyInstance, { db }: { db: AdminDb }) {
  /** Credential check for the BFF's admin sign-in; the BFF owns the session itself. */
  app.post(adminServiceRoutes.checkCredentials, async (request) => {
    const { username, password } = parseWith(adminLoginRequestSchema, request.body);
    return { admin: await checkAdminCredentials(db, username, password) };
  });

  app.get(adminServiceRoutes.adminUsers, async (request) => {
    requireAdmin(request);
    return listAdmins(db);
  });

  app.post(adminServiceRoutes.adminUsers, async (request, reply) => {
    requireAdmin(request);
    const admin = await createAdmin(db, parseWith(createAdminRequestSchema, request.body));
    return reply.status(201).send(admin);
  });

  app.get(adminServiceRoutes.adminUser, async (request) => {
    requireAdmin(request);
    const { id } = parseWith(z.object({ id: z.string().uuid('Unknown admin') }), request.params);
    const admin = await findAdmin(db, id);
    if (!admin) throw new HttpError(404, 'Unknown admin');
    return { admin };
  });
}
