import { randomUUID } from 'node:crypto';
import { type ReviewFact, type ReviewReminderDue, reviewEvents, reviewReminderDue } from '@krom/contracts/events/reviews';
import { notificationListSchema } from '@krom/contracts/http/notifications';
import { eventually, testEnvelope } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { smsSegments } from '../src/sms/sms-segment.ts';
import { assertionFor, choicesTold, eventDelivery, messagesOf, registeredUser, useNotificationsService } from './notifications-test-env.ts';

const handle = useNotificationsService();
const deliver = eventDelivery(handle);
const { smsOf } = messagesOf(handle);
const choices = choicesTold(handle);

const settledSms = (userId: string, count: number) =>
  eventually(async () => {
    const rows = await smsOf(userId);
    return rows.length === count && rows.every((row) => row.status !== 'pending') ? rows : undefined;
  });
const notices = async (userId: string) => {
  const response = await handle.service.app.inject({ method: 'GET', url: '/notifications', headers: await assertionFor(handle.config, { kind: 'user', userId }) });
  // Registration's welcome aside: the review notices.
  return notificationListSchema.parse(response.json()).items.filter((item) => String(item.data?.kind).startsWith('review'));
};
const member = (firstName: string) => registeredUser(handle, { firstName, lastName: 'Mensah' });

function reminderDue(driverId: string, passengerIds: string[], passengersToRate: number) {
  const data: ReviewReminderDue = {
    rideId: randomUUID(),
    driverId,
    driverFirstName: 'Kwame',
    fromLocation: 'Accra',
    toLocation: 'Kumasi',
    departureDate: '2026-11-27',
    passengersToRate,
    passengers: passengerIds.map((passengerId) => ({ bookingId: randomUUID(), passengerId })),
    reviewBy: '2026-12-11T22:30:00.000Z',
    remindedAt: '2026-11-28T09:00:00.000Z',
  };
  return testEnvelope(reviewReminderDue, data);
}

function reviewFact(reviewerId: string, revieweeId: string, changes: Partial<ReviewFact> = {}): ReviewFact {
  return {
    reviewId: randomUUID(),
    bookingId: randomUUID(),
    rideId: randomUUID(),
    reviewerId,
    revieweeId,
    reviewType: 'driver',
    rating: 4,
    comment: 'Safe driver, on time, friendly.',
    createdAt: '2026-11-28T10:00:00.000Z',
    publishedAt: '2026-11-28T11:00:00.000Z',
    reply: null,
    occurredAt: '2026-11-28T11:00:00.000Z',
    version: 2,
    ...changes,
  };
}

describe('krom.rides.review.reminder_due.v1', () => {
  it('asks each passenger and the driver to rate, by SMS in one segment with the link and in the app, once whatever redelivers it', async () => {
    const [passenger, driver] = await Promise.all([member('Ama'), member('Kwame')]);
    const event = reminderDue(driver.userId, [passenger.userId], 2);
    await deliver(reviewReminderDue, event);
    // Redelivered, and the same reminder under another event id: nobody is told twice.
    await deliver(reviewReminderDue, event);
    await deliver(reviewReminderDue, { ...event, id: randomUUID() });

    const [toPassenger] = await settledSms(passenger.userId, 1);
    expect(toPassenger).toMatchObject({ messageType: 'reminder', message: 'How was your trip with Kwame? Rate them: http://localhost:8080/my-rides' });
    const [toDriver] = await settledSms(driver.userId, 1);
    expect(toDriver!.message).toBe(`How was your ride Accra to Kumasi? Rate your 2 passengers: http://localhost:8080/rate-riders/${event.data.rideId}`);
    for (const sms of [toPassenger!, toDriver!]) expect(smsSegments(sms.message)).toBe(1);

    expect((await notices(passenger.userId)).map((notice) => [notice.title, notice.message, notice.data?.link])).toEqual([
      ['How was your trip?', 'How was your trip from Accra to Kumasi with Kwame? Rate them in My Rides.', '/my-rides'],
    ]);
    expect((await notices(driver.userId)).map((notice) => [notice.title, notice.message, notice.data?.link])).toEqual([
      ['Rate your passengers', 'How was your ride from Accra to Kumasi? You have 2 passengers to rate.', `/rate-riders/${event.data.rideId}`],
    ]);
  });

  it('tells a member who turned SMS off in the app only, and a driver with nobody left to rate nothing', async () => {
    const [passenger, driver] = await Promise.all([member('Ama'), member('Kwame')]);
    await choices(passenger.userId, { smsNotifications: false }, 2);
    await deliver(reviewReminderDue, reminderDue(driver.userId, [passenger.userId], 0));

    expect((await notices(passenger.userId)).map((notice) => notice.title)).toEqual(['How was your trip?']);
    expect(await smsOf(passenger.userId)).toEqual([]);
    expect(await notices(driver.userId)).toEqual([]);
    expect(await smsOf(driver.userId)).toEqual([]);
  });
});

describe('krom.rides.review.published.v1 and replied.v1', () => {
  it('tells the member reviewed in the app when the review is published, once, and nobody by SMS', async () => {
    const [reviewer, reviewee] = await Promise.all([member('Ama'), member('Kwame')]);
    const fact = reviewFact(reviewer.userId, reviewee.userId);
    const event = testEnvelope(reviewEvents.published, fact);
    await deliver(reviewEvents.published, event);
    await deliver(reviewEvents.published, { ...event, id: randomUUID() });

    expect((await notices(reviewee.userId)).map((notice) => [notice.title, notice.message])).toEqual([
      ['A review about you is published', 'A passenger rated you 4 out of 5. Read it, and reply if you wish, in your reviews.'],
    ]);
    expect(await notices(reviewer.userId)).toEqual([]);
    expect(await smsOf(reviewee.userId)).toEqual([]);
  });

  it('tells the review writer in the app when the member reviewed replied, once', async () => {
    const [reviewer, reviewee] = await Promise.all([member('Ama'), member('Kwame')]);
    const fact = reviewFact(reviewer.userId, reviewee.userId, { reply: 'Thank you, Ama!', version: 3 });
    const event = testEnvelope(reviewEvents.replied, fact);
    await deliver(reviewEvents.replied, event);
    await deliver(reviewEvents.replied, { ...event, id: randomUUID() });

    expect((await notices(reviewer.userId)).map((notice) => [notice.title, notice.message, notice.data?.link])).toEqual([
      ['Someone replied to your review', 'The driver you reviewed replied to your review.', `/driver-profile/${reviewee.userId}`],
    ]);
    expect(await notices(reviewee.userId)).toEqual([]);
  });
});
