import { z } from 'zod';

/** Staff's words when a suspension cannot be set or lifted. */
export const suspensionErrors = {
  reasonRequired: 'Give the reason for the suspension (at least 5 characters)',
  memberNotFound: 'Member not found',
  alreadySuspended: 'This member is already suspended',
  notSuspended: 'This member is not suspended',
} as const;

/** The longest reason staff may give. */
export const suspensionReasonMax = 1000;

export const suspendMemberRequestSchema = z.object({
  reason: z.string({ error: suspensionErrors.reasonRequired }).trim().min(5, suspensionErrors.reasonRequired).max(suspensionReasonMax),
});
export type SuspendMemberRequest = z.infer<typeof suspendMemberRequestSchema>;

export const memberIdParams = z.object({ id: z.string().describe("A member's user id (anything else is 404)") });

/** A member's suspension as staff see it: `suspendedAt` null once lifted (or never set). */
export const memberSuspensionSchema = z.object({
  userId: z.string().uuid(),
  suspendedAt: z.string().datetime({ offset: true }).nullable(),
  reason: z.string().nullable(),
  suspendedBy: z.string().uuid().nullable(),
});
export type MemberSuspension = z.infer<typeof memberSuspensionSchema>;
