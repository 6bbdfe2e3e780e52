import { defineEndpoint, errorResponses } from '../endpoint.ts';
import { adminLoginRequestSchema, adminSessionResponseSchema, adminUserListSchema, adminUserSchema, createAdminRequestSchema } from '../http/admin.ts';
import { okResponseSchema } from '../http/ok.ts';
import { waitlistListResponseSchema } from '../http/waitlist.ts';

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
  summary: 'The signed-in staff member; 401 when signed out',
  responses: { 200: adminSessionResponseSchema, ...errorResponses(401) },
});

export const getWaitlistSignups = defineEndpoint({
  method: 'GET',
  path: '/api/admin/waitlist',
  caller: 'staff',
  summary: 'Every waitlist sign-up, newest first',
  responses: { 200: waitlistListResponseSchema, ...errorResponses(401) },
});

export const getAdminUsers = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users',
  caller: 'staff',
  summary: 'Every staff account',
  responses: { 200: adminUserListSchema, ...errorResponses(401) },
});

export const createAdminUser = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users',
  caller: 'staff',
  summary: 'Adds a staff account',
  body: createAdminRequestSchema,
  responses: { 201: adminUserSchema, ...errorResponses(400, 401, 403, 409) },
});
