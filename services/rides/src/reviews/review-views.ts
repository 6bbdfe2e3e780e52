import { formerMemberName } from '@krom/contracts/http/review-values';
import { uuid } from '@krom/contracts/http/fields';
import {
  type MemberRating,
  type MemberReviews,
  type Review,
  type ReviewToWrite,
  type ReviewType,
  ratingAverage,
  reviewMessages,
  reviewsPageSize,
  reviewWindowDays,
} from '@krom/contracts/http/reviews';
import { HttpError } from '@krom/server-kit/errors';
import { type SQL, sql } from 'drizzle-orm';
import { ridePlannedEnd } from '../jobs/sweeps.ts';
import type { SqlRunner } from '../rides/ride-views.ts';

/*
 * What is shown of reviews: a review with its two members (first name and photo, from the
 * user_profiles projection) and its trip; a member's visible reviews and averages; the reviews a
 * member may still write. Others only ever see published reviews; its writer sees theirs while hidden.
 */

/** The name a review shows for a member rides has no projected row of (yet). */
const unknownMemberName = 'Krom member';

/**
 * A member whose account is deleted: their reviews stay (a record of a real trip), shown as
 * `formerMemberName` with no photo, never with the name they had.
 */
const memberName = (alias: string) => sql.raw(`CASE WHEN ${alias}.deleted THEN '${formerMemberName}' ELSE ${alias}.first_name END`);
const memberPhoto = (alias: string) => sql.raw(`CASE WHEN ${alias}.deleted THEN NULL ELSE ${alias}.profile_image_url END`);

/** The last moment a booking of the ride `r` can be reviewed: its arrival plus the window. */
export const reviewWindowEnd = sql`(${ridePlannedEnd} + make_interval(days => ${reviewWindowDays}::int))`;

type ReviewViewRow = {
  id: string;
  reviewType: ReviewType;
  rating: number;
  comment: string;
  createdAt: string;
  publishedAt: string | null;
  reply: string | null;
  repliedAt: string | null;
  reviewerId: string;
  reviewerFirstName: string | null;
  reviewerPhoto: string | null;
  revieweeId: string;
  revieweeFirstName: string | null;
  revieweePhoto: string | null;
  rideFrom: string;
  rideTo: string;
  departureDate: string;
};

const reviewViewSelect = sql`
  SELECT v.id, v.review_type AS "reviewType", v.rating, v.comment, v.created_at AS "createdAt", v.published_at AS "publishedAt",
    v.reply, v.replied_at AS "repliedAt",
    v.reviewer_id AS "reviewerId", ${memberName('pr')} AS "reviewerFirstName", ${memberPhoto('pr')} AS "reviewerPhoto",
    v.reviewee_id AS "revieweeId", ${memberName('pe')} AS "revieweeFirstName", ${memberPhoto('pe')} AS "revieweePhoto",
    r.from_city AS "rideFrom", r.to_city AS "rideTo", r.departure_date::text AS "departureDate"
  FROM reviews v
  JOIN rides r ON r.id = v.ride_id
  LEFT JOIN user_profiles pr ON pr.user_id = v.reviewer_id
  LEFT JOIN user_profiles pe ON pe.user_id = v.reviewee_id`;

const iso = (value: string) => new Date(value).toISOString();

function toReview(row: ReviewViewRow): Review {
  return {
    id: row.id,
    reviewType: row.reviewType,
    rating: row.rating,
    comment: row.comment,
    createdAt: iso(row.createdAt),
    visible: row.publishedAt !== null,
    publishedAt: row.publishedAt === null ? null : iso(row.publishedAt),
    reviewer: { id: row.reviewerId, firstName: row.reviewerFirstName ?? unknownMemberName, profileImageUrl: row.reviewerPhoto },
    reviewee: { id: row.revieweeId, firstName: row.revieweeFirstName ?? unknownMemberName, profileImageUrl: row.revieweePhoto },
    rideFrom: row.rideFrom,
    rideTo: row.rideTo,
    departureDate: row.departureDate,
    reply: row.reply === null || row.repliedAt === null ? null : { text: row.reply, repliedAt: iso(row.repliedAt) },
  };
}

async function reviewViews(db: SqlRunner, tail: SQL): Promise<Review[]> {
  const { rows } = await db.execute<ReviewViewRow>(sql`${reviewViewSelect} ${tail}`);
  return rows.map(toReview);
}

/**
 * For the member's data download: every review they wrote (shown or still hidden, as they see
 * their own) and every shown review of them (a hidden one is not shown to them yet either).
 */
export async function reviewsForExport(db: SqlRunner, memberId: string): Promise<{ given: Review[]; received: Review[] }> {
  return {
    given: await reviewViews(db, sql`WHERE v.reviewer_id = ${memberId} ORDER BY v.created_at DESC, v.id DESC`),
    received: await reviewViews(db, sql`WHERE v.reviewee_id = ${memberId} AND v.published_at IS NOT NULL ORDER BY v.created_at DESC, v.id DESC`),
  };
}

/** One review as `viewerId` may see it: a published one, or their own while hidden; undefined otherwise. */
export async function reviewSeenBy(db: SqlRunner, reviewId: string, viewerId: string): Promise<Review | undefined> {
  if (!uuid.safeParse(reviewId).success) return undefined;
  const [review] = await reviewViews(db, sql`WHERE v.id = ${reviewId} AND (v.published_at IS NOT NULL OR v.reviewer_id = ${viewerId})`);
  return review;
}

