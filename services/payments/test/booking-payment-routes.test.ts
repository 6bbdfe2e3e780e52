import { randomUUID } from 'node:crypto';
import type { BookingFact } from '@krom/contracts/events/bookings';
import { type BookingPayment, bookingPaymentMessages } from '@krom/contracts/http/booking-payments';
import { bookingPaymentRoute, submitVoucherCodeRoute } from '@krom/contracts/services/payments/booking-payments';
import { mobileMoneyCallbackRoute } from '@krom/contracts/services/payments/provider-callbacks';
import { fillPath } from '@krom/contracts/endpoint-call';
import { createLogger } from '@krom/server-kit/logger';
import { dropDatabaseWhenIdle } from '@krom/server-kit/testing';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, payments } from '../src/db/schema.ts';
import { openPaymentsService } from '../src/open-payments.ts';
import { declinedReason, settleCollection } from '../src/payments/settle-collection.ts';
import { expectBooksBalance } from './expect-books-balance.ts';
import { deliverPaymentRequested, paymentRequested } from './payment-requested-fact.ts';
import { paymentsTestConfig } from './payments-test-env.ts';
import { CallbackInbox } from './providers/callback-inbox.ts';
import { PaystackStandIn } from './providers/paystack-stand-in.ts';

/*
 * A booking's payment as its passenger follows it (GET /bookings/:id/payment) and Telecel's
 * voucher step (POST /bookings/:id/payment/otp), against the Paystack stand-in: rides' fact on
 * the real bus, the prompt at the stand-in, the routes called with the BFF's assertion.
 */

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
afterAll(async () => {
  await expectBooksBalance(service.db);
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabaseWhenIdle(setup.config.DATABASE_URL);
  await Promise.all([paystack.stop(), callbacks.stop()]);
});

/** A payment rides asked for, once its prompt is recorded. */
async function requested(changes: Partial<BookingFact> = {}) {
  const envelope = paymentRequested(changes);
  await deliverPaymentRequested(service.bus, envelope);
  const [payment] = await service.db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, envelope.data.bookingId), eq(payments.bookingVersion, envelope.data.version)));
  if (!payment) throw new Error('no payment row for the fact');
  return { fact: envelope.data, payment };
}
const telecel = { wallet: { phone: '0201234567', network: 'vodafone' as const } };

const readPayment = async (bookingId: string, caller: string | undefined) =>
  service.app.inject({
    method: 'GET',
    url: fillPath(bookingPaymentRoute.path, { id: bookingId }),
    headers: caller ? await setup.as({ kind: 'user', userId: caller }) : {},
  });
const sendVoucher = async (bookingId: string, caller: string, payload: unknown) =>
  service.app.inject({
    method: 'POST',
    url: fillPath(submitVoucherCodeRoute.path, { id: bookingId }),
    headers: await setup.as({ kind: 'user', userId: caller }),
    payload: payload as object,
  });

const factsOf = async (paymentId: string) =>
  (await service.db.select().from(outbox).where(like(outbox.subject, 'krom.payments.payment.%')).orderBy(asc(outbox.createdAt)))
    .filter((row) => (row.envelope.data as { paymentId: string }).paymentId === paymentId)
    .map((row) => row.subject);

describe("a booking's payment, read by its passenger", () => {
  it('shows the fare, the fee, the total, the masked wallet and the gateway’s words while the prompt waits; then succeeded', async () => {
    const { fact, payment } = await requested();
    const answer = await readPayment(fact.bookingId, fact.passengerId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<BookingPayment>()).toEqual({
      id: payment.id,
      bookingId: fact.bookingId,
      status: 'pending',
      fare: '120.00',
      serviceFee: '6.00',
      total: '126.00',
      currency: 'GHS',
      network: 'mtn',
      walletMasked: '024 *** **67',
      displayText: 'Please complete authorization process on your mobile phone',
      reason: null,
      expiresAt: fact.expiresAt,
    });

    await paystack.approve(payment.id);
    const callback = await callbacks.first((received) => JSON.parse(received.rawBody.toString()).data?.reference === payment.id);
    await service.app.inject({
      method: 'POST',
      url: mobileMoneyCallbackRoute.path,
      headers: await setup.as({ kind: 'public' }),
      payload: { url: callback.url, headers: callback.headers, rawBody: callback.rawBody.toString('base64') },
    });
    expect((await readPayment(fact.bookingId, fact.passengerId)).json()).toMatchObject({ status: 'succeeded', displayText: null, reason: null });
  });

  it('says why a payment failed', async () => {
    const { fact, payment } = await requested();
    await paystack.decline(payment.id);
    // The gateway's record read again, as the sweep or a callback would.
    await settleCollection(service.db, payment, await service.mobileMoney.verifyCollection(payment.id), new Date(), createLogger('payments', 'silent'));
    expect((await readPayment(fact.bookingId, fact.passengerId)).json()).toMatchObject({ status: 'failed', reason: declinedReason, displayText: null });
  });

  it('is the latest payment of the booking, when rides asked again at a later version', async () => {
    const { fact } = await requested();
    const again = await requested({ bookingId: fact.bookingId, passengerId: fact.passengerId, version: 4, totalAmount: '60.00', serviceFee: '3.00' });
    expect((await readPayment(fact.bookingId, fact.passengerId)).json()).toMatchObject({ id: again.payment.id, total: '63.00' });
  });

  it('is a 404 to anyone but its passenger, for a booking with no payment and for an id that is no uuid; 401 without the assertion', async () => {
    const { fact } = await requested();
    const notFound = { message: bookingPaymentMessages.notFound };
    expect((await readPayment(fact.bookingId, fact.driverId)).json()).toMatchObject(notFound);
    expect((await readPayment(fact.bookingId, randomUUID())).statusCode).toBe(404);
    expect((await readPayment(randomUUID(), fact.passengerId)).statusCode).toBe(404);
    expect((await readPayment('not-a-booking', fact.passengerId)).statusCode).toBe(404);
    expect((await readPayment(fact.bookingId, undefined)).statusCode).toBe(401);
  });
});

