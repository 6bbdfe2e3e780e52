import { type RefundFact, type RefundFactName, refundEvents } from '@krom/contracts/events/payments';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import type { RefundRow } from '../db/schema.ts';
import type { RefundStatus } from './refund-transitions.ts';

/** The fact each status is announced by: a refund pending has been asked of the gateway (`sent`). */
const factOf: Record<RefundStatus, RefundFactName> = { pending: 'sent', succeeded: 'succeeded', failed: 'failed' };

/** The refund as its fact carries it, at the row's version. */
export function refundFact(row: RefundRow, occurredAt: Date): RefundFact {
  return {
    refundId: row.id,
    paymentId: row.paymentId,
    bookingId: row.bookingId,
    rideId: row.rideId,
    passengerId: row.passengerId,
    driverId: row.driverId,
    cause: row.cause,
    status: row.status,
    amountPesewas: row.amountPesewas,
    fareRefundPesewas: row.fareRefundPesewas,
    feeRefundPesewas: row.feeRefundPesewas,
    driverSharePesewas: row.driverSharePesewas,
    currency: 'GHS',
    walletMasked: row.walletMasked,
    reason: row.status === 'failed' ? row.reason : row.staffReason,
    occurredAt: occurredAt.toISOString(),
    version: row.version,
  };
}

/** Writes the fact of the row's present status in the outbox, in the transaction that moved it. */
export const announceRefund = (tx: Transaction, row: RefundRow, occurredAt: Date) => recordEvent(tx, refundEvents[factOf[row.status]], refundFact(row, occurredAt));
