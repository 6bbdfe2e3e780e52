import { type BookingFactName, bookingEvents, rideDepartingSoon } from '@krom/contracts/events/bookings';
import { bookingModes, bookingPaymentMethods, bookingStatuses } from '@krom/contracts/http/bookings';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readBookingFact } from '../src/events/handlers/booking-fact.ts';
import { readRideDepartingSoon } from '../src/events/handlers/ride-departing-soon.ts';
import { bookingMessages } from '../src/notifications/booking-notices.ts';
import { departureReminders } from '../src/notifications/departure-reminders.ts';

const { eachLike, integer, like, nullValue, regex, uuid } = MatchersV3;

const oneOf = (values: readonly string[], example: string) => regex(`^(${values.join('|')})$`, example);
const price = (example: string) => regex(/^\d+(\.\d{1,2})?$/.source, example);
const boardingCode = regex(/^[A-Z0-9]{6}$/.source, 'K7P3QX');
const place = (index: number, location: string, city: string, meetingPoint: string | null) => ({
  index: integer(index),
  location: like(location),
  city: like(city),
  meetingPoint: meetingPoint === null ? nullValue() : like(meetingPoint),
});

const ids = {
  booking: '8e3f2a4b-5c6d-4e7f-9a8b-0c1d2e3f4a5b',
  ride: '2b7c9d1e-4f3a-4b6c-8d9e-0f1a2b3c4d5e',
  passenger: '9f4a3b5c-6d7e-4f8a-8b9c-1d2e3f4a5b6c',
  driver: '3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f',
};
/** Ama's 2 seats from Nkawkaw to Kumasi, on the booking form and on the ride's reminder alike. */
const passengerAndLeg = {
  passengerFirstName: like('Ama'),
  passengerPhone: like('024 412 3456'),
  seats: integer(2),
  board: place(1, 'Nkawkaw Station', 'Nkawkaw', 'By the Total fuel station'),
  alight: place(2, 'Kejetia', 'Kumasi', null),
};
/** Kwame's car and the ride's departure, Friday 28 November at 2:30 PM. */
const driverAndDeparture = {
  driverFirstName: like('Kwame'),
  vehicle: { make: like('Toyota'), model: like('Corolla'), color: like('Silver'), licensePlate: like('GR-1234-20') },
  departureDate: regex(/^\d{4}-\d{2}-\d{2}$/.source, '2025-11-28'),
  departureTime: regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.source, '14:30'),
  departureAt: isoDateTime('2025-11-28T14:30:00.000Z'),
};

/**
 * A booking of 2 seats from Nkawkaw to Kumasi on the rides service's example ride (Accra →
 * Nkawkaw → Kumasi, GH₵80.00 the whole way), as `fact` announces it: what this service reads to
 * tell both sides (the leg, the driver and car, the phone given on the form, the code once confirmed).
 */
function booking(fact: BookingFactName, changes: Record<string, unknown>) {
  return {
    id: uuid('7d2e1f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'),
    type: bookingEvents[fact].subject,
    occurredAt: isoDateTime('2025-11-20T09:00:00.000Z'),
    data: {
      bookingId: uuid(ids.booking),
      rideId: uuid(ids.ride),
      passengerId: uuid(ids.passenger),
      driverId: uuid(ids.driver),
      bookingMode: oneOf(bookingModes, 'approval'),
      paymentMethod: oneOf(bookingPaymentMethods, 'cash'),
      pricePerSeat: price('40.00'),
      totalAmount: price('80.00'),
      currency: 'GHS',
      refundAmount: nullValue(),
      ...passengerAndLeg,
      ...driverAndDeparture,
      expiresAt: nullValue(),
      boardingCode: nullValue(),
      actor: oneOf(['passenger', 'driver', 'staff', 'system'], 'passenger'),
      reason: nullValue(),
      occurredAt: isoDateTime('2025-11-20T09:00:00.000Z'),
      version: integer(1),
      ...changes,
    },
  };
}

const status = (example: string) => oneOf(bookingStatuses, example);
/** The words the pact's example gives each side, as this service tells them. */
const toldOf = (fact: BookingFactName, body: unknown) => {
  const envelope = readBookingFact(fact)(body);
  expect(envelope.type).toBe(bookingEvents[fact].subject);
  return bookingMessages(fact, envelope.data).map((message) => [message.to, message.notice.title, message.notice.message, message.sms?.text]);
};

// The same pact file as the ride events: one consumer, one provider.
const pact = messageConsumerPact('krom-notifications', 'krom-rides');

