import { type PaymentStatus, paymentStatuses } from '@krom/contracts/events/payments';

/** A payment's statuses, as its facts name them (contracts/events/payments.ts). */
export const paymentRowStatuses = paymentStatuses;

/**
 * Where a payment may go from each status. `pending` and `needs_otp` wait on the passenger (a
 * voucher typed moves `needs_otp` back to `pending`); `succeeded` and `failed` are final, so a
 * replayed callback or a second sweep finds nothing left to move.
 */
export const paymentTransitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['needs_otp', 'succeeded', 'failed'],
  needs_otp: ['pending', 'succeeded', 'failed'],
  succeeded: [],
  failed: [],
};

/** The statuses a payment can reach `to` from. */
export const movableTo = (to: PaymentStatus): PaymentStatus[] => paymentStatuses.filter((from) => paymentTransitions[from].includes(to));

/** Still waiting on the passenger or the gateway. */
export const openPaymentStatuses = ['pending', 'needs_otp'] as const satisfies readonly PaymentStatus[];
