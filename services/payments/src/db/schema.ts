import { sql } from 'drizzle-orm';
import { refundCauses } from '@krom/contracts/events/payments';
import { mobileMoneyProviders } from '@krom/contracts/http/payments';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookingAccountTypes, driverAccountTypes, singleAccountTypes } from '../ledger/accounts.ts';
import { paymentRowStatuses } from '../payments/payment-transitions.ts';
import { payoutStatuses } from '../payouts/payout-transitions.ts';
import { bookingEndingFacts, refundStatuses } from '../refunds/refund-transitions.ts';

export { handledEvents, outbox } from '@krom/server-kit/outbox';

const listed = (types: readonly string[]) => sql.raw(types.map((type) => `'${type}'`).join(', '));

/**
 * The ledger's accounts (src/ledger/accounts.ts). Made the first time an entry names one; an
 * account kept per booking or per driver carries that id, the others neither.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    bookingId: uuid('booking_id'),
    driverId: uuid('driver_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One account per type and owner; NULLS NOT DISTINCT makes the single accounts single too.
    unique('ledger_accounts_owner_key').on(table.type, table.bookingId, table.driverId).nullsNotDistinct(),
    index('ledger_accounts_driver_idx').on(table.driverId).where(sql`driver_id IS NOT NULL`),
    check(
      'ledger_accounts_owner_check',
      sql`(${table.type} IN (${listed(singleAccountTypes)}) AND ${table.bookingId} IS NULL AND ${table.driverId} IS NULL)
        OR (${table.type} IN (${listed(bookingAccountTypes)}) AND ${table.bookingId} IS NOT NULL AND ${table.driverId} IS NULL)
        OR (${table.type} IN (${listed(driverAccountTypes)}) AND ${table.driverId} IS NOT NULL AND ${table.bookingId} IS NULL)`,
    ),
  ],
);

/**
 * One balanced movement of money. `reference` names the movement once and for all (a payment's,
 * refund's or payout's reference with its step), so posting it again adds nothing. `position`
 * orders entries as they were posted, which timestamps within one transaction cannot.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    position: bigint('position', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull(),
    kind: text('kind').notNull(),
    bookingId: uuid('booking_id'),
    memo: text('memo').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('ledger_entries_reference_key').on(table.reference),
    index('ledger_entries_booking_idx').on(table.bookingId, table.position).where(sql`booking_id IS NOT NULL`),
    check('ledger_entries_reference_check', sql`char_length(${table.reference}) BETWEEN 1 AND 200`),
  ],
);

/**
 * An entry's lines, in pesewas, debits positive and credits negative: an entry balances when its
 * lines sum to zero, and an account's balance is the sum of its lines. The database refuses an
 * entry that does not balance at commit, and any change to a line once written (migration 0001).
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('ledger_lines_entry_idx').on(table.entryId),
    index('ledger_lines_account_idx').on(table.accountId),
    check('ledger_lines_amount_check', sql`${table.amount} <> 0`),
  ],
);

/**
 * One collection of a booking's fare and fee from the passenger's wallet: one row per booking and
 * booking version that asked for it (a redelivered request finds its row). The row's id is the
 * reference the gateway is given, so a callback or a status check finds it again. `version` goes
 * up by one with every fact written about the payment.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull(),
    bookingVersion: integer('booking_version').notNull(),
    rideId: uuid('ride_id').notNull(),
    passengerId: uuid('passenger_id').notNull(),
    driverId: uuid('driver_id').notNull(),
    status: text('status', { enum: paymentRowStatuses }).notNull(),
    amountPesewas: bigint('amount_pesewas', { mode: 'number' }).notNull(),
    farePesewas: bigint('fare_pesewas', { mode: 'number' }).notNull(),
    feePesewas: bigint('fee_pesewas', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    walletPhone: text('wallet_phone').notNull(),
    walletNetwork: text('wallet_network').notNull(),
    walletMasked: text('wallet_masked').notNull(),
    providerReference: text('provider_reference'),
    /**
     * The gateway's latest words for the passenger about the prompt (Telecel's "dial *110# to
     * generate a voucher…", a refused voucher's reason), as its answer to the prompt or the voucher
     * gave them; null when it gave none. Shown on the booking screen while it waits.
     */
    displayText: text('display_text'),
    /**
     * The passenger's leg, as rides' payment_requested fact names its places (the town, else the
     * place): what the history and the receipt show. Null on rows made before it was kept.
     */
    routeFrom: text('route_from'),
    routeTo: text('route_to'),
    /** Why it failed, in words for the passenger; null unless failed. */
    reason: text('reason'),
    /** When the gateway's answer to the prompt was recorded (and `prompted` or `needs_otp` written): once only. */
    promptedAt: timestamp('prompted_at', { withTimezone: true }),
    /**
     * When the gateway reported a collection of another amount than asked: never succeeded, left
     * open for staff, and no longer swept (a short payment must not become a failure either).
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
    /** When the booking's hold lapses: past it (and a grace) the payment is given up. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('payments_booking_version_key').on(table.bookingId, table.bookingVersion),
    // A member's history, newest first.
    index('payments_passenger_idx').on(table.passengerId, table.createdAt),
    // The sweep reads the payments still open, oldest first.
    index('payments_open_idx').on(table.createdAt).where(sql`status IN ('pending', 'needs_otp') AND held_at IS NULL`),
    // Staff find a payment by the wallet's number.
    index('payments_wallet_phone_idx').on(table.walletPhone, table.createdAt),
    check('payments_status_check', sql`${table.status} IN (${listed(paymentRowStatuses)})`),
    check('payments_amount_check', sql`${table.amountPesewas} = ${table.farePesewas} + ${table.feePesewas} AND ${table.amountPesewas} > 0`),
  ],
);

/**
 * A member's saved mobile money numbers (moved here from rides; `scripts/copy-payment-methods.ts`
 * copies the rows rides kept). The full number is stored, since payouts need it; every answer masks
 * it. `network` keeps the contract's names (mtn, vodafone, airteltigo). A number can receive
 * payouts only once its holder has typed the code texted to it (`verifiedAt`).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    type: text('type', { enum: ['mobile_money'] }).notNull().default('mobile_money'),
    network: text('network', { enum: mobileMoneyProviders }).notNull(),
    /** Local form, 10 digits (`0241234567`), as the contract's phone field stores it. */
    number: text('number').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** When the holder confirmed the number with the code texted to it; null until then. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payment_methods_type_check', sql`${table.type} = 'mobile_money'`),
    check('payment_methods_network_check', sql`${table.network} IN (${listed(mobileMoneyProviders)})`),
    uniqueIndex('payment_methods_user_number_key').on(table.userId, table.number),
    // At most one default per member, whatever the application does.
    uniqueIndex('payment_methods_one_default_per_user').on(table.userId).where(sql`is_default`),
  ],
);
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/**
 * The code texted to a number to confirm it is the member's: only its hash is kept, it lapses, and
 * a few wrong tries use it up. One live code per number (a new one replaces it).
 */
