import { accraToKumasiRide } from '@krom/contracts/examples/rides';
import { accraToKumasiSearch } from '@krom/contracts/examples/ride-requests';
import type { RideRequestInput } from '@krom/contracts/http/ride-requests';
import { randomInt, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { hashPassword } from '@krom/server-kit/passwords';
import { pactFile, pactRequestFilter, verifierTimeoutMs } from '@krom/server-kit/pact';
import { eventually } from '@krom/server-kit/testing';
import { Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { multipartForm } from '../../services/identity/test/identity-test-env.ts';
import { CallbackInbox } from '../../services/payments/test/providers/callback-inbox.ts';
import { driverFields, identityFields, png } from '../../services/identity/test/verification-env.ts';
import { type Browser, browser, newPerson, ORIGIN, signedUp, startBff } from '../test/bff-test-env.ts';
import { runReconciliation } from '../../services/payments/src/staff/reconcile.ts';
import { deliverPaymentRequested, paymentRequested } from '../../services/payments/test/payment-requested-fact.ts';
import { PaystackStandIn } from '../../services/payments/test/providers/paystack-stand-in.ts';

/**
 * The real BFF, in front of the real admin, identity, notifications and rides services, verifies
 * what the frontends' pacts expect. "a signed-in admin" is a real sign-in whose cookie the browser
 * would carry; a pending submission is a real user's real form; a verified driver is a real
 * account whose forms staff approved through /api, and their vehicle and ride are posted through it.
 */
let system: Awaited<ReturnType<typeof startBff>>;
let baseUrl: string;
let cookie: string | undefined;
// Payments' gateway: the Paystack stand-in (a Telecel wallet's charge waits on its voucher code).
const paystack = new PaystackStandIn();
const gatewayCallbacks = new CallbackInbox();

beforeAll(async () => {
  await Promise.all([paystack.start(), gatewayCallbacks.start()]);
  paystack.webhookUrl = gatewayCallbacks.url;
  system = await startBff({
    services: ['identity', 'notifications', 'rides', 'payments'],
    // The per-address limit on sign-ins, sign-ups and waitlist sign-ups (10 a minute in production)
    // raised for this BFF alone: the verifier's own requests and the states that call through
    // inject ('a signed-in admin', 'the waitlist has a sign-up') all come from 127.0.0.1, 25 such
    // calls within one minute of a run. Members in states come from addresses of their own
    // (marketplaceVisitor, browser), one or two such calls each.
    overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' },
    paymentsEnv: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_API_BASE_URL: paystack.baseUrl },
  });
  baseUrl = await system.bff.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await system?.close();
  await Promise.all([paystack.stop(), gatewayCallbacks.stop()]);
});

it.each([
  ['krom-admin-frontend', 'krom-bff'],
  ['krom-shell', 'krom-bff'],
])('honours the %s pact', async (consumer, provider) => {
  const file = pactFile(consumer, provider);
  expect(existsSync(file), `${file} is written by the ${consumer} consumer test`).toBe(true);
  await new Verifier({
    provider,
    providerBaseUrl: baseUrl,
    pactUrls: [file],
    logLevel: 'warn',
    timeout: verifierTimeoutMs,
    // State handlers run before this interaction's request; forget its session afterwards.
    afterEach: async () => {
      cookie = undefined;
    },
    requestFilter: pactRequestFilter({ cookie: () => cookie }),
    stateHandlers: {
      'an admin named founder with password first-admin-pass': async () => {
        await system.admin.db.$client.query(
          'INSERT INTO admin_users (username, password) VALUES ($1, $2) ON CONFLICT (lower(username)) DO NOTHING',
          ['founder', await hashPassword('first-admin-pass')],
        );
        return undefined;
      },
      'a signed-in admin': async () => {
        const response = await system.bff.inject({
          method: 'POST',
          url: '/api/admin/login',
          headers: { origin: ORIGIN },
          payload: { username: 'founder', password: 'first-admin-pass' },
        });
        // A refused sign-in says so here, not as a 401 of the interaction that follows without a session.
        if (response.statusCode !== 200) throw new Error(`staff sign-in: ${response.statusCode} ${response.body}`);
        // The raw name=value pair as the browser would send it back (the value is URL-encoded).
        cookie = String(response.headers['set-cookie']).split(';')[0];
        return undefined;
      },
      'an identity submission is pending review': async () => {
        const person = browser(system.bff, '10.9.0.1');
        await signedUp(system.bff, person);
        const sent = await person.send('POST', '/api/auth/verify-identity', await multipartForm({ ...identityFields(), cardPhoto: png('card.png') }));
        if (sent.statusCode !== 201) throw new Error(`the submission answered ${sent.statusCode}: ${sent.body}`);
        return undefined;
      },
      'an SMS was sent to 0241234567': async () => {
        // As the SMS worker leaves a delivered text (the sending itself is the notifications service's tests').
        await system.notifications!.db.$client.query(
          `INSERT INTO sms_logs (phone_number, message, message_type, status, provider, provider_id, sent_at, attempts)
           VALUES ('+233241234567', 'Krom: your seat is booked.', 'booking_confirmation', 'sent', 'local', 'local-1', now(), 1)`,
        );
        return undefined;
      },
      // Booked through /api as the booking screen books: a passenger's seat on another member's instant ride.
      'a confirmed booking on a posted ride': async () => {
        const { rideId, driverId } = await postedRide();
        const { b: passenger } = await signedInPerson();
        const booking = await expectStatus(
          passenger.call(
            'POST',
            '/api/bookings',
            { rideId, seats: 1, boardAt: 0, alightAt: 1, passengerName: 'Akosua Frimpong', passengerPhone: '0244123456' },
            { 'idempotency-key': randomUUID() },
          ),
          201,
          'booking',
        );
        return { bookingId: String(booking.id), rideId, driverId };
      },
      // The member page's member: an approved driver with a ride posted through /api, and, as rides asks for it, their mobile money fare for a seat on another ride.
      'a member who posted a ride': async () => {
        const { driverId } = await postedRide();
        await deliverPaymentRequested(system.payments!.bus, paymentRequested({ passengerId: driverId }));
        return { memberId: driverId };
      },
      // Suspended through /api by the founder, as the member page's Suspend does.
      'a suspended member': async () => {
        const { person } = await signedInPerson();
        const staff = browser(system.bff, '10.9.3.1');
        await expectStatus(staff.post('/api/admin/login', { username: 'founder', password: 'first-admin-pass' }), 200, 'staff sign-in');
        await expectStatus(staff.post(`/api/admin/members/${person.id}/suspension`, { reason: 'Took payment outside Krom' }), 200, 'suspension');
        return { memberId: person.id };
      },
      // As rides asks for a mobile money fare: the prompt is on the passenger's phone (the Paystack stand-in), not yet approved.
      'a mobile money payment for a booking': async () => {
        const envelope = paymentRequested();
        await deliverPaymentRequested(system.payments!.bus, envelope);
        return { paymentBookingId: envelope.data.bookingId };
      },
      'a reconciliation was run': async () => {
        await runReconciliation(system.payments!.db, system.payments!.mobileMoney, { staffId: randomUUID(), now: new Date() });
        return undefined;
      },
      'the waitlist has a sign-up': async () => {
        await system.bff.inject({
          method: 'POST',
          url: '/api/waitlist',
          headers: { origin: ORIGIN },
          payload: { name: 'Ama Mensah', email: `ama.${Date.now()}@example.com`, phone: '0241234567' },
        });
        return undefined;
      },
    },
  }).verifyProvider();
});

// The marketplace frontend's pact (frontends/marketplace/contract/bff.consumer.pact.test.ts).

let marketplaceVisitors = 0;
const marketplaceVisitor = () => browser(system.bff, `10.9.2.${++marketplaceVisitors % 250}`);

/** The browser's session cookie as its Cookie header would carry it (values URL-encoded). */
const cookieOf = (b: Browser) =>
  Object.entries(b.cookies())
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ') || undefined;

async function expectStatus(response: Promise<{ statusCode: number; body: string }>, status: number, what: string) {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`${what}: ${answer.statusCode} ${answer.body}`);
  return JSON.parse(answer.body) as Record<string, unknown>;
}

