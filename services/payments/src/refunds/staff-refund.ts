import { toDecimalCedis } from '@krom/contracts/money';
import type { Logger } from '@krom/server-kit/logger';
import { and, asc, eq, } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { payments, type RefundRow, refunds } from '../db/schema.ts';
import { heldFunds } from '../ledger/held-funds.ts';
import type { MobileMoneyProvider } from '../providers/mobile-money/port.ts';
import { openRefund } from './open-refund.ts';
import { sendRefund } from './send-refund.ts';

/** A staff refund refused as asked, in words for the staff screen (a 4xx when a route carries it). */
export class StaffRefundRefused extends Error {}

export const staffRefundMessages = {
  reason: 'Please give the reason for this refund',
  amount: 'The amount must be a whole number of pesewas above zero',
  noPayment: 'This booking has no mobile money payment to refund',
  nothingHeld: 'Nothing of this booking’s payment is still held to refund',
  tooMuch: (held: number) => `At most GH₵${toDecimalCedis(held)} of this booking’s payment is still held to refund`,
} as const;

export type StaffRefundRequest = { bookingId: string; amountPesewas?: number; reason: string; staffId: string };
export type StaffRefundDeps = { provider: MobileMoneyProvider; clock: () => Date; logger: Pick<Logger, 'info' | 'warn' | 'error'> };

/**
 * Staff give back money of a booking's payment, with their reason: `amountPesewas`, or all of
 * what is still held when it is left out, never more. What is still held is the booking's
 * `passenger_funds_held` balance, less any refund that failed and is still to be asked again
 * (it is owed already). The payment is locked while it is worked out, so two staff refunds, or
 * one and the booking's end, cannot both take the same money. The refund is opened and its
 * `refund_sent` entry posted in one transaction, then asked of the gateway.
 */
export async function refundByStaff(db: PaymentsDb, request: StaffRefundRequest, deps: StaffRefundDeps): Promise<RefundRow> {
  const reason = request.reason.trim();
  if (reason === '') throw new StaffRefundRefused(staffRefundMessages.reason);
  if (request.amountPesewas !== undefined && (!Number.isSafeInteger(request.amountPesewas) || request.amountPesewas <= 0)) throw new StaffRefundRefused(staffRefundMessages.amount);
  const now = deps.clock();
  const refund = await db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, request.bookingId), eq(payments.status, 'succeeded')))
      .orderBy(asc(payments.createdAt))
      .limit(1)
      .for('update');
    if (!payment) throw new StaffRefundRefused(staffRefundMessages.noPayment);
    const { available } = await heldFunds(tx, request.bookingId);
    if (available <= 0) throw new StaffRefundRefused(staffRefundMessages.nothingHeld);
    const amount = request.amountPesewas ?? available;
    if (amount > available) throw new StaffRefundRefused(staffRefundMessages.tooMuch(available));
    // Counted against the fare first, then the fee.
    const fareRefund = Math.min(amount, payment.farePesewas);
    const split = { rule: 'everything' as const, fareRefund, feeRefund: amount - fareRefund, driverShare: 0, feeKept: 0 };
    const opened = await openRefund(tx, payment, { cause: 'staff', split, staff: { id: request.staffId, reason } }, now);
    if (!opened) throw new Error(`the staff refund of booking ${request.bookingId} was not opened`);
    return opened;
  });
  deps.logger.info({ refundId: refund.id, bookingId: refund.bookingId, staffId: request.staffId, amount: refund.amountPesewas }, 'staff refund opened');
  await sendRefund(db, deps.provider, refund, deps.clock, deps.logger);
  const [sent] = await db.select().from(refunds).where(eq(refunds.id, refund.id));
  return sent ?? refund;
}
