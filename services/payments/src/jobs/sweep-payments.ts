import type { Logger } from '@krom/server-kit/logger';
import { and, asc, inArray, isNull, lte } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { payments } from '../db/schema.ts';
import { movePayment } from '../payments/move-payment.ts';
import { openPaymentStatuses } from '../payments/payment-transitions.ts';
import { settleCollection } from '../payments/settle-collection.ts';
import type { MobileMoneyProvider } from '../providers/mobile-money/port.ts';
import { sendWaitingRefunds } from '../refunds/send-refund.ts';

/*
 * What happens to payments because time passed: a function of the database, the gateway and a
 * clock (`now`), run every minute by a BullMQ job scheduler (sweep-jobs.ts) and by tests with the
 * clock they choose. Every change is one of settleCollection's or movePayment's conditional
 * updates, so a sweep run twice, or beside a callback, changes each payment once.
 */

/** How long a payment waits on its callback before the sweep reads the gateway's record itself (a callback lost). */
export const callbackWaitSeconds = 60;
/**
 * How long past the booking's hold a payment is still asked after: the passenger may approve in
 * its last seconds, and the gateway's record settles a little after that.
 */
export const holdGraceMinutes = 2;
/** How many payments one run reads at most; the rest wait for the next run a minute later. */
export const sweepBatch = 200;

/** Why a payment failed when the hold lapsed without the passenger's approval. */
export const notApprovedInTimeReason = 'The payment was not approved in time';

export type PaymentSweepResult = { changed: number };

/**
 * Open payments older than `callbackWaitSeconds` are read again at the gateway and settled as its
 * record says (a lost callback). One still open past its hold and `holdGraceMinutes`, after that
 * last reading, is failed: "The payment was not approved in time". A gateway that cannot be asked
 * now leaves the payment for the next run. Payments held for staff are not swept.
 */
export async function sweepPayments(db: PaymentsDb, provider: MobileMoneyProvider, now: Date, logger: Logger): Promise<PaymentSweepResult> {
  const due = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, openPaymentStatuses), isNull(payments.heldAt), lte(payments.createdAt, new Date(now.getTime() - callbackWaitSeconds * 1000))))
    .orderBy(asc(payments.createdAt))
    .limit(sweepBatch);
  let changed = 0;
  for (const payment of due) {
    let movement: Awaited<ReturnType<MobileMoneyProvider['verifyCollection']>>;
    try {
      movement = await provider.verifyCollection(payment.id);
    } catch (error) {
      logger.warn({ err: error, paymentId: payment.id }, 'could not read the gateway for an open payment; next run');
      continue;
    }
    const outcome = await settleCollection(db, payment, movement, now, logger);
    const stillOpen = movement.status === 'pending' || movement.status === 'needs_otp';
    if (outcome === 'applied' || outcome === 'held') changed += 1;
    // Money for a booking that had ended opened its refund in that transaction: asked of the gateway now.
    if (outcome === 'applied') await sendWaitingRefunds(db, provider, { paymentId: payment.id }, () => now, logger);
    if (!stillOpen || payment.holdExpiresAt.getTime() + holdGraceMinutes * 60_000 > now.getTime()) continue;
    const failed = await db.transaction((tx) => movePayment(tx, payment.id, { to: 'failed', reason: notApprovedInTimeReason }, now));
    if (failed) changed += 1;
  }
  return { changed };
}
