import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { joinWaitlistRequestSchema, joinWaitlistResponseSchema, waitlistListResponseSchema } from '../../http/waitlist.ts';

/** The admin service's waitlist routes (reached only from the BFF with an internal assertion). */
export const joinWaitlistRoute = defineEndpoint({
  method: 'POST',
  path: '/waitlist',
  caller: 'public',
  summary: 'Adds a sign-up (200 when the e-mail was already on the list, 201 when new)',
  body: joinWaitlistRequestSchema,
  responses: { 200: joinWaitlistResponseSchema, 201: joinWaitlistResponseSchema, ...errorResponses(400, 401) },
});

export const listWaitlistRoute = defineEndpoint({
  method: 'GET',
  path: '/waitlist',
  caller: 'staff',
  roles: ['administrator'],
  summary: 'Every sign-up, newest first (staff only)',
  responses: { 200: waitlistListResponseSchema, ...errorResponses(401) },
});
