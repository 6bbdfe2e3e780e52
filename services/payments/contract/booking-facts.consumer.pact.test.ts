import { type BookingFactName, bookingEvents } from '@krom/contracts/events/bookings';
import { bookingModes, bookingStatuses } from '@krom/contracts/http/bookings';
import { mobileMoneyProviders } from '@krom/contracts/http/mobile-money-values';
import { toPesewas } from '@krom/contracts/money';
import { envelopeReader } from '@krom/server-kit/consumer';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readBookingEnded } from '../src/events/handlers/booking-ended.ts';
import { readPaymentRequested } from '../src/events/handlers/payment-requested.ts';
import { holdEndsAt } from '../src/payments/request-payment.ts';
import { releasingFacts } from '../src/payouts/release-booking.ts';
import { refundAmount, policySplit } from '../src/refunds/refund-policy.ts';
import type { BookingEndingFact } from '../src/refunds/refund-transitions.ts';

const { integer, like, nullValue, regex, uuid } = MatchersV3;

const oneOf = (values: readonly string[], example: string) => regex(`^(${values.join('|')})$`, example);
const price = (example: string) => regex(/^\d+(\.\d{1,2})?$/.source, example);
const place = (index: number, location: string, city: string, meetingPoint: string | null) => ({
  index: integer(index),
  location: like(location),
  city: like(city),
  meetingPoint: meetingPoint === null ? nullValue() : like(meetingPoint),
});

/**
 * Ama's mobile money booking of 2 seats from Nkawkaw to Kumasi (GH₵120.00 fare, GH₵6.00 fee, from
 * her MTN wallet) on a ride leaving Friday 28 November at 2:30 PM, as rides announces `fact`: what
 * this service reads to take, give back or release the money.
 */
function booking(fact: BookingFactName, changes: Record<string, unknown>) {
  return {
    id: uuid('5d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4b'),
    type: bookingEvents[fact].subject,
    occurredAt: isoDateTime('2025-11-20T09:00:00.000Z'),
    data: {
      bookingId: uuid('8e3f2a4b-5c6d-4e7f-9a8b-0c1d2e3f4a5b'),
      rideId: uuid('2b7c9d1e-4f3a-4b6c-8d9e-0f1a2b3c4d5e'),
      passengerId: uuid('9f4a3b5c-6d7e-4f8a-8b9c-1d2e3f4a5b6c'),
      driverId: uuid('3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f'),
      bookingMode: oneOf(bookingModes, 'instant'),
      paymentMethod: 'mobile_money',
      seats: integer(2),
      board: place(1, 'Nkawkaw Station', 'Nkawkaw', 'By the Total fuel station'),
      alight: place(2, 'Kejetia', 'Kumasi', null),
      pricePerSeat: price('60.00'),
      totalAmount: price('120.00'),
      serviceFee: price('6.00'),
      wallet: { phone: regex(/^0\d{9}$/.source, '0244123467'), network: oneOf(mobileMoneyProviders, 'mtn') },
      currency: 'GHS',
      refundAmount: nullValue(),
      passengerFirstName: like('Ama'),
      passengerPhone: like('024 412 3456'),
      driverFirstName: like('Kwame'),
      vehicle: { make: like('Toyota'), model: like('Corolla'), color: like('Silver'), licensePlate: like('GR-1234-20') },
      departureDate: regex(/^\d{4}-\d{2}-\d{2}$/.source, '2025-11-28'),
      departureTime: regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.source, '14:30'),
      departureAt: isoDateTime('2025-11-28T14:30:00.000Z'),
      expiresAt: nullValue(),
      boardingCode: nullValue(),
      actor: oneOf(['passenger', 'driver', 'staff', 'system'], 'system'),
      reason: nullValue(),
      occurredAt: isoDateTime('2025-11-20T09:00:00.000Z'),
      version: integer(3),
      ...changes,
    },
  };
}
const status = (example: string) => oneOf(bookingStatuses, example);
const boardingCode = regex(/^[A-Z0-9]{6}$/.source, 'K7P3QX');

/** What this service gives back when `ending` ends the example booking, paid in full: [to the passenger, to the driver, Krom's fee kept], pesewas. */
function settled(ending: BookingEndingFact, body: unknown) {
  const { type, data } = readBookingEnded(ending)(body);
  expect(type).toBe(bookingEvents[ending].subject);
  const split = policySplit(ending, { farePesewas: toPesewas(data.totalAmount), feePesewas: toPesewas(data.serviceFee) }, new Date(data.departureAt), new Date(data.occurredAt));
  return [refundAmount(split), split.driverShare, split.feeKept];
}

// One file for every krom-rides event this service reads: the rides provider test verifies it whole.
const pact = messageConsumerPact('krom-payments', 'krom-rides');

