import {
  memberReviewsRoute,
  replyToReviewRoute,
  reportReviewRoute,
  reviewsToWriteRoute,
  submitReviewRoute,
} from '@krom/contracts/services/rides/reviews';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from '../db/rides-db.ts';
import { replyToReview, reportReview } from '../reviews/review-answers.ts';
import { memberReviews, reviewsToWrite } from '../reviews/review-views.ts';
import { submitReview } from '../reviews/submit-review.ts';

/** Review routes: the two people of a booking review each other; anyone reads a member's visible reviews. */
export async function reviewRoutes(app: FastifyInstance, { db, clock }: { db: RidesDb; clock: () => Date }) {
  routeEndpoint(app, submitReviewRoute, {
    handler: async (request, reply) => {
      const review = await submitReview(db, requireUser(request), request.params.id, request.body, clock());
      return reply.status(201).send(review);
    },
  });

  routeEndpoint(app, reviewsToWriteRoute, {
    handler: async (request) => ({ reviews: await reviewsToWrite(db, requireUser(request), request.query.rideId, clock()) }),
  });

  routeEndpoint(app, replyToReviewRoute, {
    handler: async (request) => replyToReview(db, requireUser(request), request.params.id, request.body.reply, clock()),
  });

  routeEndpoint(app, reportReviewRoute, {
    handler: async (request, reply) => reply.status(201).send(await reportReview(db, requireUser(request), request.params.id, request.body.reason, clock())),
  });

  routeEndpoint(app, memberReviewsRoute, { handler: async (request) => memberReviews(db, request.params.id, request.query) });
}
