import { randomUUID } from 'node:crypto';
import { memberActivityLimit, memberPaymentsSchema } from '@krom/contracts/http/member-page';
import { staffRoleRefusal } from '@krom/contracts/http/staff-roles-values';
import { staffMemberPaymentsRoute } from '@krom/contracts/services/payments/staff-payments';
import { ASSERTION_HEADER, type Caller, signAssertion } from '@krom/server-kit/internal-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../src/app.ts';
import type { PaymentsDb } from '../src/db/payments-db.ts';
import { unavailableMobileMoneyProvider } from '../src/providers/mobile-money/choose.ts';
import { aPayment, paidOut, refunded } from './payment-seeds.ts';
import { openPaymentsDatabase } from './payments-test-env.ts';

/*
 * The payments part of the admin area's member page, through the service's route with the BFF's
 * assertion: a member's payments as passenger, refunds to them and payouts to them as driver
 * (rows written as the slices that move the money write them), to finance and administrators only.
 */

const SECRET = 'staff-member-payments-test-secret';
let database: Awaited<ReturnType<typeof openPaymentsDatabase>>;
let db: PaymentsDb;
let app: Awaited<ReturnType<typeof buildPaymentsApp>>;

beforeAll(async () => {
  database = await openPaymentsDatabase();
  db = database.db;
  app = await buildPaymentsApp({ db, internalSecret: SECRET, mobileMoney: unavailableMobileMoneyProvider(), clock: () => new Date(), logLevel: 'silent' });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const staff = (...roles: string[]): Caller => ({ kind: 'admin', adminId: randomUUID(), roles });
const read = (memberId: string, caller: Caller) =>
  app.inject({ method: 'GET', url: staffMemberPaymentsRoute.path.replace(':id', memberId), headers: { [ASSERTION_HEADER]: signAssertion(SECRET, caller, 'payments') } });

describe('GET /staff/members/:id/payments', () => {
  it("shows finance the member's payments, the refunds to them and their payouts as driver: counted, the latest ten newest first", async () => {
    const member = randomUUID();
    const start = Date.parse('2026-11-01T08:00:00.000Z');
    const made = [];
    for (let index = 0; index <= memberActivityLimit; index += 1) {
      made.push(await aPayment(db, { passengerId: member, createdAt: new Date(start + index * 60_000).toISOString() }));
    }
    const refundId = await refunded(db, made[0]!, 5_000);
    const payoutId = await paidOut(db, await aPayment(db, { passengerId: randomUUID(), driverId: member }));
    // Another member's money is not theirs.
    await aPayment(db, { passengerId: randomUUID() });

    const response = await read(member, staff('finance'));
    expect(response.statusCode, response.body).toBe(200);
    const money = memberPaymentsSchema.parse(response.json());
    expect(money.paymentsAsPassenger.count).toBe(memberActivityLimit + 1);
    expect(money.paymentsAsPassenger.latest.map((payment) => payment.id)).toEqual(made.slice(1).reverse().map((payment) => payment.id));
    expect(money.paymentsAsPassenger.latest[0]).toMatchObject({
      bookingId: made.at(-1)!.bookingId,
      passengerId: member,
      status: 'succeeded',
      amountPesewas: 12_600,
      walletMasked: '050 *** **67',
      createdAt: new Date(start + memberActivityLimit * 60_000).toISOString(),
    });
    expect(money.refundsTo).toEqual({
      count: 1,
      latest: [expect.objectContaining({ id: refundId, bookingId: made[0]!.bookingId, paymentId: made[0]!.id, cause: 'staff', status: 'succeeded', amountPesewas: 5_000, walletMasked: '050 *** **67' })],
    });
    expect(money.payoutsTo).toEqual({ count: 1, latest: [expect.objectContaining({ id: payoutId, driverId: member, status: 'succeeded', amountPesewas: 12_000 })] });

    // The same for an administrator; a member with no money has none of any.
    expect((await read(member, staff('administrator'))).json()).toEqual(response.json());
    expect((await read(randomUUID(), staff('finance'))).json()).toEqual({
      paymentsAsPassenger: { count: 0, latest: [] },
      refundsTo: { count: 0, latest: [] },
      payoutsTo: { count: 0, latest: [] },
    });
  });

  it('refuses support and trust and safety staff (403), members and guests (401), and an id that is no member id (400)', async () => {
    for (const roles of [['support'], ['trust_safety'], ['support', 'trust_safety']]) {
      const response = await read(randomUUID(), staff(...roles));
      expect([roles, response.statusCode, response.json().message]).toEqual([roles, 403, staffRoleRefusal]);
    }
    for (const caller of [{ kind: 'user', userId: randomUUID() } as const, { kind: 'public' } as const]) {
      expect((await read(randomUUID(), caller)).statusCode).toBe(401);
    }
    expect((await read('not-a-member', staff('finance'))).statusCode).toBe(400);
  });
});
