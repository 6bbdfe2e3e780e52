import { z } from 'zod';
import { paymentStatuses } from '../events/payments.ts';
import { ghanaPhoneField, isoDateTime, uuid } from './fields.ts';

/*
 * Payments as staff see them in the admin area's Payments tab: the payments found by status,
 * booking or the wallet's phone; one booking's ledger (its entries, their lines, the net per
 * account) beside its payments; and the reconciliation: the books sum to zero, every entry
 * balances, and what the books count as collected is what the gateway's own record says.
 * Amounts are integer pesewas (signed in the ledger: debits positive, credits negative).
 */

/** Payments per page of a search, newest first. */
export const staffPaymentPageSize = 50;

/** How far back a reconciliation reads the gateway again, and at most how many payments it reads. */
export const reconciliationWindowDays = 30;
export const reconciliationPaymentLimit = 200;

export const staffPaymentMessages = {
  status: `Status must be one of: ${paymentStatuses.join(', ')}`,
  bookingId: 'Enter the booking id as shown on the booking (a uuid)',
  page: 'Page must be a whole number from 1',
} as const;

/** GET /api/admin/payments: any of the filters (none: every payment), newest first. */
export const staffPaymentSearchQuerySchema = z.object({
  status: z.enum(paymentStatuses, { error: staffPaymentMessages.status }).optional(),
  bookingId: z.string({ error: staffPaymentMessages.bookingId }).trim().pipe(z.string().uuid(staffPaymentMessages.bookingId)).optional(),
  /** The wallet's number, local (024…) or international (+233 24…). */
  phone: ghanaPhoneField.optional(),
  page: z.coerce.number({ error: staffPaymentMessages.page }).int(staffPaymentMessages.page).min(1, staffPaymentMessages.page).default(1),
});
export type StaffPaymentSearchQuery = z.input<typeof staffPaymentSearchQuerySchema>;

