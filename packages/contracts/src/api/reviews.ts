import { defineForwarded, withoutStatuses } from '../endpoint.ts';
import { memberReviewsRoute, replyToReviewRoute, reportReviewRoute, reviewsToWriteRoute, submitReviewRoute } from '../services/rides/reviews.ts';

/** Reviews both ways: written by the two people of a booking, read by anyone once visible. */
export const submitReview = defineForwarded(submitReviewRoute, {
  summary: 'Reviews the other side of one of the signed-in member’s completed trips (rating 1 to 5, comment at least 10 characters); hidden until both have reviewed or 14 days have passed',
});
export const getReviewsToWrite = defineForwarded(reviewsToWriteRoute, {
  summary: 'The reviews the signed-in member may still write (with rideId: the passengers of their ride still to rate)',
});
export const replyToReview = defineForwarded(replyToReviewRoute, { summary: 'Replies once to a review of the signed-in member' });
export const reportReview = defineForwarded(reportReviewRoute, { summary: 'Reports a review to staff with a reason' });
export const getMemberReviews = defineForwarded(memberReviewsRoute, {
  summary: "A member's visible reviews, newest first, with their averages as driver and as passenger (/all-reviews)",
  responses: withoutStatuses(memberReviewsRoute.responses, 401),
});
