import type { Logger } from '@krom/server-kit/logger';
import { and, asc, eq, isNotNull, lte, ne } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { payouts } from '../db/schema.ts';
import { schedulePayouts } from '../payouts/schedule-payouts.ts';
import { askGateway, sendPayout } from '../payouts/send-payout.ts';
import type { MobileMoneyProvider } from '../providers/mobile-money/port.ts';
import { sweepBatch } from './sweep-payments.ts';

/** How often a sent payout the gateway still has on its way is asked about again. */
export const sentRecheckMinutes = 5;

export type PayoutSweepResult = { scheduled: number; changed: number };

/*
 * What happens to payouts because time passed, beside the payments sweep (same job, same clock):
 * the ledger's new credits to drivers become scheduled payouts; then every payout whose
 * `next_attempt_at` has come is looked at: a sent one is asked of the gateway again under the
 * same reference (a lost callback, or a crash before the first ask: it is never paid twice), and
 * again every `sentRecheckMinutes` while the gateway still has it on its way; a
 * scheduled or failed one, or one waiting on the driver's number, is sent to their confirmed
 * number if they have one. A payout only staff can move has no next attempt. Every change is a
 * conditional update, so a run twice, or beside a callback, changes each payout once.
 */
export async function sweepPayouts(
  db: PaymentsDb,
  provider: MobileMoneyProvider,
  now: Date,
  logger: Logger,
  /** The disputes window (config PAYOUT_DELAY_SECONDS); the product's 24 hours unless given. */
  payoutDelaySeconds?: number,
): Promise<PayoutSweepResult> {
  const scheduled = await schedulePayouts(db, payoutDelaySeconds);
  const due = await db
    .select()
    .from(payouts)
    .where(and(isNotNull(payouts.nextAttemptAt), lte(payouts.nextAttemptAt, now), ne(payouts.status, 'succeeded')))
    .orderBy(asc(payouts.nextAttemptAt))
    .limit(sweepBatch);
  let changed = 0;
  for (const payout of due) {
    try {
      const outcome = payout.status === 'sent' ? await askGateway(db, provider, payout, now, logger) : await sendPayout(db, provider, payout, now, logger);
      if (outcome === 'applied' || outcome === 'held') changed += 1;
      if (payout.status === 'sent' && outcome === 'ignored') {
        // Still on its way (or the gateway could not be asked): asked again in a few minutes, not every run.
        await db
          .update(payouts)
          .set({ nextAttemptAt: new Date(now.getTime() + sentRecheckMinutes * 60_000) })
          .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'sent'), eq(payouts.gatewayReference, payout.gatewayReference)));
      }
    } catch (error) {
      logger.error({ err: error, payoutId: payout.id }, 'could not move a due payout; next run');
    }
  }
  return { scheduled, changed };
}
