import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  codePolicyResponseSchema,
  issueCodeRefusedSchema,
  issueCodeRequestSchema,
  issueCodeResponseSchema,
  verifyCodeServiceRequestSchema,
  verifyCodeServiceResponseSchema,
} from '../../http/verification-codes.ts';

/**
 * The notifications service's one-time codes (sign-up, recovery), reached only from the BFF: the
 * internal assertion is the check on who calls; the code itself is what proves the person.
 */
export const issueCodeRoute = defineEndpoint({
  method: 'POST',
  path: '/verification-codes',
  caller: 'guest',
  summary: 'Makes and sends a code; 429 with the seconds to wait when a cooldown or cap applies',
  body: issueCodeRequestSchema,
  responses: { 201: issueCodeResponseSchema, 429: issueCodeRefusedSchema, ...errorResponses(400, 401) },
});

export const verifyCodeRoute = defineEndpoint({
  method: 'POST',
  path: '/verification-codes/verify',
  caller: 'guest',
  summary: 'Checks a code; 400 for a wrong, used or expired one or too many tries',
  body: verifyCodeServiceRequestSchema,
  responses: { 200: verifyCodeServiceResponseSchema, ...errorResponses(400, 401) },
});

export const codePolicyRoute = defineEndpoint({
  method: 'GET',
  path: '/verification-codes/policy',
  caller: 'guest',
  summary: 'The resend cooldown the service enforces, so a screen can count down before the first answer',
  responses: { 200: codePolicyResponseSchema, ...errorResponses(401) },
});
