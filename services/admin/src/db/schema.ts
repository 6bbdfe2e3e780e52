import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberReportReasons, memberReportSources } from '@krom/contracts/http/member-safety';

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
    source: text('source', { enum: memberReportSources }).notNull(),
    sourceId: uuid('source_id'),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_reports_reporter_reported_key').on(table.reporterId, table.reportedId),
    // Staff's queue: the reports about one member, newest first.
    index('member_reports_reported_idx').on(table.reportedId, table.createdAt.desc()),
    check('member_reports_not_self_check', sql`${table.reporterId} <> ${table.reportedId}`),
    check('member_reports_reason_check', inList('reason', memberReportReasons)),
    check('member_reports_source_check', inList('source', memberReportSources)),
  ],
);
