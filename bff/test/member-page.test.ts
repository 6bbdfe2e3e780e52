import { randomUUID } from 'node:crypto';
import { memberPageSchema } from '@krom/contracts/http/member-page';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { payments } from '../../services/payments/src/db/schema.ts';
import { deliverPaymentRequested, paymentRequested } from '../../services/payments/test/payment-requested-fact.ts';
import { PaystackStandIn } from '../../services/payments/test/providers/paystack-stand-in.ts';
import { insertRide } from '../../services/rides/test/rides-test-env.ts';
import { type BffSystem, browser, NOT_RUNNING, newPerson, signedUp, startBff } from './bff-test-env.ts';
import { startCannedService } from './canned-service.ts';

/*
 * The admin area's member page (GET /api/admin/members/:id) through the BFF on the real identity,
 * rides, admin and payments services: the account, rides (with the member's vehicles), cases and
 * money sections read together, open to every staff role and to no member or guest, the money
 * only to finance and administrators (payments not even asked for the others), 404 for a member
 * identity does not know, and the rest still shown when one service does not answer.
 */
let system: BffSystem;
let admin: ReturnType<typeof browser>;
let kofi: Awaited<ReturnType<typeof signedUp>>;
let ama: Awaited<ReturnType<typeof signedUp>>;
let rideId: string;
let vehicleId: string;
let bookingId: string;
const paystack = new PaystackStandIn();

const HOUR = 3_600_000;

beforeAll(async () => {
  await paystack.start();
  system = await startBff({
    services: ['identity', 'notifications', 'rides', 'payments'],
    paymentsEnv: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_API_BASE_URL: paystack.baseUrl },
  });
  admin = browser(system.bff, '10.26.0.1');
  expect((await admin.post('/api/admin/login', { username: 'founder', password: 'first-admin-pass' })).statusCode).toBe(200);
  kofi = await signedUp(system.bff, browser(system.bff, '10.26.1.1'), newPerson({ firstName: 'Kofi', lastName: 'Boateng' }));
  ama = await signedUp(system.bff, browser(system.bff, '10.26.1.2'), newPerson({ firstName: 'Ama', lastName: 'Serwaa' }));
  const rides = system.rides!.db.$client;
  const { rows } = await rides.query<{ id: string }>(
    "INSERT INTO vehicles (driver_id, make, model, year, color, license_plate, seats) VALUES ($1, 'Toyota', 'Corolla', 2019, 'Silver', 'GR-2424-24', 4) RETURNING id",
    [kofi.id],
  );
  vehicleId = rows[0]!.id;
  const departureAt = new Date(Date.now() + 48 * HOUR);
  rideId = await insertRide(system.rides!, { driverId: kofi.id, vehicleId, departureAt, fromCity: 'Accra', toCity: 'Kumasi' });
  const booked = await rides.query<{ id: string }>(
    `INSERT INTO bookings (ride_id, passenger_id, board_at, alight_at, seats, price_per_seat, total_amount, status, booking_mode,
                           passenger_name, passenger_phone, boarding_code)
     VALUES ($1, $2, 0, 1, 2, '100.00', '200.00', 'confirmed', 'instant', 'Ama Serwaa', $3, 'AMA345') RETURNING id`,
    [rideId, ama.id, ama.phone],
  );
  bookingId = booked.rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await system?.close();
  await paystack.stop();
});

const page = (who: ReturnType<typeof browser>, id: string) => who.get(`/api/admin/members/${id}`);

/** A member of staff with only `role`, made by the founder and signed in. */
async function staffWith(role: 'support' | 'trust_safety' | 'finance', ip: string) {
  const username = `member-page.${role}.${randomUUID().slice(0, 6)}`;
  expect((await admin.post('/api/admin/users', { username, password: 'staff-pass-1', roles: [role] })).statusCode).toBe(201);
  const staff = browser(system.bff, ip);
  expect((await staff.post('/api/admin/login', { username, password: 'staff-pass-1' })).statusCode).toBe(200);
  return staff;
}

const noMoney = { paymentsAsPassenger: { count: 0, latest: [] }, refundsTo: { count: 0, latest: [] }, payoutsTo: { count: 0, latest: [] } };

