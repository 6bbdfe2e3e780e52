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
