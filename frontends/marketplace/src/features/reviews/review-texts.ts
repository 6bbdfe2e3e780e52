import { reviewWindowDays } from '@krom/contracts/http/review-values';

/** The reviews screens' texts (Krom's own: the spec names /rate-riders and /all-reviews without showing them). */
export const reviewTexts = {
  rateRidersTitle: 'Rate your passengers',
  rateRidersLead: 'Tell other drivers how each passenger was on this trip.',
  rateRidersLoadFailed: 'The passengers to rate could not be loaded.',
  nothingToRate: 'No passengers left to rate',
  nothingToRateText: 'Everyone on this trip has been rated, or the time to rate it has passed.',
  allRated: 'All passengers rated',
  allRatedText: 'Thank you. Your reviews help other drivers.',
  commentAboutPassenger: 'Comment about this passenger',
  commentAboutDriver: 'Comment about the driver',
  /** Said once a review is written: nobody sees it before the other side has written theirs, or the window has closed. */
  hidden: (otherName: string) =>
    `Thank you. Your review stays hidden until ${otherName} reviews you too or ${reviewWindowDays} days pass, so neither of you writes knowing what the other wrote.`,
  rateDriver: 'Rate driver',
  allReviewsTitle: 'All reviews',
  ownLead: 'What members wrote about you, newest first.',
  memberLead: (name: string) => `What members wrote about ${name}, newest first.`,
  otherMemberLead: 'What members wrote about this member, newest first.',
  reviewsLoadFailed: 'The reviews could not be loaded.',
  noReviews: 'No reviews yet',
  noReviewsText: 'Reviews appear here once both sides of a trip have reviewed, or 14 days after it.',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  asDriver: 'As a driver',
  asPassenger: 'As a passenger',
  reply: 'Reply',
  replyLabel: 'Your reply',
  sendReply: 'Send reply',
  replyFrom: (name: string) => `Reply from ${name}`,
  report: 'Report',
  reportReason: 'Why are you reporting this review?',
  sendReport: 'Send report',
  cancel: 'Cancel',
} as const;

/** "★ 4.6 from 12 reviews", or that there are none yet. */
export const averageText = (rating: { average: number | null; count: number }) =>
  rating.average === null ? 'No reviews yet' : `★ ${rating.average.toFixed(1)} from ${rating.count} review${rating.count === 1 ? '' : 's'}`;
