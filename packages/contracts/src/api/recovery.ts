import { defineEndpoint, errorResponses } from '../endpoint.ts';
import {
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  resendResetCodeRequestSchema,
  resetPasswordRequestSchema,
  verifyResetOtpRequestSchema,
} from '../http/auth.ts';
import { okResponseSchema } from '../http/ok.ts';

/** Password recovery: every answer is the same whether or not an account matched. */
export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/api/auth/forgot-password',
  caller: 'guest',
  summary: 'Sends a reset code by e-mail or SMS if an account matches',
  body: forgotPasswordRequestSchema,
  responses: { 200: forgotPasswordResponseSchema, ...errorResponses(400, 403, 429) },
});

export const resendResetCode = defineEndpoint({
  method: 'POST',
  path: '/api/auth/resend-reset-code',
  caller: 'guest',
  summary: 'Sends another reset code where the first one went',
  body: resendResetCodeRequestSchema,
  responses: { 200: forgotPasswordResponseSchema, ...errorResponses(400, 403, 429) },
});

export const verifyResetCode = defineEndpoint({
  method: 'POST',
  path: '/api/auth/verify-reset-otp',
  caller: 'guest',
  summary: 'Checks the reset code; a new password is then allowed for a few minutes',
  body: verifyResetOtpRequestSchema,
  responses: { 200: okResponseSchema, ...errorResponses(400, 403, 429) },
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  caller: 'guest',
  summary: "Sets the new password after a verified code; every session of the user ends",
  body: resetPasswordRequestSchema,
  responses: { 200: okResponseSchema, ...errorResponses(400, 403, 429) },
});
