import { z } from 'zod';
import { ghanaPhonePattern, isoDateTime, uuid } from './fields.ts';

export const paymentStatuses = ['completed', 'pending', 'failed', 'refunded'] as const;
/** Mobile money networks: MTN, Telecel (formerly Vodafone) and AirtelTigo, as the spec names them. */
export const mobileMoneyProviders = ['mtn', 'vodafone', 'airteltigo'] as const;
export type MobileMoneyProvider = (typeof mobileMoneyProviders)[number];

/** A payment as the payments screen reads it; amounts are decimal strings in GHS. */
export const paymentSchema = z.object({
  id: uuid,
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

/** GET /api/payments: every payment of the signed-in user, newest first, and this month's totals. */
export const paymentsResponseSchema = z.object({
  payments: z.array(paymentSchema),
  totals: z.object({ totalSpent: z.string(), totalEarned: z.string(), currency: z.string() }),
});
export type PaymentsResponse = z.infer<typeof paymentsResponseSchema>;

/** A saved mobile money number; the full number never leaves the server, only the masked one. */
export const paymentMethodSchema = z.object({
  id: uuid,
  type: z.literal('mobile_money'),
  provider: z.enum(mobileMoneyProviders),
  number: z.string(),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

const mobileNumber = z
  .string({ error: 'Please enter a valid 10-digit Ghana phone number starting with 0' })
  .trim()
  .regex(ghanaPhonePattern, 'Please enter a valid 10-digit Ghana phone number starting with 0');

/** POST /api/payment-methods; PUT /api/payment-methods/{id}; POST /api/payment-methods/{id}/default; DELETE /api/payment-methods/{id}. */
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
} as const;
