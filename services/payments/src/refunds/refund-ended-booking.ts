import type { BookingFact } from '@krom/contracts/events/bookings';
import { toPesewas } from '@krom/contracts/money';
import type { Logger } from '@krom/server-kit/logger';
import type { Transaction } from '@krom/server-kit/outbox';
import { and, eq, sql } from 'drizzle-orm';
import { bookingEndings, payments, refunds } from '../db/schema.ts';
import { heldFunds } from '../ledger/held-funds.ts';
import { openRefund } from './open-refund.ts';
import { afterEarlierRefunds, policySplit, refundAmount } from './refund-policy.ts';
import type { BookingEndingFact } from './refund-transitions.ts';

/**
 * Rides' fact that a booking ended, in the consumer's transaction. The end is recorded (so money
 * arriving after it is known to be late: settleCollection); then each payment of the booking,
 * locked, whose money had arrived is settled by the policy for the way it ended, from the
 * booking's departure and the moment it ended: its refund opened (sent after the commit), or,
 * when nothing goes back, its release to the driver and Krom. Locking the payment rows orders
 * this against a collection settling at the same moment: whichever commits second sees the other.
 * Rides' own figure of the refund (`refundAmount`, the fare's part) is only checked, and a
 * difference logged: the amount is payments' to work out. Money no longer wholly held (released to
 * the driver by an earlier `completed`, say) is never settled a second time: logged for staff.
 */
export async function refundEndedBooking(tx: Transaction, fact: BookingFact, ending: BookingEndingFact, now: Date, logger: Pick<Logger, 'info' | 'error'>): Promise<void> {
  await tx
    .insert(bookingEndings)
    .values({ bookingId: fact.bookingId, fact: ending, occurredAt: new Date(fact.occurredAt), bookingVersion: fact.version, recordedAt: now })
    .onConflictDoNothing();
  // Every payment of the booking locked as it now is, then the ones whose money arrived picked out.
  const locked = await tx.select().from(payments).where(eq(payments.bookingId, fact.bookingId)).orderBy(payments.createdAt).for('update');
  for (const payment of locked.filter((row) => row.status === 'succeeded' && row.heldAt === null)) {
    const policy = policySplit(ending, payment, new Date(fact.departureAt), new Date(fact.occurredAt));
    if (fact.refundAmount !== null && toPesewas(fact.refundAmount) !== policy.fareRefund) {
      logger.error({ bookingId: fact.bookingId, paymentId: payment.id, ending, ridesSays: fact.refundAmount, paymentsWorkedOut: policy.fareRefund }, "rides' refund figure differs from the policy's: payments' own is paid");
    }
    const [staff] = await tx
      .select({ refunded: sql<string>`coalesce(sum(${refunds.amountPesewas}), 0)` })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.cause, 'staff')));
    const split = afterEarlierRefunds(policy, Number(staff?.refunded ?? 0));
    const { available } = await heldFunds(tx, fact.bookingId);
    const settles = refundAmount(split) + split.driverShare + split.feeKept;
    if (settles > available) {
      logger.error({ bookingId: fact.bookingId, paymentId: payment.id, ending, settles, available }, 'the booking ended but its money is no longer wholly held (released or refunded already): nothing settled, staff must check');
      continue;
    }
    const opened = await openRefund(tx, payment, { cause: ending, split }, now);
    logger.info({ bookingId: fact.bookingId, paymentId: payment.id, ending, rule: split.rule, refundId: opened?.id ?? null, refund: split.fareRefund + split.feeRefund, driverShare: split.driverShare, feeKept: split.feeKept }, 'booking ended: its money settled by the policy');
  }
}
