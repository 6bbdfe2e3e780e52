import { randomUUID } from 'node:crypto';
import type { RefundCause } from '@krom/contracts/events/payments';
import { toDecimalCedis } from '@krom/contracts/money';
import type { Transaction } from '@krom/server-kit/outbox';
import { type RefundRow, refunds } from '../db/schema.ts';
import { ledgerAccounts } from '../ledger/accounts.ts';
import { type LedgerLine, postEntry } from '../ledger/post-entry.ts';
import type { PaymentRow } from '../payments/payment-facts.ts';
import { type RefundSplit, refundAmount } from './refund-policy.ts';

export type RefundOpening = { cause: RefundCause; split: RefundSplit; staff?: { id: string; reason: string } };

const cedis = (pesewas: number) => `GH₵${toDecimalCedis(pesewas)}`;

/**
 * Settles what the policy decided for `payment`, in the caller's transaction. Something goes back:
 * the refund row (pending, to be asked of the gateway after the commit) and its `refund_sent`
 * entry, which takes the whole of what is settled out of the booking's held funds — the refund
 * into `refunds_in_transit`, the driver's share into `driver_payable:<driver>`, the fee kept into
 * revenue. Nothing goes back (a cancellation after departure): no row, only the `release` of the
 * fare to the driver and the fee to revenue. Undefined when nothing was opened, and for a second
 * policy refund of one payment (`refunds_policy_once`): a fact told twice settles once.
 */
export async function openRefund(tx: Transaction, payment: PaymentRow, opening: RefundOpening, now: Date): Promise<RefundRow | undefined> {
  const { cause, split } = opening;
  const amount = refundAmount(split);
  const kept: LedgerLine[] = [
    ...(split.driverShare > 0 ? [{ account: ledgerAccounts.driverPayable(payment.driverId), credit: split.driverShare }] : []),
    ...(split.feeKept > 0 ? [{ account: ledgerAccounts.serviceFeeRevenue(), credit: split.feeKept }] : []),
  ];
  const settled = amount + split.driverShare + split.feeKept;
  if (amount === 0) {
    if (settled > 0) {
      await postEntry(tx, {
        kind: 'release',
        bookingId: payment.bookingId,
        reference: `cancellation_release:${payment.id}`,
        lines: [{ account: ledgerAccounts.passengerFundsHeld(payment.bookingId), debit: settled }, ...kept],
        memo: `Booking ${payment.bookingId} ended (${cause}) with nothing back: ${cedis(split.driverShare)} to the driver, ${cedis(split.feeKept)} fee kept`,
      });
    }
    return undefined;
  }
  const id = randomUUID();
  const [row] = await tx
    .insert(refunds)
    .values({
      id,
      paymentId: payment.id,
      bookingId: payment.bookingId,
      rideId: payment.rideId,
      passengerId: payment.passengerId,
      driverId: payment.driverId,
      cause,
      status: 'pending',
      amountPesewas: amount,
      fareRefundPesewas: split.fareRefund,
      feeRefundPesewas: split.feeRefund,
      driverSharePesewas: split.driverShare,
      walletMasked: payment.walletMasked,
      gatewayReference: id,
      staffId: opening.staff?.id ?? null,
      staffReason: opening.staff?.reason ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  await postEntry(tx, {
    kind: 'refund_sent',
    bookingId: payment.bookingId,
    reference: `refund_sent:${row.gatewayReference}`,
    lines: [
      { account: ledgerAccounts.passengerFundsHeld(payment.bookingId), debit: settled },
      { account: ledgerAccounts.refundsInTransit(payment.bookingId), credit: amount },
      ...kept,
    ],
    memo: `Refund ${row.id} of booking ${payment.bookingId} (${cause}): ${cedis(amount)} back to the passenger, ${cedis(split.driverShare)} to the driver, ${cedis(split.feeKept)} fee kept`,
  });
  return row;
}
