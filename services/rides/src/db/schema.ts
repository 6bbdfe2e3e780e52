import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export { handledEvents, outbox } from '@krom/server-kit/outbox';

export const paymentStatusValues = ['completed', 'pending', 'failed', 'refunded'] as const;
export const mobileMoneyProviderValues = ['mtn', 'vodafone', 'airteltigo'] as const;

/**
 * Money moving between a passenger (payer) and a driver (recipient). Financial records: kept when
 * either account is deleted, which is why they hold user ids and no personal data.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The booking paid for. Bookings arrive with the marketplace issue; until then no booking
     * exists, so the column is nullable and carries no foreign key. That issue adds the key to
     * `bookings(id)` and the screen's booking → ride → from/to comes from that join.
     */
    bookingId: uuid('booking_id'),
    payerId: uuid('payer_id').notNull(),
    recipientId: uuid('recipient_id').notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('GHS'),
    paymentMethod: text('payment_method').notNull(),
    paymentProvider: text('payment_provider'),
    transactionId: text('transaction_id').unique('payments_transaction_id_key'),
    status: text('status', { enum: paymentStatusValues }).notNull().default('pending'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payments_status_check', sql`${table.status} IN ('completed', 'pending', 'failed', 'refunded')`),
    check('payments_amount_check', sql`${table.amount} >= 0`),
    check('payments_parties_check', sql`${table.payerId} <> ${table.recipientId}`),
    // A user's history reads both sides, newest first.
    index('payments_payer_created_idx').on(table.payerId, table.createdAt.desc()),
    index('payments_recipient_created_idx').on(table.recipientId, table.createdAt.desc()),
    index('payments_booking_idx').on(table.bookingId),
  ],
);

/** A user's saved mobile money numbers. The full number is stored (payouts need it); answers mask it. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    type: text('type', { enum: ['mobile_money'] }).notNull().default('mobile_money'),
    provider: text('provider', { enum: mobileMoneyProviderValues }).notNull(),
    number: text('number').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payment_methods_type_check', sql`${table.type} = 'mobile_money'`),
    check('payment_methods_provider_check', sql`${table.provider} IN ('mtn', 'vodafone', 'airteltigo')`),
    uniqueIndex('payment_methods_user_number_key').on(table.userId, table.number),
    // At most one default per user, whatever the application does.
    uniqueIndex('payment_methods_one_default_per_user').on(table.userId).where(sql`is_default`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
