import { randomUUID } from 'node:crypto';
import { directAccraToKumasiRide } from '@krom/contracts/examples/rides';
import { bookingMessages, idempotencyKeyHeader } from '@krom/contracts/http/booking-values';
import { bookingSchema } from '@krom/contracts/http/bookings';
import { paymentMethodSchema } from '@krom/contracts/http/payments';
import { rideDetailsSchema } from '@krom/contracts/http/rides';
import { vehicleSchema } from '@krom/contracts/http/vehicles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffSystem, ORIGIN, startBff } from './bff-test-env.ts';

/*
 * Booking with one of the member's saved mobile money numbers (POST /api/bookings with
 * `paymentMethodId`): the browser only ever saw the number masked, so the BFF asks payments for the
 * full number of the caller's own method and books with it at rides. Real rides and payments
 * services, each on its own database.
 */
let system: BffSystem;
beforeAll(async () => {
  system = await startBff({ services: ['rides', 'payments'] });
});
afterAll(() => system?.close());

async function signedIn(userId = randomUUID()) {
  const sid = await system.bff.sessions.create('user', userId);
  return { userId, cookies: { krom_session: system.bff.encodeSecureSession(system.bff.createSecureSession({ user: sid })) } };
}
type Member = Awaited<ReturnType<typeof signedIn>>;

const send = (member: Member, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  system.bff.inject({ method, url, cookies: member.cookies, headers: method === 'GET' ? headers : { origin: ORIGIN, ...headers }, ...(payload ? { payload } : {}) });

let plates = 0;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An approved driver's ride, Accra to Kumasi in a week (instant: a mobile money booking is held for its payment at once). */
async function rideOnOffer() {
  const driver = await signedIn();
  await system.rides!.db.$client.query(
    `INSERT INTO user_profiles (user_id, version, first_name, last_name, profile_image_url, is_verified, verification_status,
                                is_driver, driver_verification_status, suspended, deleted, changed_at)
     VALUES ($1, 1, 'Kwame', 'Mensah', NULL, true, 'approved', true, 'approved', false, false, now())`,
    [driver.userId],
  );
  const vehicle = vehicleSchema.parse(
    (await send(driver, 'POST', '/api/vehicles', { make: 'Toyota', model: 'Corolla', year: 2018, color: 'Silver', licensePlate: `GR-${2000 + ++plates}-24`, seats: 5 })).json(),
  );
  const posted = await send(driver, 'POST', '/api/rides', { ...directAccraToKumasiRide(vehicle.id, inDays(7)), bookingMode: 'instant' });
  expect(posted.statusCode).toBe(201);
  return rideDetailsSchema.parse(posted.json()).id;
}

const saveNumber = async (member: Member, provider: string, number: string) => {
  const saved = await send(member, 'POST', '/api/payment-methods', { provider, number });
  expect(saved.statusCode).toBe(201);
  return paymentMethodSchema.parse(saved.json());
};

const book = (member: Member, rideId: string, payment: object) =>
  send(
    member,
    'POST',
    '/api/bookings',
    { rideId, seats: 1, boardAt: 0, alightAt: 1, passengerName: 'Ama Owusu', passengerPhone: '0501234567', paymentMethod: 'mobile_money', ...payment },
    { [idempotencyKeyHeader]: randomUUID() },
  );

/** The wallet rides holds for the booking (and asks payments to prompt). */
async function walletOfBooking(bookingId: string) {
  const { rows } = await system.rides!.db.$client.query('SELECT wallet_phone, wallet_network FROM bookings WHERE id = $1', [bookingId]);
  return rows[0] as { wallet_phone: string; wallet_network: string } | undefined;
}
const bookingsOf = async (passengerId: string) =>
  (await system.rides!.db.$client.query('SELECT id FROM bookings WHERE passenger_id = $1', [passengerId])).rows;

describe('POST /api/bookings with a saved mobile money number', () => {
  it('books with the full number and network of the member’s own saved number, though it is not confirmed', async () => {
    const rideId = await rideOnOffer();
    const ama = await signedIn();
    const saved = await saveNumber(ama, 'vodafone', '0209876543');
    expect(saved).toMatchObject({ number: '020 *** 6543', verified: false });

    const booked = await book(ama, rideId, { paymentMethodId: saved.id });
    expect(booked.statusCode).toBe(201);
    const booking = bookingSchema.parse(booked.json());
    expect(booking).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'mobile_money', passengerPhone: '0501234567' });
    expect(await walletOfBooking(booking.id)).toEqual({ wallet_phone: '0209876543', wallet_network: 'vodafone' });
  });

  it("refuses another member's saved number, and one removed, with a 400 in words, booking nothing", async () => {
    const rideId = await rideOnOffer();
    const kofi = await signedIn();
    const kofis = await saveNumber(kofi, 'mtn', '0241112233');
    const ama = await signedIn();
    const removed = await saveNumber(ama, 'mtn', '0245556677');
    expect((await send(ama, 'DELETE', `/api/payment-methods/${removed.id}`)).statusCode).toBe(200);

    for (const paymentMethodId of [kofis.id, removed.id, randomUUID()]) {
      const refused = await book(ama, rideId, { paymentMethodId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: bookingMessages.savedWalletGone });
      expect(refused.body).not.toContain('0241112233');
    }
    expect(await bookingsOf(ama.userId)).toEqual([]);
  });

  it('refuses a saved number and a typed one together, and a saved number for cash', async () => {
    const rideId = await rideOnOffer();
    const ama = await signedIn();
    const saved = await saveNumber(ama, 'mtn', '0248889900');
    const both = await book(ama, rideId, { paymentMethodId: saved.id, wallet: { phone: '0241234567', network: 'mtn' } });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ errors: [{ field: 'paymentMethodId', message: bookingMessages.walletTwice }] });
    const cash = await book(ama, rideId, { paymentMethod: 'cash', paymentMethodId: saved.id });
    expect(cash.statusCode).toBe(400);
    expect(cash.json()).toMatchObject({ errors: [{ field: 'wallet', message: bookingMessages.walletWithCash }] });
    expect(await bookingsOf(ama.userId)).toEqual([]);
  });

  it('still books with a number typed on the form', async () => {
    const rideId = await rideOnOffer();
    const ama = await signedIn();
    const booked = await book(ama, rideId, { wallet: { phone: '0271234567', network: 'airteltigo' } });
    expect(booked.statusCode).toBe(201);
    expect(await walletOfBooking(bookingSchema.parse(booked.json()).id)).toEqual({ wallet_phone: '0271234567', wallet_network: 'airteltigo' });
  });

  it('is a 401 for a guest', async () => {
    const refused = await system.bff.inject({ method: 'POST', url: '/api/bookings', headers: { origin: ORIGIN, [idempotencyKeyHeader]: randomUUID() }, payload: {} });
    expect(refused.statusCode).toBe(401);
  });
});
