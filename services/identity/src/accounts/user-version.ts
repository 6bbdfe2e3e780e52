import { sql } from 'drizzle-orm';
import { users } from '../db/schema.ts';

/** The account's next version, set by the same UPDATE as the change it counts (the row lock orders them). */
export const nextUserVersion = () => sql`${users.version} + 1`;