describe('krom-notifications consuming krom-rides booking events', () => {
  it("asks the driver to approve or decline a passenger's request, saying when it lapses", () =>
    pact
      .given("a passenger asked for 2 seats from Nkawkaw to Kumasi on a driver-approved ride")
      .expectsToReceive(`a ${bookingEvents.requested.subject} event`)
      .withContent(booking('requested', { status: status('requested'), previousStatus: nullValue(), expiresAt: isoDateTime('2025-11-28T12:30:00.000Z') }))
      .verify(
        asynchronousBodyHandler(async (body) => {
          expect(toldOf('requested', body)).toEqual([
            [
              'driver',
              'New booking request',
              'Ama asks for 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM. Approve or decline by Fri 28 Nov at 12:30 PM.',
              'Krom: Ama asks for 2 seats, Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM. Approve or decline in Krom by Fri 28 Nov at 12:30 PM.',
            ],
          ]);
        }),
      ));

  it("sends the passenger's e-ticket with the boarding code when an instant booking is confirmed, and tells the driver", () =>
    pact
      .given('a passenger booked 2 seats from Nkawkaw to Kumasi on an instant-booking ride')
      .expectsToReceive(`a ${bookingEvents.confirmed.subject} event`)
      .withContent(
        booking('confirmed', { status: status('confirmed'), previousStatus: nullValue(), bookingMode: oneOf(bookingModes, 'instant'), boardingCode }),
      )
      .verify(
        asynchronousBodyHandler(async (body) => {
          const [passenger, driver] = toldOf('confirmed', body);
          expect(passenger).toEqual([
            'passenger',
            'Booking confirmed',
            'Your booking of 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM is confirmed. Board at Nkawkaw Station (By the Total fuel station). Your boarding code is K7P3QX.',
            'Krom e-ticket: Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM. Board at Nkawkaw Station (By the Total fuel station). Driver Kwame, Silver Toyota Corolla GR-1234-20. Boarding code K7P3QX. 2 seats, GHS 80.00 cash to the driver.',
          ]);
          expect(driver?.[1]).toBe('New booking');
        }),
      ));

  it('tells the passenger by SMS and in the app that the driver declined their request', () =>
    pact
      .given('a driver declined a request for 2 seats from Nkawkaw to Kumasi')
      .expectsToReceive(`a ${bookingEvents.declined.subject} event`)
      .withContent(booking('declined', { status: status('declined'), previousStatus: status('requested'), actor: oneOf(['driver'], 'driver'), version: integer(2) }))
      .verify(
        asynchronousBodyHandler(async (body) => {
          expect(toldOf('declined', body)).toEqual([
            [
              'passenger',
              'Booking declined',
              'Kwame declined your request for 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM. Search for another ride.',
              'Krom: Kwame declined your request, Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM. Search Krom for another ride.',
            ],
          ]);
        }),
      ));

  it('tells the driver that a passenger cancelled a confirmed booking', () =>
    pact
      .given('a passenger cancelled a confirmed booking of 2 seats from Nkawkaw to Kumasi')
      .expectsToReceive(`a ${bookingEvents.cancelled_by_passenger.subject} event`)
      .withContent(
        booking('cancelled_by_passenger', {
          status: status('cancelled_by_passenger'),
          previousStatus: status('confirmed'),
          bookingMode: oneOf(bookingModes, 'instant'),
          refundAmount: price('80.00'),
          version: integer(2),
        }),
      )
      .verify(
        asynchronousBodyHandler(async (body) => {
          expect(toldOf('cancelled_by_passenger', body)).toEqual([
            ['driver', 'Booking cancelled', 'Ama cancelled their booking of 2 seats from Nkawkaw to Kumasi on Fri 28 Nov at 2:30 PM. The seats are free again.', undefined],
          ]);
        }),
      ));

  it('reminds the driver and each confirmed passenger by SMS that the ride leaves soon, with the boarding code', () =>
    pact
      .given('a ride from Accra to Kumasi with a confirmed booking of 2 seats from Nkawkaw leaves within two hours')
      .expectsToReceive(`a ${rideDepartingSoon.subject} event`)
      .withContent({
        id: uuid('5c1d3e5f-7a9b-4c2d-8e4f-6a8b0c2d4e6f'),
        type: rideDepartingSoon.subject,
        occurredAt: isoDateTime('2025-11-28T12:30:00.000Z'),
        data: {
          rideId: uuid(ids.ride),
          driverId: uuid(ids.driver),
          fromLocation: like('Accra'),
          toLocation: like('Kumasi'),
          ...driverAndDeparture,
          passengers: eachLike({ bookingId: uuid(ids.booking), passengerId: uuid(ids.passenger), ...passengerAndLeg, boardingCode }),
          remindedAt: isoDateTime('2025-11-28T12:30:00.000Z'),
          version: integer(1),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readRideDepartingSoon(body);
          expect(envelope.type).toBe(rideDepartingSoon.subject);
          expect(departureReminders(envelope.data).map((reminder) => [reminder.userId, reminder.smsTo, reminder.smsText])).toEqual([
            [ids.passenger, '024 412 3456', 'Krom reminder: Nkawkaw to Kumasi today at 2:30 PM. Driver Kwame, GR-1234-20. Boarding code K7P3QX.'],
            [ids.driver, undefined, 'Krom reminder: your ride Accra to Kumasi leaves today at 2:30 PM with 1 passenger (2 seats). Board them by code in Manage Bookings.'],
          ]);
        }),
      ));
});
