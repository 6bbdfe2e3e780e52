import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type BookingFact, type BookingFactName, bookingEvents } from '@krom/contracts/events/bookings';
import { userDeleted, userRegistered } from '@krom/contracts/events/identity';
import { type PaymentFact, paymentEvents } from '@krom/contracts/events/payments';
import { type Notification, notificationListSchema } from '@krom/contracts/http/notifications';
import { eventually, testEnvelope } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { smsSegments } from '../src/sms/sms-segment.ts';
import { assertionFor, choicesTold, e164, eventDelivery, messagesOf, newPhone, registeredUser, smsChoiceTold, useNotificationsService } from './notifications-test-env.ts';

// Two messages an hour to one number (the production cap is 8), so a test can reach it.
const handle = useNotificationsService({ env: () => ({ SMS_CAP_PER_NUMBER_HOURLY: '2', SMS_CAP_PER_NUMBER_DAILY: '20' }) });
const deliver = eventDelivery(handle);
const { smsOf, textsTo } = messagesOf(handle);
const smsChoice = smsChoiceTold(handle);
const choices = choicesTold(handle);

type Sides = { passengerId: string; driverId: string; driverPhone: string; passengerPhone: string; registeredPhone: string };

async function sides(): Promise<Sides> {
  const passenger = await registeredUser(handle, { firstName: 'Ama', lastName: 'Mensah' });
  const driver = await registeredUser(handle, { firstName: 'Kwame', lastName: 'Asante' });
  // The passenger books with another number than the one they registered: the e-ticket goes there.
  return { passengerId: passenger.userId, driverId: driver.userId, driverPhone: driver.phone, passengerPhone: newPhone('020'), registeredPhone: passenger.phone };
}

