import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsDb } from '../src/db/payments-db.ts';
import { ledgerAccounts } from '../src/ledger/accounts.ts';
import { LedgerError } from '../src/ledger/ledger-error.ts';
import { postEntry } from '../src/ledger/post-entry.ts';
import { checkBooks, trialBalance } from '../src/ledger/trial-balance.ts';
import { expectBooksBalance } from './expect-books-balance.ts';
import { openPaymentsDatabase } from './payments-test-env.ts';

/*
 * The database's own rules, proved by writing to it by hand, as a future code path or an operator
 * at a psql prompt might: postEntry is bypassed entirely.
 */

let db: PaymentsDb;
let drop: () => Promise<void>;
let clearing: string;
let held: string;
let posted: { id: string; reference: string };

beforeAll(async () => {
  ({ db, drop } = await openPaymentsDatabase());
  // One entry posted the proper way gives the accounts and an entry to try to change.
  const booking = randomUUID();
  posted = await db.transaction((tx) =>
    postEntry(tx, {
      kind: 'collection',
      bookingId: booking,
      reference: `collect-${booking}`,
      memo: 'Fare and fee paid',
      lines: [
        { account: ledgerAccounts.gatewayClearing(), debit: 5500n },
        { account: ledgerAccounts.passengerFundsHeld(booking), credit: 5500n },
      ],
    }),
  );
  const { rows } = await db.$client.query<{ id: string; type: string }>('SELECT id, type FROM ledger_accounts');
  clearing = rows.find((row) => row.type === 'gateway_clearing')!.id;
  held = rows.find((row) => row.type === 'passenger_funds_held')!.id;
});
afterAll(() => drop());

/** Runs `statements` in one transaction on a client of its own; rolls back if any fails, the commit included. */
async function inTransaction(statements: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    await statements(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const newEntry = async (client: pg.PoolClient, reference: string) =>
  (await client.query<{ id: string }>("INSERT INTO ledger_entries (reference, kind, memo) VALUES ($1, 'correction', 'by hand') RETURNING id", [reference])).rows[0]!.id;
const line = (client: pg.PoolClient, entryId: string, accountId: string, amount: number) =>
  client.query('INSERT INTO ledger_lines (entry_id, account_id, amount) VALUES ($1, $2, $3)', [entryId, accountId, amount]);
const entryCount = async (reference: string) => (await db.$client.query('SELECT 1 FROM ledger_entries WHERE reference = $1', [reference])).rowCount;

describe('every entry balances when its transaction commits', () => {
  it('refuses at commit an entry whose lines do not sum to zero, and keeps none of it', async () => {
    const reference = `unbalanced-${randomUUID()}`;
    const attempt = inTransaction(async (client) => {
      const entry = await newEntry(client, reference);
      await line(client, entry, clearing, 5500);
      // Each statement on its own succeeded: the check waits for the commit.
      await line(client, entry, held, -5000);
    });
    await expect(attempt).rejects.toMatchObject({ code: '23514', constraint: 'ledger_entry_balanced' });
    await expect(attempt).rejects.toThrow(/does not balance: its debits exceed its credits by 500 pesewas/);
    expect(await entryCount(reference)).toBe(0);
  });

  it('refuses an entry with no lines, or one line', async () => {
    const empty = `empty-${randomUUID()}`;
    await expect(inTransaction((client) => newEntry(client, empty))).rejects.toThrow(/has 0 line\(s\)/);
    const single = `single-${randomUUID()}`;
    await expect(inTransaction(async (client) => line(client, await newEntry(client, single), clearing, 100))).rejects.toThrow(/has 1 line\(s\)/);
    expect(await entryCount(empty)).toBe(0);
    expect(await entryCount(single)).toBe(0);
  });

  it('accepts an entry that is unbalanced mid-transaction and balanced by its commit', async () => {
    const reference = `by-hand-${randomUUID()}`;
    await inTransaction(async (client) => {
      const entry = await newEntry(client, reference);
      await line(client, entry, clearing, 300);
      await line(client, entry, held, -100);
      await line(client, entry, held, -200);
    });
    expect(await entryCount(reference)).toBe(1);
    await expectBooksBalance(db);
  });

  it('refuses a line added later to an entry that balanced', async () => {
    await expect(inTransaction((client) => line(client, posted.id, clearing, 1))).rejects.toThrow(/does not balance/);
  });

  it('refuses a line of nothing', async () => {
    const reference = `zero-${randomUUID()}`;
    await expect(inTransaction(async (client) => line(client, await newEntry(client, reference), clearing, 0))).rejects.toMatchObject({ constraint: 'ledger_lines_amount_check' });
  });
});

describe('the books are append-only', () => {
  it.each([
    ['UPDATE ledger_lines SET amount = amount * 2 WHERE entry_id = $1', 'UPDATE on ledger_lines'],
    ['DELETE FROM ledger_lines WHERE entry_id = $1', 'DELETE on ledger_lines'],
    ["UPDATE ledger_entries SET memo = 'changed' WHERE id = $1", 'UPDATE on ledger_entries'],
    ['DELETE FROM ledger_entries WHERE id = $1', 'DELETE on ledger_entries'],
  ])('refuses %s', async (statement, refusal) => {
    await expect(db.$client.query(statement, [posted.id])).rejects.toThrow(`${refusal} refused: the ledger is append-only; post a correcting entry instead`);
    const { rows } = await db.$client.query<{ amounts: string[]; memo: string }>(
      'SELECT array_agg(l.amount::text ORDER BY l.id) AS amounts, e.memo FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id WHERE e.id = $1 GROUP BY e.id',
      [posted.id],
    );
    expect(rows).toEqual([{ amounts: ['5500', '-5500'], memo: 'Fare and fee paid' }]);
  });

  it('refuses changing an account or emptying the tables', async () => {
    await expect(db.$client.query("UPDATE ledger_accounts SET type = 'gateway_fees' WHERE id = $1", [clearing])).rejects.toThrow(/append-only/);
    await expect(db.$client.query('TRUNCATE ledger_lines')).rejects.toThrow(/TRUNCATE on ledger_lines refused/);
    await expectBooksBalance(db);
  });
});

describe('the check of the books', () => {
  it('names what is wrong when the rules were switched off and the books broken', async () => {
    const reference = `broken-${randomUUID()}`;
    // Only a superuser can do this; the service's own role cannot (infra/README.md).
    await inTransaction(async (client) => {
      await client.query('SET LOCAL session_replication_role = replica');
      await line(client, await newEntry(client, reference), clearing, 250);
    });

    const books = await trialBalance(db);
    expect(books).toMatchObject({ balanced: false, total: 250n, unbalancedEntries: [{ reference, total: 250n, lines: 1 }] });
    await expect(checkBooks(db)).rejects.toThrow(new LedgerError(`The books do not balance: accounts sum to 250 pesewas; unbalanced entries: ${reference} (1 line(s), off by 250).`));
  });
});
