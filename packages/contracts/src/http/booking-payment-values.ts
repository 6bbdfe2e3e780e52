/*
 * The passenger's payment of a booking as the booking screen waits on it, zod-free so the screen
 * can import the statuses and messages without the schemas (booking-payments.ts builds them).
 */

/** Where the payment stands: `pending` waits on the PIN prompt, `needs_otp` on Telecel's voucher code; the last two are final. */
export const bookingPaymentStatuses = ['pending', 'needs_otp', 'succeeded', 'failed'] as const;
export type BookingPaymentStatus = (typeof bookingPaymentStatuses)[number];

/** A voucher code as Telecel texts it: digits only, 4 to 8 of them. */
export const voucherCodePattern = /^\d{4,8}$/;

export const bookingPaymentMessages = {
  notFound: 'Payment not found',
  voucherCode: 'Enter the voucher code Telecel texted you (digits only)',
  wrongVoucher: 'That voucher code was not accepted. Check the code Telecel texted you and try again.',
  notWaitingForVoucher: 'This payment is not waiting for a voucher code',
  voucherNotSent: 'We could not send your voucher code to Telecel. Please try again.',
} as const;
