import { randomUUID } from 'node:crypto';
import { type RideDepartingSoon, rideDepartingSoon } from '@krom/contracts/events/bookings';
import { userNotificationSettings } from '@krom/contracts/events/identity';
import { notificationListSchema } from '@krom/contracts/http/notifications';
import { eventually, testEnvelope } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { smsSegments } from '../src/sms/sms-segment.ts';
import { assertionFor, choicesTold, eventDelivery, messagesOf, newPhone, registeredUser, useNotificationsService } from './notifications-test-env.ts';

const handle = useNotificationsService();
const deliver = eventDelivery(handle);
const { smsOf, textsTo } = messagesOf(handle);
const choices = choicesTold(handle);

const settledSms = (userId: string, count: number) =>
  eventually(async () => {
    const rows = await smsOf(userId);
    return rows.length === count && rows.every((row) => row.status !== 'pending') ? rows : undefined;
  });
const notices = async (userId: string) => {
  const response = await handle.service.app.inject({ method: 'GET', url: '/notifications', headers: await assertionFor(handle.config, { kind: 'user', userId }) });
  return notificationListSchema.parse(response.json()).items.filter((item) => item.type === 'booking');
};

/** A confirmed passenger of the ride, booked with a number of their own. */
const bookedPassenger = (passengerId: string, firstName: string): RideDepartingSoon['passengers'][number] => ({
  bookingId: randomUUID(),
  passengerId,
  passengerFirstName: firstName,
  passengerPhone: newPhone('020'),
  seats: 1,
  board: { index: 0, location: 'Circle', city: 'Accra', meetingPoint: null },
  alight: { index: 2, location: 'Kejetia', city: 'Kumasi', meetingPoint: null },
  boardingCode: 'K7P3QX',
});

