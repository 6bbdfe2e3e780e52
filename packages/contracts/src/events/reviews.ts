import { z } from 'zod';
import { aggregateVersion, defineEvent, type EventDefinition } from '../envelope.ts';
import { reviewTypes } from '../http/reviews.ts';

/*
 * What happened to a review, one event per fact, all with one payload: the review as it is after
 * the fact (`version` 1 when submitted, +1 when published and when replied to). `submitted` is
 * written while the review is still hidden: a consumer may say that a review waits (the reviewee
 * reviewing in turn publishes both) but must not show its rating or comment before `published`.
 */
export const reviewFactSchema = z.object({
  reviewId: z.string().uuid(),
  bookingId: z.string().uuid(),
  rideId: z.string().uuid(),
  reviewerId: z.string().uuid(),
  revieweeId: z.string().uuid(),
  reviewType: z.enum(reviewTypes),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string().datetime({ offset: true }),
  /** When it became visible to others; null while hidden. */
  publishedAt: z.string().datetime({ offset: true }).nullable(),
  reply: z.string().nullable(),
  occurredAt: z.string().datetime({ offset: true }),
  version: aggregateVersion,
});
export type ReviewFact = z.infer<typeof reviewFactSchema>;

export const reviewFacts = ['submitted', 'published', 'replied'] as const;
export type ReviewFactName = (typeof reviewFacts)[number];

/** `krom.rides.review.<fact>.v1` for each fact. */
export const reviewEvents = Object.fromEntries(
  reviewFacts.map((fact) => [fact, defineEvent(`krom.rides.review.${fact}.v1`, reviewFactSchema)]),
) as Record<ReviewFactName, EventDefinition<typeof reviewFactSchema>>;

/**
 * `krom.rides.review.reported.v1`: a signed-in member reported a review to staff with a reason
 * (admin's member reports open a case from it). One per reporter and review: a repeated report
 * is thanked again and announced no more.
 */
export const reviewReported = defineEvent(
  'krom.rides.review.reported.v1',
  z.object({
    reportId: z.string().uuid(),
    reviewId: z.string().uuid(),
    reporterId: z.string().uuid(),
    revieweeId: z.string().uuid(),
    reviewerId: z.string().uuid(),
    reason: z.string(),
    reportedAt: z.string().datetime({ offset: true }),
  }),
);

/**
 * `krom.rides.review.reminder_due.v1`: the morning after a ride's arrival (09:00 Ghana time the day
 * after it, once every seat is settled), the parties who have not reviewed yet are due one reminder:
 * each passenger of a completed booking to rate the driver (a no-show passenger is not asked how a
 * trip they did not take was), and the driver once for all the passengers, completed or no-show,
 * they have still to rate (`passengersToRate`, 0 when none). Written once
 * per ride (rides marks the ride in the same transaction), never after the review window closed.
 */
export const reviewReminderDue = defineEvent(
  'krom.rides.review.reminder_due.v1',
  z.object({
    rideId: z.string().uuid(),
    driverId: z.string().uuid(),
    driverFirstName: z.string(),
    fromLocation: z.string(),
    toLocation: z.string(),
    departureDate: z.string(),
    /** How many of the ride's passengers the driver has still to rate. */
    passengersToRate: z.number().int().nonnegative(),
    /** The passengers of completed bookings who have still to rate the driver, one per booking (never a no-show). */
    passengers: z.array(z.object({ bookingId: z.string().uuid(), passengerId: z.string().uuid() })),
    /** The last moment the reviews can be written: arrival plus the review window. */
    reviewBy: z.string().datetime({ offset: true }),
    remindedAt: z.string().datetime({ offset: true }),
  }),
);
export type ReviewReminderDue = z.infer<typeof reviewReminderDue.schema>;
