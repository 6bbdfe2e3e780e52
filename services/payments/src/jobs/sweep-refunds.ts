import type { Logger } from '@krom/server-kit/logger';
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { refunds } from '../db/schema.ts';
import type { MobileMoneyProvider, Movement } from '../providers/mobile-money/port.ts';
import { retryRefund } from '../refunds/move-refund.ts';
import { sendRefund } from '../refunds/send-refund.ts';
import { settleRefund } from '../refunds/settle-refund.ts';
import { callbackWaitSeconds, sweepBatch } from './sweep-payments.ts';

/*
 * What happens to refunds because time passed, beside the payments sweep (same job, same clock):
 * refunds open past `callbackWaitSeconds` are asked again (never answered: the call is idempotent
 * by the attempt's reference) or read again at the gateway (answered, the callback lost); failed
 * ones whose next attempt is due are asked again under a new reference, until `maxRefundAttempts`
 * have failed and staff are left with it. Every change is a conditional update, so a run twice
 * or beside a callback changes each refund once.
 */

export type RefundSweepResult = { changed: number };

export async function sweepRefunds(db: PaymentsDb, provider: MobileMoneyProvider, now: Date, logger: Logger): Promise<RefundSweepResult> {
  const before = new Date(now.getTime() - callbackWaitSeconds * 1000);
  const open = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), isNull(refunds.needsAttentionAt), lte(refunds.updatedAt, before)))
    .orderBy(asc(refunds.updatedAt))
    .limit(sweepBatch);
  let changed = 0;
  for (const refund of open) {
    if (refund.sentAt === null) {
      if ((await sendRefund(db, provider, refund, () => now, logger)) === 'applied') changed += 1;
      continue;
    }
    let movement: Movement;
    try {
      movement = await provider.verifyRefund(refund.gatewayReference);
    } catch (error) {
      logger.warn({ err: error, refundId: refund.id }, 'could not read the gateway for an open refund; next run');
      continue;
    }
    if ((await settleRefund(db, refund, movement, now, logger)) === 'applied') changed += 1;
  }

  const due = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'failed'), isNull(refunds.needsAttentionAt), isNotNull(refunds.nextAttemptAt), lte(refunds.nextAttemptAt, now)))
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(sweepBatch);
  for (const refund of due) {
    const retried = await db.transaction((tx) => retryRefund(tx, refund, now));
    if (!retried) continue;
    changed += 1;
    await sendRefund(db, provider, retried, () => now, logger);
  }
  return { changed };
}