/** A booking on Accra → Kumasi through Nkawkaw, the passenger riding Nkawkaw → Kumasi. */
function fact(name: BookingFactName, who: Sides, changes: Partial<BookingFact> = {}): EventEnvelope<BookingFact> {
  return testEnvelope(bookingEvents[name], {
    bookingId: randomUUID(),
    rideId: randomUUID(),
    passengerId: who.passengerId,
    driverId: who.driverId,
    status: 'requested',
    previousStatus: null,
    bookingMode: 'approval',
    paymentMethod: 'cash',
    seats: 2,
    board: { index: 1, location: 'Nkawkaw Station', city: 'Nkawkaw', meetingPoint: 'Shell fuel station' },
    alight: { index: 2, location: 'Kejetia, Kumasi', city: 'Kumasi', meetingPoint: null },
    pricePerSeat: '60.00',
    totalAmount: '120.00',
    currency: 'GHS',
    refundAmount: null,
    serviceFee: '0.00',
    wallet: null,
    passengerFirstName: 'Ama',
    passengerPhone: who.passengerPhone,
    driverFirstName: 'Kwame',
    vehicle: { make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GR-1234-20' },
    departureDate: '2025-11-28',
    departureTime: '14:30',
    departureAt: '2025-11-28T14:30:00.000Z',
    expiresAt: null,
    boardingCode: null,
    actor: 'passenger',
    reason: null,
    occurredAt: new Date().toISOString(),
    version: 1,
    ...changes,
  });
}

const list = async (userId: string) => {
  const response = await handle.service.app.inject({ method: 'GET', url: '/notifications', headers: await assertionFor(handle.config, { kind: 'user', userId }) });
  expect(response.statusCode).toBe(200);
  return notificationListSchema.parse(response.json()).items.filter((item) => item.type === 'booking');
};
/** The member's SMS rows once none is pending any more. */
const settledSms = (userId: string, count: number) =>
  eventually(async () => {
    const rows = await smsOf(userId);
    return rows.length === count && rows.every((row) => row.status !== 'pending') ? rows : undefined;
  });

const ETICKET =
  'Krom e-ticket: Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM. Board at Nkawkaw Station (Shell fuel station). Driver Kwame, Silver Toyota Corolla GR-1234-20. Boarding code K7P3QX. 2 seats, GHS 120.00 cash to the driver.';

describe('krom.rides.booking.<fact>.v1', () => {
  it('asks the driver to approve or decline a request, in the app (with the booking to answer) and by SMS, saying when it lapses', async () => {
    const who = await sides();
    const event = fact('requested', who, { expiresAt: '2025-11-28T02:30:00.000Z' });
    await deliver(bookingEvents.requested, event);

    const [notice, ...others] = await list(who.driverId);
    expect(others).toEqual([]);
    expect(notice).toMatchObject<Partial<Notification>>({
      title: 'New booking request',
      message: 'Ama asks for 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM. Approve or decline by Fri 28 Nov at 2:30 AM.',
      actionRequired: true,
      isRead: false,
      data: { kind: 'booking_request', bookingId: event.data.bookingId, rideId: event.data.rideId, link: '/rides/as-driver' },
    });
    const [sms] = await settledSms(who.driverId, 1);
    const text = 'Krom: Ama asks for 2 seats, Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM. Approve or decline in Krom by Fri 28 Nov at 2:30 AM.';
    expect(sms).toMatchObject({ phoneNumber: e164(who.driverPhone), message: text, messageType: 'notification', status: 'sent' });
    expect(smsSegments(text)).toBe(1);
    expect((await textsTo(who.driverPhone)).map((delivered) => delivered.body)).toEqual([text]);
    expect(await list(who.passengerId)).toEqual([]);
  });

  it("sends the passenger's e-ticket to the phone given on the booking, in at most two segments, and tells the driver of an instant booking", async () => {
    const who = await sides();
    const event = fact('confirmed', who, { status: 'confirmed', bookingMode: 'instant', boardingCode: 'K7P3QX' });
    await deliver(bookingEvents.confirmed, event);

    const [ticket] = await settledSms(who.passengerId, 1);
    expect(ticket).toMatchObject({ phoneNumber: e164(who.passengerPhone), message: ETICKET, messageType: 'booking_confirmation', status: 'sent' });
    expect(smsSegments(ETICKET)).toBe(2);
    expect((await textsTo(who.passengerPhone)).map((delivered) => delivered.body)).toEqual([ETICKET]);
    expect(await list(who.passengerId)).toMatchObject([
      {
        title: 'Booking confirmed',
        message: 'Your booking of 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM is confirmed. Board at Nkawkaw Station (Shell fuel station). Your boarding code is K7P3QX.',
        actionRequired: false,
        data: { kind: 'booking', bookingId: event.data.bookingId, link: '/my-rides' },
      },
    ]);

    expect(await list(who.driverId)).toMatchObject([
      { title: 'New booking', message: 'Ama booked 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM. Ama pays GH₵120.00 in cash.', actionRequired: false },
    ]);
    const [driverSms] = await settledSms(who.driverId, 1);
    expect(driverSms).toMatchObject({ phoneNumber: e164(who.driverPhone), message: 'Krom: Ama booked 2 seats, Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM.' });
  });

  it('tells the driver nothing more when they confirmed the request themselves (accepted, then confirmed)', async () => {
    const who = await sides();
    const bookingId = randomUUID();
    await deliver(bookingEvents.accepted, fact('accepted', who, { bookingId, status: 'accepted', previousStatus: 'requested', actor: 'driver', version: 2 }));
    await deliver(
      bookingEvents.confirmed,
      fact('confirmed', who, { bookingId, status: 'confirmed', previousStatus: 'accepted', actor: 'driver', boardingCode: 'K7P3QX', version: 3 }),
    );

    expect((await list(who.passengerId)).map((notice) => [notice.title, notice.message])).toEqual([
      ['Booking confirmed', expect.stringContaining('Your boarding code is K7P3QX.')],
      ['Booking accepted', 'Kwame accepted your request for 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM.'],
    ]);
    // One SMS: the e-ticket, not the acceptance.
    expect((await settledSms(who.passengerId, 1)).map((row) => row.message)).toEqual([ETICKET]);
    expect(await list(who.driverId)).toEqual([]);
    expect(await smsOf(who.driverId)).toEqual([]);
  });

  it('tells the driver of an instant booking paid by mobile money once, when the payment confirmed it', async () => {
    const who = await sides();
    const mobileMoney = { bookingMode: 'instant', paymentMethod: 'mobile_money', serviceFee: '6.00', wallet: { phone: '0241234567', network: 'mtn' } } as const;
    const event = fact('confirmed', who, { ...mobileMoney, status: 'confirmed', previousStatus: 'awaiting_payment', actor: 'system', boardingCode: 'K7P3QX', version: 3 });
    await deliver(bookingEvents.confirmed, event);
    await deliver(bookingEvents.confirmed, { ...event, id: randomUUID() });

    expect((await list(who.driverId)).map((notice) => `${notice.title}: ${notice.message}`)).toEqual([
      'New booking: Ama booked 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM.',
    ]);
    expect((await settledSms(who.driverId, 1)).map((row) => row.message)).toEqual(['Krom: Ama booked 2 seats, Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM.']);
    expect((await settledSms(who.passengerId, 1)).map((row) => row.messageType)).toEqual(['booking_confirmation']);
  });

  it('tells the passenger of an accepted mobile money request that a prompt is coming (at their registered number), and the driver nothing more once it is paid', async () => {
    const who = await sides();
    const bookingId = randomUUID();
    const mobileMoney = { bookingId, paymentMethod: 'mobile_money', serviceFee: '6.00', wallet: { phone: '0241234567', network: 'mtn' } } as const;
    await deliver(bookingEvents.requested, fact('requested', who, { ...mobileMoney, expiresAt: '2025-11-28T02:30:00.000Z' }));
    await deliver(bookingEvents.accepted, fact('accepted', who, { ...mobileMoney, status: 'accepted', previousStatus: 'requested', actor: 'driver', version: 2 }));
    await deliver(
      bookingEvents.confirmed,
      fact('confirmed', who, { ...mobileMoney, status: 'confirmed', previousStatus: 'awaiting_payment', actor: 'system', boardingCode: 'K7P3QX', version: 4 }),
    );

    const accepted = 'Krom: Kwame accepted your request, Nkawkaw to Kumasi. A payment prompt is coming to your phone: approve it within 15 minutes.';
    const passengerTexts = (await settledSms(who.passengerId, 2)).map((row) => row.message);
    expect(passengerTexts).toContain(accepted);
    expect(smsSegments(accepted)).toBe(1);
    // The payment news goes where payments' texts go, the e-ticket where the form said.
    expect((await textsTo(who.registeredPhone)).map((delivered) => delivered.body)).toEqual([accepted]);
    expect((await textsTo(who.passengerPhone)).map((delivered) => delivered.body)).toEqual(passengerTexts.filter((text) => text !== accepted));
    expect(await textsTo(who.passengerPhone)).toHaveLength(1);
    expect((await list(who.passengerId)).find((notice) => notice.title === 'Booking accepted')?.message).toBe(
      'Kwame accepted your request for 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM. A mobile money prompt is coming to your phone: approve it within 15 minutes to secure your seats.',
    );
    // The request was the driver's one message; they accepted it themselves.
    expect((await list(who.driverId)).map((notice) => notice.title)).toEqual(['New booking request']);
    expect(await settledSms(who.driverId, 1)).toHaveLength(1);
  });

  it('tells the passenger why a held booking was released, in one SMS with the failed payment that ended it, at their registered number', async () => {
    const failedFirst = await sides();
    const bookingId = randomUUID();
    const held = { bookingId, paymentMethod: 'mobile_money', bookingMode: 'instant', status: 'expired', previousStatus: 'awaiting_payment', actor: 'system', version: 3 } as const;
    const failed = testEnvelope(paymentEvents.failed, {
      paymentId: randomUUID(),
      bookingId,
      rideId: randomUUID(),
      passengerId: failedFirst.passengerId,
      driverId: failedFirst.driverId,
      status: 'failed',
      amountPesewas: 12_600,
      farePesewas: 12_000,
      feePesewas: 600,
      currency: 'GHS',
      provider: 'local',
      walletMasked: '024 *** **67',
      reason: 'The prompt was declined on the phone',
      occurredAt: new Date().toISOString(),
      version: 2,
    } satisfies PaymentFact);
    await deliver(paymentEvents.failed, failed);
    await deliver(bookingEvents.expired, fact('expired', failedFirst, { ...held, reason: 'The prompt was declined on the phone' }));

    expect((await settledSms(failedFirst.passengerId, 1)).map((row) => row.message)).toEqual([
      'Krom: your payment of GHS 126.00 failed: The prompt was declined on the phone. Your seats were released.',
    ]);
    expect(await textsTo(failedFirst.registeredPhone)).toHaveLength(1);
    expect(await textsTo(failedFirst.passengerPhone)).toEqual([]);
    expect((await list(failedFirst.passengerId)).map((notice) => `${notice.title}: ${notice.message}`)).toEqual([
      'Booking released: Your booking of 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM was released: The prompt was declined on the phone.',
    ]);

    // The hold lapsed with no answer from the phone: the booking's own words, and a late failure texts nothing more.
    const lapsed = await sides();
    const lapsedId = randomUUID();
    await deliver(bookingEvents.expired, fact('expired', lapsed, { ...held, bookingId: lapsedId }));
    await deliver(paymentEvents.failed, { ...failed, id: randomUUID(), data: { ...failed.data, paymentId: randomUUID(), bookingId: lapsedId, passengerId: lapsed.passengerId } });
    expect((await settledSms(lapsed.passengerId, 1)).map((row) => row.message)).toEqual([
      'Krom: your seats Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM, were released: the payment was not made in time.',
    ]);
    // The booking's fact came first and carries the form's phone; the SMS still goes to the registered number.
    expect(await textsTo(lapsed.registeredPhone)).toHaveLength(1);
    expect(await textsTo(lapsed.passengerPhone)).toEqual([]);
  });

  it('changes nothing when the same event is delivered again, or the same fact comes under a new event id', async () => {
    const who = await sides();
    const event = fact('confirmed', who, { status: 'confirmed', previousStatus: 'accepted', boardingCode: 'K7P3QX', version: 3 });
    await deliver(bookingEvents.confirmed, event);
    await deliver(bookingEvents.confirmed, event);
    await deliver(bookingEvents.confirmed, { ...event, id: randomUUID() });

    expect(await list(who.passengerId)).toHaveLength(1);
    expect(await settledSms(who.passengerId, 1)).toHaveLength(1);
    expect(await textsTo(who.passengerPhone)).toHaveLength(1);
  });

  it('tells the passenger of a declined, a lapsed and a driver-cancelled booking in the app and by SMS', async () => {
    const who = await sides();
    await deliver(bookingEvents.declined, fact('declined', who, { status: 'declined', previousStatus: 'requested', actor: 'driver', version: 2 }));
    await deliver(bookingEvents.expired, fact('expired', who, { status: 'expired', previousStatus: 'requested', actor: 'system', version: 2 }));
    await deliver(
      bookingEvents.cancelled_by_driver,
      fact('cancelled_by_driver', who, { status: 'cancelled_by_driver', previousStatus: 'confirmed', actor: 'driver', reason: 'My car broke down', version: 4 }),
    );

    expect(new Set((await list(who.passengerId)).map((notice) => `${notice.title}: ${notice.message}`))).toEqual(
      new Set([
        'Booking declined: Kwame declined your request for 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM. Search for another ride.',
        'Booking request expired: Your request for 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM was not answered in time. Search for another ride.',
        'Booking cancelled by driver: Kwame cancelled your booking of 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM. Reason: My car broke down. Search for another ride.',
      ]),
    );
    // The cap is two an hour to this number: the third is recorded, suppressed, never sent.
    const rows = await settledSms(who.passengerId, 3);
    expect(new Set(rows.map((row) => row.message))).toEqual(
      new Set([
        'Krom: Kwame declined your request, Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM. Search Krom for another ride.',
        'Krom: your request Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM, was not answered in time. Search Krom for another ride.',
        'Krom: Kwame cancelled your booking, Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM. Search Krom for another ride.',
      ]),
    );
    expect(rows.map((row) => row.status).sort()).toEqual(['sent', 'sent', 'suppressed']);
    expect(rows.find((row) => row.status === 'suppressed')?.error).toBe('Suppressed: 2 messages to this number in the last hour');
    expect(await textsTo(who.passengerPhone)).toHaveLength(2);
    expect(rows.every((row) => smsSegments(row.message) === 1)).toBe(true);
  });

  it("tells the passengers of a suspended member's bookings that Krom cancelled them, a paid seat with its full refund, not that the driver did", async () => {
    const who = await sides();
    const suspended = { previousStatus: 'confirmed', actor: 'system', reason: 'suspended', refundAmount: '120.00', version: 4 } as const;
    // The suspended driver's ride: the passenger paid by mobile money.
    await deliver(
      bookingEvents.cancelled_by_driver,
      fact('cancelled_by_driver', who, { ...suspended, status: 'cancelled_by_driver', paymentMethod: 'mobile_money', serviceFee: '6.00', wallet: { phone: '0241234567', network: 'mtn' } }),
    );
    // The suspended passenger's own cash seat: the driver hears the seats are free.
    await deliver(bookingEvents.cancelled, fact('cancelled', who, { ...suspended, status: 'cancelled' }));

    expect(new Set((await list(who.passengerId)).map((notice) => `${notice.title}: ${notice.message}`))).toEqual(
      new Set([
        'Booking cancelled by Krom: Your booking of 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM was cancelled by Krom. You get a full refund: everything you paid goes back to your mobile money. Search for another ride.',
        'Booking cancelled by Krom: Your booking of 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM was cancelled by Krom. Search for another ride.',
      ]),
    );
    expect((await list(who.driverId)).map((notice) => `${notice.title}: ${notice.message}`)).toEqual([
      "Booking cancelled: Krom cancelled Ama's booking of 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM. The seats are free again.",
    ]);
    expect(new Set((await settledSms(who.passengerId, 2)).map((row) => row.message))).toEqual(
      new Set([
        'Krom cancelled your booking, Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM. You get a full refund. Search Krom for another ride.',
        'Krom cancelled your booking, Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM. Search Krom for another ride.',
      ]),
    );
  });

  it('tells both sides of a seat that ended not boarded; the passenger by SMS too when their mobile money comes back', async () => {
    const paid = await sides();
    const notBoarded = { status: 'not_boarded', previousStatus: 'confirmed', actor: 'system', refundAmount: '120.00', version: 4 } as const;
    const envelope = fact('not_boarded', paid, { ...notBoarded, paymentMethod: 'mobile_money', serviceFee: '6.00', wallet: { phone: '0241234567', network: 'mtn' } });
    await deliver(bookingEvents.not_boarded, envelope);
    await deliver(bookingEvents.not_boarded, { ...envelope, id: randomUUID() });

    expect((await list(paid.passengerId)).map((notice) => `${notice.title}: ${notice.message}`)).toEqual([
      'Booking ended: not boarded: Your booking of 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM ended: Kwame did not record you on board with your code, nor report you missing, within 24 hours of departure. Everything you paid, the service fee included, goes back to your mobile money.',
    ]);
    expect((await list(paid.driverId)).map((notice) => `${notice.title}: ${notice.message}`)).toEqual([
      "Booking ended: not boarded: Ama's booking of 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM ended: it was neither boarded with its code nor reported as a no-show within 24 hours of departure. Their payment goes back to them.",
    ]);
    const [sms] = await settledSms(paid.passengerId, 1);
    expect([sms?.message, sms?.status]).toEqual([
      'Krom: your booking Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM, ended: the driver did not record you on board. What you paid goes back to your mobile money.',
      'sent',
    ]);
    expect(smsSegments(sms!.message)).toBe(1);
    expect(await smsOf(paid.driverId)).toEqual([]);

    const cash = await sides();
    await deliver(bookingEvents.not_boarded, fact('not_boarded', cash, notBoarded));
    expect((await list(cash.passengerId)).map((notice) => notice.message)).toEqual([
      'Your booking of 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM ended: Kwame did not record you on board with your code, nor report you missing, within 24 hours of departure. You paid nothing through Krom, so nothing is charged.',
    ]);
    expect(await list(cash.driverId)).toHaveLength(1);
    expect(await smsOf(cash.passengerId)).toEqual([]);
  });

  it('tells the driver in the app only when a passenger cancels or withdraws', async () => {
    const who = await sides();
    await deliver(
      bookingEvents.cancelled_by_passenger,
      fact('cancelled_by_passenger', who, { status: 'cancelled_by_passenger', previousStatus: 'confirmed', refundAmount: '120.00', version: 3 }),
    );
    await deliver(bookingEvents.cancelled, fact('cancelled', who, { status: 'cancelled', previousStatus: 'requested', version: 2 }));

    expect(new Set((await list(who.driverId)).map((notice) => `${notice.title}: ${notice.message}`))).toEqual(
      new Set([
        'Booking cancelled: Ama cancelled their booking of 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM. The seats are free again.',
        'Booking request withdrawn: Ama withdrew their request for 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM. The seats are free again.',
      ]),
    );
    expect(await smsOf(who.driverId)).toEqual([]);
    expect(await list(who.passengerId)).toEqual([]);
  });

  it('tells a deleted account nothing, and the other side still', async () => {
    const who = await sides();
    await deliver(userDeleted, testEnvelope(userDeleted, { userId: who.passengerId, deletedAt: new Date().toISOString(), version: 2 }));
    await deliver(bookingEvents.confirmed, fact('confirmed', who, { status: 'confirmed', boardingCode: 'K7P3QX' }));

    expect(await list(who.driverId)).toHaveLength(1);
    expect(await smsOf(who.passengerId)).toEqual([]);
    expect(await list(who.passengerId)).toEqual([]);
  });
});

describe("the member's SMS choice (identity's user.notification_settings)", () => {
  const confirmed = (who: Sides) => fact('confirmed', who, { status: 'confirmed', previousStatus: 'accepted', actor: 'driver', boardingCode: 'K7P3QX', version: 3 });

  it('sends no e-ticket, even to the phone typed on the booking, to a passenger who turned SMS off, but tells them in the app; on again, it does', async () => {
    const who = await sides();
    await smsChoice(who.passengerId, false, 2);
    await deliver(bookingEvents.confirmed, confirmed(who));

    expect((await list(who.passengerId)).map((notice) => notice.title)).toEqual(['Booking confirmed']);
    // The handler records every message before the event is acknowledged: no row is no SMS.
    expect(await smsOf(who.passengerId)).toEqual([]);
    expect(await textsTo(who.passengerPhone)).toEqual([]);

    await smsChoice(who.passengerId, true, 3);
    await deliver(bookingEvents.confirmed, confirmed(who));
    const [ticket] = await settledSms(who.passengerId, 1);
    expect(ticket).toMatchObject({ phoneNumber: e164(who.passengerPhone), message: ETICKET, status: 'sent' });
  });

  it("texts no request to a driver who turned SMS off, and asks them in the app; the passenger's own SMS are theirs to choose", async () => {
    const who = await sides();
    await smsChoice(who.driverId, false, 2);
    await deliver(bookingEvents.requested, fact('requested', who, { expiresAt: '2025-11-28T02:30:00.000Z' }));
    expect((await list(who.driverId)).map((notice) => notice.title)).toEqual(['New booking request']);
    expect(await smsOf(who.driverId)).toEqual([]);

    await deliver(bookingEvents.declined, fact('declined', who, { status: 'declined', previousStatus: 'requested', actor: 'driver', version: 2 }));
    expect((await settledSms(who.passengerId, 1)).map((row) => row.status)).toEqual(['sent']);
  });

  it('still sends the e-ticket to a passenger who turned only ride reminders off: it is no reminder', async () => {
    const who = await sides();
    await choices(who.passengerId, { rideReminders: false }, 2);
    await deliver(bookingEvents.confirmed, confirmed(who));
    expect((await list(who.passengerId)).map((notice) => notice.title)).toEqual(['Booking confirmed']);
    const [ticket] = await settledSms(who.passengerId, 1);
    expect(ticket).toMatchObject({ phoneNumber: e164(who.passengerPhone), message: ETICKET, status: 'sent' });
  });

  it('keeps the newest choice: an older one told later changes nothing', async () => {
    const who = await sides();
    await smsChoice(who.passengerId, false, 5);
    await smsChoice(who.passengerId, true, 4);
    await deliver(bookingEvents.confirmed, confirmed(who));
    expect(await list(who.passengerId)).toHaveLength(1);
    expect(await smsOf(who.passengerId)).toEqual([]);
  });

  it('keeps a choice told before the account was heard of: its registration fills in the phone, not the choice', async () => {
    const who = await sides();
    const driverId = randomUUID();
    await smsChoice(driverId, false, 1);
    const phone = newPhone();
    const registration = { userId: driverId, firstName: 'Esi', lastName: 'Boateng', email: `esi.${driverId}@example.com`, phone, registeredAt: new Date().toISOString() };
    await deliver(userRegistered, testEnvelope(userRegistered, registration));

    await deliver(bookingEvents.requested, fact('requested', { ...who, driverId }, { expiresAt: '2025-11-28T02:30:00.000Z' }));
    expect((await list(driverId)).map((notice) => notice.title)).toEqual(['New booking request']);
    expect(await smsOf(driverId)).toEqual([]);
    expect(await textsTo(phone)).toEqual([]);
  });
});
