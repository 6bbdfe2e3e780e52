import { randomUUID } from 'node:crypto';
import { getBookingPayment, submitBookingVoucherCode } from '@krom/contracts/api/booking-payments';
import { fillPath } from '@krom/contracts/endpoint-call';
import type { BookingFact } from '@krom/contracts/events/bookings';
import { bookingPaymentMessages, bookingPaymentSchema } from '@krom/contracts/http/booking-payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../services/payments/src/db/schema.ts';
import { deliverPaymentRequested, paymentRequested } from '../../services/payments/test/payment-requested-fact.ts';
import { expectBooksBalance } from '../../services/payments/test/expect-books-balance.ts';
import { CallbackInbox } from '../../services/payments/test/providers/callback-inbox.ts';
import { PaystackStandIn } from '../../services/payments/test/providers/paystack-stand-in.ts';
import { type BffSystem, ORIGIN, startBff } from './bff-test-env.ts';

/*
 * A booking's mobile money payment through the BFF as the signed-in passenger: where it stands
 * (GET /api/bookings/{id}/payment) and Telecel's voucher step (POST …/payment/otp), with payments
 * on a port and the Paystack stand-in as its gateway. Voucher codes are member writes: 2 an hour here.
 */

const paystack = new PaystackStandIn();
const callbacks = new CallbackInbox();
let system: BffSystem;

beforeAll(async () => {
  await Promise.all([paystack.start(), callbacks.start()]);
  paystack.webhookUrl = callbacks.url;
  system = await startBff({
    services: ['payments'],
    overrides: { RATE_LIMIT_MEMBER_WRITES_PER_HOUR: '2' },
    paymentsEnv: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_API_BASE_URL: paystack.baseUrl },
  });
});
afterAll(async () => {
  if (system?.payments) await expectBooksBalance(system.payments.db);
  await system?.close();
  await Promise.all([paystack.stop(), callbacks.stop()]);
});

/** A signed-in member as the browser holds them: the session cookie only. */
async function signedIn(userId = randomUUID()) {
  const sid = await system.bff.sessions.create('user', userId);
  return { userId, cookies: { krom_session: system.bff.encodeSecureSession(system.bff.createSecureSession({ user: sid })) } };
}
type Member = Awaited<ReturnType<typeof signedIn>>;

/** A payment rides asked of `passenger`, its prompt sent. */
async function requested(passenger: Member, changes: Partial<BookingFact> = {}) {
  const envelope = paymentRequested({ passengerId: passenger.userId, ...changes });
  await deliverPaymentRequested(system.payments!.bus, envelope);
  const [payment] = await system.payments!.db.select().from(payments).where(eq(payments.bookingId, envelope.data.bookingId));
  return { bookingId: envelope.data.bookingId, expiresAt: envelope.data.expiresAt, paymentId: payment!.id };
}
const telecel = { wallet: { phone: '0201234567', network: 'vodafone' as const } };

const read = (member: Member | undefined, bookingId: string) =>
  system.bff.inject({ method: 'GET', url: fillPath(getBookingPayment.path, { id: bookingId }), ...(member ? { cookies: member.cookies } : {}) });
const sendVoucher = (member: Member | undefined, bookingId: string, payload: object, headers: Record<string, string> = { origin: ORIGIN }) =>
  system.bff.inject({ method: 'POST', url: fillPath(submitBookingVoucherCode.path, { id: bookingId }), headers, payload, ...(member ? { cookies: member.cookies } : {}) });

describe('GET /api/bookings/{id}/payment', () => {
  it('shows the signed-in passenger the fare, the fee, the total and the prompt’s progress', async () => {
    const ama = await signedIn();
    const { bookingId, expiresAt, paymentId } = await requested(ama);
    const answer = await read(ama, bookingId);
    expect(answer.statusCode).toBe(200);
    expect(bookingPaymentSchema.parse(answer.json())).toEqual({
      id: paymentId,
      bookingId,
      status: 'pending',
      fare: '120.00',
      serviceFee: '6.00',
      total: '126.00',
      currency: 'GHS',
      network: 'mtn',
      walletMasked: '024 *** **67',
      displayText: 'Please complete authorization process on your mobile phone',
      reason: null,
      expiresAt,
    });
  });

  it('is a 401 for a guest and a 404 for another member, as if there were no such payment', async () => {
    const ama = await signedIn();
    const { bookingId } = await requested(ama);
    expect((await read(undefined, bookingId)).statusCode).toBe(401);
    const kofi = await signedIn();
    const other = await read(kofi, bookingId);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: bookingPaymentMessages.notFound });
    expect((await read(ama, 'not-a-uuid')).statusCode).toBe(404);
  });
});

describe('POST /api/bookings/{id}/payment/otp', () => {
  it('takes the voucher Telecel texted (the payment then waits on the PIN), refusing a wrong code and bad input in words', async () => {
    const ama = await signedIn();
    const { bookingId, paymentId } = await requested(ama, telecel);
    expect((await read(ama, bookingId)).json()).toMatchObject({ status: 'needs_otp', displayText: 'Please dial *110# to generate a voucher code. Then input the voucher' });
    const right = paystack.otpFor(paymentId);

    const letters = await sendVoucher(ama, bookingId, { otp: 'abc' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toMatchObject({ message: bookingPaymentMessages.voucherCode });
    const wrong = await sendVoucher(ama, bookingId, { otp: right === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: bookingPaymentMessages.wrongVoucher });

    const taken = await sendVoucher(ama, bookingId, { otp: right });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'pending', bookingId });
    expect((await sendVoucher(ama, bookingId, { otp: right })).statusCode).toBe(409);
  });

  it('is a 401 for a guest, a 403 from another site and a 404 for another member; the payment still waits', async () => {
    const ama = await signedIn();
    const { bookingId, paymentId } = await requested(ama, telecel);
    const otp = { otp: paystack.otpFor(paymentId) };
    expect((await sendVoucher(undefined, bookingId, otp)).statusCode).toBe(401);
    expect((await sendVoucher(ama, bookingId, otp, { origin: 'https://elsewhere.example' })).statusCode).toBe(403);
    expect((await sendVoucher(await signedIn(), bookingId, otp)).statusCode).toBe(404);
    expect((await read(ama, bookingId)).json()).toMatchObject({ status: 'needs_otp' });
  });

  it('is limited like other member writes: past the allowance a 429 in words, and the payment still waits', async () => {
    const kwesi = await signedIn();
    for (let taken = 0; taken < 2; taken += 1) {
      const { bookingId, paymentId } = await requested(kwesi, telecel);
      expect((await sendVoucher(kwesi, bookingId, { otp: paystack.otpFor(paymentId) })).statusCode).toBe(200);
    }
    const { bookingId, paymentId } = await requested(kwesi, telecel);
    const limited = await sendVoucher(kwesi, bookingId, { otp: paystack.otpFor(paymentId) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^You're doing that too often\. Please try again in /);
    expect((await read(kwesi, bookingId)).json()).toMatchObject({ status: 'needs_otp' });
  });
});
