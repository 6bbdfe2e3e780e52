import { randomUUID } from 'node:crypto';
import {
  type Reconciliation,
  type ReconciliationMismatch,
  reconciliationPaymentLimit,
  reconciliationSchema,
  reconciliationWindowDays,
} from '@krom/contracts/http/staff-payments';
import { HttpError } from '@krom/server-kit/errors';
import { desc, sql } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { reconciliations } from '../db/schema.ts';
import { trialBalance, type TrialBalance } from '../ledger/trial-balance.ts';
import type { MobileMoneyProvider } from '../providers/mobile-money/port.ts';
import { cedisText } from './cedis-text.ts';
import { reconcileCollections } from './reconcile-collections.ts';
import { reconcilePaidOut } from './reconcile-paid-out.ts';

export const reconciliationRunningMessage = 'A reconciliation is running already. Please wait for its result.';

export type ReconcileOptions = {
  staffId: string;
  now: Date;
  limit?: number;
  windowDays?: number;
  /** Gateway reads at once (8): a run reads up to `limit` payments without flooding the gateway. */
  concurrency?: number;
  /** How long a run may read the gateway (8 s), so its answer comes within the BFF's 10 s. */
  budgetMs?: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trial balance as the staff screen shows it: its totals per account type, and an entry off balance in words. */
function booksPart(books: TrialBalance): { part: Reconciliation['books']; mismatches: ReconciliationMismatch[] } {
  const byType = new Map<string, Reconciliation['books']['accounts'][number]>();
  for (const account of books.accounts) {
    const row = byType.get(account.type) ?? { type: account.type, accounts: 0, debitsPesewas: 0, creditsPesewas: 0, balancePesewas: 0 };
    row.accounts += 1;
    row.debitsPesewas += Number(account.debits);
    row.creditsPesewas += Number(account.credits);
    row.balancePesewas += Number(account.balance);
    byType.set(account.type, row);
  }
  const mismatches: ReconciliationMismatch[] = [];
  if (books.total !== 0n) mismatches.push({ kind: 'books', reference: null, bookingId: null, text: `The books do not balance: every account together sums to ${cedisText(books.total)}, not GH₵0.00.` });
  for (const entry of books.unbalancedEntries) {
    mismatches.push({ kind: 'books', reference: entry.reference, bookingId: null, text: `Entry ${entry.reference} does not balance: its ${entry.lines} line(s) are off by ${cedisText(entry.total)}.` });
  }
  return { part: { totalPesewas: Number(books.total), balanced: books.balanced, accounts: [...byType.values()] }, mismatches };
}

/**
 * A reconciliation staff run: (a) the books, every entry balanced and all accounts summing to
 * zero (trialBalance); (b) the payments made, and the refunds and payouts paid, in the last 30
 * days (at most 200 of each, newest first) read again at the gateway and compared with what the
 * books count. One runs at a time (a transaction-held advisory lock; a second is refused with 409). The result is stored, with who ran it and when.
 */
export async function runReconciliation(db: PaymentsDb, provider: MobileMoneyProvider, options: ReconcileOptions): Promise<Reconciliation> {
  const limit = options.limit ?? reconciliationPaymentLimit;
  const since = new Date(options.now.getTime() - (options.windowDays ?? reconciliationWindowDays) * DAY_MS);
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtext('krom.payments.reconciliation')) AS locked`);
    if (!rows[0]?.locked) throw new HttpError(409, reconciliationRunningMessage);
    const books = booksPart(await trialBalance(db));
    const bounds = { since, limit, concurrency: options.concurrency ?? 8, deadline: Date.now() + (options.budgetMs ?? 8_000) };
    const collections = await reconcileCollections(db, provider, bounds);
    const refunds = await reconcilePaidOut(db, provider, 'refund', bounds);
    const payouts = await reconcilePaidOut(db, provider, 'payout', bounds);
    const mismatches = [...books.mismatches, ...collections.mismatches, ...refunds.mismatches, ...payouts.mismatches];
    const result: Reconciliation = {
      id: randomUUID(),
      ranAt: options.now.toISOString(),
      ranBy: options.staffId,
      since: since.toISOString(),
      limit,
      checked: collections.checked + refunds.checked + payouts.checked,
      truncated: collections.truncated || refunds.truncated || payouts.truncated,
      books: books.part,
      gatewayTotals: [
        { movement: 'collections', booksPesewas: collections.totals.collections.books, gatewayPesewas: collections.totals.collections.gateway },
        { movement: 'gateway_fees', booksPesewas: collections.totals.gatewayFees.books, gatewayPesewas: collections.totals.gatewayFees.gateway },
        { movement: 'refunds', booksPesewas: refunds.totals.books, gatewayPesewas: refunds.totals.gateway },
        { movement: 'payouts', booksPesewas: payouts.totals.books, gatewayPesewas: payouts.totals.gateway },
      ],
      mismatches,
      passed: mismatches.length === 0,
    };
    await tx.insert(reconciliations).values({ id: result.id, ranAt: options.now, ranBy: options.staffId, passed: result.passed, result });
    return result;
  });
}

/** The last reconciliation run, or null before the first. */
export async function latestReconciliation(db: PaymentsDb): Promise<Reconciliation | null> {
  const [row] = await db.select().from(reconciliations).orderBy(desc(reconciliations.ranAt), desc(reconciliations.id)).limit(1);
  return row ? reconciliationSchema.parse(row.result) : null;
}
