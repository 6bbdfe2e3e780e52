import type { WaitlistSignup } from '@krom/contracts/http/waitlist';
import { desc } from 'drizzle-orm';
import type { AdminDb } from '../db/admin-db.ts';
import { waitlistSignups } from '../db/schema.ts';

/** Every sign-up, newest first, as the admin table and its CSV export show them. */
export async function listWaitlist(db: AdminDb): Promise<WaitlistSignup[]> {
  const rows = await db.select().from(waitlistSignups).orderBy(desc(waitlistSignups.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
