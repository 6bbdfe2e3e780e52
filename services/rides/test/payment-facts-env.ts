import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { bookingFactSchema } from '@krom/contracts/events/bookings';
import { type PaymentFact, type PaymentFactName, paymentEvents } from '@krom/contracts/events/payments';
import type { Booking } from '@krom/contracts/http/bookings';
import { toPesewas } from '@krom/contracts/money';
import { deliverToConsumer, testEnvelope } from '@krom/server-kit/testing';
import type { bookingCalls } from './bookings-env.ts';
import type { RidesService } from './rides-test-env.ts';

/*
 * Payments' answers to a held seat as the tests give them: the fact payments' outbox would write
 * for the fare and fee the booking asked, published on the bus and waited for until rides'
 * consumer has acknowledged it.
 */

export function paymentAnswers(handle: { service: RidesService }, events: ReturnType<typeof bookingCalls>['events']) {
  /** Payments' fact `fact` about the payment for `booking`, as its outbox would write it: the fare and fee the booking asked for. */
  async function paymentFact(booking: Booking, fact: PaymentFactName, changes: Partial<PaymentFact> = {}): Promise<EventEnvelope<PaymentFact>> {
    const asked = bookingFactSchema.parse((await events(booking.id)).at(-1)!.envelope.data);
    const farePesewas = toPesewas(asked.totalAmount);
    const feePesewas = toPesewas(asked.serviceFee);
    return testEnvelope(paymentEvents[fact], {
      paymentId: randomUUID(),
      bookingId: booking.id,
      rideId: booking.rideId,
      passengerId: asked.passengerId,
      driverId: asked.driverId,
      status: fact === 'succeeded' ? 'succeeded' : 'failed',
      amountPesewas: farePesewas + feePesewas,
      farePesewas,
      feePesewas,
      currency: 'GHS',
      provider: 'local',
      walletMasked: '024 *** **67',
      reason: fact === 'failed' ? 'The payment was declined on the phone' : null,
      occurredAt: new Date().toISOString(),
      version: 2,
      ...changes,
    });
  }

  /** Publishes the fact and waits until rides' consumer has acknowledged it. */
  const deliver = (envelope: EventEnvelope<PaymentFact>) =>
    deliverToConsumer(handle.service.bus, 'rides', envelope.type === paymentEvents.succeeded.subject ? paymentEvents.succeeded : paymentEvents.failed, envelope);

  return { paymentFact, deliver };
}
