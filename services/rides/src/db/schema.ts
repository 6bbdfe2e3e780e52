import { sql } from 'drizzle-orm';
import { mobileMoneyProviders, paymentStatuses } from '@krom/contracts/http/payments';
import { verificationStatuses } from '@krom/contracts/http/auth';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export { handledEvents, outbox } from '@krom/server-kit/outbox';

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
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
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
    provider: text('provider', { enum: mobileMoneyProviders }).notNull(),
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

/**
 * What rides shows of a user, projected from identity's `user.snapshot` events: one row per user
 * at the highest version seen. An older or repeated snapshot changes nothing (see
 * `events/user-profile-projection.ts`), so the table is right whatever order events come in.
 */
export const userProfiles = pgTable('user_profiles', {
  userId: uuid('user_id').primaryKey(),
  version: integer('version').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  profileImageUrl: text('profile_image_url'),
  isVerified: boolean('is_verified').notNull(),
  verificationStatus: text('verification_status', { enum: verificationStatuses }).notNull(),
  isDriver: boolean('is_driver').notNull(),
  driverVerificationStatus: text('driver_verification_status', { enum: verificationStatuses }).notNull(),
  suspended: boolean('suspended').notNull(),
  deleted: boolean('deleted').notNull(),
  /** When identity made the change this version records. */
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type UserProfileRow = typeof userProfiles.$inferSelect;
