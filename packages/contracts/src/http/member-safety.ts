import { z } from 'zod';
import { isoDateTime, uuid } from './fields.ts';

/*
 * Blocking and reporting a member. A block is one member's, kept by rides (where search and
 * booking are checked) and works both ways: neither sees the other's rides in search, neither
 * books the other's rides, and a driver does not accept a request from a member they blocked.
 * Bookings already confirmed between them stay (cancelling would move money; either may still
 * cancel by the usual policy). A report opens a case for staff, kept by admin.
 */

export const memberSafetyMessages = {
  blockSelf: 'You cannot block yourself.',
  reportSelf: 'You cannot report yourself.',
  memberNotFound: 'Member not found.',
  memberId: 'Choose a member.',
  /** The passenger blocked the driver. */
  bookBlocked: 'You blocked this driver. Unblock them in Account Settings to book their rides.',
  /** The driver blocked the passenger: said without telling them they were blocked. */
  bookBlockedBy: 'This ride is not available to you.',
  /** The driver blocked the passenger who asked (or the passenger blocked the driver since). */
  acceptBlocked: 'You cannot accept this request: one of you has blocked the other.',
  reportReason: 'Choose a reason for your report.',
  reportDetailsLength: 'Please keep the details under 1000 characters.',
  reportThanks: 'Thank you for your report. Our team will review it and take action if needed.',
} as const;

export const maxReportDetailsLength = 1000;

/** Why a member is reported: a fixed list, so staff can sort cases. */
export const memberReportReasons = ['unsafe_driving', 'harassment', 'no_show', 'scam_or_fraud', 'fake_profile', 'inappropriate_messages', 'other'] as const;
export type MemberReportReason = (typeof memberReportReasons)[number];
export const memberReportReasonLabels: Record<MemberReportReason, string> = {
  unsafe_driving: 'Unsafe driving',
  harassment: 'Harassment or threats',
  no_show: 'Did not show up',
  scam_or_fraud: 'Scam or asked for payment outside Krom',
  fake_profile: 'Fake profile',
  inappropriate_messages: 'Inappropriate messages',
  other: 'Something else',
};

/** Where the report was made from: a profile, a booking or a review (with its id). */
export const memberReportSources = ['profile', 'booking', 'review'] as const;

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
