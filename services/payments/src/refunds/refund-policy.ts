import type { RefundCause } from '@krom/contracts/events/payments';
import { cancellationRefund, type RefundRule } from '@krom/contracts/http/booking-values';
import { toDecimalCedis, toPesewas } from '@krom/contracts/money';

/*
 * The cancellation policy the booking screen states, in pesewas, worked out by payments from the
 * payment it collected and rides' fact of how the booking ended (never an amount from a client):
 *
 *   cancelled_by_passenger  more than 24 h before departure: the fare back, Krom keeps its fee;
 *                           less than 24 h: half the fare back (rounded down), the other half the
 *                           driver's; after departure: nothing back, the fare the driver's
 *   every other cause       everything back, the fee included; among them not_boarded, a
 *                           confirmed seat the driver neither boarded by its code nor reported as
 *                           a no-show within 24 h of departure: the boarding code is Krom's proof
 *                           the trip happened and the report the driver's claim that the passenger
 *                           failed them; with neither, the seat was not given, as when a driver
 *                           cancels, so the fee goes back too (the passenger did nothing wrong)
 *
 * Every pesewa of the payment lands somewhere: back to the passenger, to the driver, or Krom's fee.
 */

export type RefundSplit = {
  /** How the policy read the cancellation: `full`, `half`, `none`, or `everything` (the fee too). */
  rule: RefundRule | 'everything';
  fareRefund: number;
  feeRefund: number;
  /** The fare's part credited to the driver. */
  driverShare: number;
  /** Krom's fee kept (service fee revenue). */
  feeKept: number;
};

export type PaidAmounts = { farePesewas: number; feePesewas: number };

/** Everything back, the fee included: a driver's or staff's cancellation, a decline, an expiry, a late payment, a seat never boarded. */
export const everythingBack = (paid: PaidAmounts): RefundSplit => ({ rule: 'everything', fareRefund: paid.farePesewas, feeRefund: paid.feePesewas, driverShare: 0, feeKept: 0 });

/** What a booking's end gives back of what was paid, by `cause`, for a booking departing at `departureAt` that ended at `endedAt`. */
export function policySplit(cause: Exclude<RefundCause, 'staff'>, paid: PaidAmounts, departureAt: Date, endedAt: Date): RefundSplit {
  if (cause !== 'cancelled_by_passenger') return everythingBack(paid);
  const { rule, amount } = cancellationRefund(departureAt, endedAt, toDecimalCedis(paid.farePesewas));
  const fareRefund = toPesewas(amount);
  return { rule, fareRefund, feeRefund: 0, driverShare: paid.farePesewas - fareRefund, feeKept: paid.feePesewas };
}

/**
 * The split once staff have already given back `alreadyRefunded` of the payment: that much less
 * goes back (the fee's part first, then the fare's); past what the policy gives back, it comes
 * out of Krom's fee and then the driver's share, so the payment is never given back twice.
 */
export function afterEarlierRefunds(split: RefundSplit, alreadyRefunded: number): RefundSplit {
  let left = alreadyRefunded;
  const take = (from: number) => {
    const taken = Math.min(from, left);
    left -= taken;
    return from - taken;
  };
  const feeRefund = take(split.feeRefund);
  const fareRefund = take(split.fareRefund);
  const feeKept = take(split.feeKept);
  const driverShare = take(split.driverShare);
  return { ...split, feeRefund, fareRefund, feeKept, driverShare };
}

/** What goes back to the passenger. */
export const refundAmount = (split: Pick<RefundSplit, 'fareRefund' | 'feeRefund'>) => split.fareRefund + split.feeRefund;
