import { getMemberReviews, getReviewsToWrite, replyToReview, reportReview, submitReview } from '@krom/contracts/api/reviews';
import {
  memberReviewsRoute,
  replyToReviewRoute,
  reportReviewRoute,
  reviewsToWriteRoute,
  submitReviewRoute,
} from '@krom/contracts/services/rides/reviews';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireUserCaller, userOrGuestCaller } from '../plugins/sessions.ts';
import { visitorRateLimitKey } from '../plugins/visitor-key.ts';
import type { RouteOptions } from './route-options.ts';

export type ReviewRouteOptions = RouteOptions & {
  /** Per visitor on what guests may browse (a member's reviews, as a driver's profile). */
  browseRateLimit: { max: number; timeWindow: string };
};

/**
 * Reviews, forwarded to the rides service: written, replied to and reported as the signed-in
 * member (each a write under their limit); a member's visible reviews read by anyone, guests too.
 */
export async function reviewRoutes(app: FastifyInstance, { directory, memberLimits, browseRateLimit }: ReviewRouteOptions) {
  const asUser = { service: 'rides' as const, caller: requireUserCaller };
  await forward(app, directory, { ...asUser, endpoint: submitReview, to: submitReviewRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: getReviewsToWrite, to: reviewsToWriteRoute });
  await forward(app, directory, { ...asUser, endpoint: replyToReview, to: replyToReviewRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: reportReview, to: reportReviewRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, {
    service: 'rides',
    caller: userOrGuestCaller,
    rateLimit: { ...browseRateLimit, keyGenerator: visitorRateLimitKey },
    endpoint: getMemberReviews,
    to: memberReviewsRoute,
  });
}
