import { staffRoles } from '../http/staff-roles-values.ts';
import { listStaffAuditRoute, setStaffRolesRoute } from '../services/admin/staff-audit.ts';
import { defineEndpoint, defineForwarded, errorResponses } from '../endpoint.ts';
import { adminLoginRequestSchema, adminSessionResponseSchema } from '../http/admin.ts';
import { okResponseSchema } from '../http/ok.ts';
import { createAdminUserRoute, listAdminUsersRoute, listStaffNamesRoute } from '../services/admin/admin-users.ts';
import { listWaitlistRoute } from '../services/admin/waitlist.ts';

/** The staff area's calls; staff sign in separately from users and no user session opens these. */
export const adminLogin = defineEndpoint({
  method: 'POST',
  path: '/api/admin/login',
  caller: 'guest',
  summary: 'Signs a staff member in',
  body: adminLoginRequestSchema,
  responses: { 200: adminSessionResponseSchema, ...errorResponses(400, 401, 403, 429) },
});

export const adminLogout = defineEndpoint({
  method: 'POST',
  path: '/api/admin/logout',
  caller: 'public',
  summary: "Ends the staff session, on the server too",
  responses: { 200: okResponseSchema, ...errorResponses(403) },
});

export const verifyAdminSession = defineEndpoint({
  method: 'GET',
  path: '/api/admin/verify',
  caller: 'staff',
  roles: staffRoles,
  summary: 'The signed-in staff member; 401 when signed out',
  responses: { 200: adminSessionResponseSchema, ...errorResponses(401) },
});

export const getWaitlistSignups = defineForwarded(listWaitlistRoute, { path: '/api/admin/waitlist', summary: 'Every waitlist sign-up, newest first' });

export const getAdminUsers = defineForwarded(listAdminUsersRoute, { path: '/api/admin/users', summary: 'Every staff account' });

export const getStaffNames = defineForwarded(listStaffNamesRoute, { path: '/api/admin/staff-names', summary: "Every staff account's username, for naming who acted" });

export const createAdminUser = defineForwarded(createAdminUserRoute, {
  path: '/api/admin/users',
  summary: 'Adds a staff account',
  responses: { ...createAdminUserRoute.responses, ...errorResponses(403) },
});

export const getStaffAudit = defineForwarded(listStaffAuditRoute, { path: '/api/admin/audit', summary: 'The audit log of staff actions, newest first, filtered (administrators)' });

export const setStaffRoles = defineForwarded(setStaffRolesRoute, {
  path: '/api/admin/users/:id/roles',
  summary: "Sets a staff account's roles; that account's sessions end, so it signs in under the new ones",
});
