import { bookingFactSchema } from '@krom/contracts/events/bookings';
import { bookingSchema } from '@krom/contracts/http/bookings';
import { describe, expect, it } from 'vitest';
import { expireBookings } from '../src/jobs/sweeps.ts';
import { bookingCalls, type Member } from './bookings-env.ts';
import { paymentAnswers } from './payment-facts-env.ts';
import { useRidesService } from './rides-test-env.ts';

/*
 * Payments' answers to a held seat, published on the bus and handled by the service's own
 * consumer: succeeded confirms the booking with its e-ticket, failed gives the seats back; a
 * repeated answer, or one for a booking no longer awaiting payment, changes nothing.
 */

const handle = useRidesService();
const { call, member, ride, form, booked, legs, events } = bookingCalls(handle);
const { paymentFact, deliver } = paymentAnswers(handle, events);
const MINUTE = 60_000;
const byMobileMoney = { paymentMethod: 'mobile_money', wallet: { phone: '0241234567', network: 'mtn' } } as const;

/** A passenger's mobile money booking of 2 seats on a new instant ride of 3, held for payment. */
async function heldBooking() {
  const { rideId } = await ride({ seats: 3, price: '120' });
  const passenger = await member();
  const booking = await booked(passenger, form(rideId, { seats: 2, ...byMobileMoney }));
  expect(booking.status).toBe('awaiting_payment');
  return { rideId, passenger, booking };
}

const seen = async (passenger: Member, bookingId: string) => bookingSchema.parse((await call(passenger, 'GET', `/bookings/${bookingId}`)).json());
const subjects = async (bookingId: string) => (await events(bookingId)).map((row) => row.subject);

describe('krom.payments.payment.succeeded.v1', () => {
  it('confirms the held booking with its boarding code and the confirmed fact (the e-ticket), once however often it arrives', async () => {
    const { rideId, passenger, booking } = await heldBooking();
    const paid = await paymentFact(booking, 'succeeded');
    await deliver(paid);

    const confirmed = await seen(passenger, booking.id);
    expect(confirmed).toMatchObject({ status: 'confirmed', serviceFee: '12.00', version: 3 });
    expect(confirmed.boardingCode).toMatch(/^[A-Z0-9]{6}$/);
    expect((await legs(rideId)).taken).toEqual([2, 2]);
    const facts = await events(booking.id);
    expect(facts.map((row) => row.subject)).toEqual(['krom.rides.booking.payment_requested.v1', 'krom.rides.booking.confirmed.v1']);
    expect(bookingFactSchema.parse(facts[1]!.envelope.data)).toMatchObject({
      status: 'confirmed',
      previousStatus: 'awaiting_payment',
      actor: 'system',
      boardingCode: confirmed.boardingCode,
      paymentMethod: 'mobile_money',
      serviceFee: '12.00',
      wallet: { phone: '0241234567', network: 'mtn' },
      expiresAt: null,
      version: 3,
    });

    // Delivered again (a redelivery after a lost ack): nothing more happens.
    await deliver(paid);
    expect(await subjects(booking.id)).toHaveLength(2);
    expect((await seen(passenger, booking.id)).version).toBe(3);
    const { rows } = await handle.service.db.$client.query('SELECT count(*)::int AS n FROM booking_history WHERE booking_id = $1', [booking.id]);
    expect(rows[0].n).toBe(3);
  });

  it('changes nothing for a booking whose hold lapsed before the money arrived', async () => {
    const { rideId, passenger, booking } = await heldBooking();
    expect(await expireBookings(handle.service.db, new Date(new Date(booking.createdAt).getTime() + 15 * MINUTE))).toEqual({ changed: 1 });
    await deliver(await paymentFact(booking, 'succeeded'));
    expect(await seen(passenger, booking.id)).toMatchObject({ status: 'expired', boardingCode: null });
    expect((await legs(rideId)).taken).toEqual([0, 0]);
    expect(await subjects(booking.id)).toEqual(['krom.rides.booking.payment_requested.v1', 'krom.rides.booking.expired.v1']);
  });

  it('does not confirm a seat for another sum than the booking asked', async () => {
    const { passenger, booking } = await heldBooking();
    const asked = await paymentFact(booking, 'succeeded');
    await deliver(await paymentFact(booking, 'succeeded', { amountPesewas: asked.data.amountPesewas - 100 }));
    expect((await seen(passenger, booking.id)).status).toBe('awaiting_payment');
    expect(await subjects(booking.id)).toEqual(['krom.rides.booking.payment_requested.v1']);
  });
});

describe('krom.payments.payment.failed.v1', () => {
  it('ends the hold with the payment’s reason and gives the seats back, once', async () => {
    const { rideId, passenger, booking } = await heldBooking();
    const failed = await paymentFact(booking, 'failed');
    await deliver(failed);
    await deliver(failed);

    expect(await seen(passenger, booking.id)).toMatchObject({ status: 'expired', boardingCode: null, version: 3 });
    expect(await legs(rideId)).toEqual({ taken: [0, 0], available: 3, offered: 3 });
    const facts = await events(booking.id);
    expect(facts.map((row) => row.subject)).toEqual(['krom.rides.booking.payment_requested.v1', 'krom.rides.booking.expired.v1']);
    expect(bookingFactSchema.parse(facts[1]!.envelope.data)).toMatchObject({
      status: 'expired',
      previousStatus: 'awaiting_payment',
      actor: 'system',
      reason: 'The payment was declined on the phone',
    });
    // The seats sell again.
    await booked(await member(), form(rideId, { seats: 3 }));
  });

  it('changes nothing for a booking already paid', async () => {
    const { rideId, passenger, booking } = await heldBooking();
    await deliver(await paymentFact(booking, 'succeeded'));
    await deliver(await paymentFact(booking, 'failed', { version: 3 }));
    expect((await seen(passenger, booking.id)).status).toBe('confirmed');
    expect((await legs(rideId)).taken).toEqual([2, 2]);
    expect(await subjects(booking.id)).toEqual(['krom.rides.booking.payment_requested.v1', 'krom.rides.booking.confirmed.v1']);
  });
});
