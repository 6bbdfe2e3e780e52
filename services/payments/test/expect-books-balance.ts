import type { AnyDb } from '@krom/server-kit/outbox';
import { expect } from 'vitest';
import { trialBalance } from '../src/ledger/trial-balance.ts';

/**
 * Asserts the ledger's invariant: no entry is unbalanced and every account's balances sum to
 * zero. Returns each account's balance by name (`driver_payable:<id>`), for a test to check the
 * ones it moved. Call it at the end of any test that moves money.
 */
export async function expectBooksBalance(db: AnyDb): Promise<Record<string, bigint>> {
  const books = await trialBalance(db);
  expect(books.unbalancedEntries).toEqual([]);
  expect(books.total).toBe(0n);
  expect(books.balanced).toBe(true);
  return Object.fromEntries(books.accounts.map((account) => [account.account, account.balance]));
}
