import type { CallbackOutcome } from '@krom/contracts/http/provider-callbacks';
import type { Logger } from '@krom/server-kit/logger';
import { ProviderError } from '@krom/server-kit/providers';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { payments, type RefundRow, refunds } from '../db/schema.ts';
import { walletErased } from '../deleted-members/erase-settled-wallets.ts';
import { e164 } from '../payment-methods/payout-wallet.ts';
import type { MobileMoneyNetwork, MobileMoneyProvider, Movement } from '../providers/mobile-money/port.ts';
import { moveRefund } from './move-refund.ts';
import { settleRefund } from './settle-refund.ts';

/**
 * After the refund's row has committed: asks the gateway for it (idempotent by the attempt's
 * reference, so a crash between the call and its record is safe to run again) and records the
 * answer once (settleRefund, whose outcome it answers). A gateway that refused the call fails the attempt; one that could
 * not be reached, or whose answer was lost, leaves it pending for the sweep to ask again.
 */
export async function sendRefund(db: PaymentsDb, provider: MobileMoneyProvider, refund: RefundRow, now: () => Date, logger: Pick<Logger, 'info' | 'warn' | 'error'>): Promise<CallbackOutcome | 'not sent'> {
  if (refund.status !== 'pending' || refund.sentAt !== null || refund.needsAttentionAt !== null) return 'replayed';
  const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
  if (!payment) throw new Error(`refund ${refund.id} names no payment`);
  const context = { refundId: refund.id, bookingId: refund.bookingId, attempt: refund.attempts };
  if (walletErased(payment)) {
    // Only money collected late on a failed payment of a deleted member gets here: never asked to a masked number, left to staff.
    const moved = await db.transaction((tx) => moveRefund(tx, refund, { to: 'failed', toStaff: true }, now()));
    logger.error(context, "the refund's wallet number was erased with its member's account: not sent, left to staff");
    return moved ? 'applied' : 'replayed';
  }
  let answer: Movement;
  try {
    answer = await provider.refund({
      reference: refund.gatewayReference,
      collectionReference: payment.id,
      wallet: { phone: e164(payment.walletPhone), network: payment.walletNetwork as MobileMoneyNetwork },
      amount: refund.amountPesewas,
      reason: refund.cause === 'staff' ? 'Krom: a refund from our staff' : 'Krom: refund of your booking',
    });
  } catch (error) {
    if (!(error instanceof ProviderError) || error.retryable || error.outcome === 'unknown') {
      logger.warn({ err: error, ...context }, 'the refund may not have reached the gateway; the sweep asks again');
      return 'not sent';
    }
    logger.warn({ err: error, ...context }, 'the gateway refused the refund');
    answer = { reference: refund.gatewayReference, status: 'failed', amount: 0, providerReference: null, gatewayFee: 0, displayText: error.message };
  }
  return settleRefund(db, refund, answer, now(), logger);
}

/** Sends every refund of a payment or booking that is waiting to be asked of the gateway (after the commit that opened it). */
export async function sendWaitingRefunds(db: PaymentsDb, provider: MobileMoneyProvider, of: { paymentId: string } | { bookingId: string }, now: () => Date, logger: Pick<Logger, 'info' | 'warn' | 'error'>): Promise<void> {
  const whose: SQL = 'paymentId' in of ? eq(refunds.paymentId, of.paymentId) : eq(refunds.bookingId, of.bookingId);
  const waiting = await db
    .select()
    .from(refunds)
    .where(and(whose, eq(refunds.status, 'pending'), isNull(refunds.sentAt), isNull(refunds.needsAttentionAt)));
  for (const refund of waiting) await sendRefund(db, provider, refund, now, logger);
}
