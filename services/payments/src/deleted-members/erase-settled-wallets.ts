import type { AnyDb, Transaction } from '@krom/server-kit/outbox';
import { and, asc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { deletedMembers, payments, payouts, refunds } from '../db/schema.ts';
import { passengerFundsHeld } from '../ledger/accounts.ts';
import type { PaymentRow } from '../payments/payment-facts.ts';

/*
 * A deleted member's full wallet numbers, erased from the payments they paid and the payouts
 * they were paid, row by row as each row's money is settled: a payment's `wallet_phone` becomes
 * its `wallet_masked` (the column is required; staff still read "024 *** **56"), a payout's
 * becomes null. Amounts, ids, statuses, the ledger and `updated_at` stay as they were: nothing
 * about the money changed. Run after the user.deleted handler commits and by every sweep, so rows
 * settled later are erased too; a row erased already is not touched again.
 */

/** How many payments one run erases at most (the sweep's next run takes the rest). */
const PAYMENTS_PER_RUN = 500;

/**
 * A payment whose money is settled, so no refund can need its number any more: collected or
 * failed (never waiting on the gateway, nor held for staff), every refund of it paid, and nothing
 * of its booking's money still held (a booking not yet ended or completed could still be
 * refunded, by the policy or by staff, to this wallet).
 */
const settledPayment: SQL = and(
  inArray(payments.status, ['succeeded', 'failed']),
  isNull(payments.heldAt),
  ne(payments.walletPhone, payments.walletMasked),
  sql`NOT EXISTS (SELECT 1 FROM ${refunds} WHERE ${refunds.paymentId} = ${payments.id} AND ${refunds.status} <> 'succeeded')`,
  sql`(SELECT coalesce(sum(l.amount), 0) FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
       WHERE a.type = ${passengerFundsHeld} AND a.booking_id = ${payments.bookingId}) = 0`,
) as SQL;

const deletedIds = (db: AnyDb | Transaction, memberId: string | undefined) =>
  db
    .select({ id: deletedMembers.userId })
    .from(deletedMembers)
    .where(memberId === undefined ? undefined : eq(deletedMembers.userId, memberId));

/** Whether a payment's number was erased (its member deleted the account): no refund may be asked to it. */
export const walletErased = (payment: Pick<PaymentRow, 'walletPhone' | 'walletMasked'>) => payment.walletPhone === payment.walletMasked;

/** Records that the member deleted their account, once (a second delivery changes nothing). */
export async function recordDeletedMember(db: AnyDb | Transaction, userId: string, deletedAt: Date): Promise<boolean> {
  const inserted = await db.insert(deletedMembers).values({ userId, deletedAt }).onConflictDoNothing().returning({ userId: deletedMembers.userId });
  return inserted.length > 0;
}

/**
 * Erases the settled rows' numbers of every deleted member, or of one (`memberId`). The payments
 * are locked first and their money read again after the locks are held, as every decision that
 * refunds a payment locks it: a refund opened meanwhile keeps the number.
 */
export async function eraseSettledWallets(db: PaymentsDb, memberId?: string): Promise<{ payments: number; payouts: number }> {
  const erasedPayments = await db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(inArray(payments.passengerId, deletedIds(tx, memberId)), settledPayment))
      .orderBy(asc(payments.id))
      .limit(PAYMENTS_PER_RUN)
      .for('update');
    if (candidates.length === 0) return 0;
    // A statement of its own, so it reads what committed while the locks were awaited.
    const erased = await tx
      .update(payments)
      .set({ walletPhone: sql`${payments.walletMasked}` })
      .where(
        and(
          inArray(
            payments.id,
            candidates.map((row) => row.id),
          ),
          settledPayment,
        ),
      )
      .returning({ id: payments.id });
    return erased.length;
  });
  // A payout paid is final; any other (scheduled, sent, failed, waiting for a number or for staff) is still owed.
  const erasedPayouts = await db
    .update(payouts)
    .set({ walletPhone: null })
    .where(and(eq(payouts.status, 'succeeded'), isNotNull(payouts.walletPhone), inArray(payouts.driverId, deletedIds(db, memberId))))
    .returning({ id: payouts.id });
  return { payments: erasedPayments, payouts: erasedPayouts.length };
}
