import { z } from 'zod';
import { ghanaPhoneField, isoDateTime, uuid } from './fields.ts';

export const paymentStatuses = ['completed', 'pending', 'failed', 'refunded'] as const;
import { mobileMoneyProviders } from './mobile-money-values.ts';

export { type MobileMoneyProvider, mobileMoneyPrefixes, mobileMoneyProviders, suggestMobileMoneyProvider } from './mobile-money-values.ts';

/** What a row of the history is: a ride paid for, money paid back on one, or a payout to a driver. */
export const transactionKinds = ['payment', 'refund', 'payout'] as const;

/**
 * A transaction as the payments screen reads it; amounts are decimal strings in GHS. A payment and
 * a refund are `spent` (a refund is money back: shown as such, subtracted from Total Spent); a
 * payout is `earned`. `receiptId` is the payment whose receipt tells of the row (null for a payout).
 */
export const paymentSchema = z.object({
  id: uuid,
  kind: z.enum(transactionKinds),
  receiptId: uuid.nullable(),
  status: z.enum(paymentStatuses),
  amount: z.string(),
  currency: z.string(),
  createdAt: isoDateTime,
  paymentMethod: z.string(),
  transactionId: z.string().nullable(),
  direction: z.enum(['spent', 'earned']),
  booking: z.object({ ride: z.object({ from: z.string(), to: z.string() }) }).nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** How many transactions one page of the history holds. */
export const paymentsPageSize = 20;
export const paymentsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(10_000, 'Page must be a whole number from 1')
    .default(1),
});

/**
 * GET /api/payments: one page of the signed-in user's transactions, newest first (`hasMore`: a
 * next page exists), and this month's totals in Ghana time: Total Spent = payments succeeded
 * minus refunds paid back, Total Earned = payouts paid out.
 */
export const paymentsResponseSchema = z.object({
  payments: z.array(paymentSchema),
  totals: z.object({ totalSpent: z.string(), totalEarned: z.string(), currency: z.string() }),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type PaymentsResponse = z.infer<typeof paymentsResponseSchema>;

/**
 * A saved mobile money number; the full number never leaves the server, only the masked one.
 * `verified`: its holder typed the code texted to it, so it can receive payouts (a changed number
 * is not verified until confirmed again).
 */
export const paymentMethodSchema = z.object({
  id: uuid,
  type: z.literal('mobile_money'),
  provider: z.enum(mobileMoneyProviders),
  number: z.string(),
  isDefault: z.boolean(),
  verified: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** A mobile money number as typed, stored in local form. */
const mobileNumber = ghanaPhoneField;

/** Adding a number and changing one (`api/payments.ts` names the calls). */
export const createPaymentMethodRequestSchema = z.object({
  provider: z.enum(mobileMoneyProviders, { error: 'Please choose a mobile money network' }),
  number: mobileNumber,
  isDefault: z.boolean().optional(),
});
export const updatePaymentMethodRequestSchema = z.object({
  provider: z.enum(mobileMoneyProviders, { error: 'Please choose a mobile money network' }).optional(),
  number: mobileNumber.optional(),
});
export const paymentMethodErrors = {
  duplicate: 'This number is already saved.',
  notFound: 'Payment method not found',
  alreadyConfirmed: 'This number is already confirmed.',
  numberChanged: 'This number was changed after the code was sent. Please ask for a new code.',
} as const;

/** The code a member types to confirm a number (POST /api/payment-methods/{id}/confirm). */
export const confirmPaymentMethodRequestSchema = z.object({ code: z.string().trim().min(1, { error: 'Please enter the code' }) });
export type ConfirmPaymentMethodRequest = z.infer<typeof confirmPaymentMethodRequestSchema>;
/** A code was texted to the number: when another may be asked for. */
export const paymentMethodCodeSentSchema = z.object({ resendAfterSeconds: z.number().int().min(0) });
export type PaymentMethodCodeSent = z.infer<typeof paymentMethodCodeSentSchema>;
/** Payments' internal answer: the full number of a method, for the BFF to text a code to it. */
export const paymentMethodNumberSchema = z.object({ id: z.string(), number: z.string() });
export type PaymentMethodNumber = z.infer<typeof paymentMethodNumberSchema>;
/** A saved method as a wallet to pay a booking from: its network and full number (internal, BFF only). */
export const paymentMethodWalletSchema = z.object({ id: z.string(), network: z.enum(mobileMoneyProviders), number: z.string() });
export type PaymentMethodWallet = z.infer<typeof paymentMethodWalletSchema>;
/** Marks a method confirmed, only if its number is still the one the code was texted to. */
export const markPaymentMethodVerifiedRequestSchema = z.object({ number: z.string().min(1) });
export type MarkPaymentMethodVerifiedRequest = z.infer<typeof markPaymentMethodVerifiedRequestSchema>;

/** GET /api/payment-methods: the user's numbers, the default first, then newest first. */
export const paymentMethodListSchema = z.array(paymentMethodSchema);
export type CreatePaymentMethodRequest = z.infer<typeof createPaymentMethodRequestSchema>;
export type UpdatePaymentMethodRequest = z.infer<typeof updatePaymentMethodRequestSchema>;
/** DELETE /api/payment-methods/{id} answers this; the default may have moved, so read the list again. */
export const deletePaymentMethodResponseSchema = z.object({ ok: z.literal(true) });

/** The id in a payment method's path: any string, as an id that cannot exist is answered 404 like one that does not. */
export const paymentMethodParams = z.object({ id: z.string().describe('The payment method id (a uuid)') });
