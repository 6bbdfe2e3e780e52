import { type PaymentFactName, paymentEvents, paymentStatuses, type PayoutFactName, payoutEvents, refundCauses, refundEvents } from '@krom/contracts/events/payments';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readPaymentFact, readPayoutFact, readRefundFact } from '../src/events/handlers/money-fact.ts';
import { paymentMessage, payoutMessage, refundMessage } from '../src/notifications/money-notices.ts';

const { integer, like, nullValue, regex, uuid } = MatchersV3;

const status = (example: string) => regex(`^(${paymentStatuses.join('|')})$`, example);

const ids = {
  payment: '6e5d4c3b-2a1f-4e0d-9c8b-7a6f5e4d3c2b',
  booking: '8e3f2a4b-5c6d-4e7f-9a8b-0c1d2e3f4a5b',
  ride: '2b7c9d1e-4f3a-4b6c-8d9e-0f1a2b3c4d5e',
  passenger: '9f4a3b5c-6d7e-4f8a-8b9c-1d2e3f4a5b6c',
  driver: '3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f',
};

/**
 * A payment of GH₵126.00 (GH₵120.00 fare for 2 seats, GH₵6.00 fee) from an MTN wallet, as
 * payments announces each step of it: what this service reads to tell the passenger.
 */
function payment(fact: PaymentFactName, changes: Record<string, unknown>) {
  return {
    id: uuid('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'),
    type: paymentEvents[fact].subject,
    occurredAt: isoDateTime('2025-11-20T09:00:00.000Z'),
    data: {
      paymentId: uuid(ids.payment),
      bookingId: uuid(ids.booking),
      rideId: uuid(ids.ride),
      passengerId: uuid(ids.passenger),
      driverId: uuid(ids.driver),
      amountPesewas: 12_600,
      farePesewas: 12_000,
      feePesewas: 600,
      currency: 'GHS',
      provider: like('local'),
      walletMasked: regex(/^\d{3} \*\*\* \*\*\d{2}$/.source, '024 *** **67'),
      reason: nullValue(),
      occurredAt: isoDateTime('2025-11-20T09:00:00.000Z'),
      version: integer(2),
      ...changes,
    },
  };
}

/** The words the pact's example gives the passenger, as this service tells them. */
const toldOf = (fact: PaymentFactName, body: unknown) => {
  const envelope = readPaymentFact(fact)(body);
  expect(envelope.type).toBe(paymentEvents[fact].subject);
  const message = paymentMessage(fact, envelope.data);
  return [message?.notice.title, message?.notice.message, message?.sms];
};

/** The driver's payout of the GH₵120.00 fare of a completed booking, as payments announces `fact`. */
function payout(fact: PayoutFactName, changes: Record<string, unknown>) {
  return {
    id: uuid('5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d'),
    type: payoutEvents[fact].subject,
    occurredAt: isoDateTime('2025-11-29T15:00:00.000Z'),
    data: {
      payoutId: uuid('7c6b5a4f-3e2d-4c1b-9a0f-8e7d6c5b4a3f'),
      bookingId: uuid(ids.booking),
      rideId: uuid(ids.ride),
      driverId: uuid(ids.driver),
      amountPesewas: 12_000,
      currency: 'GHS',
      occurredAt: isoDateTime('2025-11-29T15:00:00.000Z'),
      ...changes,
    },
  };
}
const toldDriverOf = (fact: PayoutFactName, body: unknown) => {
  const envelope = readPayoutFact(fact)(body);
  expect(envelope.type).toBe(payoutEvents[fact].subject);
  const message = payoutMessage(fact, envelope.data);
  return [message?.notice.title, message?.notice.message, message?.sms];
};

// One file for every krom-payments event this service reads: the provider test verifies it whole.
const pact = messageConsumerPact('krom-notifications', 'krom-payments');

