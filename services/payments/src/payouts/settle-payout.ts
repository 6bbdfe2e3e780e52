import type { CallbackOutcome } from '@krom/contracts/http/provider-callbacks';
import type { Logger } from '@krom/server-kit/logger';
import { eq } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { type PayoutRow, payouts } from '../db/schema.ts';
import type { Movement } from '../providers/mobile-money/port.ts';
import { holdPayoutForStaff, payoutAttemptFailed, payoutPaid } from './move-payout.ts';

/**
 * Applies what the gateway's own record says of a payout's present attempt (`verifyPayout`, or
 * its answer to `payout`; never a callback alone): succeeded for the amount asked → paid;
 * failed → the attempt failed (retried later, or staff's after the last); another amount →
 * held for staff. A payout no longer waiting on that attempt changes nothing (`replayed`); one
 * the gateway still has on its way changes nothing either (`ignored`).
 */
export async function settlePayout(db: PaymentsDb, payout: PayoutRow, movement: Movement, now: Date, logger: Pick<Logger, 'info' | 'warn' | 'error'>): Promise<CallbackOutcome> {
  if (payout.status !== 'sent' || movement.reference !== payout.gatewayReference) return 'replayed';
  if (movement.status === 'pending' || movement.status === 'needs_otp') return 'ignored';
  const context = { payoutId: payout.id, bookingId: payout.bookingId, attempt: payout.attempts, reference: payout.gatewayReference };
  if (movement.status === 'succeeded' && movement.amount !== payout.amountPesewas) {
    const held = await db.transaction((tx) => holdPayoutForStaff(tx, payout, now));
    logger.error({ ...context, asked: payout.amountPesewas, reported: movement.amount }, 'the gateway paid out another amount than asked: payout held for staff');
    return held ? 'held' : 'replayed';
  }
  if (movement.status === 'succeeded') {
    const paid = await db.transaction((tx) => payoutPaid(tx, payout, movement, now));
    if (paid) logger.info({ ...context, amount: payout.amountPesewas }, 'payout succeeded');
    return paid ? 'applied' : 'replayed';
  }
  const failed = await db.transaction((tx) => payoutAttemptFailed(tx, payout, movement, now));
  if (failed) logger.warn({ ...context, gatewaySays: movement.displayText, status: failed.status }, 'payout attempt failed');
  return failed ? 'applied' : 'replayed';
}

/** The payout whose present attempt a gateway's reference names, if it is one of ours. */
export async function payoutByGatewayReference(db: PaymentsDb, reference: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.gatewayReference, reference));
  return row;
}
