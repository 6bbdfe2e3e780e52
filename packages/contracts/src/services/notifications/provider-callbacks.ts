import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { callbackOutcomeSchema, providerCallbackSchema } from '../../http/provider-callbacks.ts';

/**
 * The SMS provider's status callback, passed on by the BFF as it came: the service's SMS provider
 * checks the signature (401 missing, 403 wrong), and each delivery is applied once. 404 when it
 * names a message this service has not recorded as sent (yet).
 */
export const smsStatusCallbackRoute = defineEndpoint({
  method: 'POST',
  path: '/provider-callbacks/sms-status',
  caller: 'webhook',
  summary: "Records the SMS provider's delivery report on the message, once per delivery",
  body: providerCallbackSchema,
  responses: { 200: callbackOutcomeSchema, ...errorResponses(400, 401, 403, 404) },
});
