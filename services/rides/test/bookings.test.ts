import { randomUUID } from 'node:crypto';
import { bookingFactSchema } from '@krom/contracts/events/bookings';
import {
  boardingCodeAlphabet,
  bookingMessages,
  bookingSchema,
  myBookingsResponseSchema,
  rideBookingSchema,
  rideBookingsResponseSchema,
} from '@krom/contracts/http/bookings';
import { serviceFeePesewas } from '@krom/contracts/http/payment-values';
import { toDecimalCedis, toPesewas } from '@krom/contracts/money';
import { administratorCaller } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { bookingCalls } from './bookings-env.ts';
import { insertUserProfile, useRidesService } from './rides-test-env.ts';

const handle = useRidesService();
const { call, member, ride, form, book, booked, legs, events, departAt } = bookingCalls(handle);
const HOUR = 3_600_000;
const MINUTE = 60_000;
const wallet = { phone: '0551234567', network: 'mtn' } as const;
const byMobileMoney = { paymentMethod: 'mobile_money', wallet: { phone: '055 123 4567', network: 'mtn' } } as const;

/** The booking's hold (expires_at) and its history rows, as the database has them. */
async function holdOf(bookingId: string) {
  const { rows } = await handle.service.db.$client.query<{ expires_at: Date | null }>('SELECT expires_at FROM bookings WHERE id = $1', [bookingId]);
  return rows[0]?.expires_at?.getTime() ?? null;
}
async function historyOf(bookingId: string) {
  const { rows } = await handle.service.db.$client.query('SELECT from_status, to_status, actor, version FROM booking_history WHERE booking_id = $1 ORDER BY version', [
    bookingId,
  ]);
  return rows;
}

