import { exportData } from '@krom/contracts/api/account';
import { dataExportSchema } from '@krom/contracts/http/data-export';
import { dataExportFileName } from '@krom/contracts/http/data-export-values';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../services/payments/src/db/schema.ts';
import { deliverPaymentRequested, paymentRequested } from '../../services/payments/test/payment-requested-fact.ts';
import { insertRide, insertUserProfile } from '../../services/rides/test/rides-test-env.ts';
import { type BffSystem, browser, newPerson, signedUp, startBff } from './bff-test-env.ts';

/*
 * A member's data download (GET /api/user/data-export) through the BFF against identity, rides
 * and payments: two members who drove, booked, paid and reviewed each other, and a third on the
 * same ride. Each download holds its member's own data, of the other party only what their
 * screens already show (a first name), and nothing of the third member.
 */

let system: BffSystem;
beforeAll(async () => {
  system = await startBff({
    services: ['identity', 'rides', 'payments'],
    overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000', RATE_LIMIT_DATA_EXPORTS_PER_HOUR: '3' },
  });
});
afterAll(() => system?.close());

let ips = 0;
const visitor = () => browser(system.bff, `10.23.0.${++ips}`);
const DAY = 24 * 3_600_000;

async function member(firstName: string, lastName: string) {
  const b = visitor();
  const person = await signedUp(system.bff, b, newPerson({ firstName, lastName }));
  await insertUserProfile(system.rides!, person.id, { firstName, lastName });
  return { ...person, browser: b };
}
type Member = Awaited<ReturnType<typeof member>>;

const rides = () => system.rides!.db.$client;

async function vehicleOf(driver: Member, plate: string) {
  const { rows } = await rides().query<{ id: string }>(
    "INSERT INTO vehicles (driver_id, make, model, year, color, license_plate, seats) VALUES ($1, 'Toyota', 'Corolla', 2019, 'Silver', $2, 4) RETURNING id",
    [driver.id, plate],
  );
  return rows[0]!.id;
}

async function booking(rideId: string, passenger: Member, code: string) {
  const { rows } = await rides().query<{ id: string }>(
    `INSERT INTO bookings (ride_id, passenger_id, board_at, alight_at, seats, price_per_seat, total_amount, status, booking_mode,
                           passenger_name, passenger_phone, special_requests, boarding_code)
     VALUES ($1, $2, 0, 1, 1, '100.00', '100.00', 'completed', 'instant', $3, $4, $5, $6) RETURNING id`,
    [rideId, passenger.id, `${passenger.firstName} ${passenger.lastName}`, passenger.phone, `${passenger.firstName}'s bag is small`, code],
  );
  return rows[0]!.id;
}

async function review(bookingId: string, rideId: string, reviewer: Member, reviewee: Member, type: 'driver' | 'passenger', comment: string, published = true) {
  await rides().query(
    `INSERT INTO reviews (booking_id, ride_id, reviewer_id, reviewee_id, review_type, rating, comment, created_at, window_ends_at, published_at)
     VALUES ($1, $2, $3, $4, $5, 5, $6, now(), now() + interval '14 days', CASE WHEN $7 THEN now() END)`,
    [bookingId, rideId, reviewer.id, reviewee.id, type, comment, published],
  );
}

let ama: Member;
let kofi: Member;
let yaw: Member;
let rideId: string;
let amasBooking: string;
let yawsBooking: string;
let amasPayment: string;

beforeAll(async () => {
  ama = await member('Ama', 'Serwaa');
  kofi = await member('Kofi', 'Boateng');
  yaw = await member('Yaw', 'Darko');
  rideId = await insertRide(system.rides!, {
    driverId: kofi.id,
    vehicleId: await vehicleOf(kofi, 'GR-2323-23'),
    departureAt: new Date(Date.now() - 2 * DAY),
    fromLocation: 'Circle VIP Bus Station',
    toLocation: 'Kejetia Lorry Park',
    status: 'completed',
  });
  amasBooking = await booking(rideId, ama, 'AMA234');
  yawsBooking = await booking(rideId, yaw, 'YAW234');
  await review(amasBooking, rideId, ama, kofi, 'driver', 'Kofi drove safely and on time.');
  await review(amasBooking, rideId, kofi, ama, 'passenger', 'Ama was ready at the station.');
  await review(yawsBooking, rideId, yaw, kofi, 'driver', 'Yaw says the car was spotless.');
  // Still hidden (its window is open): its writer sees it in their file, its reviewee not yet.
  await review(yawsBooking, rideId, kofi, yaw, 'passenger', 'Yaw kept everyone waiting.', false);

  const paid = paymentRequested({ bookingId: amasBooking, rideId, passengerId: ama.id, driverId: kofi.id });
  await deliverPaymentRequested(system.payments!.bus, paid);
  const [row] = await system.payments!.db.select().from(payments).where(eq(payments.bookingId, amasBooking));
  amasPayment = row!.id;
  const yaws = paymentRequested({ bookingId: yawsBooking, rideId, passengerId: yaw.id, driverId: kofi.id, wallet: { phone: '0559876543', network: 'mtn' } });
  await deliverPaymentRequested(system.payments!.bus, yaws);
});