/** A week from today in Ghana (GMT all year): a departure still ahead whenever the pact is verified. */
const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);

/** A signed-in account that has verified nothing, in a browser of its own. */
async function signedInPerson() {
  const b = marketplaceVisitor();
  const person = await signedUp(system.bff, b, newPerson({ firstName: 'Kwame', lastName: 'Asante' }));
  return { b, person };
}

/**
 * A signed-in driver whose identity and driver forms staff approved through /api, settled once the
 * rides service has projected both approvals (its posting gate reads them from there).
 */
async function approvedDriver() {
  const { b, person } = await signedInPerson();
  // A Ghana card number of this person's own: identity keeps one account per card.
  const cardNumber = `GHA-7${person.phone.slice(-8)}-3`;
  const identity = await expectStatus(
    b.send('POST', '/api/auth/verify-identity', await multipartForm({ ...identityFields(), fullName: 'Kwame Asante', cardNumber, cardPhoto: png('card.png') })),
    201,
    'identity form',
  );
  const driver = await expectStatus(
    b.send('POST', '/api/auth/verify-driver-identity', await multipartForm({ ...driverFields(), fullName: 'Kwame Asante', cardNumber, licenseFrontPhoto: png('licence.png') })),
    201,
    'driver form',
  );
  // The browser keeps the staff session its sign-in sets; a refused sign-in says so here, not as the approval's 401.
  const staff = marketplaceVisitor();
  await expectStatus(staff.post('/api/admin/login', { username: 'founder', password: 'first-admin-pass' }), 200, 'staff sign-in');
  for (const submission of [identity, driver]) {
    await expectStatus(staff.post(`/api/admin/verifications/${String(submission.id)}/decision`, { decision: 'approved' }), 200, 'approval');
  }
  await eventually(async () => {
    const { rows } = await required(system.rides, 'rides').db.$client.query(
      `SELECT 1 FROM user_profiles WHERE user_id = $1 AND verification_status = 'approved' AND driver_verification_status = 'approved'`,
      [person.id],
    );
    return rows.length ? true : undefined;
  });
  return { b, person };
}

