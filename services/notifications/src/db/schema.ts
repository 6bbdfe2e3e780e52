import { notificationTypes } from '@krom/contracts/http/notifications';
import { smsMessageTypes, smsStatuses } from '@krom/contracts/http/sms';
import { codePurposes } from '@krom/contracts/http/verification-codes';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export { handledEvents, outbox } from '@krom/server-kit/outbox';

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);

export const smsDeliveryStatuses = ['delivered', 'failed'] as const;

/** Every SMS the product sends or tries to send, as the spec's sms_logs, plus what delivery needs. */
export const smsLogs = pgTable(
  'sms_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164, as handed to the provider; masked once the account it belonged to is deleted. */
    phoneNumber: text('phone_number').notNull(),
    /** The text sent; a one-time code in it is replaced by `redacted_message` once delivery ends. */
    message: text('message').notNull(),
    messageType: text('message_type').$type<(typeof smsMessageTypes)[number]>().notNull(),
    status: text('status').$type<(typeof smsStatuses)[number]>().notNull().default('pending'),
    provider: text('provider').notNull(),
    providerId: text('provider_id'),
    /** The last delivery error; kept after a later success so a flaky provider stays visible. */
    error: text('error'),
    /** Delivery tries made so far. */
    attempts: integer('attempts').notNull().default(0),
    /** The event that asked for this SMS: one event yields at most one row. */
    sourceEventId: uuid('source_event_id').unique('sms_logs_source_event_id_key'),
    /** The account the SMS was for, when known at sending (recovery codes); erasure finds rows by it. */
    userId: uuid('user_id'),
    /** What `message` becomes once delivered or failed: the same text without the secret in it. */
    redactedMessage: text('redacted_message'),
    /**
     * Set, and committed, by the worker about to hand the row to the provider: a pending row with a
     * claim may already have gone out (its worker died mid-send), so it is never sent blindly again.
     */
    claimToken: uuid('claim_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the provider's status callback said became of a sent SMS: delivered to the phone, or
     * failed on the way (the carrier refused it). The first settled report is kept; null until one comes.
     */
    deliveryStatus: text('delivery_status').$type<(typeof smsDeliveryStatuses)[number]>(),
    /** The provider's error code with a failed delivery. */
    deliveryError: text('delivery_error'),
    deliveryReportedAt: timestamp('delivery_reported_at', { withTimezone: true }),
  },
  (table) => [
    // The spec's closed lists, held by the database too.
    check('sms_logs_status_check', inList('status', smsStatuses)),
    check('sms_logs_delivery_status_check', inList('delivery_status', smsDeliveryStatuses)),
    // A delivery report names the message by the provider's id.
    index('sms_logs_provider_id_idx').on(table.provider, table.providerId),
    check('sms_logs_message_type_check', inList('message_type', smsMessageTypes)),
    index('sms_logs_created_at_idx').on(table.createdAt),
    index('sms_logs_phone_number_idx').on(table.phoneNumber),
    index('sms_logs_user_id_idx').on(table.userId),
    // The periodic sweep reads the oldest pending rows; they are few among many sent ones.
    index('sms_logs_pending_idx').on(table.createdAt).where(sql`status = 'pending'`),
  ],
);
export type SmsLogRow = typeof smsLogs.$inferSelect;

/**
 * Each provider callback applied, by the provider's own name for it: a delivery the provider
 * sends again (or anyone replays) finds its row and changes nothing.
 */
export const providerCallbacks = pgTable(
  'provider_callbacks',
  {
    provider: text('provider').notNull(),
    deliveryId: text('delivery_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.deliveryId] })],
);

/**
 * Settled delivery reports that came before their message was recorded as sent (the provider's
 * answer and its callback race the worker's record). Twilio does not call again for a 5xx, so
 * such a report is kept here and applied when the message is recorded as sent.
 */
export const heldSmsReports = pgTable(
  'held_sms_reports',
  {
    provider: text('provider').notNull(),
    deliveryId: text('delivery_id').notNull(),
    providerId: text('provider_id').notNull(),
    delivery: text('delivery', { enum: ['delivered', 'failed'] }).notNull(),
    errorCode: text('error_code'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.deliveryId] }), index('held_sms_reports_provider_id_idx').on(table.provider, table.providerId)],
);

