import { pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { withFetchAgainst } from '@krom/ui-kit/testing/fetch-against.ts';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { getStaffNames } from '../src/app/use-admin-name.ts';
import { getAdminSession } from '../src/features/admin-auth/api/get-admin-session.ts';
import { loginAdmin } from '../src/features/admin-auth/api/login-admin.ts';
import { logoutAdmin } from '../src/features/admin-auth/api/logout-admin.ts';
import { createAdminUser } from '../src/features/admin-users/api/create-admin-user.ts';
import { getAdminUsers } from '../src/features/admin-users/api/get-admin-users.ts';
import { getMessageLog } from '../src/features/message-log/api/get-message-log.ts';
import { getReviewQueue } from '../src/features/verification-review/api/get-review-queue.ts';
import { cancelBooking } from '../src/features/bookings/api/cancel-booking.ts';
import { getBooking } from '../src/features/bookings/api/get-booking.ts';
import { listBookings } from '../src/features/bookings/api/list-bookings.ts';
import { getMemberPage } from '../src/features/members/api/get-member-page.ts';
import { liftMemberSuspension, suspendMember } from '../src/features/members/api/member-suspension.ts';
import { listRides } from '../src/features/rides/api/list-rides.ts';
import { getBookingLedger } from '../src/features/payments/api/get-booking-ledger.ts';
import { getLatestReconciliation } from '../src/features/payments/api/get-latest-reconciliation.ts';
import { runReconciliation } from '../src/features/payments/api/run-reconciliation.ts';
import { searchPayments } from '../src/features/payments/api/search-payments.ts';
import { getWaitlistSignups } from '../src/features/waitlist/api/get-waitlist-signups.ts';

/**
 * The admin frontend as consumer of the BFF's /api: each call is made by the screen's own
 * request function. "a signed-in admin" means the browser carries an admin session cookie,
 * which the BFF's verification supplies.
 */
const { like, eachLike, uuid, datetime, regex, integer, fromProviderState } = MatchersV3;
const pact = new PactV4({ consumer: 'krom-admin-frontend', provider: 'krom-bff', dir: pactDir, logLevel: 'warn' });
const isoDate = datetime("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", '2026-11-22T09:30:00.000Z');
const admin = { id: uuid(), username: like('founder'), roles: eachLike('administrator'), createdAt: isoDate };
const json = { 'Content-Type': regex(/^application\/json/, 'application/json') };

/** The booking the state made, filled in by the verifier (these examples stand in while recording). */
const examples = {
  bookingId: '2c1d0e9f-1111-4a3a-8d54-3c1f0f5b8d21',
  rideId: '7a6b5c4d-2222-4a3a-8d54-3c1f0f5b8d22',
  memberId: '9a9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b',
  driverId: '5e4f3a2b-3333-4a3a-8d54-3c1f0f5b8d23',
};
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateRideId = fromProviderState('${rideId}', examples.rideId);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateDriverId = fromProviderState('${driverId}', examples.driverId);
const bookingPath = (tail = '') =>
  fromProviderState(`/api/admin/bookings/\${bookingId}${tail}`, `/api/admin/bookings/${examples.bookingId}${tail}`);
const status = (example: string) => regex(/^[a-z_]+$/, example);
/** A booking as the Bookings tab and page read it. */
const staffBooking = (bookingStatus: string) => ({
  id: uuid(examples.bookingId),
  rideId: uuid(examples.rideId),
  status: status(bookingStatus),
  bookingMode: regex(/^(instant|approval)$/, 'instant'),
  paymentMethod: regex(/^(cash|mobile_money)$/, 'cash'),
  rideFrom: like('Circle VIP Bus Station'),
  rideTo: like('Kejetia Lorry Park'),
  departureDate: regex(/^\d{4}-\d{2}-\d{2}$/, '2026-12-04'),
  departureTime: regex(/^\d{2}:\d{2}$/, '07:30'),
  departureAt: isoDate,
  passengerId: uuid(),
  passengerName: like('Akosua Frimpong'),
  passengerPhone: regex(/^0[2-9]\d{8}$/, '0244123456'),
  driverId: uuid(),
  driverName: like('Kofi Boateng'),
  seats: integer(1),
  board: { index: integer(0), location: like('Circle VIP Bus Station') },
  alight: { index: integer(1), location: like('Kejetia Lorry Park') },
  totalAmount: regex(/^\d+\.\d{2}$/, '140.00'),
  currency: like('GHS'),
  boardingCode: regex(/^[A-Z0-9]{6}$/, 'ACDE34'),
  createdAt: isoDate,
  version: integer(1),
});
const historyEntry = { from: null, to: status('confirmed'), actor: regex(/^(passenger|driver|staff|system)$/, 'passenger'), actorId: uuid(), reason: null, at: isoDate };

// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const statePaymentBookingId = fromProviderState('${paymentBookingId}', examples.bookingId);
const ledgerPath = fromProviderState(
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
  '/api/admin/payments/bookings/${paymentBookingId}',
  `/api/admin/payments/bookings/${examples.bookingId}`,
);
/** A payment as the Payments tab and a booking's ledger read it. */
const staffPayment = {
  id: uuid(),
  bookingId: uuid(examples.bookingId),
  rideId: uuid(),
  passengerId: uuid(),
  driverId: uuid(),
  status: regex(/^(pending|needs_otp|succeeded|failed)$/, 'pending'),
  amountPesewas: integer(12_600),
  farePesewas: integer(12_000),
  feePesewas: integer(600),
  currency: like('GHS'),
  provider: like('local'),
  walletNetwork: like('mtn'),
  walletMasked: like('024 *** **67'),
  providerReference: null,
  reason: null,
  held: false,
  createdAt: isoDate,
  updatedAt: isoDate,
};
const pesewas = (example: number) => integer(example);
/** A reconciliation's result as the panel reads it (a clean run: no mismatch). */
const reconciliationResult = {
  id: uuid(),
  ranAt: isoDate,
  ranBy: uuid(),
  since: isoDate,
  limit: integer(200),
  checked: integer(1),
  truncated: false,
  books: {
    totalPesewas: 0,
    balanced: true,
    accounts: [],
  },
  gatewayTotals: eachLike({ movement: regex(/^(collections|gateway_fees|refunds|payouts)$/, 'collections'), booksPesewas: pesewas(0), gatewayPesewas: pesewas(0) }),
  mismatches: [],
  passed: true,
};

describe('admin frontend → BFF', () => {
  it('signs in with the right credentials', async () => {
    await pact
      .addInteraction()
      .given('an admin named founder with password first-admin-pass')
      .uponReceiving('an admin sign-in with the right password')
      .withRequest('POST', '/api/admin/login', (b) => b.headers(json).jsonBody({ username: 'founder', password: 'first-admin-pass' }))
      .willRespondWith(200, (b) => b.jsonBody({ admin }))
      .executeTest(whenRecorded(async (mock) => {
        const session = await withFetchAgainst(mock.url, () => loginAdmin({ username: 'founder', password: 'first-admin-pass' }));
        expect(session.admin.username).toBe('founder');
      }));
  });

  it('hears the spec error for wrong credentials', async () => {
    await pact
      .addInteraction()
      .given('an admin named founder with password first-admin-pass')
      .uponReceiving('an admin sign-in with a wrong password')
      .withRequest('POST', '/api/admin/login', (b) => b.headers(json).jsonBody({ username: 'founder', password: 'wrong-password' }))
      .willRespondWith(401, (b) => b.jsonBody({ message: 'Invalid username or password' }))
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, () => loginAdmin({ username: 'founder', password: 'wrong-password' }))).rejects.toThrow(
          '401: {"message":"Invalid username or password"}',
        );
      }));
  });

  it('verifies the session, and is refused without one', async () => {
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .uponReceiving('a session check by a signed-in admin')
      .withRequest('GET', '/api/admin/verify')
      .willRespondWith(200, (b) => b.jsonBody({ admin }))
      .executeTest(whenRecorded(async (mock) => {
        expect((await withFetchAgainst(mock.url, getAdminSession)).admin.username).toBeTruthy();
      }));
    await pact
      .addInteraction()
      .uponReceiving('a session check without a session')
      .withRequest('GET', '/api/admin/verify')
      .willRespondWith(401, (b) => b.jsonBody({ message: 'Admin sign-in required' }))
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, getAdminSession)).rejects.toThrow(/^401: /);
      }));
  });

  it('reads the waitlist and the admin list', async () => {
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('the waitlist has a sign-up')
      .uponReceiving('a request for the waitlist')
      .withRequest('GET', '/api/admin/waitlist')
      .willRespondWith(200, (b) =>
        b.jsonBody(eachLike({ id: uuid(), name: like('Ama Mensah'), email: like('ama@example.com'), phone: regex(/^0[2-9]\d{8}$/, '0241234567'), createdAt: isoDate })),
      )
      .executeTest(whenRecorded(async (mock) => {
        const signups = await withFetchAgainst(mock.url, getWaitlistSignups);
        expect(signups[0]?.email).toBe('ama@example.com');
      }));
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .uponReceiving('a request for the admin list')
      .withRequest('GET', '/api/admin/users')
      .willRespondWith(200, (b) => b.jsonBody(eachLike(admin)))
      .executeTest(whenRecorded(async (mock) => {
        expect((await withFetchAgainst(mock.url, getAdminUsers))[0]?.username).toBe('founder');
      }));
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .uponReceiving("a request for the staff's names")
      .withRequest('GET', '/api/admin/staff-names')
      .willRespondWith(200, (b) => b.jsonBody({ staff: eachLike({ id: uuid(), username: like('founder') }) }))
      .executeTest(whenRecorded(async (mock) => {
        expect((await withFetchAgainst(mock.url, () => getStaffNames())).staff[0]?.username).toBe('founder');
      }));
  });

  it('creates an admin, and hears a clear 409 for a taken name', async () => {
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .uponReceiving('a new admin account')
      .withRequest('POST', '/api/admin/users', (b) => b.headers(json).jsonBody({ username: 'kwame.ops', password: 'kwame-pass', roles: ['support'] }))
      .willRespondWith(201, (b) => b.jsonBody({ id: uuid(), username: 'kwame.ops', roles: ['support'], createdAt: isoDate }))
      .executeTest(whenRecorded(async (mock) => {
        expect((await withFetchAgainst(mock.url, () => createAdminUser({ username: 'kwame.ops', password: 'kwame-pass', roles: ['support'] }))).username).toBe('kwame.ops');
      }));
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('an admin named founder with password first-admin-pass')
      .uponReceiving('a new admin account with a taken username')
      .withRequest('POST', '/api/admin/users', (b) => b.headers(json).jsonBody({ username: 'founder', password: 'other-pass', roles: ['support'] }))
      .willRespondWith(409, (b) => b.jsonBody({ message: 'Username already exists' }))
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, () => createAdminUser({ username: 'founder', password: 'other-pass', roles: ['support'] }))).rejects.toThrow('Username already exists');
      }));
  });

  it('reads the verification review queue', async () => {
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('an identity submission is pending review')
      .uponReceiving('a request for the pending verification submissions')
      .withRequest('GET', '/api/admin/verifications', (b) => b.query({ status: 'pending' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          items: eachLike({
            id: uuid(),
            kind: regex(/^(identity|driver)$/, 'identity'),
            status: 'pending',
            userId: uuid(),
            userName: like('Ama Mensah'),
            fullName: like('Ama Mensah'),
            submittedAt: isoDate,
            documentCount: integer(2),
            previousRejections: integer(0),
          }),
          pendingCount: integer(1),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const queue = await withFetchAgainst(mock.url, () => getReviewQueue('pending'));
        expect(queue.items[0]?.status).toBe('pending');
        expect(queue.pendingCount).toBeGreaterThan(0);
      }));
  });

  it('reads the SMS log', async () => {
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('an SMS was sent to 0241234567')
      .uponReceiving('a request for the recent SMS')
      .withRequest('GET', '/api/admin/messages/sms', (b) => b.query({ limit: '50' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          entries: eachLike({
            id: uuid(),
            channel: 'sms',
            destination: like('+233241234567'),
            subject: null,
            text: like('Krom: your seat is booked.'),
            messageType: like('booking_confirmation'),
            status: 'sent',
            provider: like('console'),
            error: null,
            attempts: integer(1),
            sentAt: isoDate,
            createdAt: isoDate,
          }),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const log = await withFetchAgainst(mock.url, () => getMessageLog('sms', undefined));
        expect(log.entries[0]?.status).toBe('sent');
      }));
  });

  it('lists the confirmed cash bookings on a ride, reads one with its history and cancels it with a reason', async () => {
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('a confirmed booking on a posted ride')
      .uponReceiving("a list of a ride's confirmed bookings paid in cash")
      .withRequest('GET', '/api/admin/bookings', (b) => b.query({ status: 'confirmed', paymentMethod: 'cash', rideId: stateRideId }))
      .willRespondWith(200, (b) => b.jsonBody({ bookings: eachLike(staffBooking('confirmed')), nextCursor: null }))
      .executeTest(whenRecorded(async (mock) => {
        const page = await withFetchAgainst(mock.url, () => listBookings({ status: 'confirmed', paymentMethod: 'cash', rideId: examples.rideId }));
        expect(page.bookings[0]).toMatchObject({ rideId: examples.rideId, status: 'confirmed', paymentMethod: 'cash' });
        expect(page.nextCursor).toBeNull();
      }));
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('a confirmed booking on a posted ride')
      .uponReceiving('a request for a booking with its history')
      .withRequest('GET', bookingPath())
      .willRespondWith(200, (b) => b.jsonBody({ ...staffBooking('confirmed'), history: eachLike(historyEntry) }))
      .executeTest(whenRecorded(async (mock) => {
        const booking = await withFetchAgainst(mock.url, () => getBooking(examples.bookingId));
        expect(booking.history[0]?.to).toBe('confirmed');
      }));
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('a confirmed booking on a posted ride')
      .uponReceiving('a staff cancellation of a booking with a reason')
      .withRequest('POST', bookingPath('/cancel'), (b) => b.headers(json).jsonBody({ reason: 'Driver reported the car broke down' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...staffBooking('cancelled'),
          status: 'cancelled',
          history: [historyEntry, { ...historyEntry, from: 'confirmed', to: 'cancelled', actor: 'staff', reason: 'Driver reported the car broke down' }],
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const booking = await withFetchAgainst(mock.url, () => cancelBooking(examples.bookingId, 'Driver reported the car broke down'));
        expect(booking.status).toBe('cancelled');
      }));
  });

  it("lists a driver's rides for the Rides tab, with their bookings count", async () => {
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('a confirmed booking on a posted ride')
      .uponReceiving("a list of one driver's active rides")
      .withRequest('GET', '/api/admin/rides', (b) => b.query({ status: 'active', driverId: stateDriverId }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          rides: [
            {
              id: stateRideId,
              fromCity: like('Accra'),
              fromLocation: like('Circle VIP Bus Station'),
              toCity: like('Kumasi'),
              toLocation: like('Kejetia Lorry Park'),
              departureAt: isoDate,
              status: 'active',
              driverId: stateDriverId,
              driverFirstName: like('Kofi'),
              seatsOffered: integer(3),
              availableSeats: integer(2),
              pricePerSeat: regex(/^\d+\.\d{2}$/, '120.00'),
              currency: like('GHS'),
              bookingsCount: 1,
            },
          ],
          nextCursor: null,
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const page = await withFetchAgainst(mock.url, () => listRides({ status: 'active', driverId: examples.driverId }));
        expect(page).toMatchObject({ rides: [{ id: examples.rideId, bookingsCount: 1 }], nextCursor: null });
      }));
  });

  it("finds a booking's payment, reads its ledger, runs the reconciliation and reads the last result", async () => {
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('a mobile money payment for a booking')
      .uponReceiving('a search for the payments of a booking')
      .withRequest('GET', '/api/admin/payments', (b) => b.query({ bookingId: statePaymentBookingId }))
      .willRespondWith(200, (b) => b.jsonBody({ payments: eachLike(staffPayment), page: integer(1), pageSize: integer(50), hasMore: false }))
      .executeTest(whenRecorded(async (mock) => {
        const found = await withFetchAgainst(mock.url, () => searchPayments({ bookingId: examples.bookingId }));
        expect(found.payments[0]?.bookingId).toBe(examples.bookingId);
      }));
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('a mobile money payment for a booking')
      .uponReceiving("a request for a booking's ledger")
      .withRequest('GET', ledgerPath)
      .willRespondWith(200, (b) => b.jsonBody({ bookingId: uuid(examples.bookingId), entries: [], balances: [], payments: eachLike(staffPayment), refunds: [], payouts: [] }))
      .executeTest(whenRecorded(async (mock) => {
        const ledger = await withFetchAgainst(mock.url, () => getBookingLedger(examples.bookingId));
        expect(ledger.payments[0]?.bookingId).toBe(examples.bookingId);
      }));
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('a mobile money payment for a booking')
      .uponReceiving('a staff run of the reconciliation')
      .withRequest('POST', '/api/admin/payments/reconciliations')
      .willRespondWith(200, (b) => b.jsonBody(reconciliationResult))
      .executeTest(whenRecorded(async (mock) => {
        const result = await withFetchAgainst(mock.url, () => runReconciliation());
        expect(result.passed).toBe(true);
      }));
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('a reconciliation was run')
      .uponReceiving('a request for the last reconciliation')
      .withRequest('GET', '/api/admin/payments/reconciliations/latest')
      .willRespondWith(200, (b) => b.jsonBody({ reconciliation: reconciliationResult }))
      .executeTest(whenRecorded(async (mock) => {
        const latest = await withFetchAgainst(mock.url, () => getLatestReconciliation());
        expect(latest.reconciliation?.passed).toBe(true);
      }));
  });

  it("reads a member's page (their vehicles and money among it), suspends the member with a reason and lifts the suspension", async () => {
    const memberPath = (tail = '') =>
      fromProviderState(`/api/admin/members/\${memberId}${tail}`, `/api/admin/members/${examples.memberId}${tail}`);
    const suspension = (reason: string | null) => ({
      userId: uuid(examples.memberId),
      suspendedAt: reason === null ? null : isoDate,
      reason,
      suspendedBy: reason === null ? null : uuid(),
    });
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('a member who posted a ride')
      .uponReceiving("a request for a member's page")
      .withRequest('GET', memberPath())
      .willRespondWith(200, (b) =>
        b.jsonBody({
          account: {
            available: true,
            id: uuid(examples.memberId),
            firstName: like('Kwame'),
            lastName: like('Asante'),
            phone: regex(/^0[2-9]\d{8}$/, '0244123456'),
            email: like('kwame@example.com'),
            createdAt: isoDate,
            verificationStatus: status('approved'),
            driverVerificationStatus: status('approved'),
            deleted: false,
            suspended: false,
            suspendedAt: null,
            suspensionReason: null,
          },
          rides: {
            available: true,
            ridesAsDriver: {
              count: integer(1),
              latest: eachLike({ id: uuid(), fromCity: like('Accra'), toCity: like('Kumasi'), departureAt: isoDate, status: status('active') }),
            },
            bookingsAsPassenger: { count: integer(0), latest: [] },
            vehicles: {
              count: integer(1),
              latest: eachLike({
                id: uuid(),
                make: like('Toyota'),
                model: like('Corolla'),
                year: integer(2019),
                color: like('Silver'),
                licensePlate: like('GR-1234-20'),
                seats: integer(4),
                isActive: true,
                addedAt: isoDate,
                removedAt: null,
              }),
            },
          },
          cases: { available: true, tickets: { count: integer(0), latest: [] }, reportsAbout: { count: integer(0), latest: [] } },
          // Read by the founder (an administrator): the member's fare for a seat on another ride, still waiting on their wallet.
          payments: {
            available: true,
            paymentsAsPassenger: { count: integer(1), latest: eachLike({ ...staffPayment, bookingId: uuid(), passengerId: uuid(examples.memberId) }) },
            refundsTo: { count: integer(0), latest: [] },
            payoutsTo: { count: integer(0), latest: [] },
          },
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const page = await withFetchAgainst(mock.url, () => getMemberPage(examples.memberId));
        expect(page.account.available && page.account.id).toBe(examples.memberId);
        expect(page.rides.available && page.rides.vehicles.latest[0]?.make).toBe('Toyota');
        expect(page.payments.available && page.payments.paymentsAsPassenger.latest[0]?.amountPesewas).toBe(12_600);
      }));
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('a member who posted a ride')
      .uponReceiving('a suspension of a member with a reason')
      .withRequest('POST', memberPath('/suspension'), (b) => b.headers(json).jsonBody({ reason: 'Took payment outside Krom' }))
      .willRespondWith(200, (b) => b.jsonBody(suspension('Took payment outside Krom')))
      .executeTest(whenRecorded(async (mock) => {
        const suspended = await withFetchAgainst(mock.url, () => suspendMember(examples.memberId, 'Took payment outside Krom'));
        expect(suspended.reason).toBe('Took payment outside Krom');
      }));
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .given('a suspended member')
      .uponReceiving("the lifting of a member's suspension")
      .withRequest('DELETE', memberPath('/suspension'))
      .willRespondWith(200, (b) => b.jsonBody(suspension(null)))
      .executeTest(whenRecorded(async (mock) => {
        const lifted = await withFetchAgainst(mock.url, () => liftMemberSuspension(examples.memberId));
        expect(lifted.suspendedAt).toBeNull();
      }));
  });

  it('signs out', async () => {
    await pact
      .addInteraction()
      .given('a signed-in admin')
      .uponReceiving('an admin sign-out')
      .withRequest('POST', '/api/admin/logout')
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, logoutAdmin);
      }));
  });
});
