import { z } from 'zod';
import { isoDateTime, uuid } from './fields.ts';
import {
  maxReviewCommentLength,
  maxReviewRating,
  maxReviewReplyLength,
  maxReviewReportReasonLength,
  minReviewCommentLength,
  minReviewRating,
  reviewMessages,
  reviewTypes,
} from './review-values.ts';

/* The values, kept where the schemas' users have always found them. */
export {
  maxReviewCommentLength,
  maxReviewRating,
  maxReviewReplyLength,
  maxReviewReportReasonLength,
  minReviewCommentLength,
  minReviewRating,
  reviewMessages,
  reviewsPageSize,
  reviewTypes,
  reviewWindowDays,
  type ReviewType,
} from './review-values.ts';

/*
 * Reviews both ways (spec "review": id, bookingId, reviewerId, revieweeId, rating, comment,
 * reviewType, createdAt). After a completed or no-show booking its passenger reviews the driver
 * and the driver reviews that passenger, once each, within `reviewWindowDays` of the ride's
 * arrival. A review stays hidden until both sides of the booking have reviewed or the window has
 * closed, so neither writes knowing what the other wrote; the member reviewed may reply once, and
 * anyone signed in may report a review to staff.
 */

/** POST /api/bookings/{id}/review: the caller's review of the other side of their booking. */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: reviewMessages.rating })
    .int(reviewMessages.rating)
    .min(minReviewRating, reviewMessages.rating)
    .max(maxReviewRating, reviewMessages.rating),
  comment: z
    .string({ error: reviewMessages.comment })
    .trim()
    .min(minReviewCommentLength, reviewMessages.comment)
    .max(maxReviewCommentLength, reviewMessages.commentLength),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const reviewReplyInputSchema = z.object({
  reply: z.string({ error: reviewMessages.reply }).trim().min(1, reviewMessages.reply).max(maxReviewReplyLength, reviewMessages.replyLength),
});

export const reviewReportInputSchema = z.object({
  reason: z
    .string({ error: reviewMessages.reportReason })
    .trim()
    .min(1, reviewMessages.reportReason)
    .max(maxReviewReportReasonLength, reviewMessages.reportReasonLength),
});

/** A member as a review names them: first name and photo only. */
export const reviewMemberSchema = z.object({ id: uuid, firstName: z.string(), profileImageUrl: z.string().nullable() });

/** A review as it is shown: to anyone once visible, and to its writer while hidden (`visible` false). */
export const reviewSchema = z.object({
  id: uuid,
  reviewType: z.enum(reviewTypes),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: isoDateTime,
  /** Whether others see it: once both sides of the booking have reviewed, or the window has closed. */
  visible: z.boolean(),
  publishedAt: isoDateTime.nullable(),
  reviewer: reviewMemberSchema,
  reviewee: reviewMemberSchema,
  /** The ride's route ends, to say which trip it was. */
  rideFrom: z.string(),
  rideTo: z.string(),
  departureDate: z.string(),
  reply: z.object({ text: z.string(), repliedAt: isoDateTime }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A member's average (one decimal) and count of visible reviews in one role; the average null before the first. */
export const memberRatingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type MemberRating = z.infer<typeof memberRatingSchema>;

/** An average of `count` ratings summing to `sum`, to one decimal; null before the first (no rating is made up). */
export const ratingAverage = (count: number, sum: number): number | null => (count === 0 ? null : Math.round((sum / count) * 10) / 10);

export const reviewParams = z.object({ id: z.string().describe('The review id') });
export const memberParams = z.object({ id: z.string().describe('The member (user) id') });

/** GET /api/members/{id}/reviews (`/all-reviews`): newest first, a page at a time. */
export const memberReviewsQuerySchema = z.object({
  /** Only the reviews of the member as a driver, or as a passenger; both when absent. */
  as: z.enum(reviewTypes).optional(),
  /** The `nextCursor` of the page before. */
  before: z.string().max(200).optional(),
});
export const memberReviewsResponseSchema = z.object({
  asDriver: memberRatingSchema,
  asPassenger: memberRatingSchema,
  reviews: z.array(reviewSchema),
  /** Where the next (older) page starts; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type MemberReviews = z.infer<typeof memberReviewsResponseSchema>;

/** GET /api/reviews/to-write: the reviews the caller may still write (the reminder, `/rate-riders/{id}` with `rideId`). */
export const reviewsToWriteQuerySchema = z.object({
  /** Only the bookings of this ride (the driver's `/rate-riders/{id}`). */
  rideId: uuid.optional(),
});
export const reviewToWriteSchema = z.object({
  bookingId: uuid,
  rideId: uuid,
  reviewType: z.enum(reviewTypes),
  reviewee: reviewMemberSchema,
  rideFrom: z.string(),
  rideTo: z.string(),
  departureDate: z.string(),
  departureTime: z.string(),
  /** The last moment the review can be written: the ride's arrival plus the window. */
  reviewBy: isoDateTime,
});
export type ReviewToWrite = z.infer<typeof reviewToWriteSchema>;
export const reviewsToWriteResponseSchema = z.object({ reviews: z.array(reviewToWriteSchema) });

export const reviewReportAnswerSchema = z.object({ message: z.string() });
