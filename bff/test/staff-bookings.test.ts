import { randomUUID } from 'node:crypto';
import { staffBookingListSchema, staffBookingMessages, staffBookingPageSize } from '@krom/contracts/http/staff-bookings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRide } from '../../services/rides/test/rides-test-env.ts';
import { type BffSystem, browser, startBff } from './bff-test-env.ts';

/*
 * The admin area's Bookings tab (GET /api/admin/bookings) through the BFF on the real rides
 * service: the filters and the page's cursor reach rides as staff gave them, the one-key lookups
 * callers already make still answer, a bad filter is refused in words, and only staff may ask.
 */
let system: BffSystem;
let staff: ReturnType<typeof browser>;
let earlyRide: string;
let lateRide: string;
const booking: Record<'cash' | 'mobile' | 'late', string> = { cash: '', mobile: '', late: '' };

// Days no other test's ride leaves on.
const DAY = '2033-02-10';
const NEXT_DAY = '2033-02-11';
const CROWDED_DAY = '2033-03-01';

async function bookingOn(rideId: string, fields: { code: string; phone?: string; status?: string; mobileMoney?: boolean }) {
  const { rows } = await system.rides!.db.$client.query<{ id: string }>(
    `INSERT INTO bookings (ride_id, passenger_id, board_at, alight_at, seats, price_per_seat, total_amount, status, booking_mode,
                           payment_method, wallet_phone, wallet_network, passenger_name, passenger_phone, boarding_code)
     VALUES ($1, $2, 0, 1, 1, '100.00', '100.00', $3, 'instant', $4, $5, $6, 'Ama Serwaa', $7, $8) RETURNING id`,
    [
      rideId,
      randomUUID(),
      fields.status ?? 'confirmed',
      fields.mobileMoney ? 'mobile_money' : 'cash',
      fields.mobileMoney ? '0551234567' : null,
      fields.mobileMoney ? 'mtn' : null,
      fields.phone ?? '0244123456',
      fields.code,
    ],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  system = await startBff({ services: ['rides'] });
  staff = browser(system.bff, '10.27.0.1');
  expect((await staff.post('/api/admin/login', { username: 'founder', password: 'first-admin-pass' })).statusCode).toBe(200);
  const driverId = randomUUID();
  const { rows } = await system.rides!.db.$client.query<{ id: string }>(
    "INSERT INTO vehicles (driver_id, make, model, year, color, license_plate, seats) VALUES ($1, 'Toyota', 'Corolla', 2019, 'Silver', 'GR-2727-27', 4) RETURNING id",
    [driverId],
  );
  const vehicleId = rows[0]!.id;
  earlyRide = await insertRide(system.rides!, { driverId, vehicleId, departureAt: new Date(`${DAY}T07:30:00Z`) });
  lateRide = await insertRide(system.rides!, { driverId, vehicleId, departureAt: new Date(`${NEXT_DAY}T06:00:00Z`) });
  booking.cash = await bookingOn(earlyRide, { code: 'CAMK34', phone: '0201112233' });
  booking.mobile = await bookingOn(earlyRide, { code: 'MMTT34', status: 'awaiting_payment', mobileMoney: true });
  booking.late = await bookingOn(lateRide, { code: 'TAKE34', status: 'cancelled', phone: '0201112233' });
  const crowded = await insertRide(system.rides!, { driverId, vehicleId, departureAt: new Date(`${CROWDED_DAY}T08:00:00Z`), availableSeats: 0 });
  // More bookings than a page, on one ride (so one departure): the codes differ by ride.
  await system.rides!.db.$client.query(
    `INSERT INTO bookings (ride_id, passenger_id, board_at, alight_at, seats, price_per_seat, total_amount, status, booking_mode,
                           passenger_name, passenger_phone, boarding_code)
     SELECT $1, gen_random_uuid(), 0, 1, 1, '100.00', '100.00', 'confirmed', 'instant', 'Kojo Antwi', '0277000000', 'C' || lpad(n::text, 5, '0')
     FROM generate_series(1, $2::int) AS n`,
    [crowded, staffBookingPageSize + 2],
  );
}, 120_000);
afterAll(() => system?.close());

async function list(query: string) {
  const response = await staff.get(`/api/admin/bookings?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return staffBookingListSchema.parse(response.json());
}
const ids = async (query: string) => (await list(query)).bookings.map((found) => found.id);
const days = `departureFrom=${DAY}&departureTo=${NEXT_DAY}`;

describe('GET /api/admin/bookings', () => {
  it('lists bookings newest departure first, the filters combined as staff gave them', async () => {
    const both = await list(days);
    expect(both.bookings.map((found) => found.id)).toEqual([booking.late, ...[booking.cash, booking.mobile].sort().reverse()]);
    expect(both.nextCursor).toBeNull();
    expect(await ids(`${days}&status=awaiting_payment&paymentMethod=mobile_money`)).toEqual([booking.mobile]);
    expect(await ids(`${days}&paymentMethod=cash&phone=020%20111%202233`)).toEqual([booking.late, booking.cash]);
    expect(await ids(`departureFrom=${NEXT_DAY}&phone=0201112233`)).toEqual([booking.late]);
  });

  it('still answers the one-key lookups: a boarding code, a phone, a ride', async () => {
    expect(await ids('code=camk34')).toEqual([booking.cash]);
    expect(await ids('phone=024%20412%203456')).toEqual([booking.mobile]);
    expect(await ids(`rideId=${lateRide}`)).toEqual([booking.late]);
    expect((await ids(`rideId=${earlyRide}`)).sort()).toEqual([booking.cash, booking.mobile].sort());
  });

  it('pages by the cursor rides gave, through the BFF, to the end and no further', async () => {
    const day = `departureFrom=${CROWDED_DAY}&departureTo=${CROWDED_DAY}`;
    const first = await list(day);
    expect(first.bookings).toHaveLength(staffBookingPageSize);
    const second = await list(`${day}&before=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(second.bookings).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.bookings, ...second.bookings].map((found) => found.id)).size).toBe(staffBookingPageSize + 2);
  });

  it.each([
    ['status=gone', staffBookingMessages.status],
    ['paymentMethod=card', staffBookingMessages.paymentMethod],
    ['before=forged', staffBookingMessages.cursor],
  ])('refuses %j with a 400 in words', async (query, message) => {
    const response = await staff.get(`/api/admin/bookings?${query}`);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('is for staff only: a guest is refused 401', async () => {
    const response = await browser(system.bff, '10.27.1.1').get('/api/admin/bookings');
    expect([response.statusCode, response.json().message]).toEqual([401, 'Admin sign-in required']);
  });
});
