import { ghanaTimeZone } from '@krom/contracts/ghana-time';
import type { AnyDb } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';

/** How many weeks the earnings chart shows, the present one last. */
export const earningsChartWeeks = 12;

export type DriverEarnings = {
  currency: 'GHS';
  todayPesewas: number;
  thisWeekPesewas: number;
  thisMonthPesewas: number;
  lastMonthPesewas: number;
  /** The last `earningsChartWeeks` weeks (Monday to Sunday), oldest first, the present week last; weeks with nothing paid are 0. */
  weeks: { weekStart: string; amountPesewas: number }[];
};

/**
 * What a driver was paid out, for `/driver-dashboard`: today, this week (from Monday), this month
 * and last month, and each of the last 12 weeks, in Ghana time (Africa/Accra, which is UTC all
 * year), from their succeeded payouts counted when the gateway's record said they were paid
 * (`paid_at`), in pesewas. Periods end where the calendar's do, so a payout stamped after `now`
 * in the same day still counts today.
 */
export async function driverEarnings(db: AnyDb, driverId: string, now: Date): Promise<DriverEarnings> {
  const local = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${ghanaTimeZone})`;
  const start = (unit: 'day' | 'week' | 'month', shift = '0 days') => sql`((date_trunc(${unit}, ${local}) + ${shift}::interval) AT TIME ZONE ${ghanaTimeZone})`;
  const sum = (from: ReturnType<typeof sql>, until: ReturnType<typeof sql>) =>
    sql`coalesce(sum(amount_pesewas) FILTER (WHERE paid_at >= ${from} AND paid_at < ${until}), 0)::bigint::text`;
  const firstWeek = start('week', `-${earningsChartWeeks - 1} weeks`);
  const { rows: totals } = await db.execute<Record<'today' | 'thisWeek' | 'thisMonth' | 'lastMonth', string>>(sql`
    SELECT
      ${sum(start('day'), start('day', '1 day'))} AS "today",
      ${sum(start('week'), start('week', '1 week'))} AS "thisWeek",
      ${sum(start('month'), start('month', '1 month'))} AS "thisMonth",
      ${sum(start('month', '-1 month'), start('month'))} AS "lastMonth"
    FROM payouts
    WHERE driver_id = ${driverId}::uuid AND status = 'succeeded' AND paid_at >= least(${start('month', '-1 month')}, ${firstWeek})`);
  const { rows: weeks } = await db.execute<{ weekStart: string; amount: string }>(sql`
    SELECT to_char(week.local_start, 'YYYY-MM-DD') AS "weekStart", coalesce(sum(p.amount_pesewas), 0)::bigint::text AS amount
    FROM generate_series(date_trunc('week', ${local}) - make_interval(weeks => ${earningsChartWeeks - 1}::int), date_trunc('week', ${local}), interval '1 week') AS week (local_start)
    LEFT JOIN payouts p ON p.driver_id = ${driverId}::uuid AND p.status = 'succeeded'
      AND p.paid_at >= (week.local_start AT TIME ZONE ${ghanaTimeZone}) AND p.paid_at < ((week.local_start + interval '1 week') AT TIME ZONE ${ghanaTimeZone})
    GROUP BY week.local_start
    ORDER BY week.local_start`);
  const [row] = totals;
  return {
    currency: 'GHS',
    todayPesewas: Number(row?.today ?? 0),
    thisWeekPesewas: Number(row?.thisWeek ?? 0),
    thisMonthPesewas: Number(row?.thisMonth ?? 0),
    lastMonthPesewas: Number(row?.lastMonth ?? 0),
    weeks: weeks.map((week) => ({ weekStart: week.weekStart, amountPesewas: Number(week.amount) })),
  };
}
