import type { CallbackOutcome } from '@krom/contracts/http/provider-callbacks';
import type { Logger } from '@krom/server-kit/logger';
import { and, eq, isNull } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { type RefundRow, refunds } from '../db/schema.ts';
import type { Movement } from '../providers/mobile-money/port.ts';
import { moveRefund } from './move-refund.ts';

/**
 * Applies what the gateway says of a refund's present attempt: the answer to the refund call,
 * or its own record read again (`verifyRefund`, never a callback alone). Succeeded for exactly
 * the refund's amount: `refund_paid` and `refund.succeeded`; failed: `refund_failed` and
 * `refund.failed` (asked again later, or left to staff); still on its way: `refund.sent` the
 * first time it is heard of. Another amount than asked is never succeeded: the refund is marked
 * for staff and logged. A refund settled already, or an earlier attempt's record, changes nothing.
 */
export async function settleRefund(db: PaymentsDb, refund: RefundRow, movement: Movement, now: Date, logger: Pick<Logger, 'info' | 'warn' | 'error'>): Promise<CallbackOutcome> {
  if (refund.status !== 'pending' || refund.needsAttentionAt !== null) return 'replayed';
  if (movement.reference !== refund.gatewayReference) return 'ignored';
  const context = { refundId: refund.id, bookingId: refund.bookingId, attempt: refund.attempts, cause: refund.cause };

  if (movement.status === 'succeeded' && movement.amount !== refund.amountPesewas) {
    const [held] = await db
      .update(refunds)
      .set({ needsAttentionAt: now, updatedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'), isNull(refunds.needsAttentionAt)))
      .returning({ id: refunds.id });
    logger.error({ ...context, expected: refund.amountPesewas, reported: movement.amount }, 'the gateway refunded another amount than asked: refund left to staff');
    return held ? 'held' : 'replayed';
  }
  const providerReference = movement.providerReference;
  return db.transaction(async (tx) => {
    if (movement.status === 'succeeded') {
      const moved = await moveRefund(tx, refund, { to: 'succeeded', providerReference }, now);
      if (moved) logger.info({ ...context, amount: moved.amountPesewas }, 'refund paid back');
      return moved ? 'applied' : 'replayed';
    }
    if (movement.status === 'failed') {
      const moved = await moveRefund(tx, refund, { to: 'failed', providerReference }, now);
      if (moved) logger.warn({ ...context, gatewaySays: movement.displayText, nextAttemptAt: moved.nextAttemptAt, needsAttention: moved.needsAttentionAt !== null }, 'refund failed');
      return moved ? 'applied' : 'replayed';
    }
    const moved = await moveRefund(tx, refund, { to: 'sent', providerReference }, now);
    return moved ? 'applied' : 'ignored';
  });
}

/** The refunds a gateway's callback may be about: the one asked under its reference, or every one of the collection it names. */
export async function refundsNamedBy(db: PaymentsDb, notice: { reference: string; collectionReference?: string | undefined }): Promise<RefundRow[]> {
  if (notice.collectionReference !== undefined) {
    if (!isUuid(notice.collectionReference)) return [];
    return db.select().from(refunds).where(eq(refunds.paymentId, notice.collectionReference));
  }
  return db.select().from(refunds).where(eq(refunds.gatewayReference, notice.reference));
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
