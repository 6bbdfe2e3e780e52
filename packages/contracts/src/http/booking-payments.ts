import { z } from 'zod';
import { bookingPaymentMessages, bookingPaymentStatuses, voucherCodePattern } from './booking-payment-values.ts';
import { isoDateTime, uuid } from './fields.ts';
import { mobileMoneyProviders } from './payments.ts';

export { type BookingPaymentStatus, bookingPaymentMessages, bookingPaymentStatuses, voucherCodePattern } from './booking-payment-values.ts';

/**
 * A booking's mobile money payment as its passenger follows it (GET /api/bookings/{id}/payment):
 * the latest payment asked for the booking. Amounts are decimal strings in cedis.
 */
export const bookingPaymentSchema = z.object({
  id: uuid,
  bookingId: uuid,
  status: z.enum(bookingPaymentStatuses),
  /** The fare, Krom's service fee and what the prompt asks for: the two together. */
  fare: z.string(),
  serviceFee: z.string(),
  total: z.string(),
  currency: z.string(),
  network: z.enum(mobileMoneyProviders),
  /** The wallet's number with its network prefix and last 2 digits only (`024 *** **67`). */
  walletMasked: z.string(),
  /** The gateway's words for the passenger about the prompt (Telecel's voucher instructions), if it gave any. */
  displayText: z.string().nullable(),
  /** Why it failed, in words for the passenger; null unless failed. */
  reason: z.string().nullable(),
  /** When the seats' hold lapses, and with it the prompt. */
  expiresAt: isoDateTime,
});
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

/** POST /api/bookings/{id}/payment/otp: the voucher code Telecel texted the passenger. */
export const voucherCodeInputSchema = z.object({
  otp: z.string({ error: bookingPaymentMessages.voucherCode }).trim().regex(voucherCodePattern, bookingPaymentMessages.voucherCode),
});
export type VoucherCodeInput = z.input<typeof voucherCodeInputSchema>;

export const bookingPaymentParams = z.object({ id: z.string().describe('The booking id (a uuid)') });