export const paymentMethodCodes = pgTable(
  'payment_method_codes',
  {
    paymentMethodId: uuid('payment_method_id')
      .primaryKey()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('payment_method_codes_attempts_check', sql`${table.attempts} >= 0`)],
);

/**
 * Money given back of a payment: one row per refund. Its id is the reference the gateway is given
 * for the first attempt; an attempt after a failure is asked under `<id>-<attempt>` (a gateway
 * answers a reference it has seen with its first outcome), kept in `gatewayReference`. The
 * amounts are worked out here by the cancellation policy (refunds/refund-policy.ts), never taken
 * from a client: what goes back (`amount` = fare part + fee part), and the fare's part the driver
 * keeps. A booking's ending refunds its payment once (`refunds_policy_once`); staff may add
 * refunds of their own, with their reason. `version` goes up with every fact written about it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    bookingId: uuid('booking_id').notNull(),
    rideId: uuid('ride_id').notNull(),
    passengerId: uuid('passenger_id').notNull(),
    driverId: uuid('driver_id').notNull(),
    cause: text('cause', { enum: refundCauses }).notNull(),
    status: text('status', { enum: refundStatuses }).notNull(),
    amountPesewas: bigint('amount_pesewas', { mode: 'number' }).notNull(),
    fareRefundPesewas: bigint('fare_refund_pesewas', { mode: 'number' }).notNull(),
    feeRefundPesewas: bigint('fee_refund_pesewas', { mode: 'number' }).notNull(),
    /** The fare's part credited to the driver (half on a cancellation less than 24 h before departure). */
    driverSharePesewas: bigint('driver_share_pesewas', { mode: 'number' }).notNull(),
    walletMasked: text('wallet_masked').notNull(),
    /** The reference the present attempt is asked under: the id, then `<id>-<attempt>`. */
    gatewayReference: text('gateway_reference').notNull(),
    providerReference: text('provider_reference'),
    /** Attempts asked of the gateway so far, this one included. */
    attempts: integer('attempts').notNull().default(1),
    /** When the gateway's answer to the present attempt was recorded (and `sent` written): once per attempt. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When a failed refund is asked again; null while pending, once succeeded, or when staff must act. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** When it was given up to staff: it kept failing, or the gateway gave back another amount. */
    needsAttentionAt: timestamp('needs_attention_at', { withTimezone: true }),
    /** Why the last attempt failed, in words for the passenger; null unless it failed. */
    reason: text('reason'),
    /** Staff's reason and who they are, for a refund staff made (cause `staff`); null otherwise. */
    staffReason: text('staff_reason'),
    staffId: uuid('staff_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('refunds_gateway_reference_key').on(table.gatewayReference),
    // One booking-ending fact (or one late collection) refunds a payment once, whatever delivers it.
    uniqueIndex('refunds_policy_once').on(table.paymentId).where(sql`cause <> 'staff'`),
    index('refunds_booking_idx').on(table.bookingId),
    // The refunds to a member, newest first (the staff member page).
    index('refunds_passenger_idx').on(table.passengerId, table.createdAt),
    // The sweep reads refunds still open and failed ones due again.
    index('refunds_open_idx').on(table.updatedAt).where(sql`status = 'pending'`),
    index('refunds_retry_idx').on(table.nextAttemptAt).where(sql`status = 'failed' AND needs_attention_at IS NULL`),
    check('refunds_status_check', sql`${table.status} IN (${listed(refundStatuses)})`),
    check('refunds_cause_check', sql`${table.cause} IN (${listed(refundCauses)})`),
    check(
      'refunds_amount_check',
      sql`${table.amountPesewas} = ${table.fareRefundPesewas} + ${table.feeRefundPesewas} AND ${table.amountPesewas} > 0 AND ${table.fareRefundPesewas} >= 0 AND ${table.feeRefundPesewas} >= 0 AND ${table.driverSharePesewas} >= 0`,
    ),
    check('refunds_staff_check', sql`(${table.cause} = 'staff') = (${table.staffId} IS NOT NULL AND ${table.staffReason} IS NOT NULL)`),
    check('refunds_attempts_check', sql`${table.attempts} >= 1`),
  ],
);
export type RefundRow = typeof refunds.$inferSelect;

