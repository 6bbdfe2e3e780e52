import { type SQL, sql } from 'drizzle-orm';

/*
 * Refunds paid back and payouts paid out, as the ledger records them (README, "The ledger"): a
 * `refund_paid` entry debits the booking's `refunds_in_transit`, a `payout_paid` entry the
 * driver's `payouts_in_transit`, by the amount the gateway confirmed. Read from the books rather
 * than from the refunds' and payouts' own tables (slices landing beside this one): whatever posts
 * those entries shows here, and only money that really moved does. A refund or payout still on
 * its way, or failed, is not in the books as paid: the history shows it once those tables are read
 * here too (a SELECT added to `memberTransactionRows`).
 */

/**
 * Each refund paid back on the bookings `bookingIds` (a query of booking ids) names: its entry's id,
 * the booking, the amount in pesewas, when it was confirmed.
 */
export const refundsPaidBack = (bookingIds: SQL): SQL => sql`
  SELECT e.id, e.booking_id, e.posted_at AS at, l.amount AS pesewas
  FROM ledger_entries e
  JOIN ledger_lines l ON l.entry_id = e.id
  JOIN ledger_accounts a ON a.id = l.account_id
  WHERE e.booking_id IN (${bookingIds}) AND e.kind = 'refund_paid' AND a.type = 'refunds_in_transit' AND l.amount > 0`;

/** Each payout paid out to `driverId`: its entry's id and reference, the booking if it paid one, the amount, when. */
export const payoutsPaidOut = (driverId: string): SQL => sql`
  SELECT e.id, e.reference, e.booking_id, e.posted_at AS at, l.amount AS pesewas
  FROM ledger_entries e
  JOIN ledger_lines l ON l.entry_id = e.id
  JOIN ledger_accounts a ON a.id = l.account_id
  WHERE e.kind = 'payout_paid' AND a.type = 'payouts_in_transit' AND a.driver_id = ${driverId}::uuid AND l.amount > 0`;
