import { reviewEvents, reviewReminderDue } from '@krom/contracts/events/reviews';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readReviewPublished, readReviewReminderDue, readReviewReplied } from '../src/events/handlers/review-facts.ts';
import { reviewPublishedNotice, reviewRepliedNotice, reviewReminders } from '../src/notifications/review-notices.ts';

const { eachLike, integer, like, nullValue, regex, uuid } = MatchersV3;

const ids = {
  review: '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
  booking: '8e3f2a4b-5c6d-4e7f-9a8b-0c1d2e3f4a5b',
  ride: '2b7c9d1e-4f3a-4b6c-8d9e-0f1a2b3c4d5e',
  passenger: '9f4a3b5c-6d7e-4f8a-8b9c-1d2e3f4a5b6c',
  driver: '3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f',
};
const origin = 'https://krom.example';

/** Ama's review of Kwame, her driver, as each fact carries it; `reply` null until he replied. */
const passengersReview = (reply: ReturnType<typeof like> | ReturnType<typeof nullValue>) => ({
  reviewId: uuid(ids.review),
  bookingId: uuid(ids.booking),
  rideId: uuid(ids.ride),
  reviewerId: uuid(ids.passenger),
  revieweeId: uuid(ids.driver),
  reviewType: 'driver',
  rating: integer(5),
  comment: like('Safe driver, on time, friendly.'),
  createdAt: isoDateTime('2025-11-29T10:00:00.000Z'),
  publishedAt: isoDateTime('2025-11-29T11:00:00.000Z'),
  reply,
  occurredAt: isoDateTime('2025-11-29T11:00:00.000Z'),
  version: integer(2),
});

// The same pact file as the other rides events: one consumer, one provider.
const pact = messageConsumerPact('krom-notifications', 'krom-rides');

describe('krom-notifications consuming krom-rides review events', () => {
  it('reminds the passenger still to rate the driver, and the driver how many passengers to rate, the morning after the trip', () =>
    pact
      .given('the passenger and the driver of a completed trip from Accra to Kumasi have not reviewed each other the morning after')
      .expectsToReceive(`a ${reviewReminderDue.subject} event`)
      .withContent({
        id: uuid('5c1d3e5f-7a9b-4c2d-8e4f-6a8b0c2d4e6f'),
        type: reviewReminderDue.subject,
        occurredAt: isoDateTime('2025-11-29T09:00:00.000Z'),
        data: {
          rideId: uuid(ids.ride),
          driverId: uuid(ids.driver),
          driverFirstName: like('Kwame'),
          fromLocation: like('Accra'),
          toLocation: like('Kumasi'),
          departureDate: regex(/^\d{4}-\d{2}-\d{2}$/.source, '2025-11-28'),
          passengersToRate: integer(1),
          passengers: eachLike({ bookingId: uuid(ids.booking), passengerId: uuid(ids.passenger) }),
          reviewBy: isoDateTime('2025-12-12T20:30:00.000Z'),
          remindedAt: isoDateTime('2025-11-29T09:00:00.000Z'),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readReviewReminderDue(body);
          expect(envelope.type).toBe(reviewReminderDue.subject);
          expect(reviewReminders(envelope.data, origin).map((reminder) => [reminder.userId, reminder.smsText])).toEqual([
            [ids.passenger, 'How was your trip with Kwame? Rate them: https://krom.example/my-rides'],
            [ids.driver, `How was your ride Accra to Kumasi? Rate your 1 passenger: https://krom.example/rate-riders/${ids.ride}`],
          ]);
        }),
      ));

  it('tells the driver a review about them is published', () =>
    pact
      .given('the passenger and the driver of a completed trip reviewed each other')
      .expectsToReceive(`a ${reviewEvents.published.subject} event`)
      .withContent({
        id: uuid('6d2e4f6a-8b0c-4d3e-9f5a-7b9c1d3e5f7a'),
        type: reviewEvents.published.subject,
        occurredAt: isoDateTime('2025-11-29T11:00:00.000Z'),
        data: passengersReview(nullValue()),
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readReviewPublished(body);
          expect(envelope.type).toBe(reviewEvents.published.subject);
          expect(reviewPublishedNotice(envelope.data)).toMatchObject({
            title: 'A review about you is published',
            message: 'A passenger rated you 5 out of 5. Read it, and reply if you wish, in your reviews.',
          });
        }),
      ));

  it("tells the passenger the driver replied to their review", () =>
    pact
      .given('a driver replied to the review a passenger wrote of them')
      .expectsToReceive(`a ${reviewEvents.replied.subject} event`)
      .withContent({
        id: uuid('7e3f5a7b-9c1d-4e4f-8a6b-8c0d2e4f6a8b'),
        type: reviewEvents.replied.subject,
        occurredAt: isoDateTime('2025-11-29T12:00:00.000Z'),
        data: { ...passengersReview(like('Thank you, Ama. Safe travels!')), version: integer(3) },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readReviewReplied(body);
          expect(envelope.type).toBe(reviewEvents.replied.subject);
          expect(reviewRepliedNotice(envelope.data)).toMatchObject({
            title: 'Someone replied to your review',
            message: 'The driver you reviewed replied to your review.',
            data: { link: `/driver-profile/${ids.driver}` },
          });
        }),
      ));
});
