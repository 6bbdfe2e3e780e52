import type { AnyDb, Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import { accountKey, accountName, type LedgerAccount } from './accounts.ts';
import { payableCredits, recordPayableCredits } from '../payouts/payout-credits.ts';
import { LedgerError } from './ledger-error.ts';

/** What an entry records; a later slice adds its kind here, with the README's account of it. */
export const ledgerEntryKinds = [
  'collection',
  'gateway_fee',
  'release',
  'payout_sent',
  'payout_paid',
  'payout_failed',
  'refund_sent',
  'refund_paid',
  'refund_failed',
  'correction',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/** Amounts are whole pesewas; a number is accepted when it is a safe integer. */
export type Pesewas = bigint | number;
export type LedgerLine = { account: LedgerAccount; debit: Pesewas; credit?: never } | { account: LedgerAccount; credit: Pesewas; debit?: never };

export type NewLedgerEntry = {
  kind: LedgerEntryKind;
  /** The booking the movement belongs to, when it belongs to one (a payout may pay several). */
  bookingId?: string | null;
  /** Names this movement for good: posting the same reference again adds nothing. */
  reference: string;
  lines: LedgerLine[];
  memo: string;
};

export type PostedEntry = { id: string; reference: string; posted: boolean };

type SignedLine = { type: string; bookingId: string | null; driverId: string | null; name: string; amount: bigint };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function wholePesewas(value: unknown, line: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  throw new LedgerError(`${line}: ${String(value)} is not a whole number of pesewas.`);
}

/**
 * The entry's lines as signed amounts (debits positive, credits negative), after every rule that
 * can be checked without the database. Throws a LedgerError naming the first rule broken.
 */
export function signedLines(entry: NewLedgerEntry): SignedLine[] {
  if (typeof entry.reference !== 'string' || entry.reference.trim() === '' || entry.reference.length > 200) {
    throw new LedgerError('A ledger entry needs a reference of 1 to 200 characters.');
  }
  if (!ledgerEntryKinds.includes(entry.kind)) throw new LedgerError(`Entry ${entry.reference}: "${String(entry.kind)}" is not a kind of ledger entry.`);
  if (entry.bookingId != null && !UUID.test(entry.bookingId)) throw new LedgerError(`Entry ${entry.reference}: booking id "${entry.bookingId}" is not a uuid.`);
  if (!Array.isArray(entry.lines) || entry.lines.length === 0) throw new LedgerError(`Entry ${entry.reference} has no lines.`);

  const lines = entry.lines.map((line, index) => {
    // PostgreSQL gives uuids back in lower case; lines are compared and keyed the same way.
    const given = accountKey(line.account);
    const key = { type: given.type, bookingId: given.bookingId?.toLowerCase() ?? null, driverId: given.driverId?.toLowerCase() ?? null };
    const name = accountName(key);
    const where = `Entry ${entry.reference}, line ${index + 1} (${name})`;
    const owner = key.bookingId ?? key.driverId;
    if (owner !== null && !UUID.test(owner)) throw new LedgerError(`${where}: the account's owner "${owner}" is not a uuid.`);
    const hasDebit = line.debit !== undefined;
    if (hasDebit === (line.credit !== undefined)) throw new LedgerError(`${where}: a line is either a debit or a credit.`);
    const amount = wholePesewas(hasDebit ? line.debit : line.credit, where);
    if (amount < 0n) throw new LedgerError(`${where}: ${amount} pesewas is negative; write the other side instead.`);
    if (amount === 0n) throw new LedgerError(`${where}: a line of 0 pesewas records nothing.`);
    return { ...key, name, amount: hasDebit ? amount : -amount };
  });

  const debits = lines.reduce((sum, line) => (line.amount > 0n ? sum + line.amount : sum), 0n);
  const credits = lines.reduce((sum, line) => (line.amount < 0n ? sum - line.amount : sum), 0n);
  if (debits !== credits) {
    throw new LedgerError(`Entry ${entry.reference} does not balance: debits ${debits} pesewas, credits ${credits} pesewas.`);
  }
  return lines;
}

/** Lines compared as a set: the same accounts and amounts, in any order. */
const sameLines = (a: SignedLine[], b: SignedLine[]) => {
  const canonical = (lines: SignedLine[]) => lines.map((line) => `${line.name} ${line.amount}`).sort().join('\n');
  return canonical(a) === canonical(b);
};

/**
 * Posts one balanced entry within the caller's transaction (in a savepoint of it), so the money's
 * movement commits with the state change that caused it, or not at all. Idempotent by reference:
 * the same reference with the same kind, booking and lines returns the entry already posted
 * (`posted: false`); with anything else it is refused, since two movements were given one name.
 * Concurrent posts of one reference wait on its unique key, and all but one find it posted.
 *
 * Run it in a READ COMMITTED transaction (PostgreSQL's default), where a post that waited on
 * another sees that one's entry once it commits.
 */
export async function postEntry(tx: Transaction | AnyDb, entry: NewLedgerEntry): Promise<PostedEntry> {
  const lines = signedLines(entry);
  const bookingId = entry.bookingId?.toLowerCase() ?? null;
  const credits = payableCredits({ kind: entry.kind, reference: entry.reference, bookingId }, lines);
  return (tx as AnyDb).transaction(async (savepoint) => {
    const inserted = await savepoint.execute<{ id: string; posted_at: string }>(sql`
      INSERT INTO ledger_entries (reference, kind, booking_id, memo)
      VALUES (${entry.reference}, ${entry.kind}, ${bookingId}, ${entry.memo})
      ON CONFLICT (reference) DO NOTHING
      RETURNING id, posted_at::text AS posted_at`);
    const [created] = inserted.rows;
    if (!created) return alreadyPosted(savepoint, entry, lines);

    const accountIds = await accountsOf(savepoint, lines);
    await savepoint.execute(sql`
      INSERT INTO ledger_lines (entry_id, account_id, amount)
      VALUES ${sql.join(
        lines.map((line) => sql`(${created.id}, ${accountIds.get(line.name)}, ${line.amount.toString()}::bigint)`),
        sql`, `,
      )}`);
    // What it makes a driver's, to be paid out once (payouts/schedule-payouts.ts).
    if (bookingId !== null) await recordPayableCredits(savepoint, { id: created.id, bookingId, postedAt: created.posted_at }, credits);
    return { id: created.id, reference: entry.reference, posted: true };
  });
}

async function alreadyPosted(tx: AnyDb, entry: NewLedgerEntry, lines: SignedLine[]): Promise<PostedEntry> {
  const { rows } = await tx.execute<{ id: string; kind: string; entry_booking_id: string | null; type: string; booking_id: string | null; driver_id: string | null; amount: string }>(sql`
    SELECT e.id, e.kind, e.booking_id AS entry_booking_id, a.type, a.booking_id, a.driver_id, l.amount::text AS amount
    FROM ledger_entries e
    JOIN ledger_lines l ON l.entry_id = e.id
    JOIN ledger_accounts a ON a.id = l.account_id
    WHERE e.reference = ${entry.reference}`);
  const [first] = rows;
  const posted = rows.map((row) => ({ type: row.type, bookingId: row.booking_id, driverId: row.driver_id, name: accountName({ type: row.type, bookingId: row.booking_id, driverId: row.driver_id }), amount: BigInt(row.amount) }));
  const same = first !== undefined && first.kind === entry.kind && first.entry_booking_id === (entry.bookingId?.toLowerCase() ?? null) && sameLines(posted, lines);
  if (!same) throw new LedgerError(`Reference ${entry.reference} was posted already with other lines; a different movement needs its own reference.`);
  return { id: first.id, reference: entry.reference, posted: false };
}

/**
 * The ids of the lines' accounts, made the first time an entry names them. Made in one order
 * (by name), so two entries making the same new accounts at once wait for each other rather than
 * deadlock; read in a second statement, which sees an account another transaction just made.
 */
async function accountsOf(tx: AnyDb, lines: SignedLine[]): Promise<Map<string, string>> {
  const wanted = [...new Map(lines.map((line) => [line.name, line])).values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  const values = sql.join(
    wanted.map((account) => sql`(${account.type}, ${account.bookingId}::uuid, ${account.driverId}::uuid)`),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO ledger_accounts (type, booking_id, driver_id) VALUES ${values} ON CONFLICT ON CONSTRAINT ledger_accounts_owner_key DO NOTHING`);
  const { rows } = await tx.execute<{ id: string; type: string; booking_id: string | null; driver_id: string | null }>(sql`
    SELECT a.id, a.type, a.booking_id, a.driver_id
    FROM ledger_accounts a
    JOIN (VALUES ${values}) AS wanted (type, booking_id, driver_id)
      ON a.type = wanted.type AND a.booking_id IS NOT DISTINCT FROM wanted.booking_id AND a.driver_id IS NOT DISTINCT FROM wanted.driver_id`);
  return new Map(rows.map((row) => [accountName({ type: row.type, bookingId: row.booking_id, driverId: row.driver_id }), row.id]));
}
