import { type ReviewFact, type ReviewReminderDue, reviewEvents, reviewReminderDue } from '@krom/contracts/events/reviews';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import { derivedEventId } from '@krom/server-kit/derived-event-id';
import { createNotification } from '../../notifications/create-notification.ts';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { type ReviewReminder, reviewPublishedNotice, reviewRepliedNotice, reviewReminders } from '../../notifications/review-notices.ts';
import { recordPassengerNews } from '../../notifications/tell-passenger.ts';
import { findKnownUser } from '../../users/known-users.ts';

/** Reads raw review envelopes as this service understands them (also what their message pacts check). */
export const readReviewReminderDue = envelopeReader(reviewReminderDue);
export const readReviewPublished = envelopeReader(reviewEvents.published);
export const readReviewReplied = envelopeReader(reviewEvents.replied);

// Fixed namespace of the review notice keys (a UUID v5 namespace; this one must not change).
const REVIEW_NAMESPACE = Buffer.from('4c1f7a2e9d3b4f6a8e5c2b7d9a1f3e6c', 'hex');

/** The id a ride's review reminder is handled under (one per ride: rides writes it once), whatever event id it came with. */
const reminderKey = (ride: Pick<ReviewReminderDue, 'rideId'>) => derivedEventId(REVIEW_NAMESPACE, `${ride.rideId}:review-reminder`);
/** The id one person's reminder is recorded under: the driver's, or a passenger's by their booking. */
const personKey = (ride: Pick<ReviewReminderDue, 'rideId'>, reminder: Pick<ReviewReminder, 'key'>) =>
  derivedEventId(REVIEW_NAMESPACE, `${ride.rideId}:review-reminder:${reminder.key}`);
/** The id a review's publication or reply is told under, whatever event id it came with. */
const factKey = (review: Pick<ReviewFact, 'reviewId'>, fact: 'published' | 'replied') => derivedEventId(REVIEW_NAMESPACE, `${review.reviewId}:${fact}`);

/**
 * krom.rides.review.reminder_due.v1 → each passenger still to rate the driver, and the driver
 * still to rate passengers, gets one in-app notice and one SMS (one segment, with the link to rate)
 * at the number they registered; SMS off leaves the notice; a deleted account gets nothing. Once
 * per ride and person, under keys derived from the ride, so the same reminder under another
 * event id tells nobody again; the SMS pass the per-number caps (deliver-notice.ts).
 */
export function handleReviewReminderDue(senders: NoticeSenders, publicOrigin: string): EventRule<ReviewReminderDue> {
  return deliverNotice(senders, {
    key: (envelope) => reminderKey(envelope.data),
    messageKeys: ({ data: ride }) => reviewReminders(ride, publicOrigin).map((reminder) => personKey(ride, reminder)),
    record: async (tx, { data: ride }) => {
      const recorded = [];
      for (const reminder of reviewReminders(ride, publicOrigin)) {
        recorded.push(
          await recordPassengerNews(tx, senders.sms, senders.email, {
            passengerId: reminder.userId,
            key: personKey(ride, reminder),
            notice: reminder.notice,
            smsText: reminder.smsText,
            smsType: 'reminder',
            notifyBySMS: true,
            notifyByEmail: false,
          }),
        );
      }
      return recorded;
    },
  });
}

/**
 * krom.rides.review.published.v1 → the member reviewed is told in the app (once per review);
 * krom.rides.review.replied.v1 → the review's writer is told in the app that the member replied.
 * A deleted account is told nothing.
 */
export function handleReviewFact(senders: NoticeSenders, fact: 'published' | 'replied'): EventRule<ReviewFact> {
  return deliverNotice(senders, {
    key: (envelope) => factKey(envelope.data, fact),
    record: async (tx, { data: review }) => {
      const userId = fact === 'published' ? review.revieweeId : review.reviewerId;
      const known = await findKnownUser(tx, userId);
      if (known?.deletedAt) return {};
      const notice = fact === 'published' ? reviewPublishedNotice(review) : reviewRepliedNotice(review);
      await createNotification(tx, { userId, ...notice, sourceEventId: factKey(review, fact) });
      return {};
    },
  });
}
