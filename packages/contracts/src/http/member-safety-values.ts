/*
 * Member-safety values the screens need without a schema (the report reasons and their labels, the
 * messages), so a page that reports a member or a message loads no zod; member-safety.ts builds the
 * schemas from them.
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
