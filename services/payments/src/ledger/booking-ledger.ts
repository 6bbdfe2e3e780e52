import type { AnyDb } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import { accountName, type LedgerAccountType } from './accounts.ts';
import type { LedgerEntryKind } from './post-entry.ts';

export type BookingLedgerLine = { account: string; type: LedgerAccountType; debit: bigint; credit: bigint };
export type BookingLedgerEntry = { id: string; reference: string; kind: LedgerEntryKind; memo: string; postedAt: Date; lines: BookingLedgerLine[] };

export type BookingLedger = {
  entries: BookingLedgerEntry[];
  /** What the booking's entries moved, per account (debits less credits): how its money stands now. */
  balances: Record<string, bigint>;
};

/**
 * A booking's money as the ledger tells it: every entry posted for the booking, or touching an
 * account kept for it, in the order posted, with each line and the net per account.
 */
export async function bookingLedger(db: AnyDb, bookingId: string): Promise<BookingLedger> {
  const { rows } = await db.execute<{ id: string; reference: string; kind: LedgerEntryKind; memo: string; posted_at: string; type: LedgerAccountType; booking_id: string | null; driver_id: string | null; amount: string }>(sql`
    SELECT e.id, e.reference, e.kind, e.memo, e.posted_at, a.type, a.booking_id, a.driver_id, l.amount::text AS amount
    FROM ledger_entries e
    JOIN ledger_lines l ON l.entry_id = e.id
    JOIN ledger_accounts a ON a.id = l.account_id
    WHERE e.booking_id = ${bookingId}::uuid
      OR e.id IN (SELECT l2.entry_id FROM ledger_lines l2 JOIN ledger_accounts a2 ON a2.id = l2.account_id WHERE a2.booking_id = ${bookingId}::uuid)
    ORDER BY e.position, l.id`);

  const entries = new Map<string, BookingLedgerEntry>();
  const balances: Record<string, bigint> = {};
  for (const row of rows) {
    let entry = entries.get(row.id);
    if (!entry) {
      entry = { id: row.id, reference: row.reference, kind: row.kind, memo: row.memo, postedAt: new Date(row.posted_at), lines: [] };
      entries.set(row.id, entry);
    }
    const account = accountName({ type: row.type, bookingId: row.booking_id, driverId: row.driver_id });
    const amount = BigInt(row.amount);
    entry.lines.push({ account, type: row.type, debit: amount > 0n ? amount : 0n, credit: amount < 0n ? -amount : 0n });
    balances[account] = (balances[account] ?? 0n) + amount;
  }
  return { entries: [...entries.values()], balances };
}
