import { type PayoutFact, type PayoutFactName, payoutEvents } from '@krom/contracts/events/payments';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import type { PayoutRow } from '../db/schema.ts';

/** The payout as its fact carries it, at the row's version. */
export function payoutFact(row: PayoutRow, occurredAt: Date): PayoutFact {
  return {
    payoutId: row.id,
    bookingId: row.bookingId,
    rideId: row.rideId,
    driverId: row.driverId,
    status: row.status,
    amountPesewas: row.amountPesewas,
    currency: 'GHS',
    walletMasked: row.walletMasked,
    attempts: row.attempts,
    reason: row.reason,
    occurredAt: occurredAt.toISOString(),
    version: row.version,
  };
}

/** Writes the fact of the row's present status in the outbox, in the transaction that moved it (a scheduled payout has none). */
export async function announcePayout(tx: Transaction, row: PayoutRow, occurredAt: Date): Promise<void> {
  if (row.status === 'scheduled') return;
  const fact: PayoutFactName = row.status;
  await recordEvent(tx, payoutEvents[fact], payoutFact(row, occurredAt));
}
