import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { bookingAccountTypes, driverAccountTypes, singleAccountTypes } from '../ledger/accounts.ts';

export { handledEvents, outbox } from '@krom/server-kit/outbox';

const listed = (types: readonly string[]) => sql.raw(types.map((type) => `'${type}'`).join(', '));

/**
 * The ledger's accounts (src/ledger/accounts.ts). Made the first time an entry names one; an
 * account kept per booking or per driver carries that id, the others neither.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    bookingId: uuid('booking_id'),
    driverId: uuid('driver_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One account per type and owner; NULLS NOT DISTINCT makes the single accounts single too.
    unique('ledger_accounts_owner_key').on(table.type, table.bookingId, table.driverId).nullsNotDistinct(),
    index('ledger_accounts_driver_idx').on(table.driverId).where(sql`driver_id IS NOT NULL`),
    check(
      'ledger_accounts_owner_check',
      sql`(${table.type} IN (${listed(singleAccountTypes)}) AND ${table.bookingId} IS NULL AND ${table.driverId} IS NULL)
        OR (${table.type} IN (${listed(bookingAccountTypes)}) AND ${table.bookingId} IS NOT NULL AND ${table.driverId} IS NULL)
        OR (${table.type} IN (${listed(driverAccountTypes)}) AND ${table.driverId} IS NOT NULL AND ${table.bookingId} IS NULL)`,
    ),
  ],
);

/**
 * One balanced movement of money. `reference` names the movement once and for all (a payment's,
 * refund's or payout's reference with its step), so posting it again adds nothing. `position`
 * orders entries as they were posted, which timestamps within one transaction cannot.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    position: bigint('position', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull(),
    kind: text('kind').notNull(),
    bookingId: uuid('booking_id'),
    memo: text('memo').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('ledger_entries_reference_key').on(table.reference),
    index('ledger_entries_booking_idx').on(table.bookingId, table.position).where(sql`booking_id IS NOT NULL`),
    check('ledger_entries_reference_check', sql`char_length(${table.reference}) BETWEEN 1 AND 200`),
  ],
);

/**
 * An entry's lines, in pesewas, debits positive and credits negative: an entry balances when its
 * lines sum to zero, and an account's balance is the sum of its lines. The database refuses an
 * entry that does not balance at commit, and any change to a line once written (migration 0001).
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('ledger_lines_entry_idx').on(table.entryId),
    index('ledger_lines_account_idx').on(table.accountId),
    check('ledger_lines_amount_check', sql`${table.amount} <> 0`),
  ],
);
