import { type PaymentFact, type PaymentFactName, type PaymentStatus, paymentEvents } from '@krom/contracts/events/payments';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import type { payments } from '../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** The fact each status is announced by: a payment back to `pending` after its voucher was typed is prompted again. */
const factOf: Record<PaymentStatus, PaymentFactName> = { pending: 'prompted', needs_otp: 'needs_otp', succeeded: 'succeeded', failed: 'failed' };

/** A wallet as the passenger's messages show it: the first three digits and the last two (`024 *** **67`). */
export const maskedWallet = (phone: string) => `${phone.slice(0, 3)} *** **${phone.slice(-2)}`;

/** The payment as its fact carries it, at the row's version. */
export function paymentFact(row: PaymentRow, occurredAt: Date): PaymentFact {
  return {
    paymentId: row.id,
    bookingId: row.bookingId,
    rideId: row.rideId,
    passengerId: row.passengerId,
    driverId: row.driverId,
    status: row.status,
    amountPesewas: row.amountPesewas,
    farePesewas: row.farePesewas,
    feePesewas: row.feePesewas,
    currency: 'GHS',
    provider: row.provider,
    walletMasked: row.walletMasked,
    reason: row.status === 'failed' ? row.reason : null,
    occurredAt: occurredAt.toISOString(),
    version: row.version,
  };
}

/** Writes the fact of the row's present status in the outbox, in the transaction that moved it. */
export const announcePayment = (tx: Transaction, row: PaymentRow, occurredAt: Date) => recordEvent(tx, paymentEvents[factOf[row.status]], paymentFact(row, occurredAt));
