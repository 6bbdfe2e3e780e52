import { staffRoles } from '@krom/contracts/http/staff-roles-values';
import { ASSERTION_HEADER } from '@krom/server-kit/internal-auth';
import { exampleAssertion, pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { isolatedTestEnv, staffCaller } from '@krom/server-kit/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { bffTestConfig, ORIGIN } from '../test/bff-test-config.ts';

/**
 * The BFF as consumer of the payments service's staff routes (the admin area's Payments tab): the
 * real BFF handles each call of a signed-in staff member, and its request to the payments service,
 * made as that staff member, is checked against what this pact records.
 */
const { atLeastLike, boolean, datetime, eachLike, integer, like, nullValue, regex, uuid } = MatchersV3;
const pact = new PactV4({ consumer: 'krom-bff', provider: 'krom-payments', dir: pactDir, logLevel: 'warn' });
const env = isolatedTestEnv('bffstaffpaypact');
const redis = new Redis(env.redisUrl);
const ADMIN_ID = '4a2c6e8b-1d3f-4b5a-9c7e-0f2a4c6e8b1d';
const jwt = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const at = (example: string) => datetime("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", example);

/** A payment of GH₵126.00 (GH₵120.00 fare, GH₵6.00 fee) collected from an MTN wallet, each for its own booking. */
const collected = {
  listed: { paymentId: '1c3e5a7b-9d2f-4a6c-8e0b-2d4f6a8c0e1a', bookingId: '2d4f6a8c-0e1a-4b3c-9d5e-7f9a1b3c5d6e' },
  ledger: { paymentId: '3e5a7c9d-1f2b-4c4d-8e6f-0a2b4c6d8e0f', bookingId: '4f6b8d0e-2a3c-4d5e-9f7a-1b3c5d7e9f1a' },
  refunded: { paymentId: '5a7c9e1f-3b4d-4e6f-8a8b-2c4d6e8f0a2b', bookingId: '6b8d0f2a-4c5e-4f7a-9b9c-3d5e7f9a1b3c' },
  overRefunded: { paymentId: '8d0f2b4c-6e7a-4b9c-8d1e-5f7a9b1c3d5e', bookingId: '9e1a3c5d-7f8b-4cad-9e2f-6a8b0c2d4e6f' },
};
const PAYOUT_ID = '7c9e1a3b-5d6f-4a8b-8c0d-4e6f8a0b2c4d';
/** The member whose page shows their money: a payment as passenger, a refund of part of it, a payout as driver. */
const MEMBER_ID = '0b2d4f6a-8c1e-4a3b-9d5f-7a9c1e3b5d7f';

afterAll(async () => {
  const keys = await redis.keys(`${env.redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** Made before any interaction is built: pact does not await a request builder. */
let asStaff: { [ASSERTION_HEADER]: ReturnType<typeof regex> };
beforeAll(async () => {
  asStaff = { [ASSERTION_HEADER]: regex(jwt, await exampleAssertion(staffCaller(['finance'], ADMIN_ID), 'payments')) };
});

/** Calls the real BFF as the signed-in staff member against the pact's mock payments service. */
async function asStaffThroughBff(mockUrl: string, method: 'GET' | 'POST', url: string, payload?: object) {
  // Every other service is one that is down (bff-test-config.ts); no event subscription.
  const bff: FastifyInstance = await buildBffApp(bffTestConfig(env, { PAYMENTS_URL: mockUrl, NATS_URL: undefined }), redis);
  onTestFinished(() => bff.close());
  const sid = await bff.sessions.create('admin', ADMIN_ID, staffRoles);
  const cookies = { krom_session: bff.encodeSecureSession(bff.createSecureSession({ admin: sid })) };
  return bff.inject({ method, url, headers: { origin: ORIGIN }, cookies, ...(payload ? { payload } : {}) });
}

const staffPayment = (ids: { paymentId: string; bookingId: string }) => ({
  id: uuid(ids.paymentId),
  bookingId: uuid(ids.bookingId),
  rideId: uuid(),
  passengerId: uuid(),
  driverId: uuid(),
  status: regex(/^(pending|needs_otp|succeeded|failed)$/, 'succeeded'),
  amountPesewas: integer(12_600),
  farePesewas: integer(12_000),
  feePesewas: integer(600),
  currency: 'GHS',
  provider: like('local'),
  walletNetwork: like('mtn'),
  walletMasked: regex(/^\d{3} \*\*\* \*\*\d{2}$/, '024 *** **67'),
  providerReference: like('T1a2b3c4d'),
  reason: nullValue(),
  held: boolean(false),
  createdAt: at('2026-11-20T09:00:00.000Z'),
  updatedAt: at('2026-11-20T09:00:00.000Z'),
});
const ledgerLine = (account: string, debit: number, credit: number) => ({ account: like(account), type: like(account.split(':')[0]), debitPesewas: integer(debit), creditPesewas: integer(credit) });

describe('BFF → payments service (staff: the admin area’s Payments tab)', () => {
  it('finds payments by status and wallet phone, newest first', async () => {
    await pact
      .addInteraction()
      .given('a payment was collected from an MTN wallet', collected.listed)
      .uponReceiving('a staff search of succeeded payments by wallet phone')
      .withRequest('GET', '/staff/payments', (b) => {
        // Forwarded as staff typed it: the service reads the number in either form.
        b.headers(asStaff).query({ status: 'succeeded', phone: '024 123 4567' });
      })
      .willRespondWith(200, (b) => b.jsonBody({ payments: eachLike(staffPayment(collected.listed)), page: 1, pageSize: 50, hasMore: boolean(false) }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await asStaffThroughBff(mock.url, 'GET', '/api/admin/payments?status=succeeded&phone=024%20123%204567');
        expect(response.statusCode).toBe(200);
        expect(response.json().payments[0]).toMatchObject({ id: collected.listed.paymentId, status: 'succeeded', amountPesewas: 12_600 });
      }));
  });

  it("shows a booking's ledger: its entries and lines, the net per account and its payment", async () => {
    const { bookingId } = collected.ledger;
    await pact
      .addInteraction()
      .given('a payment was collected from an MTN wallet', collected.ledger)
      .uponReceiving("a staff request for a booking's ledger")
      .withRequest('GET', `/staff/payments/bookings/${bookingId}`, (b) => {
        b.headers(asStaff);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          bookingId: uuid(bookingId),
          entries: eachLike({
            id: uuid(),
            reference: like(`collection:${collected.ledger.paymentId}`),
            kind: like('collection'),
            memo: like('Collected GH₵126.00'),
            postedAt: at('2026-11-20T09:00:00.000Z'),
            lines: eachLike(ledgerLine('gateway_clearing', 12_600, 0)),
          }),
          balances: eachLike({ account: like(`passenger_funds_held:${bookingId}`), netPesewas: integer(-12_600) }),
          payments: eachLike(staffPayment(collected.ledger)),
          refunds: [],
          payouts: [],
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await asStaffThroughBff(mock.url, 'GET', `/api/admin/payments/bookings/${bookingId}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ bookingId, payments: [{ id: collected.ledger.paymentId }], refunds: [] });
      }));
  });

  it("gives back part of a booking's payment with staff's reason", async () => {
    const { bookingId, paymentId } = collected.refunded;
    await pact
      .addInteraction()
      .given('a payment was collected from an MTN wallet', collected.refunded)
      .uponReceiving('a staff refund of GH₵60.00 with a reason')
      .withRequest('POST', `/staff/payments/bookings/${bookingId}/refunds`, (b) => {
        // Forwarded as typed: the service trims the reason it records.
        b.headers(asStaff).jsonBody({ reason: '  Charged twice for one seat ', amountPesewas: 6_000 });
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          id: uuid(),
          bookingId: uuid(bookingId),
          paymentId: uuid(paymentId),
          cause: 'staff',
          status: like('pending'),
          amountPesewas: 6_000,
          walletMasked: regex(/^\d{3} \*\*\* \*\*\d{2}$/, '024 *** **67'),
          attempts: integer(1),
          needsAttention: boolean(false),
          reason: nullValue(),
          staffReason: 'Charged twice for one seat',
          staffId: uuid(ADMIN_ID),
          createdAt: at('2026-11-20T09:00:00.000Z'),
          updatedAt: at('2026-11-20T09:00:00.000Z'),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await asStaffThroughBff(mock.url, 'POST', `/api/admin/payments/bookings/${bookingId}/refunds`, { reason: '  Charged twice for one seat ', amountPesewas: 6_000 });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ bookingId, amountPesewas: 6_000, staffReason: 'Charged twice for one seat', staffId: ADMIN_ID });
      }));
  });

  it('passes back a refund of more than is still held with the service message', async () => {
    const { bookingId } = collected.overRefunded;
    await pact
      .addInteraction()
      .given('a payment was collected from an MTN wallet', collected.overRefunded)
      .uponReceiving('a staff refund of more than the booking paid')
      .withRequest('POST', `/staff/payments/bookings/${bookingId}/refunds`, (b) => {
        b.headers(asStaff).jsonBody({ reason: 'Charged twice for one seat', amountPesewas: 100_000 });
      })
      .willRespondWith(409, (b) => b.jsonBody({ message: 'At most GH₵126.00 of this booking’s payment is still held to refund' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await asStaffThroughBff(mock.url, 'POST', `/api/admin/payments/bookings/${bookingId}/refunds`, { reason: 'Charged twice for one seat', amountPesewas: 100_000 });
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('At most GH₵126.00 of this booking’s payment is still held to refund');
      }));
  });

  it('lists the payouts that need attention and asks again for one', async () => {
    const payout = {
      id: uuid(PAYOUT_ID),
      bookingId: uuid(),
      driverId: uuid(),
      status: like('needs_attention'),
      amountPesewas: integer(12_000),
      walletMasked: nullValue(),
      attempts: integer(0),
      reason: like('The driver has no confirmed mobile money number'),
      retriedBy: nullValue(),
      dueAt: at('2026-11-20T09:00:00.000Z'),
      updatedAt: at('2026-11-20T09:00:00.000Z'),
    };
    await pact
      .addInteraction()
      .given('a payout needs attention', { payoutId: PAYOUT_ID })
      .uponReceiving('a staff request for the payouts that need attention')
      .withRequest('GET', '/staff/payments/payouts/attention', (b) => {
        b.headers(asStaff);
      })
      .willRespondWith(200, (b) => b.jsonBody({ payouts: eachLike(payout) }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await asStaffThroughBff(mock.url, 'GET', '/api/admin/payments/payouts/attention');
        expect(response.statusCode).toBe(200);
        expect(response.json().payouts[0]).toMatchObject({ id: PAYOUT_ID, status: 'needs_attention' });
      }));

    await pact
      .addInteraction()
      .given('a payout needs attention', { payoutId: PAYOUT_ID })
      .uponReceiving('a staff retry of a payout that needs attention')
      .withRequest('POST', `/staff/payments/payouts/${PAYOUT_ID}/retry`, (b) => {
        b.headers(asStaff);
      })
      .willRespondWith(200, (b) => b.jsonBody({ ...payout, status: like('scheduled'), retriedBy: uuid(ADMIN_ID) }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await asStaffThroughBff(mock.url, 'POST', `/api/admin/payments/payouts/${PAYOUT_ID}/retry`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: PAYOUT_ID, retriedBy: ADMIN_ID });
      }));
  });

  it('runs the reconciliation and reads the last one back', async () => {
    const reconciliation = {
      id: uuid(),
      ranAt: at('2026-11-20T09:00:00.000Z'),
      ranBy: uuid(ADMIN_ID),
      since: at('2026-10-21T09:00:00.000Z'),
      limit: integer(200),
      checked: integer(1),
      truncated: boolean(false),
      books: {
        totalPesewas: 0,
        balanced: true,
        accounts: eachLike({ type: like('gateway_clearing'), accounts: integer(1), debitsPesewas: integer(12_600), creditsPesewas: integer(0), balancePesewas: integer(12_600) }),
      },
      gatewayTotals: eachLike({ movement: regex(/^(collections|gateway_fees|refunds|payouts)$/, 'collections'), booksPesewas: integer(12_600), gatewayPesewas: integer(0) }),
      mismatches: atLeastLike(
        { kind: regex(/^(collection|gateway_fee|refund|payout)$/, 'collection'), reference: like(collected.listed.paymentId), bookingId: uuid(collected.listed.bookingId), text: like('The gateway has no record of this payment') },
        0,
        1,
      ),
      passed: boolean(false),
    };
    await pact
      .addInteraction()
      .given('a payment was collected from an MTN wallet', collected.listed)
      .uponReceiving('a staff run of the reconciliation')
      .withRequest('POST', '/staff/payments/reconciliations', (b) => {
        b.headers(asStaff);
      })
      .willRespondWith(200, (b) => b.jsonBody(reconciliation))
      .executeTest(whenRecorded(async (mock) => {
        const response = await asStaffThroughBff(mock.url, 'POST', '/api/admin/payments/reconciliations');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ ranBy: ADMIN_ID, books: { balanced: true } });
      }));

    await pact
      .addInteraction()
      .given('a reconciliation was run', collected.listed)
      .uponReceiving('a staff request for the last reconciliation')
      .withRequest('GET', '/staff/payments/reconciliations/latest', (b) => {
        b.headers(asStaff);
      })
      .willRespondWith(200, (b) => b.jsonBody({ reconciliation: { ...reconciliation, ranBy: uuid() } }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await asStaffThroughBff(mock.url, 'GET', '/api/admin/payments/reconciliations/latest');
        expect(response.statusCode).toBe(200);
        expect(response.json().reconciliation.books).toMatchObject({ totalPesewas: 0, balanced: true });
      }));
  });

  it("reads a member's payments, refunds and payouts for the member page (the other services, not running here, show unavailable)", async () => {
    await pact
      .addInteraction()
      .given('a member has paid, been refunded and been paid out', { memberId: MEMBER_ID })
      .uponReceiving("a staff read of a member's payments, refunds and payouts")
      .withRequest('GET', `/staff/members/${MEMBER_ID}/payments`, (b) => {
        b.headers(asStaff);
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          paymentsAsPassenger: { count: integer(1), latest: eachLike({ ...staffPayment({ paymentId: collected.listed.paymentId, bookingId: collected.listed.bookingId }), id: uuid(), bookingId: uuid(), passengerId: uuid(MEMBER_ID) }) },
          refundsTo: {
            count: integer(1),
            latest: eachLike({
              id: uuid(),
              bookingId: uuid(),
              paymentId: uuid(),
              cause: like('staff'),
              status: regex(/^(pending|succeeded|failed)$/, 'succeeded'),
              amountPesewas: integer(5_000),
              walletMasked: regex(/^\d{3} \*\*\* \*\*\d{2}$/, '024 *** **67'),
              attempts: integer(1),
              needsAttention: boolean(false),
              reason: nullValue(),
              staffReason: like('Charged twice for one seat'),
              staffId: uuid(),
              createdAt: at('2026-11-20T09:00:00.000Z'),
              updatedAt: at('2026-11-20T09:00:00.000Z'),
            }),
          },
          payoutsTo: {
            count: integer(1),
            latest: eachLike({
              id: uuid(),
              bookingId: uuid(),
              driverId: uuid(MEMBER_ID),
              status: regex(/^(scheduled|sent|succeeded|failed|needs_attention)$/, 'succeeded'),
              amountPesewas: integer(12_000),
              walletMasked: regex(/^\d{3} \*\*\* \*\*\d{2}$/, '024 *** **67'),
              attempts: integer(0),
              reason: nullValue(),
              retriedBy: nullValue(),
              dueAt: at('2026-11-20T09:00:00.000Z'),
              updatedAt: at('2026-11-20T09:00:00.000Z'),
            }),
          },
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await asStaffThroughBff(mock.url, 'GET', `/api/admin/members/${MEMBER_ID}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          account: { available: false },
          rides: { available: false },
          cases: { available: false },
          payments: expect.objectContaining({
            available: true,
            paymentsAsPassenger: expect.objectContaining({ count: 1 }),
            refundsTo: expect.objectContaining({ count: 1 }),
            payoutsTo: { count: 1, latest: [expect.objectContaining({ driverId: MEMBER_ID, status: 'succeeded' })] },
          }),
        });
      }));
  });
});
