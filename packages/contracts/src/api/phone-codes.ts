import { defineEndpoint, errorResponses } from '../endpoint.ts';
import {
  sendVerificationRequestSchema,
  sendVerificationResponseSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from '../http/phone-codes.ts';
import { issueCodeRefusedSchema } from '../http/verification-codes.ts';

/** A refusal: the seconds to wait when the service's cooldown or cap applies, none from the per-client rate limit. */
const codeRefusedResponseSchema = issueCodeRefusedSchema.partial({ resendAfterSeconds: true });

/** Sign-up phone codes: sent (and sent again), then verified, which opens registration in this browser. */
export const sendPhoneCode = defineEndpoint({
  method: 'POST',
  path: '/api/sms/send-verification',
  caller: 'guest',
  summary: 'Texts a sign-up code to the number; 409 when the e-mail or number already has an account; 429 with the seconds to wait when too soon',
  body: sendVerificationRequestSchema,
  responses: { 200: sendVerificationResponseSchema, 429: codeRefusedResponseSchema, ...errorResponses(400, 403, 409) },
});

export const verifyPhoneCode = defineEndpoint({
  method: 'POST',
  path: '/api/sms/verify-code',
  caller: 'guest',
  summary: 'Checks the sign-up code and remembers the verified number in this session',
  body: verifyCodeRequestSchema,
  responses: { 200: verifyCodeResponseSchema, ...errorResponses(400, 403, 429) },
});
