import type { CallbackOutcome } from '@krom/contracts/http/provider-callbacks';
import type { Logger } from '@krom/server-kit/logger';
import { eq } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { payments } from '../db/schema.ts';
import type { Movement } from '../providers/mobile-money/port.ts';
import { refundIfEnded, settleLateCollection } from '../refunds/late-payment.ts';
import { holdPayment, movePayment } from './move-payment.ts';
import type { PaymentRow } from './payment-facts.ts';
import { postCollection } from './post-collection.ts';

/** Why a collection failed, as the passenger reads it (the gateway's own words are for staff: they are logged). */
export const declinedReason = 'The mobile money payment was declined or could not be completed';

const isOpen = (row: PaymentRow) => (row.status === 'pending' || row.status === 'needs_otp') && row.heldAt === null;

/**
 * Applies what the gateway's own record says of a collection (`verifyCollection`, never a
 * callback alone). Succeeded, for exactly the amount asked: in one transaction the payment moves
 * to `succeeded`, the `collection` entry is posted (and the gateway's fee, when it reports one)
 * and `payment.succeeded` is written. Failed: `payment.failed` with a reason for the passenger.
 * Another amount than asked is never succeeded: the payment is held for staff, and logged.
 * A payment settled already changes nothing (`replayed`); a collection still waiting only
 * records the voucher step when it appears or goes (`applied`), or nothing (`ignored`). Money
 * for a booking that had ended is given back (refunds/late-payment.ts): the refund is opened in
 * the same transaction, and the caller sends it after (sendWaitingRefunds).
 */
export async function settleCollection(db: PaymentsDb, payment: PaymentRow, movement: Movement, now: Date, logger: Pick<Logger, 'info' | 'error'>): Promise<CallbackOutcome> {
  if (payment.status === 'failed' && payment.heldAt === null) return settleLateCollection(db, payment, movement, now, logger);
  if (!isOpen(payment)) return 'replayed';
  const context = { paymentId: payment.id, bookingId: payment.bookingId, provider: payment.provider };

  if (movement.status === 'succeeded' && movement.amount !== payment.amountPesewas) {
    const held = await holdPayment(db, payment.id, now);
    logger.error({ ...context, expected: payment.amountPesewas, reported: movement.amount }, 'the gateway collected another amount than asked: payment held for staff, not succeeded');
    return held ? 'held' : 'replayed';
  }

  return db.transaction(async (tx) => {
    if (movement.status === 'succeeded') {
      const moved = await movePayment(tx, payment.id, { to: 'succeeded', providerReference: movement.providerReference }, now);
      if (!moved) return 'replayed';
      await postCollection(tx, moved, movement);
      await refundIfEnded(tx, moved, now);
      logger.info({ ...context, amount: payment.amountPesewas, gatewayFee: movement.gatewayFee }, 'payment succeeded');
      return 'applied';
    }
    if (movement.status === 'failed') {
      const moved = await movePayment(tx, payment.id, { to: 'failed', providerReference: movement.providerReference, reason: declinedReason }, now);
      if (moved) logger.info({ ...context, gatewaySays: movement.displayText }, 'payment failed');
      return moved ? 'applied' : 'replayed';
    }
    if (movement.status === payment.status) return 'ignored';
    const moved = await movePayment(tx, payment.id, { to: movement.status, providerReference: movement.providerReference, displayText: movement.displayText }, now);
    return moved ? 'applied' : 'ignored';
  });
}

/** The payment a gateway's reference names (the payment's id), if it is one of ours. */
export async function paymentByReference(db: PaymentsDb, reference: string): Promise<PaymentRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(reference)) return undefined;
  const [row] = await db.select().from(payments).where(eq(payments.id, reference));
  return row;
}