export const emailMessageTypes = ['verification', 'notification'] as const;

/** Every e-mail the product sends or tries to send; the e-mail twin of sms_logs. */
export const emailLogs = pgTable(
  'email_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The recipient, lower-cased; masked once the account it belonged to is deleted. */
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    /** The plain-text body; a one-time code in it is replaced by `redacted_text` once delivery ends. */
    text: text('text').notNull(),
    redactedText: text('redacted_text'),
    messageType: text('message_type').$type<(typeof emailMessageTypes)[number]>().notNull(),
    status: text('status').$type<(typeof smsStatuses)[number]>().notNull().default('pending'),
    provider: text('provider').notNull(),
    providerId: text('provider_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** What asked for this e-mail (an event, or a ride match): one source yields at most one row. */
    sourceEventId: uuid('source_event_id').unique('email_logs_source_event_id_key'),
    userId: uuid('user_id'),
    /** As on sms_logs: the claim of the worker handing the e-mail to the provider. */
    claimToken: uuid('claim_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('email_logs_status_check', inList('status', smsStatuses)),
    check('email_logs_message_type_check', inList('message_type', emailMessageTypes)),
    index('email_logs_created_at_idx').on(table.createdAt),
    index('email_logs_email_idx').on(table.email),
    index('email_logs_user_id_idx').on(table.userId),
    index('email_logs_pending_idx').on(table.createdAt).where(sql`status = 'pending'`),
  ],
);
export type EmailLogRow = typeof emailLogs.$inferSelect;

export const codeChannels = ['sms', 'email'] as const;

/**
 * One-time codes: the spec's phone_verifications, for e-mail too. Only a keyed hash of the code
 * is kept. Rows stay after use or replacement, as the record the hourly caps count.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<(typeof codePurposes)[number]>().notNull(),
    /** What the code proves: the phone number at sign-up, the account id at recovery. */
    subject: text('subject').notNull(),
    /** The account, when the subject is one (recovery). */
    userId: uuid('user_id'),
    channel: text('channel').$type<(typeof codeChannels)[number]>().notNull(),
    /** Where it was sent: E.164 phone number or lower-cased e-mail address. */
    destination: text('destination').notNull(),
    /** HMAC-SHA256 of salt and code under a key derived from the service's secret, hex. */
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The right code was entered. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** No longer usable: verified, out of tries, or replaced by a newer code. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** The requesting client (its address as the BFF saw it), for the per-client cap. */
    clientKey: text('client_key').notNull(),
    smsLogId: uuid('sms_log_id'),
    emailLogId: uuid('email_log_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('verification_codes_purpose_check', inList('purpose', codePurposes)),
    check('verification_codes_channel_check', inList('channel', codeChannels)),
    index('verification_codes_subject_idx').on(table.purpose, table.subject, table.createdAt),
    index('verification_codes_client_idx').on(table.clientKey, table.createdAt),
    index('verification_codes_destination_idx').on(table.destination, table.createdAt),
    index('verification_codes_user_id_idx').on(table.userId),
  ],
);
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

