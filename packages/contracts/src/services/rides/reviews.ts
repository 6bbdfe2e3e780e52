import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { bookingParams } from '../../http/bookings.ts';
import {
  memberParams,
  memberReviewsQuerySchema,
  memberReviewsResponseSchema,
  reviewInputSchema,
  reviewParams,
  reviewReplyInputSchema,
  reviewReportAnswerSchema,
  reviewReportInputSchema,
  reviewSchema,
  reviewsToWriteQuerySchema,
  reviewsToWriteResponseSchema,
} from '../../http/reviews.ts';

/**
 * The rides service's review routes. Only the two people of a booking review it; a booking the
 * caller is not a party to is a 404, as if it did not exist. A hidden review is shown to its
 * writer only.
 */
export const submitReviewRoute = defineEndpoint({
  method: 'POST',
  path: '/bookings/:id/review',
  caller: 'user',
  summary: "The asserted user's review of the other side of their completed or no-show booking (the passenger of the driver, the driver of the passenger)",
  params: bookingParams,
  body: reviewInputSchema,
  responses: { 201: reviewSchema, ...errorResponses(400, 401, 404, 409) },
});
export const reviewsToWriteRoute = defineEndpoint({
  method: 'GET',
  path: '/reviews/to-write',
  caller: 'user',
  summary: 'The reviews the asserted user may still write, oldest trip first (optionally of one ride)',
  query: reviewsToWriteQuerySchema,
  responses: { 200: reviewsToWriteResponseSchema, ...errorResponses(400, 401) },
});
export const replyToReviewRoute = defineEndpoint({
  method: 'POST',
  path: '/reviews/:id/reply',
  caller: 'user',
  summary: 'The member reviewed replies to a visible review of them, once',
  params: reviewParams,
  body: reviewReplyInputSchema,
  responses: { 200: reviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
});
export const reportReviewRoute = defineEndpoint({
  method: 'POST',
  path: '/reviews/:id/reports',
  caller: 'user',
  summary: 'Reports a visible review to staff with a reason',
  params: reviewParams,
  body: reviewReportInputSchema,
  responses: { 201: reviewReportAnswerSchema, ...errorResponses(400, 401, 404) },
});
export const memberReviewsRoute = defineEndpoint({
  method: 'GET',
  path: '/members/:id/reviews',
  caller: 'public',
  summary: "A member's visible reviews, newest first, a page at a time, with their averages as driver and as passenger",
  params: memberParams,
  query: memberReviewsQuerySchema,
  responses: { 200: memberReviewsResponseSchema, ...errorResponses(400, 401, 404) },
});