/** A vehicle added through the add-vehicle form's call, with a plate of its own (the pact adds GR-1234-20). */
async function addedVehicle(b: Browser) {
  const plate = `AS-${randomInt(1000, 10_000)}-${randomInt(10, 26)}`;
  const vehicle = await expectStatus(b.post('/api/vehicles', { make: 'Toyota', model: 'Corolla', year: 2018, color: 'Silver', licensePlate: plate, seats: 5 }), 201, 'vehicle');
  return String(vehicle.id);
}

/**
 * A ride request for the example ride's route, as the request form sends it: the places' data,
 * a preferred date, two passengers, a price limit, notes, told by e-mail and SMS.
 */
function rideRequestFor(preferredDepartureDate: string): RideRequestInput {
  const ride = accraToKumasiRide('', preferredDepartureDate);
  return {
    fromLocation: ride.fromLocation,
    fromLatitude: ride.fromLatitude,
    fromLongitude: ride.fromLongitude,
    fromLocalityArea: ride.fromLocalityArea,
    fromRegion: ride.fromRegion,
    fromPlaceId: ride.fromPlaceId,
    toLocation: ride.toLocation,
    toLatitude: ride.toLatitude,
    toLongitude: ride.toLongitude,
    toLocalityArea: ride.toLocalityArea,
    toRegion: ride.toRegion,
    toPlaceId: ride.toPlaceId,
    preferredDepartureDate,
    passengers: 2,
    maxPricePerSeat: '90',
    notes: 'Two bags, one small',
    notifyByEmail: true,
    notifyBySMS: true,
  };
}

/** The example ride (Accra to Kumasi through Nkawkaw) posted a week ahead by an approved driver of its own. */
async function postedRide() {
  const { b } = await approvedDriver();
  const departureDate = inAWeek();
  const ride = await expectStatus(b.post('/api/rides', accraToKumasiRide(await addedVehicle(b), departureDate)), 201, 'ride');
  return { rideId: String(ride.id), driverId: String(ride.driverId), departureDate };
}

/**
 * A ride from Accra to Kumasi through Nkawkaw posted by an approved driver (taking bookings
 * `bookingMode`), and another member's booking of 2 seats from Accra to Nkawkaw on it, made
 * through /api as the booking screen makes it (with an Idempotency-Key).
 */
