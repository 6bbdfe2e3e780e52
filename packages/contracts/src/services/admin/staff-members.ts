import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { memberCasesSchema } from '../../http/member-page.ts';
import { staffRoles } from '../../http/staff-roles-values.ts';

/** The admin service's part of the admin area's member page, open to every staff role. */
export const staffMemberCasesRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/members/:id/cases',
  caller: 'staff',
  roles: staffRoles,
  summary: "A member's support tickets and the reports other members made about them: how many of each, and the latest ten of each, newest first",
  params: z.object({ id: z.string().uuid().describe('The member (user) id') }),
  responses: { 200: memberCasesSchema, ...errorResponses(400, 401) },
});
