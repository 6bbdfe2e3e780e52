import { randomUUID } from 'node:crypto';
import { type RideRequestInvited, rideRequestExpired, rideRequestInvited } from '@krom/contracts/events/rides';
import { notificationListSchema } from '@krom/contracts/http/notifications';
import { testEnvelope } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { assertionFor, eventDelivery, messagesOf, registeredUser, useNotificationsService } from './notifications-test-env.ts';

const handle = useNotificationsService();
const deliver = eventDelivery(handle);
const messages = messagesOf(handle);

const invited = (passengerId: string, changes: Partial<RideRequestInvited> = {}) =>
  testEnvelope(rideRequestInvited, {
    requestId: randomUUID(),
    passengerId,
    rideId: randomUUID(),
    driverId: randomUUID(),
    driverFirstName: 'Yaw',
    fromLocation: 'Accra',
    toLocation: 'Kumasi',
    departureDate: '2026-12-04',
    departureTime: '08:00',
    departureAt: '2026-12-04T08:00:00.000Z',
    seats: 2,
    pricePerSeat: '50.00',
    currency: 'GHS',
    invitedAt: new Date().toISOString(),
    version: 2,
    ...changes,
  });

const noticesOf = async (userId: string) => {
  const response = await handle.service.app.inject({ method: 'GET', url: '/notifications', headers: await assertionFor(handle.config, { kind: 'user', userId }) });
  return notificationListSchema.parse(response.json()).items;
};

describe('krom.rides.ride_request.invited.v1', () => {
  it('invites the passenger in the app and by SMS, both with the ride link, once per event', async () => {
    const passenger = await registeredUser(handle, { firstName: 'Ama', lastName: 'Owusu' });
    const event = invited(passenger.userId);
    await deliver(rideRequestInvited, event);
    await deliver(rideRequestInvited, event);

    const link = `/ride-preview/${event.data.rideId}`;
    const notices = (await noticesOf(passenger.userId)).filter((notice) => notice.title === 'Yaw invites you to book a ride');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      type: 'ride_request',
      message: "Yaw accepted your request: Accra to Kumasi on Fri 4 Dec at 8:00 AM, GH₵50.00 a seat. Book 2 seats from the ride's page.",
      data: { kind: 'invitation', requestId: event.data.requestId, rideId: event.data.rideId, link },
    });
    await messages.allDelivered(passenger.userId, { atLeastOne: true });
    const texts = await messages.textsTo(passenger.phone);
    expect(texts.map((text) => text.body)).toEqual([
      `Krom: Yaw invites you to book Accra to Kumasi, Fri 4 Dec at 8:00 AM, GHS 50.00/seat. Book: ${handle.config.PUBLIC_ORIGIN}${link}`,
    ]);
  });
});

describe('krom.rides.ride_request.expired.v1', () => {
  it('tells the passenger in the app only', async () => {
    const passenger = await registeredUser(handle, { firstName: 'Kojo', lastName: 'Asante' });
    const requestId = randomUUID();
    await deliver(
      rideRequestExpired,
      testEnvelope(rideRequestExpired, {
        requestId,
        passengerId: passenger.userId,
        fromLocation: 'Tamale',
        toLocation: 'Bolgatanga',
        preferredDepartureDate: '2026-12-04',
        expiredAt: '2026-12-04T23:59:59.999Z',
        version: 3,
      }),
    );
    const notices = (await noticesOf(passenger.userId)).filter((notice) => notice.title === 'Your ride request expired');
    expect(notices).toEqual([
      expect.objectContaining({
        type: 'ride_request',
        message: 'Your request for a ride from Tamale to Bolgatanga for Fri 4 Dec has expired. Search again or make a new request.',
        data: { kind: 'expired', requestId, link: '/find-ride' },
      }),
    ]);
    expect([...(await messages.smsOf(passenger.userId)), ...(await messages.emailsOf(passenger.userId))]).toEqual([]);
  });
});
