import type { AddressInfo } from 'node:net';
import { bookingEvents } from '@krom/contracts/events/bookings';
import { createLogger } from '@krom/server-kit/logger';
import { deliverToConsumer, dropDatabaseWhenIdle, isolatedTestEnv, testEnvelope } from '@krom/server-kit/testing';
import { asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, payments, refunds } from '../src/db/schema.ts';
import { bookingLedger } from '../src/ledger/booking-ledger.ts';
import { openPaymentsService } from '../src/open-payments.ts';
import { openLocalGateway } from '../src/providers/mobile-money/local-gateway/open-local-gateway.ts';
import { localMobileMoneyProvider } from '../src/providers/mobile-money/local.ts';
import { refundByStaff } from '../src/refunds/staff-refund.ts';
import { expectBooksBalance } from './expect-books-balance.ts';
import { deliverPaymentRequested, paymentRequested } from './payment-requested-fact.ts';
import { forwardCallback } from './payments-harness.ts';
import { paymentsTestConfig } from './payments-test-env.ts';
import { CallbackInbox } from './providers/callback-inbox.ts';

/*
 * Refunds through the local mobile money gateway (what `npm start` and the end-to-end run use):
 * it settles a refund as it takes it, so the refund is succeeded at once, and its callback names
 * Krom's own refund reference (not the collection, as Paystack's does).
 */

const callbacks = new CallbackInbox();
const { databaseUrl: gatewayDatabase, tag } = isolatedTestEnv('local_momo');
const secret = `local-momo-refunds-secret-${tag}-0123456789`;
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

const callbackOf = (kind: string, reference: string) =>
  callbacks.first((callback) => {
    const { data } = JSON.parse(callback.rawBody.toString()) as { data: { kind: string; reference: string } };
    return data.kind === kind && data.reference === reference;
  });

/** A booking paid through the local gateway: prompted, approved with a PIN on the phone page, its callback applied. */
async function paidBooking() {
  const envelope = paymentRequested();
  await deliverPaymentRequested(service.bus, envelope);
  const [payment] = await service.db.select().from(payments).where(eq(payments.bookingId, envelope.data.bookingId));
  const approved = await fetch(`${origin}/prompts/${payment!.id}/approve`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'pin=1234', redirect: 'manual' });
  expect(approved.status).toBe(303);
  expect((await forwardCallback(service.app, setup, await callbackOf('collection', payment!.id))).json()).toEqual({ outcome: 'applied' });
  return { booking: envelope.data, payment: payment! };
}

const refundFacts = async (bookingId: string) =>
  (await service.db.select().from(outbox).where(like(outbox.subject, 'krom.payments.refund.%')).orderBy(asc(outbox.createdAt)))
    .map((row) => ({ subject: row.subject, data: row.envelope.data as { bookingId: string; amountPesewas: number } }))
    .filter((fact) => fact.data.bookingId === bookingId);

describe('refunds through the local gateway', () => {
  it('are paid back as they are taken: refund.succeeded at once, and the callback naming the refund is a replay', async () => {
    const { booking, payment } = await paidBooking();
    await deliverToConsumer(service.bus, 'payments', bookingEvents.cancelled_by_driver, testEnvelope(bookingEvents.cancelled_by_driver, { ...booking, status: 'cancelled_by_driver', previousStatus: 'confirmed', actor: 'driver', refundAmount: '120.00', occurredAt: new Date().toISOString(), version: booking.version + 2 }));

    const [refund] = await service.db.select().from(refunds).where(eq(refunds.bookingId, booking.bookingId));
    expect(refund).toMatchObject({ paymentId: payment.id, status: 'succeeded', amountPesewas: 12_600, sentAt: expect.any(Date) });
    expect((await refundFacts(booking.bookingId)).map((fact) => [fact.subject, fact.data.amountPesewas])).toEqual([['krom.payments.refund.succeeded.v1', 12_600]]);
    expect((await forwardCallback(service.app, setup, await callbackOf('refund', refund!.id))).json()).toEqual({ outcome: 'replayed' });

    const ledger = await bookingLedger(service.db, booking.bookingId);
    expect(ledger.entries.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['collection', 'refund_sent', 'refund_paid']));
    expect(ledger.balances[`passenger_funds_held:${booking.bookingId}`]).toBe(0n);
    const gatewaySays = await fetch(`${origin}/v1/refunds/${refund!.id}`, { headers: { authorization: `Bearer ${secret}` } });
    expect(await gatewaySays.json()).toMatchObject({ status: 'succeeded', amount: 12_600 });
    await expectBooksBalance(service.db);
  });

  it('give back what staff chose up to what is left, and the rest when no amount is named', async () => {
    const { booking } = await paidBooking();
    const deps = { provider: service.mobileMoney, clock: () => new Date(), logger: createLogger('payments', 'silent') };
    const first = await refundByStaff(service.db, { bookingId: booking.bookingId, amountPesewas: 10_000, reason: 'Late pick-up', staffId: crypto.randomUUID() }, deps);
    expect(first).toMatchObject({ status: 'succeeded', amountPesewas: 10_000 });
    await expect(refundByStaff(service.db, { bookingId: booking.bookingId, amountPesewas: 2_601, reason: 'More', staffId: crypto.randomUUID() }, deps)).rejects.toThrow('GH₵26.00');
    expect(await refundByStaff(service.db, { bookingId: booking.bookingId, reason: 'The rest', staffId: crypto.randomUUID() }, deps)).toMatchObject({ status: 'succeeded', amountPesewas: 2_600 });
    expect((await bookingLedger(service.db, booking.bookingId)).balances[`passenger_funds_held:${booking.bookingId}`]).toBe(0n);
    await expectBooksBalance(service.db);
  });
});
