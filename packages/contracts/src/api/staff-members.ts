import { defineEndpoint, defineForwarded, errorResponses } from '../endpoint.ts';
import { memberPageSchema } from '../http/member-page.ts';
import { staffRoles } from '../http/staff-roles-values.ts';
import { memberIdParams } from '../http/suspensions.ts';
import { staffMemberSearchRoute } from '../services/identity/staff-members.ts';

/** The admin area's Members tab, under /api/admin like the rest of the staff area. Staff sessions only, every role. */
export const searchMembers = defineForwarded(staffMemberSearchRoute, {
  path: '/api/admin/members',
  summary: 'Members by a part of their name, their phone (local or +233 form) or e-mail; at most 20, newest first',
  responses: { ...staffMemberSearchRoute.responses, ...errorResponses(403) },
});

/** The member page: identity's account and rides' activity read at once; a section whose service fails is `{ available: false }`. */
export const getMemberPage = defineEndpoint({
  method: 'GET',
  path: '/api/admin/members/:id',
  caller: 'staff',
  roles: staffRoles,
  summary: 'One member on one page for staff: their account, and their rides as driver and bookings as passenger (each section unavailable on its own when its service does not answer); 404 when no such member',
  params: memberIdParams,
  responses: { 200: memberPageSchema, ...errorResponses(401, 403, 404) },
});
