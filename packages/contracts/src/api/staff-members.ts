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

/**
 * The member page: identity's account, rides' activity and vehicles, admin's cases and (finance and
 * administrators only) payments' money read at once; a section whose service fails is
 * `{ available: false }`, and payments is `{ available: false, restricted: true }` for other roles.
 */
export const getMemberPage = defineEndpoint({
  method: 'GET',
  path: '/api/admin/members/:id',
  caller: 'staff',
  roles: staffRoles,
  summary:
    "One member on one page for staff: their account; their rides as driver, bookings as passenger and vehicles; their tickets and the reports about them; and, for finance and administrators only, their payments, refunds and payouts (each section unavailable on its own when its service does not answer); 404 when no such member",
  params: memberIdParams,
  responses: { 200: memberPageSchema, ...errorResponses(401, 403, 404) },
});