describe('who may call', () => {
  it.each([
    ['POST', '/bookings'],
    ['GET', '/bookings/mine'],
    ['GET', `/bookings/${randomUUID()}`],
    ['POST', `/bookings/${randomUUID()}/cancel`],
    ['POST', `/bookings/${randomUUID()}/accept`],
    ['POST', `/bookings/${randomUUID()}/decline`],
    ['POST', `/bookings/${randomUUID()}/no-show`],
    ['GET', `/rides/${randomUUID()}/bookings`],
    ['POST', `/rides/${randomUUID()}/board`],
  ] as const)('%s %s refuses guests and staff with 401', async (method, url) => {
    const body = method === 'POST' ? {} : undefined;
    expect((await call({ kind: 'public' }, method, url, body, { 'idempotency-key': randomUUID() })).statusCode).toBe(401);
    expect((await call(administratorCaller(), method, url, body, { 'idempotency-key': randomUUID() })).statusCode).toBe(401);
  });

  it("answers 404 for another member's booking and another driver's ride, as if they did not exist", async () => {
    const { rideId, driver } = await ride();
    const booking = await booked(await member(), form(rideId));
    const stranger = await member();
    for (const [method, url] of [
      ['GET', `/bookings/${booking.id}`],
      ['POST', `/bookings/${booking.id}/cancel`],
      ['POST', `/bookings/${booking.id}/accept`],
      ['POST', `/bookings/${booking.id}/decline`],
      ['POST', `/bookings/${booking.id}/no-show`],
      ['GET', `/rides/${rideId}/bookings`],
    ] as const) {
      expect((await call(stranger, method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    // The driver cannot act as the passenger, nor the passenger as the driver.
    expect((await call(driver, 'POST', `/bookings/${booking.id}/cancel`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/rides/${rideId}/board`, { code: booking.boardingCode })).statusCode).toBe(404);
  });
});

describe('booking an instant ride', () => {
  it('confirms at once with a boarding code, takes the seats on the legs ridden, and records the fact', async () => {
    const { rideId } = await ride({ seats: 3 });
    const passenger = await member();
    const booking = await booked(passenger, form(rideId, { seats: 2, boardAt: 1, alightAt: 2, specialRequests: ' One big bag ' }));
    expect(booking).toMatchObject({
      rideId,
      status: 'confirmed',
      bookingMode: 'instant',
      paymentMethod: 'cash',
      seats: 2,
      board: { index: 1, location: 'Nkawkaw Lorry Station', city: 'Nkawkaw', meetingPoint: 'By the Total fuel station' },
      alight: { index: 2, location: 'Kejetia Lorry Park', meetingPoint: null },
      passengerName: 'Ama Serwaa',
      passengerPhone: '0244123456',
      specialRequests: 'One big bag',
      driverName: 'Kofi Boateng',
      vehicle: { make: 'Toyota', model: 'Corolla', color: 'Silver' },
      expiresAt: null,
      version: 1,
    });
    expect(booking.boardingCode).toMatch(new RegExp(`^[${boardingCodeAlphabet}]{6}$`));
    // Leg 0 (Accra → Nkawkaw) untouched, leg 1 (Nkawkaw → Kumasi) has 2 of 3: the freest leg still has 3.
    expect(await legs(rideId)).toEqual({ taken: [0, 2], available: 3, offered: 3 });
    const recorded = await events(booking.id);
    expect(recorded.map((row) => row.subject)).toEqual(['krom.rides.booking.confirmed.v1']);
    expect(bookingFactSchema.parse(recorded[0]!.envelope.data)).toMatchObject({
      status: 'confirmed',
      previousStatus: null,
      passengerId: passenger.userId,
      passengerFirstName: 'Ama',
      driverFirstName: 'Kofi',
      boardingCode: booking.boardingCode,
      totalAmount: booking.totalAmount,
      serviceFee: '0.00',
      wallet: null,
      version: 1,
    });
    expect(booking.serviceFee).toBe('0.00');
    const mine = myBookingsResponseSchema.parse((await call(passenger, 'GET', '/bookings/mine')).json());
    expect(mine.bookings.map((item) => item.id)).toEqual([booking.id]);
    expect(myBookingsResponseSchema.parse((await call(passenger, 'GET', '/bookings/mine?when=past')).json()).bookings).toEqual([]);
  });

  it('charges the seats times the price per seat', async () => {
    const { rideId } = await ride({ price: '45.50' });
    const booking = await booked(await member(), form(rideId, { seats: 3 }));
    expect(booking.totalAmount).toBe((Number(booking.pricePerSeat) * 3).toFixed(2));
  });
});

describe('paying by mobile money', () => {
  it('holds the seats on an instant ride for 15 minutes and asks payments for the fare and Krom’s fee from the wallet given', async () => {
    const { rideId } = await ride({ seats: 3, price: '120' });
    const passenger = await member();
    const booking = await booked(passenger, form(rideId, { seats: 2, ...byMobileMoney }));
    const fee = toDecimalCedis(serviceFeePesewas(toPesewas(booking.totalAmount)));
    expect(booking).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'mobile_money', totalAmount: '240.00', serviceFee: fee, boardingCode: null, version: 2 });
    expect(fee).toBe('12.00');
    expect(await legs(rideId)).toEqual({ taken: [2, 2], available: 1, offered: 3 });
    expect(await holdOf(booking.id)).toBe(new Date(booking.createdAt).getTime() + 15 * MINUTE);
    // Written accepted by the ride's rule, then held in the same transaction: only the hold is announced.
    expect(await historyOf(booking.id)).toEqual([
      { from_status: null, to_status: 'accepted', actor: 'passenger', version: 1 },
      { from_status: 'accepted', to_status: 'awaiting_payment', actor: 'passenger', version: 2 },
    ]);
    const recorded = await events(booking.id);
    expect(recorded.map((row) => row.subject)).toEqual(['krom.rides.booking.payment_requested.v1']);
    expect(bookingFactSchema.parse(recorded[0]!.envelope.data)).toMatchObject({
      status: 'awaiting_payment',
      previousStatus: 'accepted',
      paymentMethod: 'mobile_money',
      totalAmount: '240.00',
      serviceFee: '12.00',
      wallet: { phone: '0551234567', network: 'mtn' },
      boardingCode: null,
      passengerId: passenger.userId,
      version: 2,
    });
    // The seat is held but not yet the passenger's: the booking counts as their live one.
    const again = await book(passenger, form(rideId, byMobileMoney));
    expect([again.statusCode, again.json().message]).toEqual([409, bookingMessages.alreadyBooked]);
  });

  it('takes a request on an approval ride with its wallet and fee, and holds the seats for payment from the driver’s accept', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval', price: '15' });
    const passenger = await member();
    const request = await booked(passenger, form(rideId, byMobileMoney));
    // 5% of GH₵15 is 75 pesewas: the fee is at least GH₵1.
    expect(request).toMatchObject({ status: 'requested', paymentMethod: 'mobile_money', totalAmount: '15.00', serviceFee: '1.00' });
    expect(bookingFactSchema.parse((await events(request.id))[0]!.envelope.data)).toMatchObject({ serviceFee: '1.00', wallet });

    const before = Date.now();
    const accepted = await call(driver, 'POST', `/bookings/${request.id}/accept`);
    expect(rideBookingSchema.parse(accepted.json()).status).toBe('awaiting_payment');
    const hold = await holdOf(request.id);
    expect(hold).toBeGreaterThanOrEqual(before + 15 * MINUTE);
    expect(hold).toBeLessThanOrEqual(Date.now() + 15 * MINUTE);
    expect((await legs(rideId)).taken).toEqual([1, 1]);
    expect((await events(request.id)).map((row) => [row.subject, row.envelope.data.version, row.envelope.data.actor])).toEqual([
      ['krom.rides.booking.requested.v1', 1, 'passenger'],
      ['krom.rides.booking.accepted.v1', 2, 'driver'],
      ['krom.rides.booking.payment_requested.v1', 3, 'driver'],
    ]);
    expect(bookingSchema.parse((await call(passenger, 'GET', `/bookings/${request.id}`)).json())).toMatchObject({ status: 'awaiting_payment', boardingCode: null });
  });
});

describe('the rules, each with its message', () => {
  it.each([
    ['no seats', { seats: 0 }, bookingMessages.seats],
    ['nine seats', { seats: 9 }, bookingMessages.seats],
    ['no name', { passengerName: '  ' }, bookingMessages.passengerName],
    ['a bad phone', { passengerPhone: '12345' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
    ['leaving before boarding', { boardAt: 2, alightAt: 1 }, bookingMessages.placesOrder],
    ['a place off the route', { boardAt: 0, alightAt: 5 }, bookingMessages.places],
    ['mobile money without a number', { paymentMethod: 'mobile_money' }, bookingMessages.walletMissing],
    ['a mobile money number with cash', { wallet: { phone: '0241234567', network: 'mtn' } }, bookingMessages.walletWithCash],
    ['a network that is not one', { paymentMethod: 'mobile_money', wallet: { phone: '0241234567', network: 'mpesa' } }, bookingMessages.walletNetwork],
  ])('refuses %s with 400', async (_name, changes, message) => {
    const { rideId } = await ride();
    const response = await book(await member(), form(rideId, changes));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a booking without an Idempotency-Key with 400', async () => {
    const { rideId } = await ride();
    const response = await book(await member(), form(rideId), null);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(bookingMessages.idempotencyKey);
  });

  it('refuses an unknown ride (404), the driver on their own ride (403), a cancelled, departed or hidden ride (409)', async () => {
    const passenger = await member();
    expect((await book(passenger, form(randomUUID()))).json()).toEqual({ message: bookingMessages.rideNotFound });

    const own = await ride();
    const mine = await book(own.driver, form(own.rideId));
    expect([mine.statusCode, mine.json().message]).toEqual([403, bookingMessages.ownRide]);

    const cancelled = await ride();
    expect((await call(cancelled.driver, 'POST', `/rides/${cancelled.rideId}/cancel`)).statusCode).toBe(200);
    const onCancelled = await book(passenger, form(cancelled.rideId));
    expect([onCancelled.statusCode, onCancelled.json().message]).toEqual([409, bookingMessages.rideCancelled]);

    const departed = await ride();
    await departAt(departed.rideId, new Date(Date.now() - 60_000));
    const late = await book(passenger, form(departed.rideId));
    expect([late.statusCode, late.json().message]).toEqual([409, bookingMessages.departed]);

    const hidden = await ride();
    await insertUserProfile(handle.service, hidden.driver.userId, { firstName: 'Kofi', suspended: true });
    const onHidden = await book(passenger, form(hidden.rideId));
    expect([onHidden.statusCode, onHidden.json().message]).toEqual([409, bookingMessages.rideUnavailable]);
  });

  it('refuses a suspended or deleted passenger with 403', async () => {
    const { rideId } = await ride();
    for (const barred of [{ suspended: true }, { deleted: true }]) {
      const response = await book(await member(barred), form(rideId));
      expect([response.statusCode, response.json().message]).toEqual([403, bookingMessages.cannotBook]);
    }
    expect((await legs(rideId)).taken).toEqual([0, 0]);
  });

  it('allows one live booking per passenger per ride, and another once the first is cancelled', async () => {
    const { rideId } = await ride();
    const passenger = await member();
    const first = await booked(passenger, form(rideId));
    const second = await book(passenger, form(rideId, { boardAt: 1 }));
    expect([second.statusCode, second.json().message]).toEqual([409, bookingMessages.alreadyBooked]);
    expect((await call(passenger, 'POST', `/bookings/${first.id}/cancel`)).statusCode).toBe(200);
    await booked(passenger, form(rideId));
  });

  it('refuses more seats than are left on the leg, saying how many are', async () => {
    const { rideId } = await ride({ seats: 3 });
    await booked(await member(), form(rideId, { seats: 2, boardAt: 0, alightAt: 1 }));
    const tooMany = await book(await member(), form(rideId, { seats: 2, boardAt: 0, alightAt: 2 }));
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([409, bookingMessages.notEnoughSeats(1)]);
    // The second leg alone still has all three.
    await booked(await member(), form(rideId, { seats: 3, boardAt: 1, alightAt: 2 }));
    const none = await book(await member(), form(rideId, { seats: 1, boardAt: 1, alightAt: 2 }));
    expect(none.json().message).toBe(bookingMessages.notEnoughSeats(0));
  });
});

describe('seats per leg, never oversold', () => {
  it.each([
    ['cash', {}],
    ['mobile money', { paymentMethod: 'mobile_money', wallet }],
  ])('200 concurrent %s requests for the last 3 seats sell exactly 3, and refuse the rest clearly', async (_method, payment) => {
    const { rideId } = await ride({ seats: 3 });
    const passengers = await Promise.all(Array.from({ length: 200 }, () => member()));
    const answers = await Promise.all(passengers.map((passenger) => book(passenger, form(rideId, payment))));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(197);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().message).toBe(bookingMessages.notEnoughSeats(0));
    }
    expect(await legs(rideId)).toEqual({ taken: [3, 3], available: 0, offered: 3 });
    const { rows } = await handle.service.db.$client.query('SELECT sum(seats)::int AS sold FROM bookings WHERE ride_id = $1', [rideId]);
    expect(rows[0].sold).toBe(3);
  });

  it('sells a seat again on a leg that does not overlap, and refuses it on one that does', async () => {
    const { rideId } = await ride({ seats: 2 });
    await booked(await member(), form(rideId, { seats: 2, boardAt: 0, alightAt: 1 }));
    // Accra → Nkawkaw is full; Nkawkaw → Kumasi reuses both seats.
    await booked(await member(), form(rideId, { seats: 1, boardAt: 1, alightAt: 2 }));
    await booked(await member(), form(rideId, { seats: 1, boardAt: 1, alightAt: 2 }));
    const overlapping = await book(await member(), form(rideId, { seats: 1, boardAt: 0, alightAt: 2 }));
    expect([overlapping.statusCode, overlapping.json().message]).toEqual([409, bookingMessages.notEnoughSeats(0)]);
    expect(await legs(rideId)).toEqual({ taken: [2, 2], available: 0, offered: 2 });
  });

  it('reuses a seat on disjoint legs and never on overlapping ones, under concurrency', async () => {
    const { rideId } = await ride({ seats: 2 });
    const legsAsked = [
      { boardAt: 0, alightAt: 1 },
      { boardAt: 1, alightAt: 2 },
      { boardAt: 0, alightAt: 2 },
    ];
    const passengers = await Promise.all(Array.from({ length: 90 }, () => member()));
    const answers = await Promise.all(passengers.map((passenger, i) => book(passenger, form(rideId, legsAsked[i % 3]))));
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const { rows } = await handle.service.db.$client.query<{ board_at: number; alight_at: number; seats: number }>(
      'SELECT board_at, alight_at, seats FROM bookings WHERE ride_id = $1',
      [rideId],
    );
    const onLeg = (leg: number) => rows.filter((row) => row.board_at <= leg && row.alight_at > leg).reduce((sum, row) => sum + row.seats, 0);
    // Never over on any leg, the stored counts are the bookings' own, and no leg is left with a
    // seat someone asked for: every refused request was for a leg already full.
    expect([onLeg(0), onLeg(1)]).toEqual([2, 2]);
    expect((await legs(rideId)).taken).toEqual([2, 2]);
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it('has the database refuse any leg over the seats offered, whatever the code', async () => {
    const { rideId } = await ride({ seats: 2 });
    await expect(handle.service.db.$client.query(`UPDATE rides SET leg_seats_taken = '{3,0}' WHERE id = $1`, [rideId])).rejects.toThrow(
      /rides_leg_seats_check/,
    );
    await expect(handle.service.db.$client.query(`UPDATE rides SET leg_seats_taken = '{-1,0}' WHERE id = $1`, [rideId])).rejects.toThrow(
      /rides_leg_seats_check/,
    );
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the same key and body as the first time, and books nothing more', async () => {
    const { rideId } = await ride({ seats: 3 });
    const passenger = await member();
    const key = randomUUID();
    const first = await book(passenger, form(rideId, { seats: 2 }), key);
    // The same body, written differently (phone spaced otherwise, keys in another order).
    const rewritten = Object.fromEntries(Object.entries(form(rideId, { seats: 2, passengerPhone: '0244123456' })).reverse());
    const again = await book(passenger, rewritten, key);
    expect(first.statusCode).toBe(201);
    expect([again.statusCode, again.json()]).toEqual([201, first.json()]);
    expect((await legs(rideId)).taken).toEqual([2, 2]);
    const { rows } = await handle.service.db.$client.query('SELECT count(*)::int AS n FROM bookings WHERE ride_id = $1', [rideId]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses the same key with another body (422), and keeps keys apart per member', async () => {
    const { rideId } = await ride({ seats: 3 });
    const passenger = await member();
    const key = randomUUID();
    expect((await book(passenger, form(rideId), key)).statusCode).toBe(201);
    const other = await book(passenger, form(rideId, { seats: 2 }), key);
    expect([other.statusCode, other.json().message]).toEqual([422, bookingMessages.idempotencyReused]);
    // Another member's identical key is theirs.
    expect((await book(await member(), form(rideId), key)).statusCode).toBe(201);
  });

  it('answers 409 while a request with the key is in progress, and takes over a claim left by a process that died', async () => {
    const { rideId } = await ride();
    const passenger = await member();
    const key = randomUUID();
    const { requestHash } = await import('../src/bookings/idempotency.ts');
    // The body as the route parses it: the phone normalised, the payment method defaulted to cash.
    const parsed = { ...form(rideId), passengerPhone: '0244123456', paymentMethod: 'cash' };
    await handle.service.db.$client.query('INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3)', [
      passenger.userId,
      key,
      requestHash('/bookings', parsed),
    ]);
    const busy = await book(passenger, form(rideId), key);
    expect([busy.statusCode, busy.json().message]).toEqual([409, bookingMessages.idempotencyInProgress]);
    expect((await legs(rideId)).taken).toEqual([0, 0]);
    await handle.service.db.$client.query(`UPDATE idempotency_keys SET locked_at = now() - interval '2 minutes' WHERE key = $1`, [key]);
    expect((await book(passenger, form(rideId), key)).statusCode).toBe(201);
  });

  it('keeps no booking and no answer from a run whose claim another run took over meanwhile', async () => {
    const { runOnce } = await import('../src/bookings/idempotency.ts');
    const { bookSeats } = await import('../src/bookings/book-seat.ts');
    const { rideId } = await ride();
    const passenger = await member();
    const key = randomUUID();
    const slowRun = runOnce(handle.service.db, { userId: passenger.userId, key, hash: 'same-body' }, async (remember) => {
      // While this run waited, its claim went stale and another run took it (its own time on the claim).
      await handle.service.db.$client.query(`UPDATE idempotency_keys SET locked_at = now() + interval '1 second' WHERE key = $1`, [key]);
      const booking = await bookSeats(handle.service.db, passenger.userId, { ...form(rideId), passengerPhone: '0244123456', paymentMethod: 'cash' }, {
        booked: (tx, made) => remember(tx, { status: 201, body: made }),
      });
      return { status: 201, body: booking };
    });
    await expect(slowRun).rejects.toThrow(/taken over/);
    expect((await legs(rideId)).taken).toEqual([0, 0]);
    const { rows } = await handle.service.db.$client.query('SELECT response_status FROM idempotency_keys WHERE key = $1', [key]);
    expect(rows).toEqual([{ response_status: null }]);
  });

  it('answers a retry of a refused request with the same refusal', async () => {
    const { rideId } = await ride({ seats: 1 });
    await booked(await member(), form(rideId));
    const passenger = await member();
    const key = randomUUID();
    const first = await book(passenger, form(rideId), key);
    const again = await book(passenger, form(rideId), key);
    expect([first.statusCode, again.statusCode]).toEqual([409, 409]);
    expect(again.json()).toEqual(first.json());
  });
});

describe('approval rides', () => {
  it('makes a request that lapses 12 hours on, which the driver accepts: confirmed (cash) with its code', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval', seats: 2 });
    const passenger = await member();
    const before = Date.now();
    const request = await booked(passenger, form(rideId, { seats: 2, boardAt: 1 }));
    expect(request).toMatchObject({ status: 'requested', bookingMode: 'approval', boardingCode: null });
    const lapses = new Date(request.expiresAt!).getTime();
    expect(lapses).toBeGreaterThanOrEqual(before + 12 * HOUR);
    expect(lapses).toBeLessThanOrEqual(Date.now() + 12 * HOUR);
    // A request holds its seats while it waits.
    expect((await legs(rideId)).taken).toEqual([0, 2]);

    const list = rideBookingsResponseSchema.parse((await call(driver, 'GET', `/rides/${rideId}/bookings`)).json());
    expect(list.bookings).toEqual([expect.objectContaining({ id: request.id, status: 'requested', passengerFirstName: 'Ama', seats: 2 })]);
    expect(JSON.stringify(list)).not.toContain('0244123456');

    const accepted = await call(driver, 'POST', `/bookings/${request.id}/accept`);
    expect(rideBookingSchema.parse(accepted.json()).status).toBe('confirmed');
    const seen = bookingSchema.parse((await call(passenger, 'GET', `/bookings/${request.id}`)).json());
    expect(seen).toMatchObject({ status: 'confirmed', expiresAt: null, version: 3 });
    expect(seen.boardingCode).toMatch(/^[A-Z0-9]{6}$/);
    expect((await events(request.id)).map((row) => [row.subject, row.envelope.data.version])).toEqual([
      ['krom.rides.booking.requested.v1', 1],
      ['krom.rides.booking.accepted.v1', 2],
      ['krom.rides.booking.confirmed.v1', 3],
    ]);
    // Answered once: a second accept or a decline now is refused and changes nothing.
    const twice = await call(driver, 'POST', `/bookings/${request.id}/accept`);
    expect([twice.statusCode, twice.json().message]).toEqual([409, bookingMessages.transition.accept]);
    expect((await call(driver, 'POST', `/bookings/${request.id}/decline`)).statusCode).toBe(409);
    expect(await events(request.id)).toHaveLength(3);
  });

  it('gives the seats back when the driver declines', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval', seats: 2 });
    const request = await booked(await member(), form(rideId, { seats: 2 }));
    const declined = await call(driver, 'POST', `/bookings/${request.id}/decline`);
    expect(rideBookingSchema.parse(declined.json()).status).toBe('declined');
    expect(await legs(rideId)).toEqual({ taken: [0, 0], available: 2, offered: 2 });
  });

  it('lets exactly one of an accept and a decline racing on one request happen', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval' });
    const request = await booked(await member(), form(rideId));
    const answers = await Promise.all([call(driver, 'POST', `/bookings/${request.id}/accept`), call(driver, 'POST', `/bookings/${request.id}/decline`)]);
    expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join()).toEqual([200, 409]);
    const { rows } = await handle.service.db.$client.query('SELECT status FROM bookings WHERE id = $1', [request.id]);
    expect((await legs(rideId)).taken).toEqual(rows[0].status === 'declined' ? [0, 0] : [1, 1]);
  });

  it('closes requests 2 hours before departure', async () => {
    const { rideId } = await ride({ bookingMode: 'approval' });
    await departAt(rideId, new Date(Date.now() + 2 * HOUR - 60_000));
    const late = await book(await member(), form(rideId));
    expect([late.statusCode, late.json().message]).toEqual([409, bookingMessages.tooLateToRequest]);
  });
});

describe('cancelling', () => {
  it('gives the passenger back the fare in full more than 24 hours ahead, half within 24 hours, and the seats return', async () => {
    const { rideId } = await ride({ seats: 3, price: '100' });
    const early = await booked(await member(), form(rideId, { seats: 2 }));
    const earlyPassenger = { kind: 'user' as const, userId: (await events(early.id))[0]!.envelope.data.passengerId };
    const cancelled = bookingSchema.parse((await call(earlyPassenger, 'POST', `/bookings/${early.id}/cancel`)).json());
    expect(cancelled.status).toBe('cancelled_by_passenger');
    expect((await events(early.id)).at(-1)?.envelope.data).toMatchObject({ status: 'cancelled_by_passenger', refundAmount: early.totalAmount, version: 2 });
    expect((await legs(rideId)).taken).toEqual([0, 0]);

    const late = await member();
    const lateBooking = await booked(late, form(rideId, { seats: 1 }));
    await departAt(rideId, new Date(Date.now() + 5 * HOUR));
    await call(late, 'POST', `/bookings/${lateBooking.id}/cancel`);
    const half = (Math.floor(Math.round(Number(lateBooking.totalAmount) * 100) / 2) / 100).toFixed(2);
    expect((await events(lateBooking.id)).at(-1)?.envelope.data.refundAmount).toBe(half);
    // A cancelled booking cannot be cancelled again.
    const again = await call(late, 'POST', `/bookings/${lateBooking.id}/cancel`);
    expect([again.statusCode, again.json().message]).toEqual([409, bookingMessages.transition.cancel]);
  });

  it('lets the passenger withdraw a request', async () => {
    const { rideId } = await ride({ bookingMode: 'approval' });
    const passenger = await member();
    const request = await booked(passenger, form(rideId));
    const withdrawn = bookingSchema.parse((await call(passenger, 'POST', `/bookings/${request.id}/cancel`)).json());
    expect(withdrawn.status).toBe('cancelled');
    expect((await legs(rideId)).taken).toEqual([0, 0]);
    expect(myBookingsResponseSchema.parse((await call(passenger, 'GET', '/bookings/mine?when=past')).json()).bookings.map((b) => b.id)).toEqual([request.id]);
  });
});

describe('boarding and no-shows', () => {
  it('boards the passenger whose code the driver enters, once', async () => {
    const { rideId, driver } = await ride();
    const passenger = await member();
    const booking = await booked(passenger, form(rideId));
    // Three days ahead: too early to board anyone (boarding opens 24 hours before departure).
    const early = await call(driver, 'POST', `/rides/${rideId}/board`, { code: booking.boardingCode });
    expect([early.statusCode, early.json().message]).toEqual([409, bookingMessages.boardTooEarly]);
    await departAt(rideId, new Date(Date.now() + 2 * HOUR));
    const wrongCode = booking.boardingCode === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA';
    const wrong = await call(driver, 'POST', `/rides/${rideId}/board`, { code: wrongCode });
    expect([wrong.statusCode, wrong.json().message]).toEqual([404, bookingMessages.wrongCode]);
    const malformed = await call(driver, 'POST', `/rides/${rideId}/board`, { code: 'O0I1' });
    expect([malformed.statusCode, malformed.json().message]).toEqual([400, bookingMessages.boardingCode]);
    // Typed in lower case, as a driver may.
    const boarded = await call(driver, 'POST', `/rides/${rideId}/board`, { code: booking.boardingCode!.toLowerCase() });
    expect(rideBookingSchema.parse(boarded.json()).status).toBe('boarded');
    const twice = await call(driver, 'POST', `/rides/${rideId}/board`, { code: booking.boardingCode });
    expect([twice.statusCode, twice.json().message]).toEqual([409, bookingMessages.transition.board]);
    expect((await events(booking.id)).map((row) => row.subject)).toEqual(['krom.rides.booking.confirmed.v1', 'krom.rides.booking.boarded.v1']);
    // A boarded passenger can no longer cancel.
    expect((await call(passenger, 'POST', `/bookings/${booking.id}/cancel`)).statusCode).toBe(409);
  });

  it('takes a no-show report only from departure to 24 hours after it', async () => {
    const { rideId, driver } = await ride();
    const booking = await booked(await member(), form(rideId));
    const early = await call(driver, 'POST', `/bookings/${booking.id}/no-show`);
    expect([early.statusCode, early.json().message]).toEqual([409, bookingMessages.noShowTooEarly]);
    await departAt(rideId, new Date(Date.now() - 25 * HOUR));
    const late = await call(driver, 'POST', `/bookings/${booking.id}/no-show`);
    expect([late.statusCode, late.json().message]).toEqual([409, bookingMessages.noShowTooLate]);
    await departAt(rideId, new Date(Date.now() - HOUR));
    const reported = await call(driver, 'POST', `/bookings/${booking.id}/no-show`);
    expect(rideBookingSchema.parse(reported.json()).status).toBe('no_show');
  });
});

describe('history', () => {
  it('keeps every transition with who made it', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval' });
    const passenger = await member();
    const request = await booked(passenger, form(rideId));
    await call(driver, 'POST', `/bookings/${request.id}/accept`);
    await call(passenger, 'POST', `/bookings/${request.id}/cancel`);
    const { rows } = await handle.service.db.$client.query(
      'SELECT from_status, to_status, actor, actor_id, version FROM booking_history WHERE booking_id = $1 ORDER BY version',
      [request.id],
    );
    expect(rows).toEqual([
      { from_status: null, to_status: 'requested', actor: 'passenger', actor_id: passenger.userId, version: 1 },
      { from_status: 'requested', to_status: 'accepted', actor: 'driver', actor_id: driver.userId, version: 2 },
      { from_status: 'accepted', to_status: 'confirmed', actor: 'driver', actor_id: driver.userId, version: 3 },
      { from_status: 'confirmed', to_status: 'cancelled_by_passenger', actor: 'passenger', actor_id: passenger.userId, version: 4 },
    ]);
  });
});


describe('a deleted passenger', () => {
  it("has their bookings on rides to come ended and the seats given back, a request withdrawn, a seat cancelled by the policy", async () => {
    const { cancelFutureBookingsOf } = await import('../src/bookings/booking-actions.ts');
    const instant = await ride({ seats: 2 });
    const approval = await ride({ seats: 2, bookingMode: 'approval' });
    const passenger = await member();
    const seat = await booked(passenger, form(instant.rideId, { seats: 2 }));
    const request = await booked(passenger, form(approval.rideId));
    await handle.service.db.transaction((tx) => cancelFutureBookingsOf(tx, passenger.userId, { reason: 'account deleted', refund: 'policy' }));
    expect((await legs(instant.rideId)).taken).toEqual([0, 0]);
    expect((await legs(approval.rideId)).taken).toEqual([0, 0]);
    expect((await events(seat.id)).at(-1)?.envelope.data).toMatchObject({ status: 'cancelled_by_passenger', actor: 'system', refundAmount: seat.totalAmount });
    expect((await events(request.id)).at(-1)?.envelope.data).toMatchObject({ status: 'cancelled', actor: 'system', refundAmount: null });
  });
});
