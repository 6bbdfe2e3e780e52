import { staffRoles } from '../../http/staff-roles-values.ts';
import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  adminLoginRequestSchema,
  adminSessionResponseSchema,
  adminUserListSchema,
  adminUserSchema,
  createAdminRequestSchema,
  staffNamesSchema,
} from '../../http/admin.ts';

/** The admin service's staff account routes (reached only from the BFF with an internal assertion). */
export const checkAdminCredentialsRoute = defineEndpoint({
  method: 'POST',
  path: '/admin-sessions',
  caller: 'guest',
  summary: "Checks a staff member's credentials for the BFF's sign-in (the BFF owns the session)",
  body: adminLoginRequestSchema,
  responses: { 200: adminSessionResponseSchema, ...errorResponses(400, 401) },
});

export const listAdminUsersRoute = defineEndpoint({
  method: 'GET',
  path: '/admin-users',
  caller: 'staff',
  roles: ['administrator'],
  summary: 'Every staff account (staff only)',
  responses: { 200: adminUserListSchema, ...errorResponses(401) },
});

export const listStaffNamesRoute = defineEndpoint({
  method: 'GET',
  path: '/staff-names',
  caller: 'staff',
  roles: staffRoles,
  summary: "Every staff account's id and username, for naming who acted (every staff role)",
  responses: { 200: staffNamesSchema, ...errorResponses(401) },
});

export const createAdminUserRoute = defineEndpoint({
  method: 'POST',
  path: '/admin-users',
  caller: 'staff',
  roles: ['administrator'],
  summary: 'Adds a staff account (staff only)',
  body: createAdminRequestSchema,
  responses: { 201: adminUserSchema, ...errorResponses(400, 401, 409) },
});

export const getAdminUserRoute = defineEndpoint({
  method: 'GET',
  path: '/admin-users/:id',
  caller: 'staff',
  roles: staffRoles,
  summary: 'One staff account, as a session answer',
  params: z.object({ id: z.string().uuid('Unknown admin') }),
  responses: { 200: adminSessionResponseSchema, ...errorResponses(400, 401, 404) },
});
