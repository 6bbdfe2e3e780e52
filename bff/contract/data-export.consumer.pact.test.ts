import { exportData } from '@krom/contracts/api/account';
import { ASSERTION_HEADER, type Caller } from '@krom/server-kit/internal-auth';
import { exampleAssertion, pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { isolatedTestEnv } from '@krom/server-kit/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { bffTestConfig, ORIGIN } from '../test/bff-test-config.ts';

/**
 * The BFF as consumer of the three routes a member's data download composes: identity's,
 * rides' and payments' parts about the asserted member. The real BFF handles
 * GET /api/user/data-export with all three mock services running at once; each provider
 * verifies its part against its real service (services/<name>/contract/bff.provider.pact.test.ts).
 */
const { like, eachLike, regex, uuid, datetime, boolean, integer } = MatchersV3;
const identityPact = new PactV4({ consumer: 'krom-bff', provider: 'krom-identity', dir: pactDir, logLevel: 'warn' });
const ridesPact = new PactV4({ consumer: 'krom-bff', provider: 'krom-rides', dir: pactDir, logLevel: 'warn' });
const paymentsPact = new PactV4({ consumer: 'krom-bff', provider: 'krom-payments', dir: pactDir, logLevel: 'warn' });
const env = isolatedTestEnv('bffexportpact');
const redis = new Redis(env.redisUrl);
const jwt = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const isoDate = datetime("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", '2026-11-22T09:30:00.000Z');
const money = regex(/^\d+\.\d{2}$/, '120.00');

/** One member in every provider's state: their account (identity), a reviewed trip (rides), a payment (payments). */
const account = {
  id: '7e2d9c41-3b5a-4f6e-8d1c-2a9b0c3d4e5f',
  email: 'efua.export@example.com',
  phone: '0245550123',
  password: 'Kente-Weave-2026',
  firstName: 'Efua',
  lastName: 'Quansah',
};
const PAYMENT_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5e';

const assertions = { identity: '', rides: '', payments: '' };
beforeAll(async () => {
  const caller = { kind: 'user', userId: account.id } satisfies Caller;
  for (const service of ['identity', 'rides', 'payments'] as const) assertions[service] = await exampleAssertion(caller, service);
});
afterAll(async () => {
  const keys = await redis.keys(`${env.redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});
const as = (service: keyof typeof assertions) => ({ [ASSERTION_HEADER]: regex(jwt, assertions[service]) });

const reviewMember = { id: uuid(), firstName: like('Kofi'), profileImageUrl: null };
const review = {
  id: uuid(),
  reviewType: regex(/^(driver|passenger)$/, 'driver'),
  rating: integer(5),
  comment: like('Safe driver, on time, friendly.'),
  createdAt: isoDate,
  visible: boolean(true),
  publishedAt: isoDate,
  reviewer: reviewMember,
  reviewee: reviewMember,
  rideFrom: like('Accra'),
  rideTo: like('Kumasi'),
  departureDate: regex(/^\d{4}-\d{2}-\d{2}$/, '2026-11-20'),
  reply: null,
};

describe('BFF → identity, rides and payments: the data download', () => {
  it("reads each service's part about the signed-in member and gives the browser one file", async () => {
    const identityPart = identityPact
      .addInteraction()
      .given('an account exists', account)
      .uponReceiving("a request for the member's data for their download")
      .withRequest('GET', '/users/me/data-export', (b) => {
        b.headers(as('identity'));
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          account: {
            id: uuid(account.id),
            firstName: like(account.firstName),
            lastName: like(account.lastName),
            email: like(account.email),
            phone: regex(/^0[2-9]\d{8}$/, account.phone),
            emergencyContactName: null,
            emergencyContactPhone: null,
            profileImageUrl: null,
            isVerified: boolean(false),
            verificationStatus: regex(/^(not_submitted|pending|approved|rejected)$/, 'not_submitted'),
            isDriver: boolean(false),
            driverVerificationStatus: regex(/^(not_submitted|pending|approved|rejected)$/, 'not_submitted'),
            createdAt: isoDate,
            gender: null,
          },
          settings: {
            notifications: { emailNotifications: boolean(true), smsNotifications: boolean(true), pushNotifications: boolean(true), rideReminders: boolean(true), promotionalEmails: boolean(false) },
            privacy: { showPhoneToDrivers: boolean(true), showProfileToOthers: boolean(true), shareLocationData: boolean(true) },
          },
          verifications: [],
        }),
      );
    const ridesPart = ridesPact
      .addInteraction()
      .given('a passenger has a visible review of them', { passengerId: account.id })
      .uponReceiving("a request for the member's rides, bookings and reviews for their download")
      .withRequest('GET', '/members/me/data-export', (b) => {
        b.headers(as('rides'));
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ridesDriven: [],
          bookingsMade: eachLike({
            id: uuid(),
            rideId: uuid(),
            fromLocation: like('Circle VIP Bus Station'),
            toLocation: like('Kejetia Lorry Park'),
            departureAt: isoDate,
            driverFirstName: like('Kofi'),
            seats: integer(1),
            totalAmount: money,
            currency: like('GHS'),
            status: like('completed'),
            paymentMethod: regex(/^(cash|mobile_money)$/, 'cash'),
            passengerName: like('Efua Quansah'),
            passengerPhone: regex(/^0[2-9]\d{8}$/, '0245550123'),
            specialRequests: null,
            createdAt: isoDate,
          }),
          bookingsReceived: [],
          reviewsGiven: eachLike(review),
          reviewsReceived: eachLike(review),
          messages: [],
        }),
      );
    const paymentsPart = paymentsPact
      .addInteraction()
      .given('a member has paid for a ride', { userId: account.id, paymentId: PAYMENT_ID })
      .uponReceiving("a request for the member's money for their download")
      .withRequest('GET', '/members/me/data-export', (b) => {
        b.headers(as('payments'));
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          payments: eachLike({
            id: uuid(PAYMENT_ID),
            bookingId: uuid(),
            rideId: uuid(),
            status: like('succeeded'),
            amount: money,
            currency: like('GHS'),
            fare: money,
            serviceFee: money,
            wallet: like('024 *** **67'),
            network: like('mtn'),
            routeFrom: like('Accra'),
            routeTo: like('Kumasi'),
            reason: null,
            createdAt: isoDate,
          }),
          refunds: [],
          payouts: [],
          paymentMethods: [],
        }),
      );

    await identityPart.executeTest(
      whenRecorded(async (identity) =>
        ridesPart.executeTest(
          whenRecorded(async (rides) =>
            paymentsPart.executeTest(
              whenRecorded(async (payments) => {
                const config = bffTestConfig(env, { IDENTITY_URL: identity.url, RIDES_URL: rides.url, PAYMENTS_URL: payments.url, NATS_URL: undefined });
                const bff = await buildBffApp(config, redis);
                try {
                  const sid = await bff.sessions.create('user', account.id);
                  const cookies = { krom_session: bff.encodeSecureSession(bff.createSecureSession({ user: sid })) };
                  const response = await bff.inject({ method: 'GET', url: exportData.path, headers: { origin: ORIGIN }, cookies });
                  expect(response.statusCode, response.body).toBe(200);
                  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="krom-data-\d{4}-\d{2}-\d{2}\.json"$/);
                  const file = response.json();
                  expect(file.identity.account.email).toBe(account.email);
                  expect(file.rides.reviewsReceived).toHaveLength(1);
                  expect(file.payments.payments[0].id).toBe(PAYMENT_ID);
                } finally {
                  await bff.close();
                }
              }),
            ),
          ),
        ),
      ),
    );
  });
});
