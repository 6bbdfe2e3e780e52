import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsDb } from '../src/db/payments-db.ts';
import { payouts } from '../src/db/schema.ts';
import { driverEarnings, earningsChartWeeks } from '../src/payouts/driver-earnings.ts';
import type { PayoutStatus } from '../src/payouts/payout-transitions.ts';
import { openPaymentsDatabase } from './payments-test-env.ts';

/*
 * The driver's earnings from their payouts, on a database of its own: payouts written as the
 * sweep leaves them (succeeded with the time the gateway's record said so), read at a clock the
 * test gives. Ghana keeps GMT all year, so the periods are UTC's.
 */

let database: Awaited<ReturnType<typeof openPaymentsDatabase>>;
let db: PaymentsDb;
beforeAll(async () => {
  database = await openPaymentsDatabase(2);
  db = database.db;
});
afterAll(() => database.drop());

/** A payout of the driver's in `status`, paid (when succeeded) at `paidAt`. */
async function payout(driverId: string, amountPesewas: number, paidAt: string, status: PayoutStatus = 'succeeded') {
  const id = randomUUID();
  await db.insert(payouts).values({
    id,
    bookingId: randomUUID(),
    rideId: randomUUID(),
    driverId,
    status,
    amountPesewas,
    gatewayReference: id,
    attempts: 1,
    dueAt: new Date(Date.parse(paidAt) - 3_600_000),
    paidAt: status === 'succeeded' ? new Date(paidAt) : null,
  });
}

describe('a driver’s earnings', () => {
  // Wednesday 25 November 2026, 10:00 in Accra: the week began Monday the 23rd.
  const now = new Date('2026-11-25T10:00:00Z');

  it('sums what was paid out today, this week from Monday, this month and last month, and each of the last 12 weeks', async () => {
    const driver = randomUUID();
    await payout(driver, 1_000, '2026-11-25T08:00:00Z'); // today
    await payout(driver, 50, '2026-11-25T23:59:59Z'); // today still, later than the clock
    await payout(driver, 2_000, '2026-11-23T00:00:00Z'); // Monday: this week
    await payout(driver, 4_000, '2026-11-22T23:59:59Z'); // Sunday: last week, this month
    await payout(driver, 8_000, '2026-11-01T00:00:00Z'); // this month
    await payout(driver, 16_000, '2026-10-31T23:59:59Z'); // last month
    await payout(driver, 32_000, '2026-10-01T00:00:00Z'); // last month
    await payout(driver, 64_000, '2026-09-30T12:00:00Z'); // before last month, within the chart
    await payout(driver, 128_000, '2026-09-06T12:00:00Z'); // a Sunday, the week before the chart's first
    // Not paid, or someone else's: not counted.
    await payout(driver, 256_000, '2026-11-25T09:00:00Z', 'sent');
    await payout(driver, 256_000, '2026-11-25T09:00:00Z', 'failed');
    await payout(driver, 256_000, '2026-11-25T09:00:00Z', 'needs_attention');
    await payout(randomUUID(), 256_000, '2026-11-25T09:00:00Z');

    const earnings = await driverEarnings(db, driver, now);
    expect(earnings).toMatchObject({ currency: 'GHS', todayPesewas: 1_050, thisWeekPesewas: 3_050, thisMonthPesewas: 15_050, lastMonthPesewas: 48_000 });
    expect(earnings.weeks).toHaveLength(earningsChartWeeks);
    expect(earnings.weeks[0]).toEqual({ weekStart: '2026-09-07', amountPesewas: 0 });
    expect(earnings.weeks.at(-1)).toEqual({ weekStart: '2026-11-23', amountPesewas: 3_050 });
    expect(Object.fromEntries(earnings.weeks.filter((week) => week.amountPesewas > 0).map((week) => [week.weekStart, week.amountPesewas]))).toEqual({
      '2026-09-28': 64_000 + 32_000,
      '2026-10-26': 16_000 + 8_000,
      '2026-11-16': 4_000,
      '2026-11-23': 3_050,
    });
  });

  it('is all zeros for a driver never paid, the chart’s 12 weeks starting on Mondays', async () => {
    const earnings = await driverEarnings(db, randomUUID(), new Date('2026-03-01T00:00:00Z'));
    expect(earnings).toMatchObject({ todayPesewas: 0, thisWeekPesewas: 0, thisMonthPesewas: 0, lastMonthPesewas: 0 });
    // Sunday 1 March 2026: its week began Monday 23 February.
    expect(earnings.weeks.map((week) => week.weekStart)).toEqual([
      '2025-12-08', '2025-12-15', '2025-12-22', '2025-12-29', '2026-01-05', '2026-01-12',
      '2026-01-19', '2026-01-26', '2026-02-02', '2026-02-09', '2026-02-16', '2026-02-23',
    ]);
    expect(earnings.weeks.every((week) => week.amountPesewas === 0)).toBe(true);
  });
});
