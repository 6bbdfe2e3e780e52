import { z } from 'zod';
import { emailField, ghanaPhoneField, isoDateTime, uuid } from './fields.ts';

const nameMessage = 'Name must be at least 2 characters';

/** POST /api/waitlist (BFF) and POST /waitlist (admin service). */
export const joinWaitlistRequestSchema = z.object({
  name: z.string({ error: nameMessage }).trim().min(2, nameMessage),
  email: emailField,
  phone: ghanaPhoneField,
});
export type JoinWaitlistRequest = z.infer<typeof joinWaitlistRequestSchema>;

export const waitlistSignupSchema = z.object({
  id: uuid,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  createdAt: isoDateTime,
});
export type WaitlistSignup = z.infer<typeof waitlistSignupSchema>;

/** A repeat sign-up with a known e-mail is not an error: the visitor is already on the list. */
export const joinWaitlistResponseSchema = z.object({
  id: uuid,
  alreadyJoined: z.boolean(),
});
export type JoinWaitlistResponse = z.infer<typeof joinWaitlistResponseSchema>;

/** GET /api/admin/waitlist and GET /waitlist (admin service): newest first. */
export const waitlistListResponseSchema = z.array(waitlistSignupSchema);
