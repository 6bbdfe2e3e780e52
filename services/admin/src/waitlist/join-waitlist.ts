import { waitlistJoined } from '@krom/contracts/events/admin';
import type { JoinWaitlistRequest, JoinWaitlistResponse } from '@krom/contracts/http/waitlist';
import { recordEvent } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import type { AdminDb } from '../db/admin-db.ts';
import { waitlistSignups } from '../db/schema.ts';

/**
 * Adds a visitor to the waitlist. The row and its `waitlist.joined` event commit together; an
 * address already on the list changes nothing and publishes nothing.
 */
export async function joinWaitlist(db: AdminDb, request: JoinWaitlistRequest): Promise<JoinWaitlistResponse> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(waitlistSignups)
      .values({ name: request.name, email: request.email.toLowerCase(), phone: request.phone })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const [existing] = await tx
        .select({ id: waitlistSignups.id })
        .from(waitlistSignups)
        .where(sql`lower(${waitlistSignups.email}) = lower(${request.email})`);
      if (!existing) throw new Error('waitlist insert conflicted but no row was found');
      return { id: existing.id, alreadyJoined: true };
    }
    await recordEvent(tx, waitlistJoined, {
      signupId: created.id,
      name: created.name,
      email: created.email,
      phone: created.phone,
      joinedAt: created.createdAt.toISOString(),
      version: 1,
    });
    return { id: created.id, alreadyJoined: false };
  });
}
