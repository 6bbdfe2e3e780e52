import { z } from 'zod';
import { defineEvent } from '../envelope.ts';

/** A new account exists (after its phone was verified). */
export const userRegistered = defineEvent(
  'krom.identity.user.registered.v1',
  z.object({
    userId: z.string().uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    registeredAt: z.string().datetime({ offset: true }),
  }),
);
export type UserRegistered = z.infer<typeof userRegistered.schema>;

/** The password changed (in settings or by recovery); other sessions are ended. */
export const userPasswordChanged = defineEvent(
  'krom.identity.user.password_changed.v1',
  z.object({ userId: z.string().uuid(), changedAt: z.string().datetime({ offset: true }), via: z.enum(['settings', 'recovery']) }),
);

/** Name, photo or verification changed: what other services show of a user. */
export const userProfileUpdated = defineEvent(
  'krom.identity.user.profile_updated.v1',
  z.object({
    userId: z.string().uuid(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    isVerified: z.boolean(),
    updatedAt: z.string().datetime({ offset: true }),
  }),
);

/** The account was deleted: every service erases or anonymises what it holds about the user. */
export const userDeleted = defineEvent(
  'krom.identity.user.deleted.v1',
  z.object({ userId: z.string().uuid(), deletedAt: z.string().datetime({ offset: true }) }),
);
