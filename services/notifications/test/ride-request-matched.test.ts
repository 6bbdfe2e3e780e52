import { randomInt, randomUUID } from 'node:crypto';
import { userDeleted } from '@krom/contracts/events/identity';
import { rideChanged, type RideRequestMatched, rideRequestMatched } from '@krom/contracts/events/rides';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { notificationListSchema } from '@krom/contracts/http/notifications';
import { eventually, testEnvelope } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { assertionFor, e164, eventDelivery, messagesOf, registeredUser, smsChoiceTold, useLiveStreams, useNotificationsService } from './notifications-test-env.ts';

// The production caps on notices per phone and inbox (the test kit lifts them); no resend
// cooldown, as one account asks for a reset code by SMS and then by e-mail in the same test.
const handle = useNotificationsService({
  env: () => ({
    SMS_CAP_PER_NUMBER_HOURLY: '8',
    SMS_CAP_PER_NUMBER_DAILY: '20',
    EMAIL_CAP_PER_ADDRESS_HOURLY: '8',
    EMAIL_CAP_PER_ADDRESS_DAILY: '20',
    PHONE_CODE_RESEND_SECONDS: '0',
  }),
});

const envelope = testEnvelope;

const deliver = eventDelivery(handle);

const registeredPassenger = () => registeredUser(handle, { firstName: 'Ama', lastName: 'Mensah', email: `Ama.${randomUUID().slice(0, 8)}@Example.com` });

const matched = (passengerId: string, changes: Partial<RideRequestMatched> = {}): EventEnvelope<RideRequestMatched> =>
  envelope(rideRequestMatched, {
    requestId: randomUUID(),
    passengerId,
    rideId: randomUUID(),
    rideCode: 'K7P2Q',
    fromLocation: 'Accra',
    toLocation: 'Kumasi',
    departureDate: '2025-11-28',
    departureTime: '14:30',
    departureAt: '2025-11-28T14:30:00.000Z',
    availableSeats: 3,
    pricePerSeat: '120.00',
    currency: 'GHS',
    notifyByEmail: false,
    notifyBySMS: false,
    matchedAt: new Date().toISOString(),
    version: 1,
    ...changes,
  });

const TITLE = 'A ride matches your request';
const MESSAGE = 'A ride from Accra to Kumasi on Fri 28 Nov at 2:30 PM has 3 seats at GH₵120.00 each.';
const SMS = 'Krom: a ride matches your request. Accra to Kumasi, Fri 28 Nov at 2:30 PM, 3 seats at GHS 120.00 each. Reply BOOK K7P2Q <seats>';
const SUBJECT = 'A ride matches your Krom ride request';

const list = async (userId: string) => {
  const response = await handle.service.app.inject({ method: 'GET', url: '/notifications', headers: await assertionFor(handle.config, { kind: 'user', userId }) });
  expect(response.statusCode).toBe(200);
  return notificationListSchema.parse(response.json());
};
const matchNotices = async (userId: string) => (await list(userId)).items.filter((item) => item.title === TITLE);
const { smsOf, emailsOf, textsTo, mailTo, allDelivered: allTaken } = messagesOf(handle);
/** Waits until the provider took every message recorded for the user (none pending). */
const allDelivered = (userId: string) => allTaken(userId);

