import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