/** In-app notifications, as the spec's entity plus actionRequired (the screen's badge). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    type: text('type').$type<(typeof notificationTypes)[number]>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    isRead: boolean('is_read').notNull().default(false),
    actionRequired: boolean('action_required').notNull().default(false),
    /** The event that caused it, for tracing a notification back to its cause. */
    sourceEventId: uuid('source_event_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('notifications_type_check', inList('type', notificationTypes)),
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The accounts this service has heard of (from identity's events) and how to reach them: the
 * only way to find, at deletion, the sign-up codes and SMS sent before the account existed.
 * A deleted account keeps its row, without contact details, so late events about it do nothing.
 */
export const knownUsers = pgTable('known_users', {
  userId: uuid('user_id').primaryKey(),
  /** E.164 when dialable, as sms_logs holds it. */
  phone: text('phone'),
  email: text('email'),
  registeredAt: timestamp('registered_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /**
   * The member's SMS choice (identity's `user.notification_settings`): off skips every notice SMS,
   * never a code. On until told otherwise (accounts from before the event, events not yet here).
   */
  smsNotifications: boolean('sms_notifications').notNull().default(true),
  /**
   * The member's ride reminder choice (same event): off skips the reminder before a ride leaves,
   * in the app and by SMS; no other notice. On until told otherwise, as above.
   */
  rideReminders: boolean('ride_reminders').notNull().default(true),
  /** The settings version those choices came with; an older event never overwrites a newer one. */
  settingsVersion: integer('settings_version'),
  /** Since staff suspended the member (identity's `user.suspended`): SMS commands are refused; null when not suspended. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  /** When the last suspension or its lifting happened: an older event of the two never overwrites a newer one. */
  suspensionChangedAt: timestamp('suspension_changed_at', { withTimezone: true }),
});

/**
 * When a member was last texted about new messages in a conversation (the message SMS nudge): at
 * most one SMS an hour per conversation and recipient, judged by the messages' sent times.
 */
export const messageNudges = pgTable(
  'message_nudges',
  {
    conversationId: uuid('conversation_id').notNull(),
    recipientId: uuid('recipient_id').notNull(),
    nudgedAt: timestamp('nudged_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ name: 'message_nudges_pkey', columns: [table.conversationId, table.recipientId] })],
);

/** What became of a text to Krom: see src/inbound-sms/handle-inbound-sms.ts. */
export const inboundSmsOutcomes = ['command', 'stop', 'start', 'help', 'malformed', 'unknown_number', 'refused', 'limited', 'silenced'] as const;

/**
 * Every text to Krom, once per provider message id (a provider delivering one twice finds its row
 * and nothing more happens). The id is the command's id when it goes on to rides.
 */
export const inboundSms = pgTable(
  'inbound_sms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    /** The sender, E.164 when dialable. */
    phone: text('phone').notNull(),
    /** Krom's number or short code it was sent to. */
    sentTo: text('sent_to').notNull(),
    text: text('text').notNull(),
    /** The member the number belongs to, when it is one. */
    userId: uuid('user_id'),
    outcome: text('outcome').$type<(typeof inboundSmsOutcomes)[number]>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('inbound_sms_provider_message_idx').on(table.provider, table.providerMessageId),
    index('inbound_sms_phone_received_idx').on(table.phone, table.receivedAt),
    check('inbound_sms_outcome_check', inList('outcome', inboundSmsOutcomes)),
  ],
);

/** Numbers that texted STOP: no notice SMS goes to them (codes and replies to their own texts still do) until they text START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull(),
});

/**
 * A USSD session per gateway and gateway session id: the inputs so far, the screen last shown for
 * them (a gateway's retry of the step gets it again, nothing done twice), and how often a
 * "Searching" screen stood in for rides' answer at a step.
 */
export const ussdSessions = pgTable(
  'ussd_sessions',
  {
    provider: text('provider').notNull(),
    sessionId: text('session_id').notNull(),
    phone: text('phone').notNull(),
    userId: uuid('user_id'),
    inputs: jsonb('inputs').$type<string[]>().notNull(),
    lastScreen: jsonb('last_screen').$type<{ text: string; end: boolean }>(),
    waited: jsonb('waited').$type<Record<string, number>>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.sessionId] })],
);

/** The ride commands a USSD session sent rides (one per step key) and rides' answer once it came: shown on the session, not texted. */
export const ussdCommands = pgTable(
  'ussd_commands',
  {
    commandId: uuid('command_id').primaryKey(),
    provider: text('provider').notNull(),
    sessionId: text('session_id').notNull(),
    stepKey: text('step_key').notNull(),
    answer: jsonb('answer'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('ussd_commands_session_idx').on(table.provider, table.sessionId)],
);
