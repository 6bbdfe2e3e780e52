import { waitlistJoined } from '@krom/contracts/events/admin';
import type { JoinWaitlistRequest, JoinWaitlistResponse } from '@krom/contracts/http/waitlist';
import { recordEvent } from '@krom/server-kit/outbox';
import { eq, sql } from 'drizzle-orm';
import type { AdminDb } from '../db/admin-db.ts';
import { waitlistSignups } from '../db/schema.ts';

/**
 * Adds a visitor to the waitlist. The row and its `waitlist.joined` event commit together; an
 * address or phone number already on the list changes nothing and publishes nothing, and the
 * visitor is answered as joined (the spec's thank-you page either way).
 */
export async function joinWaitlist(db: AdminDb, request: JoinWaitlistRequest): Promise<JoinWaitlistResponse> {
  return db.transaction(async (tx) => {
    // One sign-up (and so one welcome SMS) per phone number too: a number typed again with another
    // address is the same person, or someone using the form to text a stranger. Locked so two
    // sign-ups at once with one number cannot both pass the check.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`waitlist-phone:${request.phone}`}, 0))`);
    const [samePhone] = await tx.select({ id: waitlistSignups.id }).from(waitlistSignups).where(eq(waitlistSignups.phone, request.phone)).limit(1);
    if (samePhone) return { id: samePhone.id, alreadyJoined: true };
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
