import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { memberSearchQuerySchema, memberSearchSchema } from '../../http/staff-members.ts';

/** Identity's staff search of members (the admin area's Members tab), open to every staff role. */
export const staffMemberSearchRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/members',
  caller: 'staff',
  roles: ['support', 'trust_safety', 'finance', 'administrator'],
  summary: 'Members whose name contains the words, whose phone (any Ghana form) or e-mail is the one given; at most 20, newest first',
  query: memberSearchQuerySchema,
  responses: { 200: memberSearchSchema, ...errorResponses(400, 401) },
});