describe("Telecel's voucher step", () => {
  it('waits on the voucher with Telecel’s instructions; the right code moves it back to the PIN prompt, and the approval settles it', async () => {
    const { fact, payment } = await requested(telecel);
    expect((await readPayment(fact.bookingId, fact.passengerId)).json()).toMatchObject({
      status: 'needs_otp',
      network: 'vodafone',
      walletMasked: '020 *** **67',
      displayText: 'Please dial *110# to generate a voucher code. Then input the voucher',
    });

    const answer = await sendVoucher(fact.bookingId, fact.passengerId, { otp: ` ${paystack.otpFor(payment.id)} ` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'pending', displayText: 'Please complete authorization process on your mobile phone' });
    expect(await factsOf(payment.id)).toEqual(['krom.payments.payment.needs_otp.v1', 'krom.payments.payment.prompted.v1']);

    // Sent again after it was taken: the payment no longer waits on a voucher.
    const late = await sendVoucher(fact.bookingId, fact.passengerId, { otp: '123456' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: bookingPaymentMessages.notWaitingForVoucher });

    await paystack.approve(payment.id);
    const callback = await callbacks.first((received) => JSON.parse(received.rawBody.toString()).data?.reference === payment.id);
    await service.app.inject({
      method: 'POST',
      url: mobileMoneyCallbackRoute.path,
      headers: await setup.as({ kind: 'public' }),
      payload: { url: callback.url, headers: callback.headers, rawBody: callback.rawBody.toString('base64') },
    });
    expect((await readPayment(fact.bookingId, fact.passengerId)).json()).toMatchObject({ status: 'succeeded' });
    await expectBooksBalance(service.db);
  });

  it('refuses a wrong code in plain words and keeps waiting on the right one', async () => {
    const { fact, payment } = await requested(telecel);
    const right = paystack.otpFor(payment.id);
    const wrong = right === '000000' ? '111111' : '000000';
    const answer = await sendVoucher(fact.bookingId, fact.passengerId, { otp: wrong });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: bookingPaymentMessages.wrongVoucher });
    expect((await readPayment(fact.bookingId, fact.passengerId)).json()).toMatchObject({
      status: 'needs_otp',
      displayText: 'Please dial *110# to generate a voucher code. Then input the voucher',
    });
    expect(await factsOf(payment.id)).toEqual(['krom.payments.payment.needs_otp.v1']);
    expect((await sendVoucher(fact.bookingId, fact.passengerId, { otp: right })).json()).toMatchObject({ status: 'pending' });
  });

  it('refuses what is no voucher code (400), anyone but the passenger (404), and a payment not waiting on one (409); nothing reaches the gateway', async () => {
    const { fact, payment } = await requested(telecel);
    const asked = () => paystack.requests.filter((request) => request.path === '/charge/submit_otp').length;
    const before = asked();
    for (const payload of [{ otp: '12ab56' }, { otp: '' }, { otp: '123' }, {}, { otp: 123456 }]) {
      const answer = await sendVoucher(fact.bookingId, fact.passengerId, payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message: bookingPaymentMessages.voucherCode });
    }
    expect((await sendVoucher(fact.bookingId, fact.driverId, { otp: paystack.otpFor(payment.id) })).statusCode).toBe(404);
    expect((await sendVoucher('nope', fact.passengerId, { otp: '123456' })).statusCode).toBe(404);
    const mtn = await requested();
    expect((await sendVoucher(mtn.fact.bookingId, mtn.fact.passengerId, { otp: '123456' })).statusCode).toBe(409);
    expect(asked()).toBe(before);
    expect((await readPayment(fact.bookingId, fact.passengerId)).json()).toMatchObject({ status: 'needs_otp' });
  });
});
