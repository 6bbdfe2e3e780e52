import type { BookingFactName } from '@krom/contracts/events/bookings';
import type { RefundCause } from '@krom/contracts/events/payments';

/** A refund's statuses, as its facts name them (contracts/events/payments.ts). */
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * Where a refund may go from each status: `pending` is asked of the gateway (or about to be);
 * a `failed` one is asked again under a new reference (back to `pending`) until it has failed
 * `maxRefundAttempts` times; `succeeded` is final, so a replayed callback finds nothing to move.
 */
export const refundTransitions: Record<RefundStatus, readonly RefundStatus[]> = {
  pending: ['succeeded', 'failed'],
  failed: ['pending'],
  succeeded: [],
};

/** The statuses a refund can reach `to` from. */
export const refundMovableTo = (to: RefundStatus): RefundStatus[] => refundStatuses.filter((from) => refundTransitions[from].includes(to));

/**
 * Rides' facts that end a booking, each the refund cause of the same name when money had arrived.
 * `not_boarded`: the no-show window closed on a confirmed seat the driver neither boarded by its
 * code nor reported, so nothing says the trip happened (refunded in full, refund-policy.ts).
 */
export const bookingEndingFacts = ['cancelled_by_passenger', 'cancelled_by_driver', 'cancelled', 'declined', 'expired', 'not_boarded'] as const satisfies readonly (BookingFactName & RefundCause)[];
export type BookingEndingFact = (typeof bookingEndingFacts)[number];

/** How many times a refund is asked of the gateway before it is left to staff. */
export const maxRefundAttempts = 4;
/** The wait after the first failed attempt; it doubles after each further one (5, 10, 20 minutes). */
export const refundRetryBaseMinutes = 5;

/** When a refund that has now failed `attempts` times is asked again; null once staff must act. */
export const nextRefundAttemptAt = (attempts: number, now: Date): Date | null =>
  attempts >= maxRefundAttempts ? null : new Date(now.getTime() + refundRetryBaseMinutes * 2 ** (attempts - 1) * 60_000);
