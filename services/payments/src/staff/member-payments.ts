import { type MemberPayments, memberActivityLimit } from '@krom/contracts/http/member-page';
import { count, desc, eq } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { payments, payouts, refunds } from '../db/schema.ts';
import { staffPayoutView, staffRefundView } from './refund-and-payout-views.ts';
import { staffPaymentView } from './staff-payment-view.ts';

/**
 * A member's money for the admin area's member page (finance and administrators): how many
 * payments they made as passenger, refunds went to them and payouts to them as driver, and the
 * latest `memberActivityLimit` of each, newest first, as the Payments tab shows them.
 */
export async function memberPayments(db: PaymentsDb, memberId: string): Promise<MemberPayments> {
  const [paymentsCount, latestPayments, refundsCount, latestRefunds, payoutsCount, latestPayouts] = await Promise.all([
    db.select({ count: count() }).from(payments).where(eq(payments.passengerId, memberId)),
    db.select().from(payments).where(eq(payments.passengerId, memberId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(memberActivityLimit),
    db.select({ count: count() }).from(refunds).where(eq(refunds.passengerId, memberId)),
    db.select().from(refunds).where(eq(refunds.passengerId, memberId)).orderBy(desc(refunds.createdAt), desc(refunds.id)).limit(memberActivityLimit),
    db.select({ count: count() }).from(payouts).where(eq(payouts.driverId, memberId)),
    db.select().from(payouts).where(eq(payouts.driverId, memberId)).orderBy(desc(payouts.createdAt), desc(payouts.id)).limit(memberActivityLimit),
  ]);
  return {
    paymentsAsPassenger: { count: paymentsCount[0]?.count ?? 0, latest: latestPayments.map(staffPaymentView) },
    refundsTo: { count: refundsCount[0]?.count ?? 0, latest: latestRefunds.map(staffRefundView) },
    payoutsTo: { count: payoutsCount[0]?.count ?? 0, latest: latestPayouts.map(staffPayoutView) },
  };
}
