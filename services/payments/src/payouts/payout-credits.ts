import type { AnyDb } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import { driverPayable } from '../ledger/accounts.ts';
import { LedgerError } from '../ledger/ledger-error.ts';
import { payoutCredits } from '../db/schema.ts';

/** The entries a payout posts itself: what they move on `driver_payable` is the payout's own money, not money to pay out. */
export const payoutKinds: readonly string[] = ['payout_sent', 'payout_paid', 'payout_failed'];

export type PayableCredit = { driverId: string; amountPesewas: number };

/**
 * What an entry makes a driver's to be paid out: per driver, its lines' net on
 * `driver_payable:<driver>` (credits positive), where it is not zero; nothing for the payouts' own
 * entries. Such money is paid out per booking, so an entry moving it must name its booking: one
 * that does not is refused (LedgerError), since nothing would ever pay it.
 */
export function payableCredits(entry: { kind: string; reference: string; bookingId: string | null }, lines: readonly { type: string; driverId: string | null; amount: bigint }[]): PayableCredit[] {
  if (payoutKinds.includes(entry.kind)) return [];
  const nets = new Map<string, bigint>();
  for (const line of lines) {
    if (line.type !== driverPayable || line.driverId === null) continue;
    nets.set(line.driverId, (nets.get(line.driverId) ?? 0n) - line.amount);
  }
  const credits = [...nets].filter(([, net]) => net !== 0n).map(([driverId, net]) => ({ driverId, amountPesewas: Number(net) }));
  if (credits.length > 0 && entry.bookingId === null) {
    throw new LedgerError(`Entry ${entry.reference} moves money owed to a driver (driver_payable) but names no booking: it could never be paid out.`);
  }
  return credits;
}

/** Writes an entry's payable credits, unclaimed, in the transaction that posts the entry (`postedAt` as PostgreSQL wrote it, to the microsecond). */
export async function recordPayableCredits(tx: AnyDb, entry: { id: string; bookingId: string; postedAt: string }, credits: readonly PayableCredit[]): Promise<void> {
  if (credits.length === 0) return;
  await tx.insert(payoutCredits).values(
    credits.map((credit) => ({ entryId: entry.id, driverId: credit.driverId, bookingId: entry.bookingId, amountPesewas: credit.amountPesewas, creditedAt: sql`${entry.postedAt}::timestamptz` })),
  );
}
