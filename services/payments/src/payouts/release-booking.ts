import type { BookingFact } from '@krom/contracts/events/bookings';
import { toDecimalCedis } from '@krom/contracts/money';
import type { Logger } from '@krom/server-kit/logger';
import type { Transaction } from '@krom/server-kit/outbox';
import { and, asc, eq, isNull, } from 'drizzle-orm';
import { ledgerEntries, payments } from '../db/schema.ts';
import { ledgerAccounts } from '../ledger/accounts.ts';
import { heldFunds } from '../ledger/held-funds.ts';
import { postEntry } from '../ledger/post-entry.ts';

export type ReleaseOutcome = 'released' | 'released_already' | 'no_payment' | 'not_held';

/** The facts that make a booking's money the driver's: the trip completed (boarded), or a no-show the driver reported. */
export const releasingFacts = ['completed', 'no_show'] as const;

/**
 * A booking whose trip happened (rides' `completed`, which it writes for every boarded booking
 * when the ride completes) or whose passenger did not come (`no_show`, reported by the driver:
 * paid as if boarded): its succeeded payment's money leaves the passenger's held funds, the fare
 * to `driver_payable:<driver>` and the fee to Krom, in one `release` entry tagged with the booking
 * (reference `release:<payment>`, so a redelivered or second fact posts nothing more). The
 * payment row is locked first, as the refunds' decisions lock it, so a release and a refund
 * cannot both take the same money; only money wholly still held is released (anything else is
 * logged for staff). A cash booking, or one with no succeeded payment, has nothing to release.
 */
export async function releaseBooking(tx: Transaction, fact: BookingFact, logger: Pick<Logger, 'info' | 'error'>): Promise<ReleaseOutcome> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, fact.bookingId), eq(payments.status, 'succeeded'), isNull(payments.heldAt)))
    .orderBy(asc(payments.createdAt))
    .limit(1)
    .for('update');
  if (!payment) return 'no_payment';
  const reference = `release:${payment.id}`;
  const [posted] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.reference, reference));
  if (posted) return 'released_already';

  const { held } = await heldFunds(tx, payment.bookingId);
  if (held !== payment.amountPesewas) {
    logger.error({ bookingId: payment.bookingId, paymentId: payment.id, held, paid: payment.amountPesewas, fact: fact.status }, 'the booking completed but its money is not wholly held: not released, staff must check');
    return 'not_held';
  }
  await postEntry(tx, {
    kind: 'release',
    bookingId: payment.bookingId,
    reference,
    lines: [
      { account: ledgerAccounts.passengerFundsHeld(payment.bookingId), debit: payment.amountPesewas },
      { account: ledgerAccounts.driverPayable(payment.driverId), credit: payment.farePesewas },
      ...(payment.feePesewas > 0 ? [{ account: ledgerAccounts.serviceFeeRevenue(), credit: payment.feePesewas }] : []),
    ],
    memo: `Booking ${payment.bookingId} ${fact.status === 'no_show' ? 'no-show reported by the driver' : 'completed'}: fare GH₵${toDecimalCedis(payment.farePesewas)} to the driver, fee GH₵${toDecimalCedis(payment.feePesewas)} to Krom`,
  });
  logger.info({ bookingId: payment.bookingId, paymentId: payment.id, fact: fact.status }, 'booking money released');
  return 'released';
}
