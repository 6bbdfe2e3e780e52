import type { AnyDb } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import { accountName, type LedgerAccountType } from './accounts.ts';
import { LedgerError } from './ledger-error.ts';

export type AccountBalance = {
  /** `type` or `type:<owner id>`, as errors and reports name it. */
  account: string;
  type: LedgerAccountType;
  bookingId: string | null;
  driverId: string | null;
  debits: bigint;
  credits: bigint;
  /** Debits less credits: positive for what Krom holds or spent, negative for what it owes or earned. */
  balance: bigint;
};

export type TrialBalance = {
  accounts: AccountBalance[];
  /** The sum of every account's balance: zero when the books balance. */
  total: bigint;
  /** Entries whose own lines do not sum to zero, or that have fewer than two (none, while the database's rule holds). */
  unbalancedEntries: { reference: string; total: bigint; lines: number }[];
  balanced: boolean;
};

/**
 * Every account's debits, credits and balance, and whether the books balance: each entry on its
 * own and so all balances together. Read in one snapshot, so an entry committing meanwhile is
 * either wholly in the figures or wholly out.
 */
export async function trialBalance(db: AnyDb): Promise<TrialBalance> {
  return db.transaction(
    async (tx) => {
      const accounts = await tx.execute<{ type: LedgerAccountType; booking_id: string | null; driver_id: string | null; debits: string; credits: string; balance: string }>(sql`
        SELECT a.type, a.booking_id, a.driver_id,
          coalesce(sum(l.amount) FILTER (WHERE l.amount > 0), 0)::text AS debits,
          coalesce(-sum(l.amount) FILTER (WHERE l.amount < 0), 0)::text AS credits,
          sum(l.amount)::text AS balance
        FROM ledger_accounts a JOIN ledger_lines l ON l.account_id = a.id
        GROUP BY a.id
        ORDER BY a.type, a.booking_id NULLS FIRST, a.driver_id NULLS FIRST`);
      const unbalanced = await tx.execute<{ reference: string; total: string; lines: number }>(sql`
        SELECT e.reference, coalesce(sum(l.amount), 0)::text AS total, count(l.id)::int AS lines
        FROM ledger_entries e LEFT JOIN ledger_lines l ON l.entry_id = e.id
        GROUP BY e.id
        HAVING count(l.id) < 2 OR coalesce(sum(l.amount), 0) <> 0
        ORDER BY e.position`);
      const balances = accounts.rows.map((row) => ({
        account: accountName({ type: row.type, bookingId: row.booking_id, driverId: row.driver_id }),
        type: row.type,
        bookingId: row.booking_id,
        driverId: row.driver_id,
        debits: BigInt(row.debits),
        credits: BigInt(row.credits),
        balance: BigInt(row.balance),
      }));
      const total = balances.reduce((sum, account) => sum + account.balance, 0n);
      const unbalancedEntries = unbalanced.rows.map((row) => ({ reference: row.reference, total: BigInt(row.total), lines: row.lines }));
      return { accounts: balances, total, unbalancedEntries, balanced: total === 0n && unbalancedEntries.length === 0 };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The trial balance when the books balance; a LedgerError naming what is wrong when they do not. */
export async function checkBooks(db: AnyDb): Promise<TrialBalance> {
  const books = await trialBalance(db);
  if (!books.balanced) {
    const entries = books.unbalancedEntries.map((entry) => `${entry.reference} (${entry.lines} line(s), off by ${entry.total})`);
    throw new LedgerError(`The books do not balance: accounts sum to ${books.total} pesewas${entries.length ? `; unbalanced entries: ${entries.join(', ')}` : ''}.`);
  }
  return books;
}
