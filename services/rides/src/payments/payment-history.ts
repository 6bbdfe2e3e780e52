import { ghanaTimeZone } from '@krom/contracts/ghana-time';
import type { Payment, PaymentsResponse } from '@krom/contracts/http/payments';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { RidesDb } from '../db/rides-db.ts';
import { type PaymentRow, payments } from '../db/schema.ts';

const TOTALS_CURRENCY = 'GHS';

const toPayment = (userId: string) => (row: PaymentRow): Payment => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  createdAt: row.createdAt.toISOString(),
  paymentMethod: row.paymentMethod,
  transactionId: row.transactionId,
  direction: row.payerId === userId ? 'spent' : 'earned',
  // Bookings and rides arrive with the marketplace issue; a payment names no ride until then.
  booking: null,
});

/**
 * What the user spent and earned in the calendar month holding `now`, in Ghana time: completed
 * payments in cedis only, counted when processed (or created, for rows without a processing time).
 * Sums are decimal strings with two places, computed in numeric so no cedi is lost to floats.
 */
export async function monthlyTotals(db: RidesDb, userId: string, now: Date): Promise<PaymentsResponse['totals']> {
  const monthStart = sql`date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE ${ghanaTimeZone})`;
  const { rows } = await db.execute<{ spent: string; earned: string }>(sql`
    SELECT
      coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.payerId} = ${userId}), 0)::numeric(14, 2)::text AS spent,
      coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.recipientId} = ${userId}), 0)::numeric(14, 2)::text AS earned
    FROM ${payments}
    WHERE (${payments.payerId} = ${userId} OR ${payments.recipientId} = ${userId})
      AND ${payments.status} = 'completed'
      AND ${payments.currency} = ${TOTALS_CURRENCY}
      AND coalesce(${payments.processedAt}, ${payments.createdAt}) >= (${monthStart}) AT TIME ZONE ${ghanaTimeZone}
      AND coalesce(${payments.processedAt}, ${payments.createdAt}) < ((${monthStart}) + interval '1 month') AT TIME ZONE ${ghanaTimeZone}
  `);
  const totals = rows[0] ?? { spent: '0.00', earned: '0.00' };
  return { totalSpent: totals.spent, totalEarned: totals.earned, currency: TOTALS_CURRENCY };
}

/** Every payment the user made or received, newest first, with this month's totals. */
export async function paymentHistory(db: RidesDb, userId: string, now = new Date()): Promise<PaymentsResponse> {
  const rows = await db
    .select()
    .from(payments)
    .where(or(eq(payments.payerId, userId), eq(payments.recipientId, userId)))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return { payments: rows.map(toPayment(userId)), totals: await monthlyTotals(db, userId, now) };
}
