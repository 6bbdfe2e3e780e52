import { z } from 'zod';
import { defineEvent } from '../envelope.ts';

/** A visitor joined the pre-launch waitlist (first time for that e-mail only). */
export const waitlistJoined = defineEvent(
  'krom.admin.waitlist.joined.v1',
  z.object({
    signupId: z.string().uuid(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    joinedAt: z.string().datetime({ offset: true }),
  }),
);
export type WaitlistJoined = z.infer<typeof waitlistJoined.schema>;