describe('krom.rides.ride_request.matched.v1', () => {
  it('tells the passenger in the app where, when, how many seats and at what price, with a link to the ride', async () => {
    const passenger = await registeredPassenger();
    const event = matched(passenger.userId);
    await deliver(rideRequestMatched, event);

    const { items, unreadCount } = await list(passenger.userId);
    expect(items.find((item) => item.title === TITLE)).toMatchObject({
      type: 'ride_request',
      isRead: false,
      actionRequired: false,
      message: MESSAGE,
      data: { requestId: event.data.requestId, rideId: event.data.rideId, link: `/ride-preview/${event.data.rideId}` },
    });
    // The welcome notice and this one.
    expect(unreadCount).toBe(2);
  });

  it('texts the passenger’s phone when the request asks for SMS, and only then', async () => {
    const passenger = await registeredPassenger();
    await deliver(rideRequestMatched, matched(passenger.userId, { notifyBySMS: true }));
    const [sms] = await allDelivered(passenger.userId);
    expect(sms).toMatchObject({ phoneNumber: e164(passenger.phone), message: SMS, messageType: 'notification', status: 'sent' });
    expect((await textsTo(passenger.phone)).map((text) => text.body)).toEqual([SMS]);

    const quiet = await registeredPassenger();
    await deliver(rideRequestMatched, matched(quiet.userId, { notifyBySMS: false, notifyByEmail: false }));
    expect(await matchNotices(quiet.userId)).toHaveLength(1);
    // The handler records every message before the event is acknowledged: nothing recorded is nothing sent.
    expect(await smsOf(quiet.userId)).toEqual([]);
    expect(await emailsOf(quiet.userId)).toEqual([]);
    expect(await textsTo(quiet.phone)).toEqual([]);
    expect(await mailTo(quiet.email)).toEqual([]);
  });

  it('does not text a passenger who turned SMS off (the notice and the e-mail still come), and texts them again once it is on', async () => {
    const passenger = await registeredPassenger();
    const smsChoice = smsChoiceTold(handle);
    await smsChoice(passenger.userId, false, 2);
    await deliver(rideRequestMatched, matched(passenger.userId, { notifyBySMS: true, notifyByEmail: true }));
    expect(await matchNotices(passenger.userId)).toHaveLength(1);
    expect(await smsOf(passenger.userId)).toEqual([]);
    expect((await allDelivered(passenger.userId)).map((row) => row.messageType)).toEqual(['notification']);
    expect(await mailTo(passenger.email)).toHaveLength(1);

    await smsChoice(passenger.userId, true, 3);
    await deliver(rideRequestMatched, matched(passenger.userId, { notifyBySMS: true }));
    await allDelivered(passenger.userId);
    expect((await textsTo(passenger.phone)).map((text) => text.body)).toEqual([SMS]);
  });

  it("tells a member of a ride for their saved search in the app and by SMS, worded as their saved search, once; not by SMS once they turned SMS off", async () => {
    const member = await registeredPassenger();
    const event = matched(member.userId, { kind: 'saved_search', notifyBySMS: true, notifyByEmail: false });
    await deliver(rideRequestMatched, event);
    // The same match again (a redelivery, under another event id) tells nobody twice.
    await deliver(rideRequestMatched, { ...event, id: randomUUID() });
    const saved = (await list(member.userId)).items.filter((item) => item.title === 'A ride matches your saved search');
    expect(saved).toEqual([
      expect.objectContaining({
        type: 'ride_request',
        message: 'New ride for your saved search: Accra to Kumasi on Fri 28 Nov at 2:30 PM, GH₵120.00/seat. Open Krom to book.',
        data: expect.objectContaining({ requestId: event.data.requestId, rideId: event.data.rideId, link: `/ride-preview/${event.data.rideId}` }),
      }),
    ]);
    await allDelivered(member.userId);
    expect((await textsTo(member.phone)).map((text) => text.body)).toEqual([
      'Krom: New ride for your saved search: Accra to Kumasi on Fri 28 Nov at 2:30 PM, GHS 120.00/seat. Reply BOOK K7P2Q <seats>',
    ]);
    expect(await mailTo(member.email)).toEqual([]);

    const quiet = await registeredPassenger();
    await smsChoiceTold(handle)(quiet.userId, false, 2);
    await deliver(rideRequestMatched, matched(quiet.userId, { kind: 'saved_search', notifyBySMS: true, notifyByEmail: false }));
    expect((await list(quiet.userId)).items.filter((item) => item.title === 'A ride matches your saved search')).toHaveLength(1);
    expect(await smsOf(quiet.userId)).toEqual([]);
  });

  it('e-mails the passenger when the request asks for e-mail, and does not text them unless asked', async () => {
    const passenger = await registeredPassenger();
    await deliver(rideRequestMatched, matched(passenger.userId, { notifyByEmail: true, notifyBySMS: false }));
    await allDelivered(passenger.userId);

    const mail = await mailTo(passenger.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: SUBJECT });
    expect(mail[0]?.text).toContain('A ride matches your Krom ride request: Accra to Kumasi on Fri 28 Nov at 2:30 PM, 3 seats at GH₵120.00 each.');
    expect(mail[0]?.text).toMatch(/^Hello,\n\n[\s\S]*\n\nThe Krom team\n$/);
    expect(await smsOf(passenger.userId)).toEqual([]);
    expect(await textsTo(passenger.phone)).toEqual([]);
  });

  it('notifies, texts and e-mails once however often the match is told, even under another event id', async () => {
    const passenger = await registeredPassenger();
    const event = matched(passenger.userId, { notifyBySMS: true, notifyByEmail: true });
    await deliver(rideRequestMatched, event);
    await allDelivered(passenger.userId);

    await deliver(rideRequestMatched, event);
    await deliver(rideRequestMatched, event);
    // The rides service telling the same request and ride again, as a new event.
    await deliver(rideRequestMatched, { ...event, id: randomUUID() });

    expect(await matchNotices(passenger.userId)).toHaveLength(1);
    expect(await smsOf(passenger.userId)).toHaveLength(1);
    expect(await emailsOf(passenger.userId)).toHaveLength(1);
    // The redeliveries were acknowledged after they were handled, and the messages had been sent before.
    expect((await textsTo(passenger.phone)).map((text) => text.body)).toEqual([SMS]);
    expect((await mailTo(passenger.email)).map((mail) => mail.subject)).toEqual([SUBJECT]);

    // Another ride for the same request is news.
    await deliver(rideRequestMatched, matched(passenger.userId, { requestId: event.data.requestId, notifyBySMS: true, notifyByEmail: true }));
    await allDelivered(passenger.userId);
    expect(await matchNotices(passenger.userId)).toHaveLength(2);
    expect(await textsTo(passenger.phone)).toHaveLength(2);
    expect(await mailTo(passenger.email)).toHaveLength(2);
  });

  it('sends a deleted account nothing, and an account it never heard of only the notice it can show', async () => {
    const gone = await registeredPassenger();
    await deliver(userDeleted, envelope(userDeleted, { userId: gone.userId, deletedAt: new Date().toISOString() }));
    await deliver(rideRequestMatched, matched(gone.userId, { notifyBySMS: true, notifyByEmail: true }));
    expect((await list(gone.userId)).items).toEqual([]);
    expect(await smsOf(gone.userId)).toEqual([]);
    expect(await emailsOf(gone.userId)).toEqual([]);
    expect(await textsTo(gone.phone)).toEqual([]);
    expect(await mailTo(gone.email)).toEqual([]);

    // No user.registered seen: no phone or address to use.
    const stranger = randomUUID();
    await deliver(rideRequestMatched, matched(stranger, { notifyBySMS: true, notifyByEmail: true }));
    expect((await list(stranger)).items.map((item) => item.message)).toEqual([MESSAGE]);
    expect(await smsOf(stranger)).toEqual([]);
    expect(await emailsOf(stranger)).toEqual([]);

    // The consumer carried on: the next match is handled as usual.
    const passenger = await registeredPassenger();
    await deliver(rideRequestMatched, matched(passenger.userId));
    expect(await matchNotices(passenger.userId)).toHaveLength(1);
  });

  describe('bounded per passenger and per driver, and never in the way of a code', () => {
    const codeFor = async (userId: string, destination: object) =>
      handle.service.app.inject({
        method: 'POST',
        url: '/verification-codes',
        payload: { purpose: 'reset', subject: userId, destination, clientKey: `10.9.${randomInt(0, 256)}.${randomInt(1, 255)}` },
        headers: await assertionFor(handle.config, { kind: 'public' }),
      });
    const settledMessages = (userId: string) =>
      eventually(async () => {
        const rows = [...(await smsOf(userId)), ...(await emailsOf(userId))];
        return rows.every((row) => row.status !== 'pending') ? rows : undefined;
      });

    it('still sends a password reset code by SMS to a passenger who turned SMS off', async () => {
      const passenger = await registeredPassenger();
      await smsChoiceTold(handle)(passenger.userId, false, 2);
      expect((await codeFor(passenger.userId, { channel: 'sms', phone: passenger.phone })).statusCode).toBe(201);
      const text = await eventually(async () => (await textsTo(passenger.phone)).find((sms) => sms.body.startsWith('Your Krom password reset code is')));
      expect(text.body).toMatch(/^Your Krom password reset code is \d{4}\./);
    });

    it('still sends a password reset code by SMS and by e-mail to a passenger whose notice budget is used up', async () => {
      const passenger = await registeredPassenger();
      // Matches of rides from eleven drivers, one more than a passenger is told of in a day.
      const bound = handle.config.MATCH_NOTICES_PER_MEMBER_DAILY;
      for (let i = 0; i <= bound; i++) {
        await deliver(rideRequestMatched, matched(passenger.userId, { driverId: randomUUID(), notifyBySMS: true, notifyByEmail: true }));
      }
      expect(await matchNotices(passenger.userId)).toHaveLength(bound);
      const notices = await settledMessages(passenger.userId);
      // The phone and the inbox had all the notices they may have this hour.
      const hourly = handle.config.SMS_CAP_PER_NUMBER_HOURLY;
      expect(notices.filter((row) => row.status === 'sent')).toHaveLength(2 * hourly);
      expect(notices.filter((row) => row.status === 'suppressed')).toHaveLength(2 * (bound - hourly));

      const bySms = await codeFor(passenger.userId, { channel: 'sms', phone: passenger.phone });
      expect(bySms.statusCode).toBe(201);
      const text = await eventually(async () => (await textsTo(passenger.phone)).find((sms) => sms.body.startsWith('Your Krom password reset code is')));
      expect(text.body).toMatch(/^Your Krom password reset code is \d{4}\. It expires in 10 minutes\./);

      const byEmail = await codeFor(passenger.userId, { channel: 'email', email: passenger.email });
      expect(byEmail.statusCode).toBe(201);
      const mail = await eventually(async () => (await mailTo(passenger.email)).find((sent) => sent.subject === 'Your Krom password reset code'));
      expect(mail.text).toMatch(/reset code is \d{4}\./);

      const codes = (await settledMessages(passenger.userId)).filter((row) => row.messageType === 'verification');
      expect(codes.map((row) => row.status)).toEqual(['sent', 'sent']);
    });

    it('tells a passenger of one driver’s rides only a few times a day, however many that driver posts', async () => {
      const passenger = await registeredPassenger();
      const driverId = randomUUID();
      for (let i = 0; i < 6; i++) await deliver(rideRequestMatched, matched(passenger.userId, { driverId, notifyBySMS: true }));
      const perDriver = handle.config.MATCH_NOTICES_PER_DRIVER_DAILY;
      expect(await matchNotices(passenger.userId)).toHaveLength(perDriver);
      await allDelivered(passenger.userId);
      expect(await textsTo(passenger.phone)).toHaveLength(perDriver);

      // Another driver’s ride is still news.
      await deliver(rideRequestMatched, matched(passenger.userId, { driverId: randomUUID(), notifyBySMS: true }));
      expect(await matchNotices(passenger.userId)).toHaveLength(perDriver + 1);
    });
    it('still tells a passenger of a genuine match after a day of change notices', async () => {
      const passenger = await registeredPassenger();
      const terms = { departureDate: '2025-11-28', departureTime: '14:30', departureAt: '2025-11-28T14:30:00.000Z', availableSeats: 3, pricePerSeat: '120.00', status: 'active' as const };
      // A driver turning the prices of their rides up and down: more change notices than matches a passenger hears of in a day.
      const driverId = randomUUID();
      const rides = Array.from({ length: handle.config.MATCH_NOTICES_PER_MEMBER_DAILY }, () => randomUUID());
      for (const rideId of rides) {
        await deliver(rideChanged, envelope(rideChanged, {
          rideId,
          driverId,
          fromLocation: 'Accra',
          toLocation: 'Kumasi',
          currency: 'GHS',
          changed: ['pricePerSeat'],
          previous: terms,
          current: { ...terms, pricePerSeat: '130.00' },
          passengers: [{ requestId: randomUUID(), passengerId: passenger.userId, notifyByEmail: false, notifyBySMS: false, stillMatches: true }],
          changedAt: new Date().toISOString(),
          version: 2,
        }));
      }
      expect((await list(passenger.userId)).items.filter((item) => item.title === 'A ride you were told about changed')).toHaveLength(rides.length);

      await deliver(rideRequestMatched, matched(passenger.userId, { driverId: randomUUID() }));
      expect(await matchNotices(passenger.userId)).toHaveLength(1);
    });
  });

  describe('on the live stream', () => {
    const live = useLiveStreams(handle);

    it('reaches the passenger’s open notification stream', async () => {
      const passenger = await registeredPassenger();
      const stream = await live.open(passenger.userId);

      const event = matched(passenger.userId);
      await handle.service.bus.publish(rideRequestMatched.subject, event);
      const pushed = await eventually(async () =>
        stream.notifications().find((notification) => notification.title === TITLE),
      );
      expect(pushed).toMatchObject({ type: 'ride_request', message: MESSAGE, data: { rideId: event.data.rideId, link: `/ride-preview/${event.data.rideId}` } });
    });
  });
});
