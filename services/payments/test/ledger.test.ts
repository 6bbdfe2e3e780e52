import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsDb } from '../src/db/payments-db.ts';
import { payoutCredits } from '../src/db/schema.ts';
import { ledgerAccounts } from '../src/ledger/accounts.ts';
import { bookingLedger } from '../src/ledger/booking-ledger.ts';
import { LedgerError } from '../src/ledger/ledger-error.ts';
import { type NewLedgerEntry, postEntry } from '../src/ledger/post-entry.ts';
import { checkBooks } from '../src/ledger/trial-balance.ts';
import { expectBooksBalance } from './expect-books-balance.ts';
import { openPaymentsDatabase } from './payments-test-env.ts';

let db: PaymentsDb;
let drop: () => Promise<void>;

beforeAll(async () => {
  // Room for the 20 concurrent posts to hold a connection each.
  ({ db, drop } = await openPaymentsDatabase(24));
});
afterAll(() => drop());

const reference = (step: string) => `${step}-${randomUUID()}`;

/** A passenger's payment of fare and fee for a booking, held until the trip has happened. */
const collection = (bookingId: string, ref = reference('collect'), fare = 5000n, fee = 500n): NewLedgerEntry => ({
  kind: 'collection',
  bookingId,
  reference: ref,
  memo: 'Fare and service fee paid by mobile money',
  lines: [
    { account: ledgerAccounts.gatewayClearing(), debit: fare + fee },
    { account: ledgerAccounts.passengerFundsHeld(bookingId), credit: fare + fee },
  ],
});

const count = async (table: 'ledger_entries' | 'ledger_lines', ref: string) => {
  const { rows } = await db.$client.query<{ n: number }>(
    table === 'ledger_entries'
      ? 'SELECT count(*)::int AS n FROM ledger_entries WHERE reference = $1'
      : 'SELECT count(*)::int AS n FROM ledger_lines l JOIN ledger_entries e ON e.id = l.entry_id WHERE e.reference = $1',
    [ref],
  );
  return rows[0]!.n;
};

/** Posts in a transaction of its own, as a caller recording a state change would. */
const post = (entry: NewLedgerEntry) => db.transaction((tx) => postEntry(tx, entry));

describe('refusing entries that break the rules', () => {
  const booking = randomUUID();
  const refused = async (entry: NewLedgerEntry, message: RegExp) => {
    const attempt = post(entry);
    await expect(attempt).rejects.toBeInstanceOf(LedgerError);
    await expect(attempt).rejects.toThrow(message);
    expect(await count('ledger_entries', entry.reference)).toBe(0);
  };

  it('refuses an entry whose debits and credits differ', async () => {
    const entry = collection(booking);
    entry.lines[1] = { account: ledgerAccounts.passengerFundsHeld(booking), credit: 5000n };
    await refused(entry, /does not balance: debits 5500 pesewas, credits 5000 pesewas/);
  });

  it('refuses an entry with no lines, and one with a single line', async () => {
    await refused({ ...collection(booking), lines: [] }, /has no lines/);
    await refused({ ...collection(booking), lines: [{ account: ledgerAccounts.gatewayClearing(), debit: 500n }] }, /does not balance: debits 500 pesewas, credits 0 pesewas/);
  });

  it('refuses a negative amount, even when the entry would still sum to zero', async () => {
    const entry = collection(booking);
    entry.lines = [
      { account: ledgerAccounts.gatewayClearing(), debit: -5500n },
      { account: ledgerAccounts.passengerFundsHeld(booking), debit: 5500n },
    ];
    await refused(entry, /line 1 \(gateway_clearing\): -5500 pesewas is negative/);
  });

  it('refuses a fraction of a pesewa and a line of nothing', async () => {
    const fractional = collection(booking);
    fractional.lines = [
      { account: ledgerAccounts.gatewayClearing(), debit: 55.5 },
      { account: ledgerAccounts.passengerFundsHeld(booking), credit: 55.5 },
    ];
    await refused(fractional, /line 1 \(gateway_clearing\): 55.5 is not a whole number of pesewas/);

    const zero = collection(booking);
    zero.lines.push({ account: ledgerAccounts.serviceFeeRevenue(), credit: 0n });
    await refused(zero, /line 3 \(service_fee_revenue\): a line of 0 pesewas records nothing/);
  });

  it('refuses a line that is both a debit and a credit, or an account whose owner is not an id', async () => {
    const both = collection(booking);
    both.lines[0] = { account: ledgerAccounts.gatewayClearing(), debit: 5500n, credit: 5500n } as never;
    await refused(both, /a line is either a debit or a credit/);
    await refused(collection('booking-7'), /booking id "booking-7" is not a uuid/);
  });

  it('refuses money made a driver’s with no booking to pay it out for; a payout’s own entry needs none', async () => {
    const driver = randomUUID();
    await refused(
      {
        kind: 'correction',
        reference: reference('correction'),
        memo: 'Owed to the driver, for no booking',
        lines: [
          { account: ledgerAccounts.serviceFeeRevenue(), debit: 300n },
          { account: ledgerAccounts.driverPayable(driver), credit: 300n },
        ],
      },
      /moves money owed to a driver \(driver_payable\) but names no booking: it could never be paid out/,
    );
    const sent = reference('payout_sent');
    await post({ kind: 'payout_sent', reference: sent, memo: 'A payout sent', lines: [
      { account: ledgerAccounts.driverPayable(driver), debit: 300n },
      { account: ledgerAccounts.payoutsInTransit(driver), credit: 300n },
    ] });
    await post({ kind: 'payout_failed', reference: reference('payout_failed'), memo: 'and failed', lines: [
      { account: ledgerAccounts.payoutsInTransit(driver), debit: 300n },
      { account: ledgerAccounts.driverPayable(driver), credit: 300n },
    ] });
    expect(await count('ledger_entries', sent)).toBe(1);
  });

  it('leaves the books as they were after every refusal', async () => {
    const balances = await expectBooksBalance(db);
    expect(balances[`passenger_funds_held:${booking}`]).toBeUndefined();
  });
});

