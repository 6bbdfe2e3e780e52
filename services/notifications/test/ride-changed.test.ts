import { randomUUID } from 'node:crypto';
import { userDeleted } from '@krom/contracts/events/identity';
import { type RideChanged, rideChanged } from '@krom/contracts/events/rides';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { notificationListSchema } from '@krom/contracts/http/notifications';
import { testEnvelope } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { RIDE_CHANGE_NOTICES_PER_RIDE_DAILY } from '../src/notifications/match-notice-bounds.ts';
import { assertionFor, eventDelivery, messagesOf, registeredUser, useNotificationsService } from './notifications-test-env.ts';

/*
 * A ride the passengers were told of changed: the event on the bus, as the rides service
 * publishes it, and what each passenger it names then finds in the app, their phone and mailbox.
 */
const handle = useNotificationsService();

const envelope = testEnvelope;

const deliver = eventDelivery(handle);

const registeredPassenger = () => registeredUser(handle, { firstName: 'Efua', lastName: 'Boateng' });

const terms = { departureDate: '2025-11-28', departureTime: '14:30', departureAt: '2025-11-28T14:30:00.000Z', availableSeats: 3, pricePerSeat: '40.00', status: 'active' as const };
type Told = RideChanged['passengers'][number];
const told = (passengerId: string, changes: Partial<Told> = {}): Told => ({
  requestId: randomUUID(),
  passengerId,
  notifyByEmail: false,
  notifyBySMS: false,
  stillMatches: true,
  ...changes,
});
/** The driver raised the price to GH₵60.00 and moved the ride to the next morning. */
const changedRide = (passengers: Told[], changes: Partial<RideChanged> = {}): EventEnvelope<RideChanged> =>
  envelope(rideChanged, {
    rideId: randomUUID(),
    driverId: randomUUID(),
    fromLocation: 'Accra',
    toLocation: 'Tema',
    currency: 'GHS',
    changed: ['departureDate', 'departureTime', 'pricePerSeat'],
    previous: terms,
    current: { ...terms, departureDate: '2025-11-29', departureTime: '09:00', departureAt: '2025-11-29T09:00:00.000Z', pricePerSeat: '60.00' },
    passengers,
    changedAt: new Date().toISOString(),
    version: 2,
    ...changes,
  });

const TITLE = 'A ride you were told about changed';
const MESSAGE = 'The ride from Accra to Tema now leaves Sat 29 Nov at 9:00 AM (was Fri 28 Nov at 2:30 PM) and costs GH₵60.00 a seat (was GH₵40.00).';
const NO_MATCH = `${MESSAGE} It no longer matches your ride request.`;
const SMS_NO_MATCH = 'Krom: your matched ride Accra to Tema changed: now Sat 29 Nov at 9:00 AM, 3 seats at GHS 60.00 each. No longer matches your request.';

const list = async (userId: string) => {
  const response = await handle.service.app.inject({ method: 'GET', url: '/notifications', headers: await assertionFor(handle.config, { kind: 'user', userId }) });
  expect(response.statusCode).toBe(200);
  return notificationListSchema.parse(response.json()).items;
};
const changeNotices = async (userId: string) => (await list(userId)).filter((item) => item.title.startsWith('A ride you were told about'));
const { smsOf, emailsOf, textsTo, mailTo, allDelivered: allTaken } = messagesOf(handle);
/** Waits until the provider took every message recorded for the user, and there is one. */
const allDelivered = (userId: string) => allTaken(userId, { atLeastOne: true });

