import { randomUUID } from 'node:crypto';
import { memberPageSchema } from '@krom/contracts/http/member-page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { insertRide } from '../../services/rides/test/rides-test-env.ts';
import { type BffSystem, browser, NOT_RUNNING, newPerson, signedUp, startBff } from './bff-test-env.ts';

/*
 * The admin area's member page (GET /api/admin/members/:id) through the BFF on the real identity
 * and rides services: the account and the rides section read together, open to every staff
 * role and to no member or guest, 404 for a member identity does not know, and the account still
 * shown when rides does not answer.
 */
let system: BffSystem;
let admin: ReturnType<typeof browser>;
let kofi: Awaited<ReturnType<typeof signedUp>>;
let ama: Awaited<ReturnType<typeof signedUp>>;
let rideId: string;
let bookingId: string;

const HOUR = 3_600_000;

beforeAll(async () => {
  system = await startBff({ services: ['identity', 'notifications', 'rides'] });
  admin = browser(system.bff, '10.26.0.1');
  expect((await admin.post('/api/admin/login', { username: 'founder', password: 'first-admin-pass' })).statusCode).toBe(200);
  kofi = await signedUp(system.bff, browser(system.bff, '10.26.1.1'), newPerson({ firstName: 'Kofi', lastName: 'Boateng' }));
  ama = await signedUp(system.bff, browser(system.bff, '10.26.1.2'), newPerson({ firstName: 'Ama', lastName: 'Serwaa' }));
  const rides = system.rides!.db.$client;
  const { rows } = await rides.query<{ id: string }>(
    "INSERT INTO vehicles (driver_id, make, model, year, color, license_plate, seats) VALUES ($1, 'Toyota', 'Corolla', 2019, 'Silver', 'GR-2424-24', 4) RETURNING id",
    [kofi.id],
  );
  const departureAt = new Date(Date.now() + 48 * HOUR);
  rideId = await insertRide(system.rides!, { driverId: kofi.id, vehicleId: rows[0]!.id, departureAt, fromCity: 'Accra', toCity: 'Kumasi' });
  const booked = await rides.query<{ id: string }>(
    `INSERT INTO bookings (ride_id, passenger_id, board_at, alight_at, seats, price_per_seat, total_amount, status, booking_mode,
                           passenger_name, passenger_phone, boarding_code)
     VALUES ($1, $2, 0, 1, 2, '100.00', '200.00', 'confirmed', 'instant', 'Ama Serwaa', $3, 'AMA345') RETURNING id`,
    [rideId, ama.id, ama.phone],
  );
  bookingId = booked.rows[0]!.id;
}, 120_000);
afterAll(() => system?.close());

const page = (who: ReturnType<typeof browser>, id: string) => who.get(`/api/admin/members/${id}`);

describe('GET /api/admin/members/:id', () => {
  it("shows the member's account with their rides as driver and bookings as passenger", async () => {
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
    });
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
      const username = `member-page.${role}.${randomUUID().slice(0, 6)}`;
      expect((await admin.post('/api/admin/users', { username, password: 'staff-pass-1', roles: [role] })).statusCode).toBe(201);
      const staff = browser(system.bff, '10.26.2.1');
      expect((await staff.post('/api/admin/login', { username, password: 'staff-pass-1' })).statusCode).toBe(200);
      const response = await page(staff, kofi.id);
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
      expect(response.json()).toMatchObject({ account: { available: true, id: kofi.id }, rides: { available: true }, cases: { available: false } });
    } finally {
      await withoutAdmin.close();
    }
  });
});
