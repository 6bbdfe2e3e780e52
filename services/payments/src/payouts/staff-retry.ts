import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PaymentsDb } from '../db/payments-db.ts';
import { type PayoutRow, payouts } from '../db/schema.ts';
import { payoutReasons } from './payout-transitions.ts';

/** A staff retry refused, in words for the staff screen (a 404 or 409 when a route carries it). */
export class StaffPayoutRefused extends Error {
  constructor(
    readonly statusCode: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'StaffPayoutRefused';
  }
}

export const staffPayoutMessages = {
  notFound: 'There is no such payout',
  notWaiting: 'Only a payout that failed or needs attention can be tried again',
  otherAmount: 'The gateway reported another amount paid out for this payout: check it with the gateway before paying again',
} as const;

/**
 * Staff ask again for a payout that failed or needs attention (the staff screen's button): it is
 * due at once, and the sweep's next run sends it as its next attempt to the driver's confirmed
 * number (or finds there is still none). Not for a payout the gateway says it paid another
 * amount of (money may have moved), nor for one sent or paid. Records who asked.
 */
export async function retryPayoutByStaff(db: PaymentsDb, payoutId: string, staffId: string, now = new Date()): Promise<PayoutRow> {
  if (!z.string().uuid().safeParse(payoutId).success) throw new StaffPayoutRefused(404, staffPayoutMessages.notFound);
  const [queued] = await db
    .update(payouts)
    .set({ nextAttemptAt: now, retriedBy: staffId, updatedAt: now})
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, ['failed', 'needs_attention']), sql`${payouts.reason} IS DISTINCT FROM ${payoutReasons.otherAmount}`))
    .returning();
  if (queued) return queued;
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout) throw new StaffPayoutRefused(404, staffPayoutMessages.notFound);
  throw new StaffPayoutRefused(409, payout.reason === payoutReasons.otherAmount ? staffPayoutMessages.otherAmount : staffPayoutMessages.notWaiting);
}