describe('posting once by reference', () => {
  it('posts an entry once however often its reference is posted', async () => {
    const booking = randomUUID();
    const entry = collection(booking);
    const first = await post(entry);
    const again = await post(entry);

    expect(first.posted).toBe(true);
    expect(again).toEqual({ ...first, posted: false });
    expect(await count('ledger_entries', entry.reference)).toBe(1);
    expect(await count('ledger_lines', entry.reference)).toBe(2);
    const balances = await expectBooksBalance(db);
    expect(balances[`passenger_funds_held:${booking}`]).toBe(-5500n);
  });

  it('finds the entry posted whatever the order of its lines or the case of its ids', async () => {
    const booking = randomUUID();
    const entry = collection(booking);
    await post(entry);
    const reordered = { ...entry, bookingId: booking.toUpperCase(), lines: [{ account: ledgerAccounts.passengerFundsHeld(booking.toUpperCase()), credit: 5500 }, { account: ledgerAccounts.gatewayClearing(), debit: 5500 }] };
    expect((await post(reordered)).posted).toBe(false);
  });

  it('refuses the same reference for different money', async () => {
    const booking = randomUUID();
    const entry = collection(booking);
    await post(entry);
    const other = collection(booking, entry.reference, 6000n);
    await expect(post(other)).rejects.toThrow(new LedgerError(`Reference ${entry.reference} was posted already with other lines; a different movement needs its own reference.`));
    await expect(post({ ...entry, bookingId: randomUUID() })).rejects.toThrow(/posted already with other lines/);
    expect(await count('ledger_lines', entry.reference)).toBe(2);
  });

  it('posts nothing when the transaction it was posted in rolls back, so the reference stays free', async () => {
    const booking = randomUUID();
    const entry = collection(booking);
    const stateChangeFailed = db.transaction(async (tx) => {
      await postEntry(tx, entry);
      throw new Error('the payment could not be recorded');
    });
    await expect(stateChangeFailed).rejects.toThrow('the payment could not be recorded');
    expect(await count('ledger_entries', entry.reference)).toBe(0);

    // Given the database rather than a transaction, it opens one of its own.
    expect((await postEntry(db, entry)).posted).toBe(true);
    expect(await count('ledger_lines', entry.reference)).toBe(2);
  });

  it('posts exactly one entry when 20 posts of one reference race', async () => {
    const booking = randomUUID();
    const entry = collection(booking);
    const results = await Promise.all(Array.from({ length: 20 }, () => post(entry)));

    expect(results.filter((result) => result.posted)).toHaveLength(1);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(await count('ledger_entries', entry.reference)).toBe(1);
    expect(await count('ledger_lines', entry.reference)).toBe(2);
    const balances = await expectBooksBalance(db);
    expect(balances[`passenger_funds_held:${booking}`]).toBe(-5500n);
  });

  it('opens each new account once when 20 different entries name it at the same time', async () => {
    const driver = randomUUID();
    const bookings = Array.from({ length: 20 }, () => randomUUID());
    const releases = bookings.map((booking) => ({
      kind: 'release' as const,
      bookingId: booking,
      reference: reference('release'),
      memo: 'Trip done: fare to the driver',
      lines: [
        { account: ledgerAccounts.passengerFundsHeld(booking), debit: 5000n },
        { account: ledgerAccounts.driverPayable(driver), credit: 5000n },
      ],
    }));
    await Promise.all(releases.map(post));

    const { rows } = await db.$client.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_accounts WHERE type = 'driver_payable' AND driver_id = $1", [driver]);
    expect(rows[0]!.n).toBe(1);
    const balances = await expectBooksBalance(db);
    expect(balances[`driver_payable:${driver}`]).toBe(-100_000n);
  });
});