async function bookedRide(bookingMode: 'instant' | 'approval', leaves: 'in a week' | 'within a day' = 'in a week') {
  const driver = (await approvedDriver()).b;
  // Passengers are boarded from 24 hours before departure: a ride whose passenger is boarded leaves in 20 hours.
  const soon = new Date(Date.now() + 20 * 3_600_000).toISOString();
  const departure: [string, string?] = leaves === 'in a week' ? [inAWeek()] : [soon.slice(0, 10), soon.slice(11, 16)];
  const ride = await expectStatus(driver.post('/api/rides', { ...accraToKumasiRide(await addedVehicle(driver), ...departure), bookingMode }), 201, 'ride');
  const { b: passenger, person } = await signedInPerson();
  const form = { rideId: String(ride.id), seats: 2, boardAt: 0, alightAt: 1, passengerName: 'Kwame Asante', passengerPhone: person.phone };
  const booking = await expectStatus(passenger.call('POST', '/api/bookings', form, { 'idempotency-key': randomUUID() }), 201, 'booking');
  return { driver, passenger, rideId: String(ride.id), bookingId: String(booking.id), boardingCode: String(booking.boardingCode) };
}

function required<T>(value: T | undefined, name: string): T {
  if (!value) throw new Error(`the ${name} service is not running`);
  return value;
}

