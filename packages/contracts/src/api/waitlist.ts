import { defineForwarded, errorResponses, withoutStatuses } from '../endpoint.ts';
import { joinWaitlistRoute } from '../services/admin/waitlist.ts';

/** The landing page's form; public and rate limited per client. */
export const joinWaitlist = defineForwarded(joinWaitlistRoute, {
  summary: 'Joins the waitlist (200 when the e-mail was already on it, 201 when new)',
  responses: { ...withoutStatuses(joinWaitlistRoute.responses, 401), ...errorResponses(403, 429) },
});
