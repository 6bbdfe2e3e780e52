import type { StaffPayout, StaffRefund } from '@krom/contracts/http/staff-payments';
import type { PayoutRow, RefundRow } from '../db/schema.ts';

/** A refund row as staff see it. */
export const staffRefundView = (row: RefundRow): StaffRefund => ({
  id: row.id,
  bookingId: row.bookingId,
  paymentId: row.paymentId,
  cause: row.cause,
  status: row.status,
  amountPesewas: row.amountPesewas,
  walletMasked: row.walletMasked,
  attempts: row.attempts,
  needsAttention: row.needsAttentionAt !== null,
  reason: row.reason,
  staffReason: row.staffReason,
  staffId: row.staffId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A payout row as staff see it (the wallet masked). */
export const staffPayoutView = (row: PayoutRow): StaffPayout => ({
  id: row.id,
  bookingId: row.bookingId,
  driverId: row.driverId,
  status: row.status,
  amountPesewas: row.amountPesewas,
  walletMasked: row.walletMasked,
  attempts: row.attempts,
  reason: row.reason,
  retriedBy: row.retriedBy,
  dueAt: row.dueAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
