import { type SQL, sql } from 'drizzle-orm';

/*
 * Payouts paid out, as the ledger records them (README, "The ledger"): a `payout_paid` entry
 * debits the driver's `payouts_in_transit` by the amount the gateway confirmed, when it did. Read
 * from the books rather than from the payouts' own table (a slice landing beside this one):
 * whatever posts those entries shows here, and only money that really moved does. A payout still
 * on its way, or failed, is not in the books as paid: the history shows it once that table is
 * read here instead.
 */

/** Each payout paid out to `driverId`: its entry's id and reference, the booking if it paid one, the amount, when. */
export const payoutsPaidOut = (driverId: string): SQL => sql`
  SELECT e.id, e.reference, e.booking_id, e.posted_at AS at, l.amount AS pesewas
  FROM ledger_entries e
  JOIN ledger_lines l ON l.entry_id = e.id
  JOIN ledger_accounts a ON a.id = l.account_id
  WHERE e.kind = 'payout_paid' AND a.type = 'payouts_in_transit' AND a.driver_id = ${driverId}::uuid AND l.amount > 0`;