/**
 * Rides' booking facts that end a booking, as payments saw them: so that money arriving after
 * the end (a late approval) is known to be late and given back (`late_payment`).
 */
export const bookingEndings = pgTable(
  'booking_endings',
  {
    bookingId: uuid('booking_id').primaryKey(),
    fact: text('fact', { enum: bookingEndingFacts }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    bookingVersion: integer('booking_version').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('booking_endings_fact_check', sql`${table.fact} IN (${listed(bookingEndingFacts)})`)],
);

/**
 * A payout pays the driver what some of a booking's entries credited to `driver_payable:<driver>`
 * (its release on a completed trip or a no-show, the driver's half of a late cancellation, any
 * later credit): the payout credits it claimed (`payout_credits`), made by the sweep and due
 * `payoutDelayHours` after the last of them. A booking has one payout per set of credits: a credit
 * arriving after its first payout was made gets a payout of its own. The id is the first attempt's gateway reference; `gatewayReference` is the present
 * attempt's (`<id>-<attempt>` after the first). The wallet paid is stored whole (asked again
 * under the same reference, the same number must be given) and masked (for facts and screens).
 * `version` goes up by one with every fact written about the payout.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull(),
    rideId: uuid('ride_id').notNull(),
    driverId: uuid('driver_id').notNull(),
    status: text('status', { enum: payoutStatuses }).notNull(),
    amountPesewas: bigint('amount_pesewas', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('GHS'),
    /** The present attempt's reference at the gateway. */
    gatewayReference: text('gateway_reference').notNull(),
    provider: text('provider'),
    providerReference: text('provider_reference'),
    /** The saved number paid (payment_methods), in E.164 and the port's network, as asked of the gateway. */
    paymentMethodId: uuid('payment_method_id'),
    walletPhone: text('wallet_phone'),
    walletNetwork: text('wallet_network'),
    walletMasked: text('wallet_masked'),
    attempts: integer('attempts').notNull().default(0),
    /** When the sweep next looks at it: due, the next attempt, a sent one's re-read, a number re-checked; null when only staff can move it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The disputes window's end: the crediting entry's time plus `payoutDelayHours`. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the gateway's record said the driver has it: what the driver's earnings count by. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Why it waits or failed, in words for the driver and staff; null otherwise. */
    reason: text('reason'),
    /** The staff member who last asked for it again. */
    retriedBy: uuid('retried_by'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payouts_booking_idx').on(table.bookingId),
    unique('payouts_gateway_reference_key').on(table.gatewayReference),
    // The sweep reads what is due, soonest first.
    index('payouts_next_attempt_idx').on(table.nextAttemptAt).where(sql`next_attempt_at IS NOT NULL AND status <> 'succeeded'`),
    // The driver's earnings and staff's lists.
    index('payouts_driver_paid_idx').on(table.driverId, table.paidAt).where(sql`status = 'succeeded'`),
    // Every payout to a driver, newest first (the staff member page).
    index('payouts_driver_created_idx').on(table.driverId, table.createdAt),
    index('payouts_status_idx').on(table.status, table.updatedAt),
    check('payouts_status_check', sql`${table.status} IN (${listed(payoutStatuses)})`),
    check('payouts_amount_check', sql`${table.amountPesewas} > 0`),
    check('payouts_attempts_check', sql`${table.attempts} >= 0`),
    check('payouts_paid_check', sql`(${table.status} = 'succeeded') = (${table.paidAt} IS NOT NULL)`),
  ],
);
export type PayoutRow = typeof payouts.$inferSelect;

