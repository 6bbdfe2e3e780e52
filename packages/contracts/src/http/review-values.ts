/*
 * Review values the screens need without a schema (the rules, the window, the messages), so a
 * screen that only shows or offers a review loads no zod; reviews.ts builds the schemas from them.
 */

/** The spec's rules: rating 1 to 5; comment at least 10 characters. */
export const minReviewRating = 1;
export const maxReviewRating = 5;
export const minReviewCommentLength = 10;
export const maxReviewCommentLength = 1000;
export const maxReviewReplyLength = 1000;
export const maxReviewReportReasonLength = 500;
/** How long after the ride's arrival (departure + duration) both sides may review; hidden reviews show when it closes. */
export const reviewWindowDays = 14;
/** How many reviews a page of a member's reviews holds. */
export const reviewsPageSize = 20;

/** How a review names a member who has since deleted their account (no name, no photo). */
export const formerMemberName = 'Former member';

/** The role of the member reviewed in the booking: `driver` (the passenger's review of the driver) or `passenger` (the driver's of the passenger). */
export const reviewTypes = ['driver', 'passenger'] as const;
export type ReviewType = (typeof reviewTypes)[number];

export const reviewMessages = {
  rating: `Rating must be ${minReviewRating} to ${maxReviewRating}`,
  comment: `Comment must be at least ${minReviewCommentLength} characters`,
  commentLength: `Comment must be ${maxReviewCommentLength} characters or fewer`,
  bookingNotFound: 'Booking not found',
  notOver: 'You can review this trip once it is over',
  alreadyReviewed: 'You have already reviewed this trip',
  windowClosed: `Reviews can be written up to ${reviewWindowDays} days after the trip`,
  notFound: 'Review not found',
  reply: 'Please write your reply',
  replyLength: `Your reply must be ${maxReviewReplyLength} characters or fewer`,
  notReviewee: 'Only the member reviewed can reply to this review',
  alreadyReplied: 'You have already replied to this review',
  reportReason: 'Please tell us why you are reporting this review',
  reportReasonLength: `The reason must be ${maxReviewReportReasonLength} characters or fewer`,
  reportThanks: 'Thank you for your report. Our team will look into it.',
  memberNotFound: 'Member not found',
  cursor: 'This page of reviews cannot be found',
} as const;