/** One payment (a collection from a passenger's wallet) as staff see it. */
export const staffPaymentSchema = z.object({
  id: uuid,
  bookingId: uuid,
  rideId: uuid,
  passengerId: uuid,
  driverId: uuid,
  status: z.enum(paymentStatuses),
  amountPesewas: z.number().int(),
  farePesewas: z.number().int(),
  feePesewas: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  walletNetwork: z.string(),
  /** Prefix and last 2 digits (`024 *** **67`). */
  walletMasked: z.string(),
  providerReference: z.string().nullable(),
  reason: z.string().nullable(),
  /** The gateway collected another amount than asked: left for staff, never succeeded. */
  held: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

export const staffPaymentListSchema = z.object({
  payments: z.array(staffPaymentSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type StaffPaymentList = z.infer<typeof staffPaymentListSchema>;

export const staffLedgerLineSchema = z.object({
  /** `type` or `type:<booking or driver id>`. */
  account: z.string(),
  type: z.string(),
  debitPesewas: z.number().int(),
  creditPesewas: z.number().int(),
});

export const staffLedgerEntrySchema = z.object({
  id: uuid,
  reference: z.string(),
  kind: z.string(),
  memo: z.string(),
  postedAt: isoDateTime,
  lines: z.array(staffLedgerLineSchema),
});
export type StaffLedgerEntry = z.infer<typeof staffLedgerEntrySchema>;


export const staffBookingLedgerParams = z.object({ id: z.string().uuid(staffPaymentMessages.bookingId).describe('A booking id') });

/** What a reconciliation compares with the gateway's own records. */
export const reconciledMovements = ['collections', 'gateway_fees', 'refunds', 'payouts'] as const;

export const reconciliationMismatchSchema = z.object({
  /** `books` for the books themselves; otherwise the movement read again at the gateway. */
  kind: z.enum(['books', 'collection', 'gateway_fee', 'refund', 'payout']),
  /** The payment's id, the refund's or payout's gateway reference, or the entry's; null for the books as a whole. */
  reference: z.string().nullable(),
  bookingId: uuid.nullable(),
  /** In plain words, amounts in GH₵. */
  text: z.string(),
});
export type ReconciliationMismatch = z.infer<typeof reconciliationMismatchSchema>;

export const reconciliationSchema = z.object({
  id: uuid,
  ranAt: isoDateTime,
  /** The staff account that ran it. */
  ranBy: uuid,
  /** Payments made, and refunds and payouts paid, from `since` were read again at the gateway (at most `limit` of each, newest first). */
  since: isoDateTime,
  limit: z.number().int(),
  checked: z.number().int(),
  /** More movements were in the window than `limit` (or than the time allowed): the oldest were not read again. */
  truncated: z.boolean(),
  books: z.object({
    /** Every account's balance summed: zero when the books balance. */
    totalPesewas: z.number().int(),
    balanced: z.boolean(),
    /** Per account type (the accounts of every booking or driver together). */
    accounts: z.array(z.object({ type: z.string(), accounts: z.number().int(), debitsPesewas: z.number().int(), creditsPesewas: z.number().int(), balancePesewas: z.number().int() })),
  }),
  /** For the payments read again: what the books count against what the gateway's records say. */
  gatewayTotals: z.array(z.object({ movement: z.enum(reconciledMovements), booksPesewas: z.number().int(), gatewayPesewas: z.number().int() })),
  mismatches: z.array(reconciliationMismatchSchema),
  /** The books balance and nothing differs from the gateway. */
  passed: z.boolean(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** GET /api/admin/payments/reconciliations/latest: the last run, or null before the first. */
export const latestReconciliationSchema = z.object({ reconciliation: reconciliationSchema.nullable() });
export type LatestReconciliation = z.infer<typeof latestReconciliationSchema>;

export const staffRefundReasonMin = 5;
export const staffRefundReasonMax = 500;

export const staffRefundMessages = {
  reason: `Please give the reason for this refund (at least ${staffRefundReasonMin} characters)`,
  reasonLength: `The reason must be at most ${staffRefundReasonMax} characters`,
  amount: 'The amount must be a whole number of pesewas above zero',
} as const;

/** POST /api/admin/payments/bookings/{id}/refunds: why, and how much (all that is still held when left out). */
export const staffRefundRequestSchema = z.object({
  reason: z.string({ error: staffRefundMessages.reason }).trim().min(staffRefundReasonMin, staffRefundMessages.reason).max(staffRefundReasonMax, staffRefundMessages.reasonLength),
  amountPesewas: z.number({ error: staffRefundMessages.amount }).int(staffRefundMessages.amount).positive(staffRefundMessages.amount).optional(),
});
export type StaffRefundRequest = z.input<typeof staffRefundRequestSchema>;

/** A refund of a booking's payment as staff see it. */
export const staffRefundSchema = z.object({
  id: uuid,
  bookingId: uuid,
  paymentId: uuid,
  /** Why it was made: the booking's ending, a late payment, or `staff`. */
  cause: z.string(),
  status: z.string(),
  amountPesewas: z.number().int(),
  walletMasked: z.string(),
  attempts: z.number().int(),
  /** It kept failing (or the gateway gave back another amount): staff must act. */
  needsAttention: z.boolean(),
  /** Why the last attempt failed, in words for the passenger. */
  reason: z.string().nullable(),
  staffReason: z.string().nullable(),
  staffId: uuid.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type StaffRefund = z.infer<typeof staffRefundSchema>;

/** A driver's payout of a booking as staff see it. */
export const staffPayoutSchema = z.object({
  id: uuid,
  bookingId: uuid,
  driverId: uuid,
  status: z.string(),
  amountPesewas: z.number().int(),
  walletMasked: z.string().nullable(),
  attempts: z.number().int(),
  /** Why it waits or failed, in words. */
  reason: z.string().nullable(),
  /** The staff member who last asked for it again. */
  retriedBy: uuid.nullable(),
  dueAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type StaffPayout = z.infer<typeof staffPayoutSchema>;

/** GET /api/admin/payments/payouts/attention: payouts staff must act on, longest waiting first (at most 100). */
export const staffPayoutListSchema = z.object({ payouts: z.array(staffPayoutSchema) });
export type StaffPayoutList = z.infer<typeof staffPayoutListSchema>;
export const staffPayoutParams = z.object({ id: z.string().describe('A payout id') });

/** GET /api/admin/payments/bookings/{id}: the booking's entries in the order posted, the net per account, its payments. */
export const staffBookingLedgerSchema = z.object({
  bookingId: uuid,
  entries: z.array(staffLedgerEntrySchema),
  /** Debits less credits per account over the booking's entries. */
  balances: z.array(z.object({ account: z.string(), netPesewas: z.number().int() })),
  payments: z.array(staffPaymentSchema),
  refunds: z.array(staffRefundSchema),
  payouts: z.array(staffPayoutSchema),
});
export type StaffBookingLedger = z.infer<typeof staffBookingLedgerSchema>;
