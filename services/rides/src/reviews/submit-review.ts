import { reviewEvents } from '@krom/contracts/events/reviews';
import { uuid } from '@krom/contracts/http/fields';
import { type Review, type ReviewType, reviewMessages } from '@krom/contracts/http/reviews';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import type { RidesDb } from '../db/rides-db.ts';
import { publishReviews, type ReviewRow, reviewableStatuses, reviewColumns, reviewFact } from './publish-reviews.ts';
import { reviewSeenBy, reviewWindowEnd } from './review-views.ts';


type BookingParty = { status: string; passengerId: string; rideId: string; driverId: string; windowEndsAt: string };

/**
 * `reviewerId` reviews the other side of their booking: its passenger the ride's driver, its
 * driver the passenger. Only the two of them (anyone else: 404, as if the booking did not exist),
 * once the booking is completed or a no-show, until the ride's arrival plus the window, once per
 * direction (the unique key decides between two tries at once). The booking's row is locked, so
 * the two sides' reviews are written one after the other and the second publishes both.
 */
export async function submitReview(
  db: RidesDb,
  reviewerId: string,
  bookingId: string,
  input: { rating: number; comment: string },
  now: Date,
): Promise<Review> {
  if (!uuid.safeParse(bookingId).success) throw new HttpError(404, reviewMessages.bookingNotFound);
  const reviewId = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<BookingParty>(sql`
      SELECT b.status, b.passenger_id AS "passengerId", r.id AS "rideId", r.driver_id AS "driverId", ${reviewWindowEnd} AS "windowEndsAt"
      FROM bookings b JOIN rides r ON r.id = b.ride_id
      WHERE b.id = ${bookingId} AND (b.passenger_id = ${reviewerId} OR r.driver_id = ${reviewerId})
      FOR UPDATE OF b`);
    const booking = rows[0];
    if (!booking) throw new HttpError(404, reviewMessages.bookingNotFound);
    if (!(reviewableStatuses as readonly string[]).includes(booking.status)) throw new HttpError(409, reviewMessages.notOver);
    if (now.getTime() > new Date(booking.windowEndsAt).getTime()) throw new HttpError(409, reviewMessages.windowClosed);
    const asPassenger = booking.passengerId === reviewerId;
    const reviewType: ReviewType = asPassenger ? 'driver' : 'passenger';
    const revieweeId = asPassenger ? booking.driverId : booking.passengerId;
    const { rows: written } = await tx.execute<ReviewRow>(sql`
      INSERT INTO reviews (booking_id, ride_id, reviewer_id, reviewee_id, review_type, rating, comment, created_at, window_ends_at)
      VALUES (${bookingId}, ${booking.rideId}, ${reviewerId}, ${revieweeId}, ${reviewType}, ${input.rating}, ${input.comment},
              ${now.toISOString()}::timestamptz, ${new Date(booking.windowEndsAt).toISOString()}::timestamptz)
      ON CONFLICT (booking_id, review_type) DO NOTHING
      RETURNING ${reviewColumns}`);
    const review = written[0];
    if (!review) throw new HttpError(409, reviewMessages.alreadyReviewed);
    await recordEvent(tx, reviewEvents.submitted, reviewFact(review, now));
    // Both sides have now reviewed: both reviews show, neither written knowing the other.
    const { rows: other } = await tx.execute<{ id: string }>(sql`SELECT id FROM reviews WHERE booking_id = ${bookingId} AND id <> ${review.id}`);
    if (other.length > 0) await publishReviews(tx, [review.id, ...other.map((row) => row.id)], now);
    return review.id;
  });
  const review = await reviewSeenBy(db, reviewId, reviewerId);
  if (!review) throw new Error(`review ${reviewId} vanished after it was written`);
  return review;
}
