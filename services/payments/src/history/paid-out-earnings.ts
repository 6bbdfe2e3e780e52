import { type DriverEarnings, earningsChartWeeks } from '@krom/contracts/http/payment-receipts';
import { ghanaDate } from '@krom/contracts/ghana-time';
import { toDecimalCedis } from '@krom/contracts/money';
import type { AnyDb } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import { addDays, dayStart, monthStart, weekStart } from './ghana-periods.ts';
import { payoutsPaidOut } from './ledger-movements.ts';

const CURRENCY = 'GHS';

/**
 * What a driver was paid out, in Ghana time, counted when the gateway confirmed each payout (its
 * `payout_paid` entry): today, this week (from Monday), this month, last month, and each of the
 * last 12 weeks, oldest first, the current one last. Money still owed or on its way is not earned yet.
 */
export async function paidOutEarnings(db: AnyDb, driverId: string, now: Date): Promise<DriverEarnings> {
  const thisWeek = weekStart(now);
  const firstWeek = addDays(thisWeek, -7 * (earningsChartWeeks - 1));
  const since = new Date(Math.min(firstWeek.getTime(), monthStart(now, -1).getTime()));
  const { rows } = await db.execute<{ at: Date | string; pesewas: string }>(sql`
    SELECT o.at, o.pesewas FROM (${payoutsPaidOut(driverId)}) o WHERE o.at >= ${since.toISOString()}::timestamptz`);
  const payouts = rows.map((row) => ({ at: new Date(row.at).getTime(), pesewas: Number(row.pesewas) }));
  const between = (from: Date, until: Date) =>
    toDecimalCedis(payouts.filter((payout) => payout.at >= from.getTime() && payout.at < until.getTime()).reduce((sum, payout) => sum + payout.pesewas, 0));
  const today = dayStart(now);
  return {
    currency: CURRENCY,
    today: between(today, addDays(today, 1)),
    thisWeek: between(thisWeek, addDays(thisWeek, 7)),
    thisMonth: between(monthStart(now), monthStart(now, 1)),
    lastMonth: between(monthStart(now, -1), monthStart(now)),
    weeks: Array.from({ length: earningsChartWeeks }, (_, index) => {
      const start = addDays(firstWeek, 7 * index);
      return { weekStart: ghanaDate(start), amount: between(start, addDays(start, 7)) };
    }),
  };
}
