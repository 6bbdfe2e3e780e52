import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type PaymentFact, type PayoutFact, paymentEvents, payoutEvents, type RefundFact, refundEvents } from '@krom/contracts/events/payments';
import { notificationListSchema } from '@krom/contracts/http/notifications';
import { eventually, testEnvelope } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { smsSegments } from '../src/sms/sms-segment.ts';
import { assertionFor, eventDelivery, messagesOf, registeredUser, useNotificationsService } from './notifications-test-env.ts';

const handle = useNotificationsService();
const deliver = eventDelivery(handle);
const { smsOf, textsTo } = messagesOf(handle);

type People = { passengerId: string; passengerPhone: string; driverId: string; driverPhone: string };
async function people(): Promise<People> {
  const passenger = await registeredUser(handle, { firstName: 'Ama', lastName: 'Mensah' });
  const driver = await registeredUser(handle, { firstName: 'Kwame', lastName: 'Asante' });
  return { passengerId: passenger.userId, passengerPhone: passenger.phone, driverId: driver.userId, driverPhone: driver.phone };
}

const payment = (name: keyof typeof paymentEvents, who: People, changes: Partial<PaymentFact> = {}): EventEnvelope<PaymentFact> =>
  testEnvelope(paymentEvents[name], {
    paymentId: randomUUID(),
    bookingId: randomUUID(),
    rideId: randomUUID(),
    passengerId: who.passengerId,
    driverId: who.driverId,
    status: 'pending',
    amountPesewas: 12_600,
    farePesewas: 12_000,
    feePesewas: 600,
    currency: 'GHS',
    provider: 'local',
    walletMasked: '024 *** **67',
    reason: null,
    occurredAt: new Date().toISOString(),
    version: 1,
    ...changes,
  });

const refund = (who: People, changes: Partial<RefundFact> = {}): EventEnvelope<RefundFact> =>
  testEnvelope(refundEvents.succeeded, {
    refundId: randomUUID(),
    paymentId: randomUUID(),
    bookingId: randomUUID(),
    rideId: randomUUID(),
    passengerId: who.passengerId,
    driverId: who.driverId,
    cause: 'cancelled_by_passenger',
    status: 'succeeded',
    amountPesewas: 12_000,
    fareRefundPesewas: 12_000,
    feeRefundPesewas: 0,
    driverSharePesewas: 0,
    currency: 'GHS',
    walletMasked: '024 *** **67',
    reason: null,
    occurredAt: new Date().toISOString(),
    version: 2,
    ...changes,
  });

const payout = (name: keyof typeof payoutEvents, who: People, changes: Partial<PayoutFact> = {}): EventEnvelope<PayoutFact> =>
  testEnvelope(payoutEvents[name], {
    payoutId: randomUUID(),
    bookingId: randomUUID(),
    rideId: randomUUID(),
    driverId: who.driverId,
    status: 'succeeded',
    amountPesewas: 11_400,
    currency: 'GHS',
    walletMasked: '055 *** **12',
    attempts: 1,
    reason: null,
    occurredAt: new Date().toISOString(),
    version: 3,
    ...changes,
  });

/** The member's Payments tab. */
const paymentsTab = async (userId: string) => {
  const response = await handle.service.app.inject({ method: 'GET', url: '/notifications', headers: await assertionFor(handle.config, { kind: 'user', userId }) });
  expect(response.statusCode).toBe(200);
  return notificationListSchema.parse(response.json()).items.filter((item) => item.type === 'payment');
};
/** The texts the member was sent, once none is pending any more. */
const sentTexts = (userId: string, count: number) =>
  eventually(async () => {
    const rows = await smsOf(userId);
    return rows.length === count && rows.every((row) => row.status === 'sent') ? rows.map((row) => row.message) : undefined;
  });