describe('GET /api/admin/members/:id', () => {
  it("shows the member's account with their rides as driver, bookings as passenger and vehicles", async () => {
    const kofis = await page(admin, kofi.id);
    expect(kofis.statusCode).toBe(200);
    const body = memberPageSchema.parse(kofis.json());
    expect(body.account).toEqual({
      available: true,
      id: kofi.id,
      firstName: 'Kofi',
      lastName: 'Boateng',
      phone: kofi.phone,
      email: kofi.email,
      createdAt: expect.any(String),
      verificationStatus: 'not_submitted',
      driverVerificationStatus: 'not_submitted',
      deleted: false,
      suspended: false,
      suspendedAt: null,
      suspensionReason: null,
    });
    expect(body.rides).toEqual({
      available: true,
      ridesAsDriver: { count: 1, latest: [{ id: rideId, fromCity: 'Accra', toCity: 'Kumasi', departureAt: expect.any(String), status: 'active' }] },
      bookingsAsPassenger: { count: 0, latest: [] },
      vehicles: {
        count: 1,
        latest: [
          { id: vehicleId, make: 'Toyota', model: 'Corolla', year: 2019, color: 'Silver', licensePlate: 'GR-2424-24', seats: 4, isActive: true, addedAt: expect.any(String), removedAt: null },
        ],
      },
    });

    const amas = memberPageSchema.parse((await page(admin, ama.id)).json());
    expect(amas.rides).toEqual({
      available: true,
      ridesAsDriver: { count: 0, latest: [] },
      bookingsAsPassenger: {
        count: 1,
        latest: [
          { id: bookingId, rideId, fromCity: 'Accra', toCity: 'Kumasi', departureAt: expect.any(String), seats: 2, status: 'confirmed', createdAt: expect.any(String) },
        ],
      },
      vehicles: { count: 0, latest: [] },
    });
  });

  it("shows finance and administrators the member's payments; support and trust and safety are told the section is not for their role", async () => {
    // Ama's mobile money fare, asked for by rides' fact and prompted at the gateway (not approved yet).
    const envelope = paymentRequested({ passengerId: ama.id, wallet: { phone: '0551234567', network: 'mtn' } });
    await deliverPaymentRequested(system.payments!.bus, envelope);
    const [payment] = await system.payments!.db.select().from(payments).where(eq(payments.bookingId, envelope.data.bookingId));

    const finance = await staffWith('finance', '10.26.6.1');
    for (const staff of [finance, admin]) {
      const amas = memberPageSchema.parse((await page(staff, ama.id)).json());
      expect(amas.payments).toEqual({
        available: true,
        paymentsAsPassenger: {
          count: 1,
          latest: [
            expect.objectContaining({ id: payment!.id, bookingId: envelope.data.bookingId, passengerId: ama.id, amountPesewas: 12_600, status: 'pending', walletMasked: '055 *** **67' }),
          ],
        },
        refundsTo: { count: 0, latest: [] },
        payoutsTo: { count: 0, latest: [] },
      });
      expect(memberPageSchema.parse((await page(staff, kofi.id)).json()).payments).toEqual({ available: true, ...noMoney });
    }

    for (const role of ['support', 'trust_safety'] as const) {
      const response = await page(await staffWith(role, '10.26.6.2'), ama.id);
      expect(response.statusCode).toBe(200);
      expect([role, response.json().payments]).toEqual([role, { available: false, restricted: true }]);
      expect(response.json().rides.available).toBe(true);
    }
  });

  it('does not call payments for a role that may not read money', async () => {
    // Payments is a stand-in that records what it is asked (and answers nothing it was not given).
    const paymentsStandIn = await startCannedService({});
    const withStandIn = await buildBffApp({ ...system.config, PAYMENTS_URL: paymentsStandIn.url }, system.redis);
    try {
      const support = browser(withStandIn, '10.26.7.1');
      support.adopt((await staffWith('support', '10.26.7.2')).cookies());
      expect((await page(support, ama.id)).json().payments).toEqual({ available: false, restricted: true });
      expect(paymentsStandIn.received).toEqual([]);

      const founder = browser(withStandIn, '10.26.7.3');
      founder.adopt(admin.cookies());
      expect((await page(founder, ama.id)).json().payments).toEqual({ available: false });
      expect(paymentsStandIn.received).toEqual([`GET /staff/members/${ama.id}/payments`]);
    } finally {
      await withStandIn.close();
      await paymentsStandIn.close();
    }
  });

  it('still shows the rest when payments does not answer, only its section unavailable', async () => {
    const withoutPayments = await buildBffApp({ ...system.config, PAYMENTS_URL: NOT_RUNNING }, system.redis);
    try {
      const staff = browser(withoutPayments, '10.26.8.1');
      staff.adopt(admin.cookies());
      const response = await page(staff, kofi.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        account: expect.objectContaining({ available: true, id: kofi.id }),
        rides: expect.objectContaining({ available: true, vehicles: expect.objectContaining({ count: 1 }) }),
        cases: expect.objectContaining({ available: true }),
        payments: { available: false },
      });
    } finally {
      await withoutPayments.close();
    }
  });

  it('shows a suspension with its reason and when it began', async () => {
    expect((await admin.post(`/api/admin/members/${ama.id}/suspension`, { reason: 'Took payment outside Krom' })).statusCode).toBe(200);
    const { account } = memberPageSchema.parse((await page(admin, ama.id)).json());
    expect(account).toMatchObject({ available: true, suspended: true, suspensionReason: 'Took payment outside Krom', suspendedAt: expect.any(String) });
    expect((await admin.delete(`/api/admin/members/${ama.id}/suspension`)).statusCode).toBe(200);
    expect(memberPageSchema.parse((await page(admin, ama.id)).json()).account).toMatchObject({ suspended: false, suspendedAt: null, suspensionReason: null });
  });

  it('answers 404 for a member identity does not know', async () => {
    for (const id of [randomUUID(), 'not-a-member-id']) {
      const response = await page(admin, id);
      expect([response.statusCode, response.json().message], id).toEqual([404, 'Member not found']);
    }
  });

  it('opens the page to every staff role and refuses members and guests', async () => {
    for (const role of ['support', 'trust_safety', 'finance'] as const) {
      const response = await page(await staffWith(role, '10.26.2.1'), kofi.id);
      expect([role, response.statusCode, response.json().account?.id, response.json().rides?.available]).toEqual([role, 200, kofi.id, true]);
    }
    const member = browser(system.bff, '10.26.1.3');
    await signedUp(system.bff, member);
    for (const visitor of [member, browser(system.bff, '10.26.3.1')]) {
      const response = await page(visitor, kofi.id);
      expect([response.statusCode, response.json().message]).toEqual([401, 'Admin sign-in required']);
    }
  });

  it('still shows the account when rides does not answer, the rides section unavailable', async () => {
    // The same sessions and services, but rides is at an address nothing answers on.
    const withoutRides = await buildBffApp({ ...system.config, RIDES_URL: NOT_RUNNING }, system.redis);
    try {
      const staff = browser(withoutRides, '10.26.4.1');
      expect((await staff.post('/api/admin/login', { username: 'founder', password: 'first-admin-pass' })).statusCode).toBe(200);
      const response = await page(staff, kofi.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        account: expect.objectContaining({ available: true, id: kofi.id, firstName: 'Kofi' }),
        rides: { available: false },
        cases: expect.objectContaining({ available: true }),
        payments: { available: true, ...noMoney },
      });
      // A member identity does not know is still 404, whatever rides does.
      expect((await page(staff, randomUUID())).statusCode).toBe(404);
    } finally {
      await withoutRides.close();
    }
  });

  it("shows the reports other members made about the member, each with its case, and the member's own tickets", async () => {
    const efuasBrowser = browser(system.bff, '10.26.1.4');
    const efua = await signedUp(system.bff, efuasBrowser, newPerson({ firstName: 'Efua', lastName: 'Mensah' }));
    expect((await efuasBrowser.post(`/api/members/${kofi.id}/reports`, { reason: 'scam_or_fraud', details: 'Asked for the fare by mobile money before the trip' })).statusCode).toBe(201);
    const kofis = memberPageSchema.parse((await page(admin, kofi.id)).json());
    expect(kofis.cases).toEqual({
      available: true,
      tickets: { count: 0, latest: [] },
      reportsAbout: {
        count: 1,
        latest: [{ reportId: expect.any(String), ticketId: expect.any(String), reporterId: efua.id, reason: 'scam_or_fraud', source: 'profile', reportedAt: expect.any(String) }],
      },
    });
    // The case the report opened is Efua's ticket: it is on her page, under her tickets.
    const efuas = memberPageSchema.parse((await page(admin, efua.id)).json());
    const caseId = kofis.cases.available ? kofis.cases.reportsAbout.latest[0]?.ticketId : undefined;
    expect(efuas.cases).toMatchObject({ available: true, tickets: { count: 1, latest: [{ id: caseId, category: 'safety', subject: 'Member report: Scam or asked for payment outside Krom' }] } });
  });

  it('still shows the rest when admin does not answer, its section unavailable', async () => {
    const withoutAdmin = await buildBffApp({ ...system.config, ADMIN_URL: NOT_RUNNING }, system.redis);
    try {
      // Staff sessions are checked against admin at sign-in; the session made on the working BFF is shared through Redis.
      const staff = browser(withoutAdmin, '10.26.5.1');
      staff.adopt(admin.cookies());
      const response = await page(staff, kofi.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ account: { available: true, id: kofi.id }, rides: { available: true }, cases: { available: false }, payments: { available: true } });
    } finally {
      await withoutAdmin.close();
    }
  });
});
