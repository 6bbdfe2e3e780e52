import { defineEndpoint, errorResponses } from '../endpoint.ts';
import { joinWaitlistRequestSchema, joinWaitlistResponseSchema } from '../http/waitlist.ts';

/** The landing page's form; public and rate limited per client. */
export const joinWaitlist = defineEndpoint({
  method: 'POST',
  path: '/api/waitlist',
  caller: 'public',
  summary: 'Joins the waitlist (200 when the e-mail was already on it, 201 when new)',
  body: joinWaitlistRequestSchema,
  responses: { 200: joinWaitlistResponseSchema, 201: joinWaitlistResponseSchema, ...errorResponses(400, 403, 429) },
});
