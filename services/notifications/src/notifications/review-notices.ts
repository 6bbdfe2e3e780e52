import type { ReviewFact, ReviewReminderDue } from '@krom/contracts/events/reviews';
import { fitTwoNamesInSegment, inGsmAlphabet, shortened } from '../sms/sms-segment.ts';
import { passengerBookingsLink } from './booking-notices.ts';
import type { NewNotification } from './create-notification.ts';

/*
 * Reviews told: the reminder the morning after a trip (an SMS of one segment with a link, and the
 * same in the app) to each passenger still to rate the driver and to the driver still to rate
 * passengers; in the app only, a review about the member published and a reply to their review.
 */

type Notice = Pick<NewNotification, 'type' | 'title' | 'message' | 'data' | 'actionRequired'>;

export type ReviewReminder = {
  /** Whose reminder it is within the ride: the driver's, or a passenger's booking. */
  key: string;
  userId: string;
  smsText: string;
  notice: Notice;
};

/** The driver's screen to rate the passengers of a ride. */
export const rateRidersLink = (rideId: string) => `/rate-riders/${rideId}`;
/** Where a member reads the reviews about them. */
export const allReviewsLink = '/all-reviews';

/** A first name as an SMS carries it: GSM letters, at most 20 of them. */
const smsName = (name: string) => shortened(inGsmAlphabet(name.trim()), 20);

export function reviewReminders(ride: ReviewReminderDue, publicOrigin: string): ReviewReminder[] {
  const driver = ride.driverFirstName.trim();
  const route = `${ride.fromLocation.trim()} to ${ride.toLocation.trim()}`;
  const passengers = ride.passengers.map<ReviewReminder>((passenger) => ({
    key: passenger.bookingId,
    userId: passenger.passengerId,
    smsText: `How was your trip with ${smsName(driver)}? Rate them: ${publicOrigin}${passengerBookingsLink}`,
    notice: {
      type: 'booking',
      title: 'How was your trip?',
      message: `How was your trip from ${route} with ${driver}? Rate them in My Rides.`,
      actionRequired: false,
      data: { kind: 'review_reminder', bookingId: passenger.bookingId, rideId: ride.rideId, link: passengerBookingsLink },
    },
  }));
  if (ride.passengersToRate === 0) return passengers;
  const count = ride.passengersToRate === 1 ? '1 passenger' : `${ride.passengersToRate} passengers`;
  const link = rateRidersLink(ride.rideId);
  const smsText = fitTwoNamesInSegment(
    inGsmAlphabet(ride.fromLocation.trim()),
    inGsmAlphabet(ride.toLocation.trim()),
    (from, to) => `How was your ride ${from} to ${to}? Rate your ${count}: ${publicOrigin}${link}`,
  );
  const forDriver: ReviewReminder = {
    key: 'driver',
    userId: ride.driverId,
    smsText,
    notice: {
      type: 'booking',
      title: 'Rate your passengers',
      message: `How was your ride from ${route}? You have ${count} to rate.`,
      actionRequired: false,
      data: { kind: 'review_reminder', rideId: ride.rideId, link },
    },
  };
  return [...passengers, forDriver];
}

/** To the member reviewed, once their review is visible. */
export const reviewPublishedNotice = (review: ReviewFact): Notice => ({
  type: 'system',
  title: 'A review about you is published',
  message: `A ${review.reviewType === 'driver' ? 'passenger' : 'driver'} rated you ${review.rating} out of 5. Read it, and reply if you wish, in your reviews.`,
  actionRequired: false,
  data: { kind: 'review', reviewId: review.reviewId, rideId: review.rideId, link: allReviewsLink },
});

/** To the review's writer, once the member reviewed replied: a driver's reply shows on their profile (a passenger has none to link to). */
export const reviewRepliedNotice = (review: ReviewFact): Notice => ({
  type: 'system',
  title: 'Someone replied to your review',
  message: `The ${review.reviewType} you reviewed replied to your review.`,
  actionRequired: false,
  data: {
    kind: 'review',
    reviewId: review.reviewId,
    rideId: review.rideId,
    ...(review.reviewType === 'driver' ? { link: `/driver-profile/${review.revieweeId}` } : {}),
  },
});
