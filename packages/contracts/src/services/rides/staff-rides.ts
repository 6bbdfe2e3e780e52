import { staffRoles } from '../../http/staff-roles-values.ts';
import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { staffRideListQuerySchema, staffRideListSchema } from '../../http/staff-rides.ts';

/** The rides service's staff ride list (the admin area's Rides tab). Asserted staff only, any role. */
export const staffListRidesRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/rides',
  caller: 'staff',
  roles: staffRoles,
  summary: 'Rides, newest departure first, filtered by status, from, to, departure days and driver; 50 a page, with a cursor to the next',
  query: staffRideListQuerySchema,
  responses: { 200: staffRideListSchema, ...errorResponses(400, 401) },
});
