import { randomUUID } from 'node:crypto';
import { userDeleted } from '@krom/contracts/events/identity';
import { type RidePosted, ridePosted } from '@krom/contracts/events/rides';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { notificationListSchema } from '@krom/contracts/http/notifications';
import { eventually, testEnvelope } from '@krom/server-kit/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { handledEvents, notifications, smsLogs } from '../src/db/schema.ts';
import { readLocalOutbox } from '../src/providers/sms/local.ts';
import { assertionFor, useNotificationsService, eventDelivery, useLiveStreams, registeredUser } from './notifications-test-env.ts';

const handle = useNotificationsService();

const envelope = testEnvelope;

const deliver = eventDelivery(handle);

const registeredDriver = () => registeredUser(handle, { firstName: 'Kwame', lastName: 'Asante' });

const point = (location: string, city: string | null) => ({
  location,
  city,
  localityArea: null,
  region: 'Greater Accra',
  placeId: null,
  latitude: 5.6037,
  longitude: -0.187,
});

const posted = (driverId: string, changes: Partial<RidePosted> = {}): EventEnvelope<RidePosted> =>
  envelope(ridePosted, {
    rideId: randomUUID(),
    driverId,
    from: point('Kaneshie Station, Accra', 'Accra'),
    to: { ...point('Kejetia, Kumasi', 'Kumasi'), region: 'Ashanti', latitude: 6.6885, longitude: -1.6244 },
    stops: [],
    departureDate: '2025-11-28',
    departureTime: '14:30',
    departureAt: '2025-11-28T14:30:00.000Z',
    availableSeats: 3,
    totalSeats: 4,
    pricePerSeat: '120.00',
    currency: 'GHS',
    postedAt: new Date().toISOString(),
    version: 1,
    ...changes,
  });

const list = async (userId: string) => {
  const response = await handle.service.app.inject({ method: 'GET', url: '/notifications', headers: await assertionFor(handle.config, { kind: 'user', userId }) });
  expect(response.statusCode).toBe(200);
  return notificationListSchema.parse(response.json());
};
const rowsFor = (event: EventEnvelope) => handle.service.db.select().from(notifications).where(eq(notifications.sourceEventId, event.id));

describe('krom.rides.ride.posted.v1', () => {
  it('tells the driver in the app that the ride is live, with where, when and a link to it', async () => {
    const driver = await registeredDriver();
    const event = posted(driver.userId);
    await deliver(ridePosted, event);

    const { items, unreadCount } = await list(driver.userId);
    const notice = items.find((item) => item.title === 'Ride posted');
    expect(notice).toMatchObject({
      type: 'system',
      isRead: false,
      actionRequired: false,
      message: 'Your ride from Accra to Kumasi on Fri 28 Nov at 2:30 PM is live.',
      data: { rideId: event.data.rideId, link: `/ride-preview/${event.data.rideId}` },
    });
    // The welcome notice and this one.
    expect(unreadCount).toBe(2);
  });

  it('sends no SMS: the driver has just posted the ride', async () => {
    const driver = await registeredDriver();
    const event = posted(driver.userId);
    await deliver(ridePosted, event);
    expect(await rowsFor(event)).toHaveLength(1);
    expect(await handle.service.db.select().from(smsLogs).where(eq(smsLogs.userId, driver.userId))).toEqual([]);
    expect(await handle.service.db.select().from(smsLogs).where(eq(smsLogs.sourceEventId, event.id))).toEqual([]);
    const texts = await readLocalOutbox(handle.config.LOCAL_OUTBOX_DIR).catch(() => []);
    expect(texts.filter((sms) => sms.to === `+233${driver.phone.slice(1)}`)).toEqual([]);
  });

  it('names a place by its location when it has no city, and writes morning times with AM', async () => {
    const driverId = randomUUID();
    const event = posted(driverId, {
      from: point('Tema Community 1 Lorry Station', null),
      to: point('Cape Coast', '  '),
      departureDate: '2026-01-01',
      departureTime: '00:05',
    });
    await deliver(ridePosted, event);
    const [row] = await rowsFor(event);
    expect(row?.message).toBe('Your ride from Tema Community 1 Lorry Station to Cape Coast on Thu 1 Jan at 12:05 AM is live.');
  });

  it('makes one notification however often the same event is delivered', async () => {
    const driver = await registeredDriver();
    const event = posted(driver.userId);
    await deliver(ridePosted, event);
    await deliver(ridePosted, event);
    await deliver(ridePosted, event);

    expect(await rowsFor(event)).toHaveLength(1);
    expect((await list(driver.userId)).items.filter((item) => item.title === 'Ride posted')).toHaveLength(1);
    const [handled] = await handle.service.db.select().from(handledEvents).where(eq(handledEvents.eventId, event.id));
    expect(handled).toMatchObject({ subject: ridePosted.subject });

    // Another ride is another notification.
    await deliver(ridePosted, posted(driver.userId, { departureTime: '07:00' }));
    expect((await list(driver.userId)).items.filter((item) => item.title === 'Ride posted')).toHaveLength(2);
  });

  it('tells a deleted account nothing', async () => {
    const gone = await registeredDriver();
    await deliver(userDeleted, envelope(userDeleted, { userId: gone.userId, deletedAt: new Date().toISOString() }));
    const late = posted(gone.userId);
    await deliver(ridePosted, late);
    expect(await rowsFor(late)).toEqual([]);
    expect((await list(gone.userId)).items).toEqual([]);
  });

  describe('on the live stream', () => {
    const live = useLiveStreams(handle);

    it('reaches the driver’s open notification stream', async () => {
      const driver = await registeredDriver();
      const stream = await live.open(driver.userId);

      const event = posted(driver.userId);
      await handle.service.bus.publish(ridePosted.subject, event);
      const pushed = await eventually(async () =>
        stream.notifications().find((notification) => notification.title === 'Ride posted'),
      );
      expect(pushed).toMatchObject({
        type: 'system',
        message: 'Your ride from Accra to Kumasi on Fri 28 Nov at 2:30 PM is live.',
        data: { rideId: event.data.rideId, link: `/ride-preview/${event.data.rideId}` },
      });
    });
  });
});
