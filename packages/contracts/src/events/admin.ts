import { z } from 'zod';
import { defineEvent, optionalAggregateVersion } from '../envelope.ts';

/** A visitor joined the pre-launch waitlist (first time for that e-mail only). */
export const waitlistJoined = defineEvent(
  'krom.admin.waitlist.joined.v1',
  z.object({
    signupId: z.string().uuid(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    joinedAt: z.string().datetime({ offset: true }),
    /** A signup never changes after it is made: always 1. */
    version: optionalAggregateVersion,
  }),
);
export type WaitlistJoined = z.infer<typeof waitlistJoined.schema>;