describe('krom-payments consuming krom-rides booking events that move money', () => {
  it("prompts the passenger's wallet for the fare and fee, held 15 minutes", () =>
    pact
      .given('a passenger booked 2 seats from Nkawkaw to Kumasi by mobile money on an instant-booking ride')
      .expectsToReceive(`a ${bookingEvents.payment_requested.subject} event`)
      .withContent(
        booking('payment_requested', {
          status: status('awaiting_payment'),
          previousStatus: status('accepted'),
          actor: oneOf(['passenger', 'driver', 'system'], 'passenger'),
          version: integer(2),
        }),
      )
      .verify(
        asynchronousBodyHandler(async (body) => {
          const { data } = readPaymentRequested(body);
          // Rides names no expiry on the fact (that is a request's): the hold is 15 minutes from when the seats were held.
          expect([data.paymentMethod, toPesewas(data.totalAmount), toPesewas(data.serviceFee), data.wallet, holdEndsAt(data).toISOString()]).toEqual([
            'mobile_money',
            12_000,
            600,
            { phone: '0244123467', network: 'mtn' },
            '2025-11-20T09:15:00.000Z',
          ]);
        }),
      ));

  it('gives a passenger who cancels more than a day ahead the fare back and keeps the fee', () =>
    pact
      .given('a passenger cancelled a booking of 2 seats paid by mobile money a week before the ride')
      .expectsToReceive(`a ${bookingEvents.cancelled_by_passenger.subject} event`)
      .withContent(
        booking('cancelled_by_passenger', {
          status: status('cancelled_by_passenger'),
          previousStatus: status('confirmed'),
          actor: oneOf(['passenger'], 'passenger'),
          refundAmount: price('120.00'),
          version: integer(4),
        }),
      )
      .verify(asynchronousBodyHandler(async (body) => expect(settled('cancelled_by_passenger', body)).toEqual([12_000, 0, 600]))));

  it('gives everything back, the fee included, when the driver cancels the ride', () =>
    pact
      .given('a driver cancelled a ride with a booking of 2 seats paid by mobile money')
      .expectsToReceive(`a ${bookingEvents.cancelled_by_driver.subject} event`)
      .withContent(
        booking('cancelled_by_driver', {
          status: status('cancelled_by_driver'),
          previousStatus: status('confirmed'),
          actor: oneOf(['driver'], 'driver'),
          refundAmount: price('120.00'),
          version: integer(4),
        }),
      )
      .verify(asynchronousBodyHandler(async (body) => expect(settled('cancelled_by_driver', body)).toEqual([12_600, 0, 0]))));

  it('gives everything back when staff cancel the booking with a reason', () =>
    pact
      .given('staff cancelled a booking of 2 seats paid by mobile money')
      .expectsToReceive(`a ${bookingEvents.cancelled.subject} event`)
      .withContent(
        booking('cancelled', {
          status: status('cancelled'),
          previousStatus: status('confirmed'),
          actor: oneOf(['staff'], 'staff'),
          refundAmount: price('120.00'),
          reason: like('The passenger paid twice'),
          version: integer(4),
        }),
      )
      .verify(asynchronousBodyHandler(async (body) => expect(settled('cancelled', body)).toEqual([12_600, 0, 0]))));

  it('gives back whatever was taken when the driver declines a mobile money request', () =>
    pact
      .given('a driver declined a request for 2 seats to be paid by mobile money')
      .expectsToReceive(`a ${bookingEvents.declined.subject} event`)
      .withContent(
        booking('declined', {
          status: status('declined'),
          previousStatus: status('requested'),
          bookingMode: oneOf(bookingModes, 'approval'),
          actor: oneOf(['driver'], 'driver'),
          version: integer(2),
        }),
      )
      .verify(asynchronousBodyHandler(async (body) => expect(settled('declined', body)).toEqual([12_600, 0, 0]))));

  it("gives back a payment that arrives after the booking's hold lapsed", () =>
    pact
      .given('the hold of a booking of 2 seats to be paid by mobile money lapsed unpaid')
      .expectsToReceive(`a ${bookingEvents.expired.subject} event`)
      .withContent(
        booking('expired', {
          status: status('expired'),
          previousStatus: status('awaiting_payment'),
          actor: oneOf(['system'], 'system'),
          version: integer(3),
        }),
      )
      .verify(asynchronousBodyHandler(async (body) => expect(settled('expired', body)).toEqual([12_600, 0, 0]))));

  it('gives everything back, the fee included, for a seat neither boarded nor reported a no-show', () =>
    pact
      .given('the no-show window of a booking paid by mobile money closed with the seat never boarded')
      .expectsToReceive(`a ${bookingEvents.not_boarded.subject} event`)
      .withContent(
        booking('not_boarded', {
          status: status('not_boarded'),
          previousStatus: status('confirmed'),
          actor: oneOf(['system'], 'system'),
          refundAmount: price('120.00'),
          occurredAt: isoDateTime('2025-11-29T15:00:00.000Z'),
          version: integer(4),
        }),
      )
      .verify(asynchronousBodyHandler(async (body) => expect(settled('not_boarded', body)).toEqual([12_600, 0, 0]))));

  for (const fact of releasingFacts) {
    it(`releases the fare to the driver and the fee to Krom on ${fact}`, () =>
      pact
        .given(
          fact === 'completed'
            ? 'a ride with a boarded passenger of a booking paid by mobile money was completed'
            : 'a driver reported a no-show on a booking paid by mobile money',
        )
        .expectsToReceive(`a ${bookingEvents[fact].subject} event`)
        .withContent(
          booking(fact, {
            status: status(fact),
            previousStatus: status(fact === 'completed' ? 'boarded' : 'confirmed'),
            actor: oneOf([fact === 'completed' ? 'system' : 'driver'], fact === 'completed' ? 'system' : 'driver'),
            // The code is on the fact while the seat is the passenger's (completed); a no-show's has none.
            boardingCode: fact === 'completed' ? boardingCode : nullValue(),
            version: integer(fact === 'completed' ? 5 : 4),
          }),
        )
        .verify(
          asynchronousBodyHandler(async (body) => {
            const { type, data } = envelopeReader(bookingEvents[fact])(body);
            expect([type, data.bookingId, data.status]).toEqual([bookingEvents[fact].subject, '8e3f2a4b-5c6d-4e7f-9a8b-0c1d2e3f4a5b', fact]);
          }),
        ));
  }
});
