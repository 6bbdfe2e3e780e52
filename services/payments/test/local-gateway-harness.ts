import type { AddressInfo } from 'node:net';
import type { BookingFact } from '@krom/contracts/events/bookings';
import { dropDatabaseWhenIdle, isolatedTestEnv } from '@krom/server-kit/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { payments } from '../src/db/schema.ts';
import type { PaymentRow } from '../src/payments/payment-facts.ts';
import { openPaymentsService } from '../src/open-payments.ts';
import { openLocalGateway } from '../src/providers/mobile-money/local-gateway/open-local-gateway.ts';
import { localMobileMoneyProvider } from '../src/providers/mobile-money/local.ts';
import { deliverPaymentRequested, paymentRequested } from './payment-requested-fact.ts';
import { forwardCallback } from './payments-harness.ts';
import { paymentsTestConfig } from './payments-test-env.ts';
import { CallbackInbox } from './providers/callback-inbox.ts';

/*
 * The payments service through the local mobile money gateway (what `npm start` and the
 * end-to-end run use), each on a database of its own: the gateway settles payouts and refunds as
 * it takes them, and its signed callbacks name Krom's own reference.
 */
export function localGatewayHarness(name: string) {
  const callbacks = new CallbackInbox();
  const { databaseUrl: gatewayDatabase, tag } = isolatedTestEnv('local_momo');
  const secret = `local-momo-${name}-secret-${tag}-0123456789`;
  let gateway: FastifyInstance;
  let origin: string;
  let service: Awaited<ReturnType<typeof openPaymentsService>>;
  let setup: ReturnType<typeof paymentsTestConfig>;

  beforeAll(async () => {
    await callbacks.start();
    gateway = await openLocalGateway({ databaseUrl: gatewayDatabase, secret, callbackUrl: callbacks.url, logLevel: 'silent' });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
    setup = paymentsTestConfig({ SWEEP_INTERVAL_SECONDS: '0' });
    service = await openPaymentsService(setup.config, { localMobileMoney: () => localMobileMoneyProvider({ baseUrl: origin, secret }) });
  });
  afterAll(async () => {
    await service.bus.jsm.streams.delete(service.bus.streamName);
    await service.app.close();
    await gateway.close();
    await callbacks.stop();
    await Promise.all([dropDatabaseWhenIdle(setup.config.DATABASE_URL), dropDatabaseWhenIdle(gatewayDatabase)]);
  });

  /** A phone page form posted as a browser posts it (answered with a redirect). */
  const postForm = async (path: string, body: string) => {
    const answer = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, redirect: 'manual' });
    expect(answer.status).toBe(303);
  };

  const harness = {
    secret,
    /** The payments service's configuration (its internal secret signs the BFF's assertions). */
    get config() {
      return setup.config;
    },
    get origin() {
      return origin;
    },
    get service() {
      return service;
    },
    forward: (callback: Parameters<typeof forwardCallback>[2]) => forwardCallback(service.app, setup, callback),

    /** The gateway's callback about the movement `reference` of `kind`, received already or still to come. */
    callbackOf: (kind: string, reference: string) =>
      callbacks.first((callback) => {
        const { data } = JSON.parse(callback.rawBody.toString()) as { data: { kind: string; reference: string } };
        return data.kind === kind && data.reference === reference;
      }),

    /** The gateway's own record of a movement, read with its API. */
    gatewayRecord: async (kind: 'payouts' | 'refunds', reference: string) => (await fetch(`${origin}/v1/${kind}/${reference}`, { headers: { authorization: `Bearer ${secret}` } })).json(),

    /** The phone page's switch that makes the network refuse payouts. */
    failPayouts: (on: boolean) => postForm('/phone/switches', `failPayouts=${on ? 'on' : 'off'}`),

    /** The phone page's switch that makes the network refuse refunds. */
    failRefunds: (on: boolean) => postForm('/phone/switches', `failRefunds=${on ? 'on' : 'off'}`),

    /** A booking's prompt approved with a PIN on the phone page: the payment, and the gateway's signed callback about it (not yet passed on). */
    async approvedPrompt(changes: Partial<BookingFact> = {}) {
      const envelope = paymentRequested(changes);
      await deliverPaymentRequested(service.bus, envelope);
      const [payment] = await service.db.select().from(payments).where(eq(payments.bookingId, envelope.data.bookingId));
      if (!payment) throw new Error(`no payment for booking ${envelope.data.bookingId}`);
      await postForm(`/prompts/${payment.id}/approve`, 'pin=1234');
      return { booking: envelope.data, payment, callback: await harness.callbackOf('collection', payment.id) };
    },

    /** A booking paid through the local gateway: prompted, approved with a PIN on the phone page, its callback applied. */
    async paidBooking(changes: Partial<BookingFact> = {}): Promise<{ booking: BookingFact; payment: PaymentRow }> {
      const { booking, payment, callback } = await harness.approvedPrompt(changes);
      expect((await harness.forward(callback)).json()).toEqual({ outcome: 'applied' });
      return { booking, payment };
    },
  };
  return harness;
}