/** A member's averages and counts of visible reviews, as driver and as passenger: one indexed read of `member_ratings`. */
export async function memberRatings(db: SqlRunner, memberId: string): Promise<Record<ReviewType, MemberRating>> {
  const { rows } = await db.execute<{ reviewType: ReviewType; count: number; sum: number }>(sql`
    SELECT review_type AS "reviewType", review_count AS count, rating_sum AS sum FROM member_ratings WHERE user_id = ${memberId}`);
  const of = (type: ReviewType) => {
    const row = rows.find((entry) => entry.reviewType === type);
    return { average: ratingAverage(row?.count ?? 0, row?.sum ?? 0), count: row?.count ?? 0 };
  };
  return { driver: of('driver'), passenger: of('passenger') };
}

/** A page's cursor: the last review's creation instant and id, as URL-safe text. */
const cursorOf = (review: Review) => Buffer.from(JSON.stringify([review.createdAt, review.id])).toString('base64url');

function readCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof createdAt === 'string' && !Number.isNaN(Date.parse(createdAt)) && typeof id === 'string' && uuid.safeParse(id).success) {
      return { createdAt, id };
    }
  } catch {
    // Not JSON: refused below like any other cursor this service did not make.
  }
  throw new HttpError(400, reviewMessages.cursor);
}

/**
 * A member's visible reviews, newest first, `reviewsPageSize` a page (tests choose fewer), with their averages. A
 * member rides does not know, or whose account is suspended or deleted, is a 404.
 */
export async function memberReviews(
  db: SqlRunner,
  memberId: string,
  query: { as?: ReviewType | undefined; before?: string | undefined },
  pageSize = reviewsPageSize,
): Promise<MemberReviews> {
  if (!uuid.safeParse(memberId).success) throw new HttpError(404, reviewMessages.memberNotFound);
  const { rows } = await db.execute(sql`SELECT 1 FROM user_profiles WHERE user_id = ${memberId} AND NOT suspended AND NOT deleted`);
  if (rows.length === 0) throw new HttpError(404, reviewMessages.memberNotFound);
  const after = query.before === undefined ? undefined : readCursor(query.before);
  const conditions = [sql`v.reviewee_id = ${memberId}`, sql`v.published_at IS NOT NULL`];
  if (query.as !== undefined) conditions.push(sql`v.review_type = ${query.as}`);
  if (after !== undefined) conditions.push(sql`(v.created_at, v.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  const found = await reviewViews(
    db,
    sql`WHERE ${sql.join(conditions, sql` AND `)} ORDER BY v.created_at DESC, v.id DESC LIMIT ${pageSize + 1}::int`,
  );
  const page = found.slice(0, pageSize);
  const ratings = await memberRatings(db, memberId);
  const last = page.at(-1);
  return {
    asDriver: ratings.driver,
    asPassenger: ratings.passenger,
    reviews: page,
    nextCursor: found.length > pageSize && last !== undefined ? cursorOf(last) : null,
  };
}

type ToWriteRow = Omit<ReviewToWrite, 'reviewee' | 'reviewBy'> & {
  revieweeId: string;
  revieweeFirstName: string | null;
  revieweePhoto: string | null;
  reviewBy: string;
};

/**
 * The reviews `memberId` may still write at `now`: each completed or no-show booking they were a
 * party to (as its passenger, of the driver; as the ride's driver, of that passenger) whose window
 * is open and which they have not reviewed; oldest trip first, of one ride when `rideId` is given.
 */
export async function reviewsToWrite(db: SqlRunner, memberId: string, rideId: string | undefined, now: Date): Promise<ReviewToWrite[]> {
  const { rows } = await db.execute<ToWriteRow>(sql`
    SELECT b.id AS "bookingId", r.id AS "rideId",
      CASE WHEN b.passenger_id = ${memberId} THEN 'driver' ELSE 'passenger' END AS "reviewType",
      CASE WHEN b.passenger_id = ${memberId} THEN r.driver_id ELSE b.passenger_id END AS "revieweeId",
      p.first_name AS "revieweeFirstName", p.profile_image_url AS "revieweePhoto",
      r.from_city AS "rideFrom", r.to_city AS "rideTo", r.departure_date::text AS "departureDate", r.departure_time AS "departureTime",
      ${reviewWindowEnd} AS "reviewBy"
    FROM bookings b
    JOIN rides r ON r.id = b.ride_id
    LEFT JOIN user_profiles p ON p.user_id = CASE WHEN b.passenger_id = ${memberId} THEN r.driver_id ELSE b.passenger_id END
    WHERE (b.passenger_id = ${memberId} OR r.driver_id = ${memberId})
      AND b.status IN ('completed', 'no_show')
      AND ${reviewWindowEnd} > ${now.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM reviews v WHERE v.booking_id = b.id AND v.reviewer_id = ${memberId})
      ${rideId === undefined ? sql`` : sql`AND r.id = ${rideId}`}
    ORDER BY r.departure_at, b.created_at, b.id
    LIMIT 100`);
  return rows.map((row) => ({
    bookingId: row.bookingId,
    rideId: row.rideId,
    reviewType: row.reviewType,
    reviewee: { id: row.revieweeId, firstName: row.revieweeFirstName ?? unknownMemberName, profileImageUrl: row.revieweePhoto },
    rideFrom: row.rideFrom,
    rideTo: row.rideTo,
    departureDate: row.departureDate,
    departureTime: row.departureTime,
    reviewBy: iso(row.reviewBy),
  }));
}
