import type { AnyDb } from '@krom/server-kit/outbox';
import { and, eq, sql } from 'drizzle-orm';
import { refunds } from '../db/schema.ts';
import { passengerFundsHeld } from './accounts.ts';

export type HeldFunds = {
  /** The booking's `passenger_funds_held` balance, in pesewas: what its payments brought in and nothing has yet taken out. */
  held: number;
  /** `held` less the refunds that failed and are still to be asked again (their money waits in held funds): what a new decision may still settle. */
  available: number;
};

/**
 * What of a booking's money is still Krom's to settle, read in the caller's transaction (which
 * locks the booking's payment rows first, so nothing moves it in between). Every decision that
 * takes money out of held funds — a release, a policy refund, a staff refund — checks it first, so
 * none takes what another already took.
 */
export async function heldFunds(tx: AnyDb, bookingId: string): Promise<HeldFunds> {
  const { rows } = await tx.execute<{ held: string }>(sql`
    SELECT coalesce(-sum(l.amount), 0)::text AS held FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
    WHERE a.type = ${passengerFundsHeld} AND a.booking_id = ${bookingId}::uuid`);
  const [owed] = await tx
    .select({ amount: sql<string>`coalesce(sum(${refunds.amountPesewas}), 0)::text` })
    .from(refunds)
    .where(and(eq(refunds.bookingId, bookingId), eq(refunds.status, 'failed')));
  const held = Number(rows[0]?.held ?? 0);
  return { held, available: held - Number(owed?.amount ?? 0) };
}