const download = async (who: Member) => {
  const response = await who.browser.get(exportData.path);
  expect(response.statusCode, response.body).toBe(200);
  return { response, file: dataExportSchema.strict().parse(response.json()) };
};

describe('GET /api/user/data-export', () => {
  it("gives the passenger a JSON file of their profile, bookings, payments and reviews, and of the driver only their first name", async () => {
    const { response, file } = await download(ama);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${dataExportFileName(new Date(file.exportedAt))}"`);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="krom-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['content-type']).toMatch(/^application\/json/);

    expect(file.identity.account).toMatchObject({ id: ama.id, firstName: 'Ama', lastName: 'Serwaa', email: ama.email, phone: ama.phone });
    expect(file.identity.settings.privacy).toEqual({ showPhoneToDrivers: true, showProfileToOthers: true, shareLocationData: true });
    expect(file.rides.ridesDriven).toEqual([]);
    expect(file.rides.bookingsReceived).toEqual([]);
    expect(file.rides.bookingsMade).toEqual([
      expect.objectContaining({
        id: amasBooking,
        rideId,
        fromLocation: 'Circle VIP Bus Station',
        toLocation: 'Kejetia Lorry Park',
        driverFirstName: 'Kofi',
        passengerName: 'Ama Serwaa',
        passengerPhone: ama.phone,
        specialRequests: "Ama's bag is small",
        status: 'completed',
      }),
    ]);
    expect(file.rides.reviewsGiven.map((entry) => entry.comment)).toEqual(['Kofi drove safely and on time.']);
    expect(file.rides.reviewsReceived.map((entry) => [entry.comment, entry.reviewer.firstName])).toEqual([['Ama was ready at the station.', 'Kofi']]);
    expect(file.rides.messages).toEqual([]);
    expect(file.payments.payments).toEqual([expect.objectContaining({ id: amasPayment, bookingId: amasBooking, amount: '126.00', fare: '120.00', serviceFee: '6.00' })]);
    expect(file.payments.payouts).toEqual([]);

    // Nothing of the driver beyond their first name, nothing of the other passenger, no secrets.
    const text = response.body;
    for (const other of [kofi.email, kofi.phone, kofi.lastName, yaw.email, yaw.phone, 'Yaw', yawsBooking, '0559876543']) expect(text).not.toContain(other);
    expect(text).not.toMatch(/password|argon2|boardingCode|AMA234|token/i);
  });

  it("gives the driver their ride, the bookings on it by the passengers' first names only, and the reviews of them", async () => {
    const { response, file } = await download(kofi);
    expect(file.identity.account).toMatchObject({ id: kofi.id, firstName: 'Kofi', email: kofi.email });
    expect(file.rides.ridesDriven).toEqual([
      expect.objectContaining({
        id: rideId,
        places: ['Circle VIP Bus Station', 'Kejetia Lorry Park'],
        status: 'completed',
        vehicle: { make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GR-2323-23' },
      }),
    ]);
    expect(file.rides.bookingsReceived.map((entry) => [entry.id, entry.passengerFirstName]).sort()).toEqual(
      [
        [amasBooking, 'Ama'],
        [yawsBooking, 'Yaw'],
      ].sort(),
    );
    expect(file.rides.bookingsMade).toEqual([]);
    expect(file.rides.reviewsReceived.map((entry) => entry.comment).sort()).toEqual(['Kofi drove safely and on time.', 'Yaw says the car was spotless.']);
    expect(file.rides.reviewsGiven.map((entry) => [entry.comment, entry.visible]).sort()).toEqual([
      ['Ama was ready at the station.', true],
      ['Yaw kept everyone waiting.', false],
    ]);
    // The passengers paid; the driver's file holds no payment of theirs.
    expect(file.payments.payments).toEqual([]);

    const text = response.body;
    for (const other of [ama.email, ama.phone, 'Serwaa', yaw.email, yaw.phone, 'Darko', "bag is small", '0559876543', '0241234567']) expect(text).not.toContain(other);
  });

  it('holds no review of the member that is still hidden from them', async () => {
    const { file } = await download(yaw);
    expect(file.rides.reviewsReceived).toEqual([]);
    expect(file.rides.reviewsGiven.map((entry) => entry.comment)).toEqual(['Yaw says the car was spotless.']);
  });

  it('refuses a guest with 401, and a member past the hourly limit with 429 in words', async () => {
    const guest = await visitor().get(exportData.path);
    expect(guest.statusCode).toBe(401);
    expect(guest.headers['content-disposition']).toBeUndefined();

    const often = await member('Efua', 'Mensah');
    for (let i = 0; i < 3; i += 1) expect((await often.browser.get(exportData.path)).statusCode).toBe(200);
    const limited = await often.browser.get(exportData.path);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^You're doing that too often\. Please try again in /);
  });

  it("refuses a copied session of a deleted account with a 4xx, not a 5xx", async () => {
    const leaving = await member('Esi', 'Owusu');
    const cookie = leaving.browser.cookies();
    expect((await leaving.browser.delete('/api/user')).statusCode).toBe(200);
    const replay = visitor();
    replay.adopt(cookie);
    const after = await replay.get(exportData.path);
    expect(after.statusCode).toBeGreaterThanOrEqual(400);
    expect(after.statusCode).toBeLessThan(500);
  });
});
