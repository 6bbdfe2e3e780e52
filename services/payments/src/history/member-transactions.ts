import type { Payment, PaymentsResponse } from '@krom/contracts/http/payments';
import { paymentsPageSize } from '@krom/contracts/http/payments';
import { toDecimalCedis } from '@krom/contracts/money';
import type { AnyDb } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import { monthStart } from './ghana-periods.ts';

const CURRENCY = 'GHS';

type TransactionRow = {
  id: string;
  kind: Payment['kind'];
  receipt_id: string | null;
  status: Payment['status'];
  pesewas: string;
  currency: string;
  at: Date | string;
  reference: string | null;
  route_from: string | null;
  route_to: string | null;
};

/**
 * The member's transactions as one list: the payments they made (a payment's status as the screen
 * names it: succeeded is completed, or refunded once its refunds paid back cover it; pending and
 * needs_otp are pending; failed is failed), the refunds on them (succeeded is refunded, and pending
 * or failed as they stand), and the payouts to them (succeeded is completed, dated when paid; one
 * left to staff is failed; one scheduled, sent or failed and to be tried again is still pending).
 */
const memberTransactionRows = (userId: string) => sql`
  WITH mine AS (
    SELECT p.*, coalesce((SELECT sum(r.amount_pesewas) FROM refunds r WHERE r.booking_id = p.booking_id AND r.payment_id = p.id AND r.status = 'succeeded'), 0) AS refunded
    FROM payments p WHERE p.passenger_id = ${userId}::uuid
  )
  SELECT p.id, 'payment' AS kind, p.id AS receipt_id,
    CASE WHEN p.status = 'succeeded' AND p.refunded >= p.amount_pesewas THEN 'refunded'
      WHEN p.status = 'succeeded' THEN 'completed'
      WHEN p.status = 'failed' THEN 'failed'
      ELSE 'pending' END AS status,
    p.amount_pesewas AS pesewas, p.currency, p.created_at AS at, p.provider_reference AS reference, p.route_from, p.route_to
  FROM mine p
  UNION ALL
  SELECT r.id, 'refund', p.id, CASE r.status WHEN 'succeeded' THEN 'refunded' WHEN 'failed' THEN 'failed' ELSE 'pending' END,
    r.amount_pesewas, p.currency, r.created_at, r.provider_reference, p.route_from, p.route_to
  FROM refunds r JOIN mine p ON r.booking_id = p.booking_id AND r.payment_id = p.id
  UNION ALL
  SELECT o.id, 'payout', NULL, CASE o.status WHEN 'succeeded' THEN 'completed' WHEN 'needs_attention' THEN 'failed' ELSE 'pending' END,
    o.amount_pesewas, o.currency, coalesce(o.paid_at, o.created_at), o.provider_reference, paid.route_from, paid.route_to
  FROM payouts o
  LEFT JOIN LATERAL (
    SELECT route_from, route_to FROM payments WHERE booking_id = o.booking_id AND status = 'succeeded' LIMIT 1
  ) paid ON true
  WHERE o.driver_id = ${userId}::uuid`;

function toTransaction(row: TransactionRow): Payment {
  return {
    id: row.id,
    kind: row.kind,
    receiptId: row.receipt_id,
    status: row.status,
    amount: toDecimalCedis(Number(row.pesewas)),
    currency: row.currency,
    createdAt: new Date(row.at).toISOString(),
    paymentMethod: 'mobile_money',
    transactionId: row.reference,
    direction: row.kind === 'payout' ? 'earned' : 'spent',
    booking: row.route_from !== null && row.route_to !== null ? { ride: { from: row.route_from, to: row.route_to } } : null,
  };
}

/**
 * This month's totals in Ghana time, in cedis, each row counted by the date the history shows it:
 * Total Spent is what the member's payments collected less the refunds paid back to them, never
 * below zero; Total Earned is what was paid out to them.
 */
export async function monthlyTotals(db: AnyDb, userId: string, now: Date): Promise<PaymentsResponse['totals']> {
  const from = monthStart(now).toISOString();
  const until = monthStart(now, 1).toISOString();
  const within = sql`at >= ${from}::timestamptz AND at < ${until}::timestamptz`;
  const { rows } = await db.execute<{ spent: string; refunded: string; earned: string }>(sql`
    WITH t AS (${memberTransactionRows(userId)})
    SELECT
      coalesce(sum(pesewas) FILTER (WHERE kind = 'payment' AND status IN ('completed', 'refunded') AND ${within}), 0)::text AS spent,
      coalesce(sum(pesewas) FILTER (WHERE kind = 'refund' AND status = 'refunded' AND ${within}), 0)::text AS refunded,
      coalesce(sum(pesewas) FILTER (WHERE kind = 'payout' AND status = 'completed' AND ${within}), 0)::text AS earned
    FROM t WHERE currency = ${CURRENCY}`);
  const sums = rows[0] ?? { spent: '0', refunded: '0', earned: '0' };
  return {
    totalSpent: toDecimalCedis(Math.max(0, Number(sums.spent) - Number(sums.refunded))),
    totalEarned: toDecimalCedis(Number(sums.earned)),
    currency: CURRENCY,
  };
}

/** One page of the member's transactions, newest first, with this month's totals. */
export async function memberTransactions(db: AnyDb, userId: string, page: number, now: Date): Promise<PaymentsResponse> {
  const { rows } = await db.execute<TransactionRow>(sql`
    SELECT * FROM (${memberTransactionRows(userId)}) t
    ORDER BY at DESC, id DESC
    LIMIT ${paymentsPageSize + 1} OFFSET ${(page - 1) * paymentsPageSize}`);
  return {
    payments: rows.slice(0, paymentsPageSize).map(toTransaction),
    totals: await monthlyTotals(db, userId, now),
    page,
    hasMore: rows.length > paymentsPageSize,
  };
}
