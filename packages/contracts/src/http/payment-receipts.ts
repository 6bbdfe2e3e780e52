import { z } from 'zod';
import { isoDateTime, uuid } from './fields.ts';
import { mobileMoneyProviders, paymentStatuses } from './payments.ts';

/** A refund against a payment, as its receipt lists it; paid back when `completed`. */
export const receiptRefundSchema = z.object({
  id: uuid,
  amount: z.string(),
  status: z.enum(['completed', 'pending', 'failed']),
  createdAt: isoDateTime,
});

/**
 * GET /api/payments/{id}/receipt: one payment's receipt, for its passenger only (anyone else's,
 * and an id that names nothing, is 404). Amounts are decimal strings in `currency`; the wallet's
 * number is masked; `gatewayReference` is the mobile money gateway's own reference, once it gave one.
 */
export const paymentReceiptSchema = z.object({
  paymentId: uuid,
  bookingId: uuid,
  /** The booking as a person reads it out (`KR-` and the booking id's first 8 characters). */
  bookingReference: z.string(),
  status: z.enum(paymentStatuses),
  /** The passenger's leg; null for payments made before the route was kept with them. */
  route: z.object({ from: z.string(), to: z.string() }).nullable(),
  createdAt: isoDateTime,
  fare: z.string(),
  fee: z.string(),
  total: z.string(),
  currency: z.string(),
  paymentMethod: z.literal('mobile_money'),
  wallet: z.object({ provider: z.enum(mobileMoneyProviders), number: z.string() }),
  gatewayReference: z.string().nullable(),
  refunds: z.array(receiptRefundSchema),
  /** What has been paid back so far (the refunds completed). */
  refundedTotal: z.string(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

export const paymentReceiptParams = z.object({ id: z.string().describe('The payment id (a uuid)') });
export const paymentReceiptErrors = { notFound: 'Payment not found' } as const;

/** `KR-1A2B3C4D`: a booking's reference on a receipt. */
export const bookingReference = (bookingId: string) => `KR-${bookingId.slice(0, 8).toUpperCase()}`;

/** One week of the driver's earnings chart: the Monday it starts (yyyy-MM-dd, Ghana) and what was paid out in it. */
export const earningsWeekSchema = z.object({ weekStart: z.string(), amount: z.string() });

/** How many weeks the driver's earnings chart shows, the current one last. */
export const earningsChartWeeks = 12;

/**
 * GET /api/payments/earnings: what the signed-in driver was paid out (payouts confirmed by the
 * gateway), in Ghana time: today, this week (from Monday), this month, last month, and each of the
 * last 12 weeks, oldest first.
 */
export const driverEarningsSchema = z.object({
  currency: z.string(),
  today: z.string(),
  thisWeek: z.string(),
  thisMonth: z.string(),
  lastMonth: z.string(),
  weeks: z.array(earningsWeekSchema),
});
export type DriverEarnings = z.infer<typeof driverEarningsSchema>;