/**
 * What each ledger entry credited to a driver's `driver_payable` to be paid out (its net on the
 * account: positive is owed to the driver), written with the entry (postEntry) for every entry
 * but the payouts' own, and claimed by the one payout that pays it (`payoutId`, null until then).
 * The sweep reads only the unclaimed ones, by the partial index, so its cost does not grow with
 * the history; a credit is claimed once, under a row lock, so it is paid once.
 */
export const payoutCredits = pgTable(
  'payout_credits',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    driverId: uuid('driver_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    amountPesewas: bigint('amount_pesewas', { mode: 'number' }).notNull(),
    /** The entry's `posted_at`: a payout is due `payoutDelayHours` after its last credit. */
    creditedAt: timestamp('credited_at', { withTimezone: true }).notNull(),
    payoutId: uuid('payout_id').references(() => payouts.id),
  },
  (table) => [
    primaryKey({ name: 'payout_credits_pkey', columns: [table.entryId, table.driverId] }),
    index('payout_credits_unclaimed_idx').on(table.bookingId, table.driverId).where(sql`payout_id IS NULL`),
    index('payout_credits_payout_idx').on(table.payoutId).where(sql`payout_id IS NOT NULL`),
    check('payout_credits_amount_check', sql`${table.amountPesewas} <> 0`),
  ],
);

/**
 * The members' names as identity's user snapshots tell them (`krom.identity.user.snapshot.v1.<id>`,
 * src/events/user-names.ts): the name a driver's payout is sent to (a gateway's transfer recipient
 * needs one). The newest version wins; a deleted account's last snapshot leaves its anonymised name.
 */
export const userNames = pgTable('user_names', {
  userId: uuid('user_id').primaryKey(),
  version: integer('version').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});

/**
 * Members who deleted their account (identity's user.deleted, recorded once). Their full wallet
 * numbers are erased from `payments` and `payouts` row by row as each row's money is settled
 * (src/deleted-members/erase-settled-wallets.ts); the rows, amounts and ledger stay.
 */
export const deletedMembers = pgTable('deleted_members', {
  userId: uuid('user_id').primaryKey(),
  /** When identity deleted the account, as its event says. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each reconciliation staff ran (src/staff/reconcile.ts): who and when, and its result as the
 * staff screen shows it (the contract's reconciliationSchema), kept so the last one can be read again.
 */
export const reconciliations = pgTable(
  'reconciliations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    ranBy: uuid('ran_by').notNull(),
    passed: boolean('passed').notNull(),
    result: jsonb('result').notNull(),
  },
  (table) => [index('reconciliations_ran_at_idx').on(table.ranAt)],
);
