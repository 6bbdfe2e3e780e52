import { reviewEvents } from '@krom/contracts/events/reviews';
import type { ReviewType } from '@krom/contracts/http/reviews';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import type { RidesDb } from '../db/rides-db.ts';

/*
 * Publishing: a hidden review becomes visible once, when the other side of its booking has
 * reviewed too (submit-review.ts, in that review's transaction) or when its window has closed
 * (the `publishDueReviews` sweep). Each publication is a conditional update (`published_at IS
 * NULL`) in the transaction that adds it to the reviewee's `member_ratings` and writes
 * review.published, so a review is counted and announced exactly once however often it is tried.
 */

/** The booking statuses after which its two sides review each other: the trip made, or the passenger not there. */
export const reviewableStatuses = ['completed', 'no_show'] as const;

/** How many reviews one run of the sweep publishes at most; the rest wait for the next run. */
const publishBatch = 500;

export type ReviewRow = {
  id: string;
  bookingId: string;
  rideId: string;
  reviewerId: string;
  revieweeId: string;
  reviewType: ReviewType;
  rating: number;
  comment: string;
  createdAt: string;
  publishedAt: string | null;
  reply: string | null;
  version: number;
};

export const reviewColumns = sql.raw(`id, booking_id AS "bookingId", ride_id AS "rideId", reviewer_id AS "reviewerId", reviewee_id AS "revieweeId",
  review_type AS "reviewType", rating, comment, created_at AS "createdAt", published_at AS "publishedAt", reply, version`);

/** The review's event payload for `fact`, as the row now is. */
export const reviewFact = (row: ReviewRow, now: Date) => ({
  reviewId: row.id,
  bookingId: row.bookingId,
  rideId: row.rideId,
  reviewerId: row.reviewerId,
  revieweeId: row.revieweeId,
  reviewType: row.reviewType,
  rating: row.rating,
  comment: row.comment,
  createdAt: new Date(row.createdAt).toISOString(),
  publishedAt: row.publishedAt === null ? null : new Date(row.publishedAt).toISOString(),
  reply: row.reply,
  occurredAt: now.toISOString(),
  version: row.version,
});

/**
 * Publishes those of `reviewIds` still hidden, in `tx`: each counted in its reviewee's rating and
 * announced. The ratings are written in the order of their keys, so two publications touching
 * the same members at once wait for each other instead of deadlocking.
 */
export async function publishReviews(tx: Transaction, reviewIds: readonly string[], now: Date): Promise<number> {
  if (reviewIds.length === 0) return 0;
  const { rows } = await tx.execute<ReviewRow>(sql`
    UPDATE reviews SET published_at = ${now.toISOString()}::timestamptz, version = version + 1
    WHERE id IN (${sql.join(
      reviewIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND published_at IS NULL
    RETURNING ${reviewColumns}`);
  const byMember = [...rows].sort((a, b) => `${a.revieweeId}/${a.reviewType}`.localeCompare(`${b.revieweeId}/${b.reviewType}`));
  for (const row of byMember) {
    await tx.execute(sql`
      INSERT INTO member_ratings (user_id, review_type, review_count, rating_sum)
      VALUES (${row.revieweeId}, ${row.reviewType}, 1, ${row.rating})
      ON CONFLICT (user_id, review_type) DO UPDATE
        SET review_count = member_ratings.review_count + 1, rating_sum = member_ratings.rating_sum + excluded.rating_sum`);
    await recordEvent(tx, reviewEvents.published, reviewFact(row, now));
  }
  return rows.length;
}

/** The sweep: hidden reviews whose window has closed by `now` are published, each in its own transaction. */
export async function publishDueReviews(db: RidesDb, now: Date): Promise<{ changed: number }> {
  const { rows: due } = await db.execute<{ id: string }>(sql`
    SELECT id FROM reviews WHERE published_at IS NULL AND window_ends_at <= ${now.toISOString()}::timestamptz
    ORDER BY window_ends_at, id LIMIT ${publishBatch}::int`);
  let changed = 0;
  for (const { id } of due) changed += await db.transaction((tx) => publishReviews(tx, [id], now));
  return { changed };
}