describe('krom.payments.payment.<fact>.v1', () => {
  it('asks the passenger to approve the prompt, by SMS in one segment and on the Payments tab, once however often the fact comes', async () => {
    const who = await people();
    const event = payment('prompted', who);
    await deliver(paymentEvents.prompted, event);
    await deliver(paymentEvents.prompted, event);
    await deliver(paymentEvents.prompted, { ...event, id: randomUUID() });

    const text = 'Krom: approve the prompt of GHS 126.00 on 024 *** **67 with your PIN within 15 minutes to secure your seats.';
    expect(await sentTexts(who.passengerId, 1)).toEqual([text]);
    expect(smsSegments(text)).toBe(1);
    expect((await textsTo(who.passengerPhone)).map((sms) => sms.body)).toEqual([text]);
    expect(await paymentsTab(who.passengerId)).toMatchObject([
      {
        title: 'Approve the payment on your phone',
        message: 'A prompt for GH₵126.00 is on 024 *** **67. Approve it with your mobile money PIN within 15 minutes to secure your seats.',
        actionRequired: false,
        data: { kind: 'payment', paymentId: event.data.paymentId, bookingId: event.data.bookingId, link: '/payments' },
      },
    ]);
    expect(await paymentsTab(who.driverId)).toEqual([]);
  });

  it("tells the passenger how to finish Telecel's voucher step", async () => {
    const who = await people();
    await deliver(paymentEvents.needs_otp, payment('needs_otp', who, { status: 'needs_otp', walletMasked: '020 *** **45', version: 2 }));

    const text = 'Krom: to finish paying GHS 126.00, type the voucher code your network texted to 020 *** **45 in Krom within 15 minutes.';
    expect(await sentTexts(who.passengerId, 1)).toEqual([text]);
    expect(smsSegments(text)).toBe(1);
    expect((await paymentsTab(who.passengerId)).map((notice) => notice.title)).toEqual(['Type your voucher code']);
  });

  it('tells the passenger why a payment failed and that the seats were released, a long reason cut to one segment', async () => {
    const who = await people();
    await deliver(paymentEvents.failed, payment('failed', who, { status: 'failed', reason: 'The prompt was declined on the phone.', version: 2 }));
    const other = await people();
    const long = 'The mobile money network did not answer the request, and the gateway could not tell whether the wallet has enough money for this payment';
    await deliver(paymentEvents.failed, payment('failed', other, { status: 'failed', reason: long, version: 2 }));

    expect(await sentTexts(who.passengerId, 1)).toEqual(['Krom: your payment of GHS 126.00 failed: The prompt was declined on the phone. Your seats were released.']);
    expect(await paymentsTab(who.passengerId)).toMatchObject([
      { title: 'Payment failed', message: 'Your payment of GH₵126.00 from 024 *** **67 failed: The prompt was declined on the phone. Your seats were released.' },
    ]);
    const [cut] = await sentTexts(other.passengerId, 1);
    expect(cut).toMatch(/^Krom: your payment of GHS 126\.00 failed: The mobile money network .+\.\.\.\. Your seats were released\.$/);
    expect(smsSegments(cut ?? '')).toBe(1);
  });

  it('texts nothing when the payment succeeded (the booking’s e-ticket does), and notes it on the Payments tab', async () => {
    const who = await people();
    await deliver(paymentEvents.succeeded, payment('succeeded', who, { status: 'succeeded', version: 3 }));

    expect(await paymentsTab(who.passengerId)).toMatchObject([{ title: 'Payment received', message: 'GH₵126.00 paid from 024 *** **67 for your booking.' }]);
    expect(await smsOf(who.passengerId)).toEqual([]);
  });
});

describe('krom.payments.refund.<fact>.v1 and krom.payments.payout.<fact>.v1', () => {
  it('tells the passenger their refund is back on their wallet, once however often it comes', async () => {
    const who = await people();
    const event = refund(who);
    await deliver(refundEvents.succeeded, event);
    await deliver(refundEvents.succeeded, { ...event, id: randomUUID() });

    expect(await sentTexts(who.passengerId, 1)).toEqual(['Krom: your refund of GHS 120.00 is back on your mobile money 024 *** **67.']);
    expect(await paymentsTab(who.passengerId)).toMatchObject([
      { title: 'Refund received', message: 'GH₵120.00 is back on your mobile money 024 *** **67.', data: { kind: 'payment', refundId: event.data.refundId, link: '/payments' } },
    ]);
  });

  it('tells the driver a payout was paid, and asks one without a confirmed number to add one', async () => {
    const who = await people();
    const paid = payout('succeeded', who);
    await deliver(payoutEvents.succeeded, paid);
    await deliver(payoutEvents.succeeded, paid);
    await deliver(payoutEvents.needs_attention, payout('needs_attention', who, { status: 'needs_attention', walletMasked: null, attempts: 0, amountPesewas: 5_700 }));
    // Kept failing to a number that exists: staff's to resolve, nothing for the driver.
    await deliver(payoutEvents.needs_attention, payout('needs_attention', who, { status: 'needs_attention', attempts: 5, reason: 'network refused' }));

    expect(new Set(await sentTexts(who.driverId, 2))).toEqual(
      new Set([
        'Krom: GHS 114.00 was paid to your mobile money 055 *** **12 for your ride.',
        'Krom: add and confirm a mobile money number in Krom Payments to receive GHS 57.00 for your ride.',
      ]),
    );
    expect(new Set((await paymentsTab(who.driverId)).map((notice) => `${notice.title}: ${notice.message}`))).toEqual(
      new Set(['Payout sent: GH₵114.00 was paid to 055 *** **12 for your ride.', 'Add a mobile money number: Add and confirm a mobile money number in Payments to receive GH₵57.00 for your ride.']),
    );
    expect((await textsTo(who.driverPhone)).length).toBe(2);
    expect(await paymentsTab(who.passengerId)).toEqual([]);
  });
});