type Injected = Record<string, string>;
/** Values a state hands to its interaction's request (ids and the departure date it made). */
const marketplaceStates: Record<string, () => Promise<Injected | undefined>> = {
  'a signed-in user': async () => {
    cookie = cookieOf((await signedInPerson()).b);
    return undefined;
  },
  'a signed-in driver with approved identity and driver verification and no vehicle': async () => {
    cookie = cookieOf((await approvedDriver()).b);
    return undefined;
  },
  'a signed-in driver with approved identity and driver verification and a vehicle': async () => {
    const { b } = await approvedDriver();
    const vehicleId = await addedVehicle(b);
    cookie = cookieOf(b);
    return { vehicleId, departureDate: inAWeek() };
  },
  // Browsing is open to guests: the request carries no session.
  'a ride from Accra to Kumasi with a stop at Nkawkaw was posted': async () => {
    const posted = await postedRide();
    cookie = undefined;
    return posted;
  },
  // The listing's empty state: a signed-in account, and a preferred date still ahead whenever the pact is verified.
  'a signed-in user whose search found no ride': async () => {
    cookie = cookieOf((await signedInPerson()).b);
    return { preferredDepartureDate: inAWeek() };
  },
  // Filed through /api as the request form files it.
  'a signed-in user with an active ride request from Accra to Kumasi': async () => {
    const { b } = await signedInPerson();
    const preferredDepartureDate = inAWeek();
    const request = await expectStatus(b.post('/api/ride-requests', rideRequestFor(preferredDepartureDate)), 201, 'ride request');
    cookie = cookieOf(b);
    return { requestId: String(request.id), preferredDepartureDate };
  },
  // The ride is posted by another driver for the request's day; rides matches it when it handles the ride's ride.posted event.
  'a signed-in user with an active ride request from Accra to Kumasi that a posted ride matched': async () => {
    const { b } = await signedInPerson();
    const preferredDepartureDate = inAWeek();
    await expectStatus(b.post('/api/ride-requests', rideRequestFor(preferredDepartureDate)), 201, 'ride request');
    const driver = (await approvedDriver()).b;
    await expectStatus(driver.post('/api/rides', accraToKumasiRide(await addedVehicle(driver), preferredDepartureDate)), 201, 'ride');
    await eventually(async () => {
      const mine = await expectStatus(b.get('/api/ride-requests/mine'), 200, 'ride requests');
      return (mine.requests as { matchedRides: unknown[] }[]).some((request) => request.matchedRides.length > 0) || undefined;
    });
    cookie = cookieOf(b);
    return undefined;
  },
  // Saved through /api as the listing's button saves it; another driver's ride for its day is matched when rides handles its ride.posted.
  'a signed-in user with a saved search from Accra to Kumasi that a posted ride matched': async () => {
    const { b } = await signedInPerson();
    const departureDate = inAWeek();
    const search = await expectStatus(b.post('/api/saved-searches', accraToKumasiSearch(departureDate)), 201, 'saved search');
    const driver = (await approvedDriver()).b;
    await expectStatus(driver.post('/api/rides', accraToKumasiRide(await addedVehicle(driver), departureDate)), 201, 'ride');
    await eventually(async () => {
      const mine = await expectStatus(b.get('/api/saved-searches/mine'), 200, 'saved searches');
      return (mine.searches as { matchedRides: unknown[] }[]).some((saved) => saved.matchedRides.length > 0) || undefined;
    });
    cookie = cookieOf(b);
    return { savedSearchId: String(search.id) };
  },
  // Requested Rides: the signed-in driver posted Accra to Kumasi for a day another member filed a request for, through /api.
  "a signed-in driver whose upcoming ride from Accra to Kumasi fits another member's open ride request": async () => {
    const departureDate = inAWeek();
    const passenger = (await signedInPerson()).b;
    const request = await expectStatus(passenger.post('/api/ride-requests', rideRequestFor(departureDate)), 201, 'ride request');
    const driver = (await approvedDriver()).b;
    const ride = await expectStatus(driver.post('/api/rides', accraToKumasiRide(await addedVehicle(driver), departureDate)), 201, 'ride');
    cookie = cookieOf(driver);
    return { requestId: String(request.id), rideId: String(ride.id) };
  },
  // The booking screen's call: a passenger of their own, and a ride (instant, the default) by another driver.
  'a signed-in passenger, and an instant ride from Accra to Kumasi with a stop at Nkawkaw posted by another driver': async () => {
    const { rideId, departureDate } = await postedRide();
    cookie = cookieOf((await signedInPerson()).b);
    return { rideId, departureDate };
  },
  // The passenger saved a Telecel number in Payments (not confirmed: paying from it needs no code).
  'a signed-in passenger with a saved Telecel mobile money number, and an instant ride from Accra to Kumasi with a stop at Nkawkaw posted by another driver': async () => {
    const { rideId, departureDate } = await postedRide();
    const { b } = await signedInPerson();
    const saved = await expectStatus(b.call('POST', '/api/payment-methods', { provider: 'vodafone', number: '0201234567' }), 201, 'payment method');
    cookie = cookieOf(b);
    return { rideId, departureDate, paymentMethodId: String(saved.id) };
  },
  // Booked through /api as the booking screen books: 2 seats from the stop (place 1) to Kumasi (place 2).
  'a signed-in passenger with a confirmed booking of 2 seats from Nkawkaw to Kumasi': async () => {
    const { rideId, departureDate } = await postedRide();
    const { b } = await signedInPerson();
    const body = { rideId, seats: 2, boardAt: 1, alightAt: 2, passengerName: 'Kwame Asante', passengerPhone: '0241234567', specialRequests: 'One big suitcase' };
    const booking = await expectStatus(
      b.call('POST', '/api/bookings', body, { 'idempotency-key': randomUUID() }),
      201,
      'booking',
    );
    cookie = cookieOf(b);
    return { rideId, departureDate, bookingId: String(booking.id) };
  },
  // Booked through /api as the booking screen books by mobile money (a Telecel wallet): rides holds
  // the seats and asks payments, whose charge at the gateway then waits on the voucher code.
  'a signed-in passenger whose mobile money booking of 2 seats from Nkawkaw to Kumasi waits on the Telecel voucher': async () => {
    const { rideId, departureDate } = await postedRide();
    const { b } = await signedInPerson();
    const body = {
      rideId,
      seats: 2,
      boardAt: 1,
      alightAt: 2,
      passengerName: 'Kwame Asante',
      passengerPhone: '0241234567',
      specialRequests: 'One big suitcase',
      paymentMethod: 'mobile_money',
      wallet: { phone: '0201234567', network: 'vodafone' },
    };
    const booking = await expectStatus(b.call('POST', '/api/bookings', body, { 'idempotency-key': randomUUID() }), 201, 'booking');
    const bookingId = String(booking.id);
    await eventually(async () => {
      const payment = await b.get(`/api/bookings/${bookingId}/payment`);
      return payment.statusCode === 200 && (JSON.parse(payment.body) as { status: string }).status === 'needs_otp' ? true : undefined;
    });
    cookie = cookieOf(b);
    return { rideId, departureDate, bookingId };
  },
  // Manage Bookings: the driver's session; the request waits for their answer.
  'a signed-in driver whose approval ride from Accra to Kumasi has a request for 2 seats from Accra to Nkawkaw': async () => {
    const { driver, rideId, bookingId } = await bookedRide('approval');
    cookie = cookieOf(driver);
    return { rideId, bookingId };
  },
  // Instant: confirmed at once, with the boarding code its passenger shows at pickup.
  'a signed-in driver whose instant ride from Accra to Kumasi has a confirmed booking of 2 seats from Accra to Nkawkaw': async () => {
    const { driver, rideId, bookingId, boardingCode } = await bookedRide('instant', 'within a day');
    cookie = cookieOf(driver);
    return { rideId, bookingId, boardingCode };
  },
  'a signed-in passenger with a confirmed booking of 2 seats from Accra to Nkawkaw': async () => {
    const { passenger } = await bookedRide('instant');
    cookie = cookieOf(passenger);
    return undefined;
  },
  // Through /api as the screens write: the passenger asked the driver of a posted ride, the driver answered (not read yet).
  'a signed-in passenger whose message about a ride from Accra to Kumasi its driver answered': async () => {
    const { b: driver } = await approvedDriver();
    const departureDate = inAWeek();
    const ride = await expectStatus(driver.post('/api/rides', accraToKumasiRide(await addedVehicle(driver), departureDate)), 201, 'ride');
    const { b: passenger, person } = await signedInPerson();
    const question = await expectStatus(passenger.post(`/api/rides/${String(ride.id)}/messages`, { body: 'Is there space for 2 seats?' }), 201, 'message');
    const conversationId = String(question.conversationId);
    // The driver may write to the passenger once rides knows them (their profile, from identity's snapshot).
    await eventually(async () => {
      const { rows } = await required(system.rides, 'rides').db.$client.query('SELECT 1 FROM user_profiles WHERE user_id = $1', [person.id]);
      return rows.length ? true : undefined;
    });
    const answer = await expectStatus(
      driver.post(`/api/messages/${conversationId}`, { body: 'Yes, 2 seats are free. We leave from the station car park.' }),
      201,
      'answer',
    );
    cookie = cookieOf(passenger);
    return { rideId: String(ride.id), departureDate, conversationId, messageId: String(answer.id) };
  },
  // The id of Kumasi as the place search names it (after "a signed-in user", whose session it searches with).
  'the place search knows Kumasi': async () => {
    const response = await system.bff.inject({ method: 'GET', url: '/api/places/autocomplete?q=Kumasi', headers: cookie ? { cookie } : {} });
    const { suggestions } = JSON.parse(response.body) as { suggestions?: { placeId: string; name: string }[] };
    const kumasi = suggestions?.find((suggestion) => suggestion.name === 'Kumasi');
    if (!kumasi) throw new Error(`the place search found no Kumasi: ${response.statusCode} ${response.body}`);
    return { placeId: kumasi.placeId };
  },
};