describe('a realistic run of bookings', () => {
  it('keeps the books balanced through collection, release, payout and a half refund', async () => {
    const driver = randomUUID();
    const completed = randomUUID();
    const cancelled = randomUUID();
    const before = await expectBooksBalance(db);
    const moved = (after: Record<string, bigint>, account: string) => (after[account] ?? 0n) - (before[account] ?? 0n);

    // Booking 1 is paid (fare GH₵50 and fee GH₵5), the gateway keeps its fee, the trip happens.
    await post(collection(completed, `collect-${completed}`));
    await post({ kind: 'gateway_fee', bookingId: completed, reference: `gateway-fee-${completed}`, memo: 'Gateway fee on the collection', lines: [
      { account: ledgerAccounts.gatewayFees(), debit: 107n },
      { account: ledgerAccounts.gatewayClearing(), credit: 107n },
    ] });
    await post({ kind: 'release', bookingId: completed, reference: `release-${completed}`, memo: 'Trip done: fare to the driver, fee to Krom', lines: [
      { account: ledgerAccounts.passengerFundsHeld(completed), debit: 5500n },
      { account: ledgerAccounts.driverPayable(driver), credit: 5000n },
      { account: ledgerAccounts.serviceFeeRevenue(), credit: 500n },
    ] });
    // The driver is paid out: asked of the gateway, then confirmed by it.
    const payout = reference('payout');
    await post({ kind: 'payout_sent', reference: `${payout}-sent`, memo: 'Payout to the driver\'s wallet', lines: [
      { account: ledgerAccounts.driverPayable(driver), debit: 5000n },
      { account: ledgerAccounts.payoutsInTransit(driver), credit: 5000n },
    ] });
    await post({ kind: 'payout_paid', reference: `${payout}-paid`, memo: 'Gateway confirmed the payout', lines: [
      { account: ledgerAccounts.payoutsInTransit(driver), debit: 5000n },
      { account: ledgerAccounts.gatewayClearing(), credit: 5000n },
    ] });
    // Booking 2 is paid, then cancelled under 24 hours: half the fare back, half to the driver, the fee kept.
    await post(collection(cancelled, `collect-${cancelled}`));
    await post({ kind: 'refund_sent', bookingId: cancelled, reference: `refund-${cancelled}-sent`, memo: 'Cancelled under 24 hours: half the fare back', lines: [
      { account: ledgerAccounts.passengerFundsHeld(cancelled), debit: 5500n },
      { account: ledgerAccounts.refundsInTransit(cancelled), credit: 2500n },
      { account: ledgerAccounts.driverPayable(driver), credit: 2500n },
      { account: ledgerAccounts.serviceFeeRevenue(), credit: 500n },
    ] });
    await post({ kind: 'refund_paid', bookingId: cancelled, reference: `refund-${cancelled}-paid`, memo: 'Gateway confirmed the refund', lines: [
      { account: ledgerAccounts.refundsInTransit(cancelled), debit: 2500n },
      { account: ledgerAccounts.gatewayClearing(), credit: 2500n },
    ] });

    const after = await expectBooksBalance(db);
    expect(after[`passenger_funds_held:${completed}`]).toBe(0n);
    expect(after[`passenger_funds_held:${cancelled}`]).toBe(0n);
    expect(after[`refunds_in_transit:${cancelled}`]).toBe(0n);
    expect(after[`payouts_in_transit:${driver}`]).toBe(0n);
    // Still owed to the driver: their half of the cancelled fare.
    expect(after[`driver_payable:${driver}`]).toBe(-2500n);
    expect(moved(after, 'service_fee_revenue')).toBe(-1000n);
    expect(moved(after, 'gateway_fees')).toBe(107n);
    // At the gateway: 2 × 5500 in, 107 fee, 5000 paid out, 2500 refunded.
    expect(moved(after, 'gateway_clearing')).toBe(11_000n - 107n - 5000n - 2500n);
    await expect(checkBooks(db)).resolves.toMatchObject({ balanced: true, total: 0n });

    const ledger = await bookingLedger(db, cancelled);
    expect(ledger.entries.map((entry) => entry.kind)).toEqual(['collection', 'refund_sent', 'refund_paid']);
    expect(ledger.entries[1]!.lines).toEqual([
      { account: `passenger_funds_held:${cancelled}`, type: 'passenger_funds_held', debit: 5500n, credit: 0n },
      { account: `refunds_in_transit:${cancelled}`, type: 'refunds_in_transit', debit: 0n, credit: 2500n },
      { account: `driver_payable:${driver}`, type: 'driver_payable', debit: 0n, credit: 2500n },
      { account: 'service_fee_revenue', type: 'service_fee_revenue', debit: 0n, credit: 500n },
    ]);
    expect(ledger.balances).toEqual({
      gateway_clearing: 3000n,
      [`passenger_funds_held:${cancelled}`]: 0n,
      [`refunds_in_transit:${cancelled}`]: 0n,
      [`driver_payable:${driver}`]: -2500n,
      service_fee_revenue: -500n,
    });
    expect((await bookingLedger(db, completed)).entries.map((entry) => entry.kind)).toEqual(['collection', 'gateway_fee', 'release']);

    // What each booking made the driver's waits to be paid out, the payout's own entries aside.
    const credits = await db.select().from(payoutCredits).where(eq(payoutCredits.driverId, driver));
    expect(credits.map((credit) => [credit.bookingId, credit.amountPesewas, credit.payoutId]).sort()).toEqual(
      [
        [completed, 5000, null],
        [cancelled, 2500, null],
      ].sort(),
    );
  });
});