function departingSoon(driverId: string, passengers: RideDepartingSoon['passengers']) {
  return testEnvelope(rideDepartingSoon, {
    rideId: randomUUID(),
    driverId,
    driverFirstName: 'Kwame',
    vehicle: { make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GR-1234-20' },
    fromLocation: 'Circle',
    toLocation: 'Kejetia',
    departureDate: '2025-11-28',
    departureTime: '14:30',
    departureAt: '2025-11-28T14:30:00.000Z',
    passengers,
    remindedAt: '2025-11-28T12:30:00.000Z',
    version: 3,
  });
}

describe('krom.rides.ride.departing_soon.v1', () => {
  it('reminds each passenger (at the phone on their booking) and the driver, by SMS in one segment and in the app, once', async () => {
    const passenger = await registeredUser(handle, { firstName: 'Ama', lastName: 'Mensah' });
    const driver = await registeredUser(handle, { firstName: 'Kwame', lastName: 'Asante' });
    const bookedPhone = newPhone('020');
    const event = departingSoon(driver.userId, [
      {
        bookingId: randomUUID(),
        passengerId: passenger.userId,
        passengerFirstName: 'Ama',
        passengerPhone: bookedPhone,
        seats: 2,
        board: { index: 1, location: 'Nkawkaw Station', city: 'Nkawkaw', meetingPoint: 'Shell fuel station' },
        alight: { index: 2, location: 'Kejetia', city: 'Kumasi', meetingPoint: null },
        boardingCode: 'K7P3QX',
      },
    ]);
    await deliver(rideDepartingSoon, event);
    // Delivered again (a redelivery, or the same reminder under another id): nobody is told twice.
    await deliver(rideDepartingSoon, event);
    await deliver(rideDepartingSoon, { ...event, id: randomUUID() });

    const [toPassenger] = await settledSms(passenger.userId, 1);
    expect(toPassenger).toMatchObject({
      messageType: 'reminder',
      message: 'Krom reminder: Nkawkaw to Kumasi today at 2:30 PM. Driver Kwame, GR-1234-20. Boarding code K7P3QX.',
    });
    expect(toPassenger!.phoneNumber.endsWith(bookedPhone.slice(1))).toBe(true);
    const [toDriver] = await settledSms(driver.userId, 1);
    expect(toDriver!.message).toBe('Krom reminder: your ride Circle to Kejetia leaves today at 2:30 PM with 1 passenger (2 seats). Board them by code in Manage Bookings.');
    for (const sms of [toPassenger!, toDriver!]) expect(smsSegments(sms.message)).toBe(1);

    expect((await notices(passenger.userId)).map((notice) => [notice.title, notice.message])).toEqual([
      [
        'Your ride leaves soon',
        'Your ride from Nkawkaw to Kumasi leaves today at 2:30 PM. Board at Nkawkaw Station (Shell fuel station). Kwame drives a Silver Toyota Corolla, GR-1234-20. Your boarding code is K7P3QX.',
      ],
    ]);
    expect(await notices(driver.userId)).toHaveLength(1);
  });

  it('reminds nobody who turned ride reminders off, neither in the app nor by SMS, while the driver and another passenger are', async () => {
    const [declining, other, driver] = await Promise.all(
      (['Ama', 'Esi', 'Kwame'] as const).map((firstName) => registeredUser(handle, { firstName, lastName: 'Mensah' })),
    );
    await choices(declining!.userId, { rideReminders: false }, 2);
    const offBooking = bookedPassenger(declining!.userId, 'Ama');
    await deliver(rideDepartingSoon, departingSoon(driver!.userId, [offBooking, bookedPassenger(other!.userId, 'Esi')]));

    expect((await settledSms(other!.userId, 1)).map((row) => row.messageType)).toEqual(['reminder']);
    expect(await notices(other!.userId)).toHaveLength(1);
    expect((await settledSms(driver!.userId, 1))[0]!.message).toContain('with 2 passengers (2 seats)');
    expect(await notices(driver!.userId)).toHaveLength(1);
    // The handler records every reminder before the event is acknowledged: no row is no message.
    expect(await smsOf(declining!.userId)).toEqual([]);
    expect(await textsTo(offBooking.passengerPhone)).toEqual([]);
    expect(await notices(declining!.userId)).toEqual([]);
  });

  it('keeps the newest ride reminder choice: an older one told later changes nothing', async () => {
    const [stayedOff, turnedOn, driver] = await Promise.all(
      (['Ama', 'Esi', 'Kwame'] as const).map((firstName) => registeredUser(handle, { firstName, lastName: 'Mensah' })),
    );
    await choices(stayedOff!.userId, { rideReminders: false }, 5);
    await choices(stayedOff!.userId, { rideReminders: true }, 4);
    await choices(turnedOn!.userId, { rideReminders: false }, 3);
    await choices(turnedOn!.userId, { rideReminders: true }, 5);
    await choices(turnedOn!.userId, { rideReminders: false }, 4);
    await deliver(rideDepartingSoon, departingSoon(driver!.userId, [bookedPassenger(stayedOff!.userId, 'Ama'), bookedPassenger(turnedOn!.userId, 'Esi')]));

    expect(await settledSms(turnedOn!.userId, 1)).toHaveLength(1);
    expect(await notices(turnedOn!.userId)).toHaveLength(1);
    expect(await smsOf(stayedOff!.userId)).toEqual([]);
    expect(await notices(stayedOff!.userId)).toEqual([]);
  });

  it('reminds in the app only a member who turned SMS off, also when told by an event from before ride reminders travelled', async () => {
    const [passenger, driver] = await Promise.all(
      (['Ama', 'Kwame'] as const).map((firstName) => registeredUser(handle, { firstName, lastName: 'Mensah' })),
    );
    // As identity published the settings before the ride reminder choice was in them.
    const older = { userId: passenger!.userId, smsNotifications: false, changedAt: new Date().toISOString(), version: 2 };
    await deliver(userNotificationSettings, testEnvelope(userNotificationSettings, older));
    await deliver(rideDepartingSoon, departingSoon(driver!.userId, [bookedPassenger(passenger!.userId, 'Ama')]));

    expect((await notices(passenger!.userId)).map((notice) => notice.title)).toEqual(['Your ride leaves soon']);
    expect(await smsOf(passenger!.userId)).toEqual([]);
    expect(await settledSms(driver!.userId, 1)).toHaveLength(1);
  });
});
