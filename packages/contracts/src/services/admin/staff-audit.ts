import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { adminUserSchema } from '../../http/admin.ts';
import { setStaffRolesRequestSchema, staffAuditListSchema, staffAuditQuerySchema } from '../../http/staff-audit.ts';

/**
 * The audit log of staff actions. Read by administrators only: it names every member of staff's
 * actions (who refunded whom, who suspended whom), which is an administrator's oversight, not
 * another role's work.
 */
export const listStaffAuditRoute = defineEndpoint({
  method: 'GET',
  path: '/staff-audit',
  caller: 'staff',
  roles: ['administrator'],
  summary: 'Staff actions, newest first, filtered by actor, action, target and date',
  query: staffAuditQuerySchema,
  responses: { 200: staffAuditListSchema, ...errorResponses(400, 401, 403) },
});

/** Gives a staff account its roles (replacing the old); recorded in the audit log. */
export const setStaffRolesRoute = defineEndpoint({
  method: 'PUT',
  path: '/admin-users/:id/roles',
  caller: 'staff',
  roles: ['administrator'],
  summary: "Sets a staff account's roles",
  params: z.object({ id: z.string().uuid('Unknown admin') }),
  body: setStaffRolesRequestSchema,
  responses: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
});
