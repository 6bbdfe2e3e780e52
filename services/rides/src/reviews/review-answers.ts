import { reviewEvents, reviewReported } from '@krom/contracts/events/reviews';
import { uuid } from '@krom/contracts/http/fields';
import { type Review, reviewMessages } from '@krom/contracts/http/reviews';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import type { RidesDb } from '../db/rides-db.ts';
import { type ReviewRow, reviewColumns, reviewFact } from './publish-reviews.ts';
import { reviewSeenBy } from './review-views.ts';

/*
 * What others do with a visible review: the member reviewed replies once; anyone signed in
 * reports it to staff. A hidden review is not found by anyone but its writer.
 */

const notFound = () => new HttpError(404, reviewMessages.notFound);

/** The member reviewed replies to a visible review of them, once (the review's row locked: two replies at once give one). */
export async function replyToReview(db: RidesDb, memberId: string, reviewId: string, reply: string, now: Date): Promise<Review> {
  if (!uuid.safeParse(reviewId).success) throw notFound();
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ revieweeId: string; reply: string | null }>(sql`
      SELECT reviewee_id AS "revieweeId", reply FROM reviews WHERE id = ${reviewId} AND published_at IS NOT NULL FOR UPDATE`);
    const review = rows[0];
    if (!review) throw notFound();
    if (review.revieweeId !== memberId) throw new HttpError(403, reviewMessages.notReviewee);
    if (review.reply !== null) throw new HttpError(409, reviewMessages.alreadyReplied);
    const { rows: replied } = await tx.execute<ReviewRow>(sql`
      UPDATE reviews SET reply = ${reply}, replied_at = ${now.toISOString()}::timestamptz, version = version + 1
      WHERE id = ${reviewId} AND reply IS NULL RETURNING ${reviewColumns}`);
    const row = replied[0];
    if (!row) throw new HttpError(409, reviewMessages.alreadyReplied);
    await recordEvent(tx, reviewEvents.replied, reviewFact(row, now));
  });
  const review = await reviewSeenBy(db, reviewId, memberId);
  if (!review) throw notFound();
  return review;
}

/**
 * A signed-in member reports a visible review to staff with their reason: stored, and announced
 * (review.reported) for staff's member reports. Reported again by the same member, it is thanked
 * again and nothing more is stored.
 */
export async function reportReview(db: RidesDb, reporterId: string, reviewId: string, reason: string, now: Date): Promise<{ message: string }> {
  if (!uuid.safeParse(reviewId).success) throw notFound();
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ reviewerId: string; revieweeId: string }>(sql`
      SELECT reviewer_id AS "reviewerId", reviewee_id AS "revieweeId" FROM reviews WHERE id = ${reviewId} AND published_at IS NOT NULL`);
    const review = rows[0];
    if (!review) throw notFound();
    const { rows: stored } = await tx.execute<{ id: string }>(sql`
      INSERT INTO review_reports (review_id, reporter_id, reason, created_at)
      VALUES (${reviewId}, ${reporterId}, ${reason}, ${now.toISOString()}::timestamptz)
      ON CONFLICT (review_id, reporter_id) DO NOTHING RETURNING id`);
    const report = stored[0];
    if (!report) return;
    await recordEvent(tx, reviewReported, {
      reportId: report.id,
      reviewId,
      reporterId,
      revieweeId: review.revieweeId,
      reviewerId: review.reviewerId,
      reason,
      reportedAt: now.toISOString(),
    });
  });
  return { message: reviewMessages.reportThanks };
}
