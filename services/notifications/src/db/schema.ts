import { smsMessageTypes, smsStatuses } from '@krom/contracts/http/sms';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export { handledEvents, outbox } from '@krom/server-kit/outbox';

/** Every SMS the product sends or tries to send, as the spec's sms_logs, plus what delivery needs. */
export const smsLogs = pgTable(
  'sms_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164, as handed to the provider. */
    phoneNumber: text('phone_number').notNull(),
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
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The spec's closed lists, held by the database too.
    check('sms_logs_status_check', sql.raw(`status IN (${smsStatuses.map((s) => `'${s}'`).join(', ')})`)),
    check('sms_logs_message_type_check', sql.raw(`message_type IN (${smsMessageTypes.map((t) => `'${t}'`).join(', ')})`)),
    index('sms_logs_created_at_idx').on(table.createdAt),
    index('sms_logs_phone_number_idx').on(table.phoneNumber),
  ],
);
export type SmsLogRow = typeof smsLogs.$inferSelect;