describe('krom.rides.ride.changed.v1', () => {
  it('tells each passenger it names, in the app, what changed and whether the ride still matches their request, with a link', async () => {
    const stillSuits = await registeredPassenger();
    const tooDear = await registeredPassenger();
    const event = changedRide([told(stillSuits.userId), told(tooDear.userId, { stillMatches: false })]);
    await deliver(rideChanged, event);

    const [notice] = await changeNotices(stillSuits.userId);
    expect(notice).toMatchObject({
      type: 'ride_request',
      title: TITLE,
      message: MESSAGE,
      isRead: false,
      actionRequired: false,
      data: { requestId: event.data.passengers[0]?.requestId, rideId: event.data.rideId, link: `/ride-preview/${event.data.rideId}` },
    });
    expect((await changeNotices(tooDear.userId)).map((item) => item.message)).toEqual([NO_MATCH]);
    // In the app only: neither request asked for SMS or e-mail.
    expect(await smsOf(stillSuits.userId)).toEqual([]);
    expect(await emailsOf(tooDear.userId)).toEqual([]);
  });

  it('texts and e-mails as the request asks, once however often the change is delivered, even under another event id', async () => {
    const passenger = await registeredPassenger();
    const event = changedRide([told(passenger.userId, { notifyBySMS: true, notifyByEmail: true, stillMatches: false })]);
    await deliver(rideChanged, event);
    await allDelivered(passenger.userId);
    await deliver(rideChanged, event);
    await deliver(rideChanged, { ...event, id: randomUUID() });

    expect((await changeNotices(passenger.userId)).map((item) => item.message)).toEqual([NO_MATCH]);
    expect(await smsOf(passenger.userId)).toHaveLength(1);
    expect((await textsTo(passenger.phone)).map((text) => text.body)).toEqual([SMS_NO_MATCH]);
    const mail = await mailTo(passenger.email);
    expect(mail.map((message) => message.subject)).toEqual(['A ride you were told about changed on Krom']);
    expect(mail[0]?.text).toContain(NO_MATCH);

    // The next change of the same ride is news.
    await deliver(rideChanged, changedRide([told(passenger.userId, { notifyBySMS: true })], { rideId: event.data.rideId, version: 3, changed: ['status'], current: { ...terms, status: 'cancelled' } }));
    await allDelivered(passenger.userId);
    expect((await changeNotices(passenger.userId)).map((item) => item.title)).toEqual(['A ride you were told about was cancelled', TITLE]);
    expect(await textsTo(passenger.phone)).toHaveLength(2);
  });

  it('tells nobody of a change with nothing to say, though the event names them', async () => {
    const passenger = await registeredPassenger();
    // As a description edit of a ride whose seats were cut below the passenger's count once read: "The ride from Accra to Tema now ."
    await deliver(rideChanged, changedRide([told(passenger.userId, { notifyBySMS: true, stillMatches: false })], { changed: ['description'], current: terms }));
    expect(await changeNotices(passenger.userId)).toEqual([]);
    expect(await smsOf(passenger.userId)).toEqual([]);
  });

  it('tells a passenger of one ride’s changes a few times a day, however often its driver edits it, and still of its cancellation', async () => {
    const passenger = await registeredPassenger();
    const rideId = randomUUID();
    const edits = RIDE_CHANGE_NOTICES_PER_RIDE_DAILY + 3;
    for (let version = 2; version < 2 + edits; version++) {
      await deliver(rideChanged, changedRide([told(passenger.userId, { notifyBySMS: true })], { rideId, version }));
    }
    expect(await changeNotices(passenger.userId)).toHaveLength(RIDE_CHANGE_NOTICES_PER_RIDE_DAILY);
    await allDelivered(passenger.userId);
    expect(await textsTo(passenger.phone)).toHaveLength(RIDE_CHANGE_NOTICES_PER_RIDE_DAILY);

    await deliver(rideChanged, changedRide([told(passenger.userId)], { rideId, version: 2 + edits, changed: ['status'], current: { ...terms, status: 'cancelled' } }));
    expect((await changeNotices(passenger.userId))[0]?.title).toBe('A ride you were told about was cancelled');
    // Another ride's change is still news.
    await deliver(rideChanged, changedRide([told(passenger.userId)]));
    expect(await changeNotices(passenger.userId)).toHaveLength(RIDE_CHANGE_NOTICES_PER_RIDE_DAILY + 2);
  });

  describe('to the passengers who booked the ride', () => {
    const easy = { luggage: 'large' as const, smoking: false, pets: false, airConditioning: true, maxTwoInBack: true };
    /** The driver now allows smoking and pets on a ride booked by `booked`. */
    const preferencesChanged = (booked: string[], after: Partial<typeof easy> = { smoking: true, pets: true }, passengers: Told[] = []) =>
      changedRide(passengers, {
        changed: ['preferences'],
        previous: { ...terms, preferences: easy },
        current: { ...terms, preferences: { ...easy, ...after } },
        bookedPassengerIds: booked,
      });
    const BOOKED_MESSAGE = 'Your Accra to Tema ride on Fri 28 Nov has changed: smoking is now allowed, pets are now allowed. Open your booking in My Rides to see it.';
    const BOOKED_SMS = 'Krom: Your Accra to Tema ride on Fri 28 Nov has changed: smoking is now allowed, pets are now allowed. Open Krom to see your booking.';
    const bookingNotices = async (userId: string) => (await list(userId)).filter((item) => item.title === 'Your booked ride changed');

    it('tells each of them in the app and by SMS what got worse, once however often the change is delivered', async () => {
      const booked = await registeredPassenger();
      const alsoBooked = await registeredPassenger();
      const event = preferencesChanged([booked.userId, alsoBooked.userId]);
      await deliver(rideChanged, event);
      await allDelivered(booked.userId);
      await deliver(rideChanged, event);
      await deliver(rideChanged, { ...event, id: randomUUID() });

      const [notice, ...others] = await bookingNotices(booked.userId);
      expect(others).toEqual([]);
      expect(notice).toMatchObject({ type: 'booking', message: BOOKED_MESSAGE, actionRequired: false, data: { kind: 'ride_changed', rideId: event.data.rideId, link: '/my-rides' } });
      expect((await textsTo(booked.phone)).map((text) => text.body)).toEqual([BOOKED_SMS]);
      expect((await bookingNotices(alsoBooked.userId)).map((item) => item.message)).toEqual([BOOKED_MESSAGE]);
      await allDelivered(alsoBooked.userId);
      expect((await textsTo(alsoBooked.phone)).map((text) => text.body)).toEqual([BOOKED_SMS]);
      // The preferences alone are no news to a passenger told of the ride through a request.
      expect(await changeNotices(booked.userId)).toEqual([]);
    });

    it('tells a member who both booked it and was told of it through a request of each, apart', async () => {
      const both = await registeredPassenger();
      // The driver raised the price and allowed smoking and pets.
      const dearer = preferencesChanged([both.userId], { smoking: true, pets: true }, [told(both.userId)]);
      dearer.data = { ...dearer.data, changed: ['pricePerSeat', 'preferences'], current: { ...dearer.data.current, pricePerSeat: '60.00' } };
      await deliver(rideChanged, dearer);
      expect((await bookingNotices(both.userId)).map((item) => item.message)).toEqual([BOOKED_MESSAGE]);
      expect((await changeNotices(both.userId)).map((item) => item.message)).toEqual(['The ride from Accra to Tema now costs GH₵60.00 a seat (was GH₵40.00).']);
    });

    it('tells nobody of an improvement, nor of an event from before it named them', async () => {
      const booked = await registeredPassenger();
      await deliver(rideChanged, changedRide([], { changed: ['preferences'], previous: { ...terms, preferences: { ...easy, smoking: true } }, current: { ...terms, preferences: easy }, bookedPassengerIds: [booked.userId] }));
      const { bookedPassengerIds: _, ...older } = preferencesChanged([booked.userId]).data;
      await deliver(rideChanged, envelope(rideChanged, older));
      expect(await bookingNotices(booked.userId)).toEqual([]);
      expect(await smsOf(booked.userId)).toEqual([]);
    });
  });

  it('tells nobody when it names no passenger, and a deleted account nothing', async () => {
    const gone = await registeredPassenger();
    await deliver(userDeleted, envelope(userDeleted, { userId: gone.userId, deletedAt: new Date().toISOString() }));
    const bystander = await registeredPassenger();
    await deliver(rideChanged, changedRide([]));
    await deliver(rideChanged, changedRide([told(gone.userId, { notifyBySMS: true, notifyByEmail: true })]));
    expect(await list(gone.userId)).toEqual([]);
    expect(await smsOf(gone.userId)).toEqual([]);
    expect(await changeNotices(bystander.userId)).toEqual([]);
  });
});
