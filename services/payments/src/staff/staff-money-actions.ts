import type { StaffPayout, StaffPayoutList, StaffRefund } from '@krom/contracts/http/staff-payments';
import { HttpError } from '@krom/server-kit/errors';
import { asc, eq } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { payouts } from '../db/schema.ts';
import { retryPayoutByStaff, StaffPayoutRefused } from '../payouts/staff-retry.ts';
import { refundByStaff, type StaffRefundDeps, StaffRefundRefused } from '../refunds/staff-refund.ts';
import { staffPayoutView, staffRefundView } from './refund-and-payout-views.ts';

/** How many payouts needing attention the staff list shows at once. */
const attentionListLimit = 100;

/** A staff refund with its reason; what the refunds rules refuse (nothing held, too much) is a 409 in their words. */
export async function refundAsStaff(
  db: PaymentsDb,
  request: { bookingId: string; amountPesewas?: number | undefined; reason: string; staffId: string },
  deps: StaffRefundDeps,
): Promise<StaffRefund> {
  try {
    const { amountPesewas, ...rest } = request;
    return staffRefundView(await refundByStaff(db, { ...rest, ...(amountPesewas === undefined ? {} : { amountPesewas }) }, deps));
  } catch (error) {
    if (error instanceof StaffRefundRefused) throw new HttpError(409, error.message);
    throw error;
  }
}

/** Payouts staff must act on, longest waiting first. */
export async function payoutsNeedingAttention(db: PaymentsDb): Promise<StaffPayoutList> {
  const rows = await db.select().from(payouts).where(eq(payouts.status, 'needs_attention')).orderBy(asc(payouts.updatedAt), asc(payouts.id)).limit(attentionListLimit);
  return { payouts: rows.map(staffPayoutView) };
}

/** Staff ask again for a payout; refused in the payouts rules' words (404, 409). */
export async function retryPayoutAsStaff(db: PaymentsDb, payoutId: string, staffId: string, now: Date): Promise<StaffPayout> {
  try {
    return staffPayoutView(await retryPayoutByStaff(db, payoutId, staffId, now));
  } catch (error) {
    if (error instanceof StaffPayoutRefused) throw new HttpError(error.statusCode, error.message);
    throw error;
  }
}
