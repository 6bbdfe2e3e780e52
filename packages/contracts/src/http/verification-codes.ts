import { z } from 'zod';

/**
 * One-time codes (routes in services/notifications/verification-codes.ts). A code is made,
 * hashed and sent by the notifications service; it never travels in an event.
 */
/**
 * `staff_test`: the SMS test panel's codes, keyed by the number, for staff only.
 * `payment_method`: confirms a saved mobile money number for payouts, keyed `<methodId>:<number>`.
 */
export const codePurposes = ['signup', 'reset', 'staff_test', 'payment_method'] as const;

/** Who the code is for: `subject` keys the code (the phone for sign-up, the user id for a reset). */
export const issueCodeRequestSchema = z.object({
  purpose: z.enum(codePurposes),
  subject: z.string().min(1),
  destination: z.discriminatedUnion('channel', [
    z.object({ channel: z.literal('sms'), phone: z.string() }),
    z.object({ channel: z.literal('email'), email: z.string().email() }),
  ]),
  /** The requesting client (its IP as the BFF sees it), for per-client caps. */
  clientKey: z.string().min(1),
});
export type IssueCodeRequest = z.infer<typeof issueCodeRequestSchema>;
/** 201 when sent; 429 {message, resendAfterSeconds?} when a cooldown or cap applies. */
export const issueCodeResponseSchema = z.object({ resendAfterSeconds: z.number().int() });
export type IssueCodeResponse = z.infer<typeof issueCodeResponseSchema>;
/** The 429 body: the spec-worded reason and when another code may be asked for. */
export const issueCodeRefusedSchema = z.object({ message: z.string(), resendAfterSeconds: z.number().int() });
export type IssueCodeRefused = z.infer<typeof issueCodeRefusedSchema>;

/** GET policy: the cooldown the service enforces, so a screen can count down before the first code's answer. */
export const codePolicyResponseSchema = z.object({ resendAfterSeconds: z.number().int().min(0) });
export type CodePolicyResponse = z.infer<typeof codePolicyResponseSchema>;

export const verifyCodeServiceRequestSchema = z.object({
  purpose: z.enum(codePurposes),
  subject: z.string().min(1),
  code: z.string(),
});
export type VerifyCodeServiceRequest = z.infer<typeof verifyCodeServiceRequestSchema>;
/** 200 {verified: true}; 400 {message} for a wrong, used or expired code or too many tries. */
export const verifyCodeServiceResponseSchema = z.object({ verified: z.literal(true) });
