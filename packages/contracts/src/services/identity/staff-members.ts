import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { memberAccountSchema } from '../../http/member-page.ts';
import { staffRoles } from '../../http/staff-roles-values.ts';
import { memberSearchQuerySchema, memberSearchSchema } from '../../http/staff-members.ts';
import { memberIdParams } from '../../http/suspensions.ts';

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

/** One member's account for the member page, open to every staff role. */
export const staffMemberAccountRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/members/:id',
  caller: 'staff',
  roles: staffRoles,
  summary: "One member's account: names, phone, e-mail, verification, when they joined, whether deleted, and their suspension",
  params: memberIdParams,
  responses: { 200: memberAccountSchema, ...errorResponses(401, 404) },
});
