import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberReportOrigins, memberReportReasons } from '@krom/contracts/http/member-safety';
import { ticketAttachmentTypes, ticketAuthors, ticketCategories, ticketPriorities, ticketStatuses } from '@krom/contracts/http/support-values';

export { handledEvents, outbox } from '@krom/server-kit/outbox';
export { signInThrottles } from '@krom/server-kit/sign-in-throttle';

export const waitlistSignups = pgTable(
  'waitlist_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One row per address, whatever its capitalisation.
    uniqueIndex('waitlist_signups_email_key').on(sql`lower(${table.email})`),
    index('waitlist_signups_created_at_idx').on(table.createdAt),
    // A phone number already on the list is not added again (join-waitlist.ts).
    index('waitlist_signups_phone_idx').on(table.phone),
  ],
);

export const adminUsers = pgTable(
  'admin_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    /** Staff roles (contracts `staffRoles`); the BFF carries them in the staff session. */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('admin_users_username_key').on(sql`lower(${table.username})`)],
);

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} IN (${values.map((value) => `'${value}'`).join(', ')})`);

/**
 * Members' reports of other members (member-reports/): each opens a case for staff (`status`
 * open until the support tools handle it). One per reporter and reported member: a member who
 * reports the same person again is thanked again and the first case stands (staff see one case
 * per pair, not a flood from one angry reporter).
 */
export const memberReports = pgTable(
  'member_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').notNull(),
    reportedId: uuid('reported_id').notNull(),
    reason: text('reason', { enum: memberReportReasons }).notNull(),
    details: text('details'),
    source: text('source', { enum: memberReportOrigins }).notNull(),
    sourceId: uuid('source_id'),
    /** A reported message's text as rides stored it (source `message`), so staff read what was reported. */
    reportedText: text('reported_text'),
    status: text('status').notNull().default('open'),
    /** The safety ticket the report opened: its case in the staff queue, the reporter its member. */
    ticketId: uuid('ticket_id').references((): AnyPgColumn => supportTickets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_reports_ticket_key').on(table.ticketId),
    uniqueIndex('member_reports_reporter_reported_key').on(table.reporterId, table.reportedId),
    // Staff's queue: the reports about one member, newest first.
    index('member_reports_reported_idx').on(table.reportedId, table.createdAt.desc()),
    check('member_reports_not_self_check', sql`${table.reporterId} <> ${table.reportedId}`),
    check('member_reports_reason_check', inList('reason', memberReportReasons)),
    check('member_reports_source_check', inList('source', memberReportOrigins)),
  ],
);

/**
 * Members' support tickets (support/): from /support and /report-ride. `booking_id` and
 * `ride_id` were confirmed as the member's by the BFF with rides; admin keeps no copy of them.
 * Shaped for the staff queue: `claimed_by`/`claimed_at` (one member of staff answers a
 * ticket), `priority`, and the status a queue sorts by, oldest first.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id').notNull(),
    category: text('category', { enum: ticketCategories }).notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    bookingId: uuid('booking_id'),
    rideId: uuid('ride_id'),
    status: text('status', { enum: ticketStatuses }).notNull().default('open'),
    priority: text('priority', { enum: ticketPriorities }).notNull().default('medium'),
    /** The admin user working the ticket (staff queue); null while unclaimed. */
    claimedBy: uuid('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped on every change the member or staff make (events and staff's optimistic claims). */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    // The member's list, and the hourly limit's count.
    index('support_tickets_member_idx').on(table.memberId, table.createdAt.desc()),
    // Staff's queue: by status, oldest first.
    index('support_tickets_queue_idx').on(table.status, table.createdAt),
    check('support_tickets_category_check', inList('category', ticketCategories)),
    check('support_tickets_status_check', inList('status', ticketStatuses)),
    check('support_tickets_priority_check', inList('priority', ticketPriorities)),
  ],
);

/**
 * A ticket's conversation after its description: the member's and staff's messages in order.
 * `internal` marks a staff note the member never sees (the staff queue writes them).
 */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ticketAuthors }).notNull(),
    /** The member's user id or the admin user's id. */
    authorId: uuid('author_id').notNull(),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_ticket_messages_ticket_idx').on(table.ticketId, table.createdAt),
    check('support_ticket_messages_author_check', inList('author', ticketAuthors)),
    check('support_ticket_messages_not_internal_member_check', sql`NOT (${table.internal} AND ${table.author} = 'member')`),
  ],
);

/** Files sent with a ticket, kept in the object store under `object_key`; the type was read from the bytes. */
export const supportTicketAttachments = pgTable(
  'support_ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    objectKey: text('object_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type', { enum: ticketAttachmentTypes }).notNull(),
    size: integer('size').notNull(),
    /** The file's place in the form (0 first), the order the ticket shows them in. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_ticket_attachments_ticket_idx').on(table.ticketId),
    uniqueIndex('support_ticket_attachments_object_key_key').on(table.objectKey),
    check('support_ticket_attachments_type_check', inList('content_type', ticketAttachmentTypes)),
  ],
);

/**
 * The audit log of staff actions, from every service's `staff_action.recorded` events. Append
 * only: a trigger (in the migration) refuses every UPDATE and DELETE, so nobody edits the log;
 * `event_id` keeps each event once, however often it is delivered.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull(),
    service: text('service').notNull(),
    actorId: uuid('actor_id').notNull(),
    actorRoles: text('actor_roles').array().notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    details: jsonb('details').notNull(),
    actedAt: timestamp('acted_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_audit_log_event_key').on(table.eventId),
    index('staff_audit_log_acted_at_idx').on(table.actedAt),
    index('staff_audit_log_actor_idx').on(table.actorId, table.actedAt),
    index('staff_audit_log_target_idx').on(table.targetType, table.targetId),
  ],
);