/** The states the pact's interactions are given, by name. */
function statesOf(file: string): string[] {
  const pact = JSON.parse(readFileSync(file, 'utf8')) as { interactions: { providerStates?: { name: string }[] }[] };
  return [...new Set(pact.interactions.flatMap((interaction) => (interaction.providerStates ?? []).map((state) => state.name)))];
}

it('honours the krom-marketplace-frontend pact', async () => {
  const file = pactFile('krom-marketplace-frontend', 'krom-bff');
  expect(existsSync(file), `${file} is written by the krom-marketplace-frontend consumer test`).toBe(true);
  // A state without a handler would only be a warning to the verifier: the pact's states are all here.
  expect(Object.keys(marketplaceStates)).toEqual(expect.arrayContaining(statesOf(file)));
  // State handlers' errors: the verifier logs them and carries on, so they are collected here.
  const setupFailures: string[] = [];
  await new Verifier({
    provider: 'krom-bff',
    providerBaseUrl: baseUrl,
    pactUrls: [file],
    logLevel: 'warn',
    timeout: verifierTimeoutMs,
    // Also runs for an interaction without a state (a guest's call).
    beforeEach: async () => {
      cookie = undefined;
    },
    afterEach: async () => {
      cookie = undefined;
    },
    requestFilter: pactRequestFilter({ cookie: () => cookie }),
    stateHandlers: Object.fromEntries(
      Object.entries(marketplaceStates).map(([name, setUp]) => [
        name,
        async () => {
          try {
            return await setUp();
          } catch (error) {
            setupFailures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
            throw error;
          }
        },
      ]),
    ),
  }).verifyProvider();
  expect(setupFailures).toEqual([]);
});
