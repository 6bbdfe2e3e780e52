import { z } from 'zod';
import { aggregateVersion, defineEvent, type EventDefinition } from '../envelope.ts';

/*
 * Money for a booking, the saga between rides and payments (ARCHITECTURE "Events"): rides holds
 * the seats and asks for the fare by `krom.rides.booking.payment_requested.v1` (its fact carries
 * the fare, the fee and the wallet); payments sends the prompt to the wallet's phone and announces
 * each step of that payment here; rides confirms the booking on `succeeded` and gives the seats
 * back on `failed`. Each fact is written in payments' outbox in the transaction that moved the
 * payment (and, for `succeeded`, posted its ledger entry). Amounts are integer pesewas.
 *
 *   prompted   the prompt is on the passenger's phone, waiting for their PIN
 *   needs_otp  Telecel's voucher step: the passenger must type the code their network texted
 *   succeeded  the gateway's own record says the money arrived (never a callback alone)
 *   failed     declined, refused or not approved before the hold lapsed
 */

export const paymentStatuses = ['pending', 'needs_otp', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentFactSchema = z.object({
  paymentId: z.string().uuid(),
  bookingId: z.string().uuid(),
  rideId: z.string().uuid(),
  passengerId: z.string().uuid(),
  driverId: z.string().uuid(),
  status: z.enum(paymentStatuses),
  /** What the passenger pays: the fare and Krom's fee. */
  amountPesewas: z.number().int().nonnegative(),
  farePesewas: z.number().int().nonnegative(),
  feePesewas: z.number().int().nonnegative(),
  currency: z.literal('GHS'),
  /** The gateway that moved it ('local', 'paystack', 'hubtel'). */
  provider: z.string(),
  /** The wallet's number with its network prefix and last 2 digits only (`024 *** **67`), for the passenger's messages. */
  walletMasked: z.string(),
  /** Why it failed, in words for the passenger; null unless failed. */
  reason: z.string().nullable(),
  occurredAt: z.string().datetime({ offset: true }),
  /** The payment's version: +1 on every fact, so a consumer can ignore a late or repeated one. */
  version: aggregateVersion,
});
export type PaymentFact = z.infer<typeof paymentFactSchema>;

export const paymentFacts = ['prompted', 'needs_otp', 'succeeded', 'failed'] as const;
export type PaymentFactName = (typeof paymentFacts)[number];

/** `krom.payments.payment.<fact>.v1` for each fact. */
export const paymentEvents = Object.fromEntries(
  paymentFacts.map((fact) => [fact, defineEvent(`krom.payments.payment.${fact}.v1`, paymentFactSchema)]),
) as Record<PaymentFactName, EventDefinition<typeof paymentFactSchema>>;

/*
 * Giving money back (`krom.payments.refund.<fact>.v1`). Payments works out a refund itself, by the
 * cancellation policy the booking screen states, from rides' booking fact (its departure and when
 * it ended), never from an amount a client sent:
 *
 *   cancelled_by_passenger  more than 24 h before departure: the fare (Krom keeps its fee); less
 *                           than 24 h: half the fare (the other half is the driver's); after: nothing
 *   cancelled_by_driver, cancelled (staff), declined, expired, late_payment (money that arrived
 *   for a booking that had already ended), not_boarded (a paid seat the driver neither boarded by
 *   its code nor reported as a no-show before that window closed): everything, the fee included
 *   staff                   an amount staff chose, with their reason
 *
 *   sent       asked of the gateway
 *   succeeded  the gateway's own record says the money is back in the wallet
 *   failed     the gateway gave up; it is retried, and staff see it when it keeps failing
 */
export const refundCauses = [
  'cancelled_by_passenger',
  'cancelled_by_driver',
  'cancelled',
  'declined',
  'expired',
  'late_payment',
  'not_boarded',
  'staff',
] as const;
export type RefundCause = (typeof refundCauses)[number];

export const refundFactSchema = z.object({
  refundId: z.string().uuid(),
  paymentId: z.string().uuid(),
  bookingId: z.string().uuid(),
  rideId: z.string().uuid(),
  passengerId: z.string().uuid(),
  driverId: z.string().uuid(),
  cause: z.enum(refundCauses),
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** What goes back to the passenger: the fare's part and the fee's part. */
  amountPesewas: z.number().int().nonnegative(),
  fareRefundPesewas: z.number().int().nonnegative(),
  feeRefundPesewas: z.number().int().nonnegative(),
  /** The fare's part the driver keeps (half on a cancellation less than 24 h before departure). */
  driverSharePesewas: z.number().int().nonnegative(),
  currency: z.literal('GHS'),
  walletMasked: z.string(),
  /** Why it failed, or staff's reason for a refund they made; null otherwise. */
  reason: z.string().nullable(),
  occurredAt: z.string().datetime({ offset: true }),
  version: aggregateVersion,
});
export type RefundFact = z.infer<typeof refundFactSchema>;

export const refundFacts = ['sent', 'succeeded', 'failed'] as const;
export type RefundFactName = (typeof refundFacts)[number];

/** `krom.payments.refund.<fact>.v1` for each fact. */
export const refundEvents = Object.fromEntries(
  refundFacts.map((fact) => [fact, defineEvent(`krom.payments.refund.${fact}.v1`, refundFactSchema)]),
) as Record<RefundFactName, EventDefinition<typeof refundFactSchema>>;

/*
 * Paying a driver (`krom.payments.payout.<fact>.v1`): a payout pays what a booking made the
 * driver's (boarded and completed, or a no-show the driver reported, or the driver's half of a late
 * cancellation), due 24 hours after it for disputes, sent to the driver's confirmed default
 * mobile money number. A booking usually has one; money made the driver's after its payout was
 * made is paid by another (same bookingId, its own payoutId).
 *
 *   sent             asked of the gateway
 *   succeeded        the gateway's own record says the driver has it
 *   failed           this attempt failed; another follows
 *   needs_attention  it kept failing, or the driver has no confirmed number: staff must act
 */
export const payoutFactSchema = z.object({
  payoutId: z.string().uuid(),
  bookingId: z.string().uuid(),
  rideId: z.string().uuid(),
  driverId: z.string().uuid(),
  status: z.enum(['scheduled', 'sent', 'succeeded', 'failed', 'needs_attention']),
  amountPesewas: z.number().int().positive(),
  currency: z.literal('GHS'),
  /** The number paid, masked; null while the driver has no confirmed number. */
  walletMasked: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  reason: z.string().nullable(),
  occurredAt: z.string().datetime({ offset: true }),
  version: aggregateVersion,
});
export type PayoutFact = z.infer<typeof payoutFactSchema>;

export const payoutFacts = ['sent', 'succeeded', 'failed', 'needs_attention'] as const;
export type PayoutFactName = (typeof payoutFacts)[number];

/** `krom.payments.payout.<fact>.v1` for each fact. */
export const payoutEvents = Object.fromEntries(
  payoutFacts.map((fact) => [fact, defineEvent(`krom.payments.payout.${fact}.v1`, payoutFactSchema)]),
) as Record<PayoutFactName, EventDefinition<typeof payoutFactSchema>>;
