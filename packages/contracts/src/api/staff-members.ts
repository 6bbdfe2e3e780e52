import { defineForwarded, errorResponses } from '../endpoint.ts';
import { staffMemberSearchRoute } from '../services/identity/staff-members.ts';

/** The admin area's Members tab, under /api/admin like the rest of the staff area. Staff sessions only, every role. */
export const searchMembers = defineForwarded(staffMemberSearchRoute, {
  path: '/api/admin/members',
  summary: 'Members by a part of their name, their phone (local or +233 form) or e-mail; at most 20, newest first',
  responses: { ...staffMemberSearchRoute.responses, ...errorResponses(403) },
});
