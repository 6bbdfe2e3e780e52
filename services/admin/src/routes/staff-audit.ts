import { listStaffAuditRoute, setStaffRolesRoute } from '@krom/contracts/services/admin/staff-audit';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type StaffActor, setAdminRoles } from '../admins/admin-accounts.ts';
import { listStaffAudit } from '../audit/staff-audit.ts';
import type { AdminDb } from '../db/admin-db.ts';

/** The member of staff calling, with the roles the BFF's session holds. */
export function staffActor(request: FastifyRequest): StaffActor {
  if (request.caller.kind !== 'admin') throw new HttpError(401, 'Admin sign-in required');
  return { adminId: request.caller.adminId, roles: request.caller.roles ?? [] };
}

export async function staffAuditRoutes(app: FastifyInstance, { db }: { db: AdminDb }) {
  routeEndpoint(app, listStaffAuditRoute, { handler: async (request) => listStaffAudit(db, request.query) });

  routeEndpoint(app, setStaffRolesRoute, {
    handler: async (request) => setAdminRoles(db, request.params.id, request.body.roles, staffActor(request)),
  });
}
