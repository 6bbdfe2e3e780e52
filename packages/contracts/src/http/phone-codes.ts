import { z } from 'zod';
import { emailField, fourDigitCode, ghanaPhoneField } from './fields.ts';

/**
 * POST /api/sms/send-verification (sign-up and resend). The sign-up form also sends the e-mail,
 * so that an address or number that already has an account is refused (409) before any code goes out.
 */
export const sendVerificationRequestSchema = z.object({ phoneNumber: ghanaPhoneField, email: emailField.optional() });
/**
 * How long before Send Again may ask for another code; the screen counts it down. `alreadyVerified`:
 * this browser session verified the number a moment ago (then sent back to fix a detail), so no
 * code was sent and none is needed: registration may follow at once.
 */
export const sendVerificationResponseSchema = z.object({
  message: z.string(),
  resendAfterSeconds: z.number().int(),
  alreadyVerified: z.literal(true).optional(),
});

/** POST /api/sms/verify-code (sign-up). */
export const verifyCodeRequestSchema = z.object({
  phoneNumber: ghanaPhoneField,
  verificationCode: fourDigitCode('Verification code must be 4 digits'),
});

/** The sign-up answers: the spec's success toasts for a sent and a verified code. */
export const phoneCodeMessages = { sent: 'Verification code sent!', verified: 'Phone number verified!' } as const;
export const verifyCodeResponseSchema = z.object({ message: z.string() });

export const phoneCodeErrors = {
  invalidCode: 'Invalid verification code. Please try again.',
  tooManyTries: 'Too many wrong codes. Please request a new code.',
  expired: 'This code has expired. Please request a new code.',
  cooldown: (seconds: number) => `Please wait ${seconds} seconds before requesting another code.`,
  hourlyCap: 'Too many codes requested. Please try again later.',
  phoneNotVerified: 'Please verify your phone number first.',
} as const;

/** Rules the spec fixes: 4 digits, 3 tries; the rest are Krom's. */
export const phoneCodeRules = { digits: 4, maxAttempts: 3, validMinutes: 10 } as const;
