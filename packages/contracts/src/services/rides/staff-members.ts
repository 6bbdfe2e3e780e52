import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { memberRideActivitySchema } from '../../http/member-page.ts';
import { staffRoles } from '../../http/staff-roles-values.ts';

export const memberActivityParams = z.object({ id: z.string().uuid().describe('The member (user) id') });

/** The rides service's part of the admin area's member page, open to every staff role. */
export const staffMemberActivityRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/members/:id/activity',
  caller: 'staff',
  roles: staffRoles,
  summary: "A member's rides as driver, bookings as passenger and vehicles (removed ones too): how many of each, and the latest ten of each (rides by departure, bookings and vehicles by when made, newest first)",
  params: memberActivityParams,
  responses: { 200: memberRideActivitySchema, ...errorResponses(400, 401) },
});
