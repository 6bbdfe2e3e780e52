import type { ReconciliationMismatch } from '@krom/contracts/http/staff-payments';
import { sql } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import type { MobileMoneyProvider } from '../providers/mobile-money/port.ts';
import { cedisText } from './cedis-text.ts';
import type { CollectionsBounds } from './reconcile-collections.ts';
import { readAtGateway } from './read-at-gateway.ts';

export type PaidOutCheck = {
  mismatches: ReconciliationMismatch[];
  totals: { books: number; gateway: number };
  checked: number;
  truncated: boolean;
};

type Paid = { id: string; booking_id: string; gateway_reference: string; paid: string };

const words = {
  refund: { table: sql`refunds`, entry: 'refund_paid:', since: sql`updated_at`, moved: 'paid back to the passenger', what: 'refund' },
  payout: { table: sql`payouts`, entry: 'payout_paid:', since: sql`paid_at`, moved: 'paid out to the driver', what: 'payout' },
} as const;

/**
 * The refunds or payouts of the window that the books count as paid (a `refund_paid` or
 * `payout_paid` entry crediting `gateway_clearing`, under the present attempt's reference), each
 * read again at the gateway (`verifyRefund`, `verifyPayout`) and compared: the gateway must say
 * it succeeded, for the same amount.
 */
export async function reconcilePaidOut(db: PaymentsDb, provider: MobileMoneyProvider, kind: 'refund' | 'payout', bounds: CollectionsBounds): Promise<PaidOutCheck> {
  const of = words[kind];
  const { rows } = await db.execute<Paid>(sql`
    SELECT m.id, m.booking_id, m.gateway_reference,
      (SELECT coalesce(-sum(l.amount), 0) FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id JOIN ledger_accounts a ON a.id = l.account_id
        WHERE e.reference = ${of.entry} || m.gateway_reference AND a.type = 'gateway_clearing')::text AS paid
    FROM ${of.table} m
    WHERE m.status = 'succeeded' AND m.${of.since} >= ${bounds.since.toISOString()}::timestamptz
    ORDER BY m.${of.since} DESC, m.id DESC
    LIMIT ${bounds.limit + 1}`);
  const chosen = rows.slice(0, bounds.limit);
  const check: PaidOutCheck = { mismatches: [], totals: { books: 0, gateway: 0 }, checked: 0, truncated: rows.length > bounds.limit };
  const verify = (reference: string) => (kind === 'refund' ? provider.verifyRefund(reference) : provider.verifyPayout(reference));
  const readings = await readAtGateway(chosen, bounds, (row) => verify(row.gateway_reference));
  chosen.forEach((row, index) => {
    const reading = readings[index];
    const mismatch = (text: string) => check.mismatches.push({ kind, reference: row.gateway_reference, bookingId: row.booking_id, text });
    if (!reading || 'skipped' in reading) {
      check.truncated = true;
      return;
    }
    if ('error' in reading) {
      mismatch(`The gateway's record of the ${of.what} could not be read: ${reading.error.message}`);
      return;
    }
    check.checked += 1;
    const books = Number(row.paid);
    const gateway = reading.read.status === 'succeeded' ? reading.read.amount : 0;
    check.totals.books += books;
    check.totals.gateway += gateway;
    if (books === gateway) return;
    if (gateway === 0) mismatch(`The books count ${cedisText(books)} ${of.moved}, but the gateway says the ${of.what} is ${reading.read.status}.`);
    else mismatch(`The books count ${cedisText(books)} ${of.moved}, but the gateway's record says ${cedisText(gateway)}.`);
  });
  return check;
}
