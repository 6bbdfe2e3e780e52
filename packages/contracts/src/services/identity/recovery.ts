import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { recoveryLookupRequestSchema, recoveryLookupResponseSchema } from '../../http/auth.ts';

/** The identity service's look-up for password recovery (the code itself is the notifications service's). */
export const recoveryLookupRoute = defineEndpoint({
  method: 'POST',
  path: '/recovery/lookup',
  caller: 'guest',
  summary: 'The account an e-mail, a phone or a user id names; 404 when none (anonymous callers only)',
  body: recoveryLookupRequestSchema,
  responses: { 200: recoveryLookupResponseSchema, ...errorResponses(400, 401, 404) },
});