describe('krom-notifications consuming krom-payments payment, refund and payout events', () => {
  it('asks the passenger to approve the prompt on their phone within the hold', () =>
    pact
      .given('rides asked for GH₵126.00 for a mobile money booking of 2 seats from an MTN wallet')
      .expectsToReceive(`a ${paymentEvents.prompted.subject} event`)
      .withContent(payment('prompted', { status: status('pending') }))
      .verify(
        asynchronousBodyHandler(async (body) => {
          expect(toldOf('prompted', body)).toEqual([
            'Approve the payment on your phone',
            'A prompt for GH₵126.00 is on 024 *** **67. Approve it with your mobile money PIN within 15 minutes to secure your seats.',
            'Krom: approve the prompt of GHS 126.00 on 024 *** **67 with your PIN within 15 minutes to secure your seats.',
          ]);
        }),
      ));

  it("tells the passenger how to finish Telecel's voucher step", () =>
    pact
      .given('rides asked for GH₵126.00 for a mobile money booking of 2 seats from a Telecel wallet')
      .expectsToReceive(`a ${paymentEvents.needs_otp.subject} event`)
      .withContent(payment('needs_otp', { status: status('needs_otp'), walletMasked: regex(/^\d{3} \*\*\* \*\*\d{2}$/.source, '020 *** **45') }))
      .verify(
        asynchronousBodyHandler(async (body) => {
          expect(toldOf('needs_otp', body)).toEqual([
            'Type your voucher code',
            'To finish paying GH₵126.00, type the voucher code your network texted to 020 *** **45 in Krom within 15 minutes.',
            'Krom: to finish paying GHS 126.00, type the voucher code your network texted to 020 *** **45 in Krom within 15 minutes.',
          ]);
        }),
      ));

  it('tells the passenger why the payment failed and that the seats were released', () =>
    pact
      .given('a prompt of GH₵126.00 for a mobile money booking was not approved before its hold lapsed')
      .expectsToReceive(`a ${paymentEvents.failed.subject} event`)
      .withContent(payment('failed', { status: status('failed'), reason: like('The payment was not approved in time'), version: integer(3) }))
      .verify(
        asynchronousBodyHandler(async (body) => {
          expect(toldOf('failed', body)).toEqual([
            'Payment failed',
            'Your payment of GH₵126.00 from 024 *** **67 failed: The payment was not approved in time. Your seats were released.',
            'Krom: your payment of GHS 126.00 failed: The payment was not approved in time. Your seats were released.',
          ]);
        }),
      ));

  it('tells the passenger their refund is back on their wallet', () =>
    pact
      .given('a driver cancelled a booking paid GH₵126.00 by mobile money and the gateway refunded it')
      .expectsToReceive(`a ${refundEvents.succeeded.subject} event`)
      .withContent({
        id: uuid('4b3a2f1e-0d9c-4b8a-9f6e-5d4c3b2a1f0e'),
        type: refundEvents.succeeded.subject,
        occurredAt: isoDateTime('2025-11-21T09:00:00.000Z'),
        data: {
          refundId: uuid('0f1e2d3c-4b5a-4697-8877-665544332211'),
          paymentId: uuid(ids.payment),
          bookingId: uuid(ids.booking),
          rideId: uuid(ids.ride),
          passengerId: uuid(ids.passenger),
          driverId: uuid(ids.driver),
          cause: regex(`^(${refundCauses.join('|')})$`, 'cancelled_by_driver'),
          status: 'succeeded',
          amountPesewas: 12_600,
          fareRefundPesewas: integer(12_000),
          feeRefundPesewas: integer(600),
          driverSharePesewas: integer(0),
          currency: 'GHS',
          walletMasked: regex(/^\d{3} \*\*\* \*\*\d{2}$/.source, '024 *** **67'),
          reason: nullValue(),
          occurredAt: isoDateTime('2025-11-21T09:00:00.000Z'),
          version: integer(2),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readRefundFact('succeeded')(body);
          expect(envelope.type).toBe(refundEvents.succeeded.subject);
          const message = refundMessage('succeeded', envelope.data);
          expect([message?.notice.title, message?.notice.message, message?.sms]).toEqual([
            'Refund received',
            'GH₵126.00 is back on your mobile money 024 *** **67.',
            'Krom: your refund of GHS 126.00 is back on your mobile money 024 *** **67.',
          ]);
        }),
      ));

  it('tells the driver the payout was paid to their number', () =>
    pact
      .given("a completed booking's GH₵120.00 fare was paid out to the driver's confirmed MTN number")
      .expectsToReceive(`a ${payoutEvents.succeeded.subject} event`)
      .withContent(
        payout('succeeded', {
          status: 'succeeded',
          walletMasked: regex(/^\d{3} \*\*\* \*\*\d{2}$/.source, '020 *** **33'),
          attempts: integer(1),
          reason: nullValue(),
          version: integer(3),
        }),
      )
      .verify(
        asynchronousBodyHandler(async (body) => {
          expect(toldDriverOf('succeeded', body)).toEqual([
            'Payout sent',
            'GH₵120.00 was paid to 020 *** **33 for your ride.',
            'Krom: GHS 120.00 was paid to your mobile money 020 *** **33 for your ride.',
          ]);
        }),
      ));

  it('asks a driver with no confirmed number to add one to be paid', () =>
    pact
      .given("a completed booking's GH₵120.00 fare fell due for a driver with no confirmed mobile money number")
      .expectsToReceive(`a ${payoutEvents.needs_attention.subject} event`)
      .withContent(payout('needs_attention', { status: 'needs_attention', walletMasked: nullValue(), attempts: integer(0), reason: like('no confirmed number'), version: integer(2) }))
      .verify(
        asynchronousBodyHandler(async (body) => {
          expect(toldDriverOf('needs_attention', body)).toEqual([
            'Add a mobile money number',
            'Add and confirm a mobile money number in Payments to receive GH₵120.00 for your ride.',
            'Krom: add and confirm a mobile money number in Krom Payments to receive GHS 120.00 for your ride.',
          ]);
        }),
      ));
});
