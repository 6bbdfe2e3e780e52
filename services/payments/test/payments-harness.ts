import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type BookingFact, bookingEvents } from '@krom/contracts/events/bookings';
import type { RefundFact } from '@krom/contracts/events/payments';
import { mobileMoneyCallbackRoute } from '@krom/contracts/services/payments/provider-callbacks';
import type { Caller } from '@krom/server-kit/internal-auth';
import type { ProviderCallback } from '@krom/server-kit/providers';
import { deliverToConsumer, dropDatabaseWhenIdle, eventually, testEnvelope } from '@krom/server-kit/testing';
import { asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { outbox, payments, refunds } from '../src/db/schema.ts';
import { openPaymentsService } from '../src/open-payments.ts';
import type { BookingEndingFact } from '../src/refunds/refund-transitions.ts';
import { expectBooksBalance } from './expect-books-balance.ts';
import { deliverPaymentRequested, paymentRequested } from './payment-requested-fact.ts';
import { paymentsTestConfig } from './payments-test-env.ts';
import { CallbackInbox } from './providers/callback-inbox.ts';
import { PaystackStandIn } from './providers/paystack-stand-in.ts';

/*
 * The payments and refunds tests' world: the payments service on the real PostgreSQL and NATS against the
 * Paystack stand-in (its refunds, and its refund events naming only the collection), rides'
 * booking facts delivered on the bus, the stand-in's signed callbacks passed to the service's
 * route as the BFF passes them. The books are checked to balance after every test.
 */
/** A gateway's callback as the BFF passes it on to the service's route, with the public caller's assertion. */
export async function forwardCallback(app: FastifyInstance, setup: ReturnType<typeof paymentsTestConfig>, callback: ProviderCallback) {
  return app.inject({
    method: 'POST',
    url: mobileMoneyCallbackRoute.path,
    headers: await setup.as({ kind: 'public' }),
    payload: { url: callback.url, headers: callback.headers, rawBody: callback.rawBody.toString('base64') },
  });
}

export function paymentsHarness() {
  const paystack = new PaystackStandIn();
  const callbacks = new CallbackInbox();
  let service: Awaited<ReturnType<typeof openPaymentsService>>;
  let setup: ReturnType<typeof paymentsTestConfig>;

  beforeAll(async () => {
    await Promise.all([paystack.start(), callbacks.start()]);
    paystack.webhookUrl = callbacks.url;
    setup = paymentsTestConfig({ PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_API_BASE_URL: paystack.baseUrl, SWEEP_INTERVAL_SECONDS: '0' });
    service = await openPaymentsService(setup.config);
  });
  afterEach(async () => {
    paystack.endRefunds('processed');
    await expectBooksBalance(service.db);
  });
  afterAll(async () => {
    await service.bus.jsm.streams.delete(service.bus.streamName);
    await service.app.close();
    await dropDatabaseWhenIdle(setup.config.DATABASE_URL);
    await Promise.all([paystack.stop(), callbacks.stop()]);
  });

  const eventOf = (callback: ProviderCallback) => JSON.parse(callback.rawBody.toString()) as { event: string; data: { reference?: string; transaction_reference?: string } };

  const harness = {
    paystack,
    callbacks,
    get service() {
      return service;
    },

    forward: (callback: ProviderCallback) => forwardCallback(service.app, setup, callback),

    /** The BFF's assertion of a caller (a member, staff), for a request to the service's routes. */
    as: (caller: Caller) => setup.as(caller),

    /** The stand-in's `nth` (1-based) refund event of `event` for a collection, received already or still to come. */
    refundEvent: (paymentId: string, event: 'refund.processed' | 'refund.failed', nth = 1) =>
      eventually(async () => callbacks.received.filter((callback) => eventOf(callback).event === event && eventOf(callback).data.transaction_reference === paymentId)[nth - 1]),

    chargeSuccessFor: (reference: string) => callbacks.first((callback) => eventOf(callback).event === 'charge.success' && eventOf(callback).data.reference === reference),

    /** A booking awaiting payment (rides' fact delivered) and its payment row, prompted at the stand-in. */
    async requested(changes: Partial<BookingFact> = {}) {
      const envelope = paymentRequested(changes);
      await deliverPaymentRequested(service.bus, envelope);
      return { booking: envelope.data, payment: await harness.paymentOf(envelope.data.bookingId) };
    },

    /** A booking whose money arrived: prompted, approved on the phone, the callback applied. */
    async paidBooking(changes: Partial<BookingFact> = {}) {
      const { booking, payment } = await harness.requested(changes);
      await paystack.approve(payment.id);
      expect((await harness.forward(await harness.chargeSuccessFor(payment.id))).json()).toEqual({ outcome: 'applied' });
      return { booking, payment: await harness.paymentOf(booking.bookingId) };
    },

    /** Rides' fact that the booking ended (`ending`), after `booking`, delivered to payments and handled. */
    async endBooking(ending: BookingEndingFact, booking: BookingFact, changes: Partial<BookingFact> = {}): Promise<EventEnvelope<BookingFact>> {
      const envelope = testEnvelope(bookingEvents[ending], {
        ...booking,
        status: ending,
        previousStatus: 'confirmed',
        actor: ending === 'cancelled_by_passenger' ? 'passenger' : ending === 'cancelled_by_driver' ? 'driver' : ending === 'cancelled' ? 'staff' : 'system',
        refundAmount: null,
        occurredAt: new Date().toISOString(),
        version: booking.version + 2,
        ...changes,
      } satisfies BookingFact);
      await harness.deliver(ending, envelope);
      return envelope;
    },

    deliver: (ending: BookingEndingFact, envelope: EventEnvelope<BookingFact>) => deliverToConsumer(service.bus, 'payments', bookingEvents[ending], envelope),

    redeliveredUnderAnotherId: (envelope: EventEnvelope<BookingFact>) => ({ ...envelope, id: randomUUID() }),

    async paymentOf(bookingId: string) {
      const [payment] = await service.db.select().from(payments).where(eq(payments.bookingId, bookingId));
      if (!payment) throw new Error(`no payment for booking ${bookingId}`);
      return payment;
    },

    refundsOf: (bookingId: string) => service.db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(asc(refunds.createdAt)),

    async onlyRefundOf(bookingId: string) {
      const rows = await harness.refundsOf(bookingId);
      expect(rows).toHaveLength(1);
      return rows[0]!;
    },

    /** The refund facts in the outbox for a booking, in the order written. */
    async refundFactsOf(bookingId: string) {
      const rows = await service.db.select().from(outbox).where(like(outbox.subject, 'krom.payments.refund.%')).orderBy(asc(outbox.createdAt));
      return rows.map((row) => ({ subject: row.subject, data: row.envelope.data as RefundFact })).filter((fact) => fact.data.bookingId === bookingId);
    },

    /** The stand-in's refunds of a collection, in the order asked. */
    gatewayRefundsOf: (paymentId: string) => paystack.refunds.filter((refund) => refund.charge.reference === paymentId),
  };
  return harness;
}
