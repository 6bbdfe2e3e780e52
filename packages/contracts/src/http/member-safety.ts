import { z } from 'zod';
import { isoDateTime, uuid } from './fields.ts';
import { maxReportDetailsLength, memberReportReasons, memberSafetyMessages } from './member-safety-values.ts';

export {
  type MemberReportReason,
  maxReportDetailsLength,
  memberReportReasonLabels,
  memberReportReasons,
  memberSafetyMessages,
} from './member-safety-values.ts';

/*
 * Blocking and reporting a member. A block is one member's, kept by rides (where search and
 * booking are checked) and works both ways: neither sees the other's rides in search, neither
 * books the other's rides, and a driver does not accept a request from a member they blocked.
 * Bookings already confirmed between them stay (cancelling would move money; either may still
 * cancel by the usual policy). A report opens a case for staff, kept by admin.
 */

/** Where the report was made from: a profile, a booking or a review (with its id). */
export const memberReportSources = ['profile', 'booking', 'review'] as const;

/** Where a stored report came from: a member's report from those places, or a message reported in a conversation (kept by rides). */
export const memberReportOrigins = [...memberReportSources, 'message'] as const;
export type MemberReportOrigin = (typeof memberReportOrigins)[number];

export const memberIdParams = z.object({ id: z.string().describe('The member (user) id') });

export const blockMemberInputSchema = z.object({ memberId: uuid.describe('The member to block') });

/** A member the caller blocked, as the Blocked members list shows them. */
export const blockedMemberSchema = z.object({
  memberId: uuid,
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  blockedAt: isoDateTime,
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;
export const blockedMembersResponseSchema = z.object({ blocks: z.array(blockedMemberSchema) });

export const memberReportInputSchema = z.object({
  reason: z.enum(memberReportReasons, { error: memberSafetyMessages.reportReason }),
  details: z.string().trim().max(maxReportDetailsLength, memberSafetyMessages.reportDetailsLength).optional(),
  source: z.enum(memberReportSources).default('profile'),
  /** The booking or review the report was made from. */
  sourceId: uuid.optional(),
});
export type MemberReportInput = z.input<typeof memberReportInputSchema>;
export const memberReportAnswerSchema = z.object({ message: z.string() });
