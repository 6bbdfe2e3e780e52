import { type UserSnapshot, userSnapshotSchema, userSnapshotStream } from '@krom/contracts/events/identity';
import type { EventBus } from '@krom/server-kit/bus';
import { readLastPerSubject } from '@krom/server-kit/last-per-subject-stream';
import type { Logger } from '@krom/server-kit/logger';
import type { AnyDb } from '@krom/server-kit/outbox';
import { eq, sql } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { userNames } from '../db/schema.ts';

/**
 * Keeps the user's name from one of identity's snapshots, in one statement: inserted for a user
 * not yet known, replaced when the snapshot's version is at least the one held, so a late (older)
 * snapshot changes nothing and any order of delivery ends at the newest name. True when written.
 */
export async function applyUserName(db: Pick<AnyDb, 'insert'>, snapshot: UserSnapshot): Promise<boolean> {
  const written = await db
    .insert(userNames)
    .values({ userId: snapshot.userId, version: snapshot.version, firstName: snapshot.firstName, lastName: snapshot.lastName, changedAt: new Date(snapshot.changedAt) })
    .onConflictDoUpdate({
      target: userNames.userId,
      set: { version: sql`excluded.version`, firstName: sql`excluded.first_name`, lastName: sql`excluded.last_name`, changedAt: sql`excluded.changed_at` },
      setWhere: sql`excluded.version >= ${userNames.version}`,
    })
    .returning({ userId: userNames.userId });
  return written.length > 0;
}

/** The name a payout is sent to, from the names a snapshot carries ("Ama Mensah"); null when both are empty. */
export const fullName = (names: { firstName: string; lastName: string }): string | null => `${names.firstName} ${names.lastName}`.trim() || null;

/** The user's name as identity last told it, or null when no snapshot of them has arrived. */
export async function userNameOf(db: PaymentsDb, userId: string): Promise<string | null> {
  const [row] = await db.select({ firstName: userNames.firstName, lastName: userNames.lastName }).from(userNames).where(eq(userNames.userId, userId));
  return row ? fullName(row) : null;
}

/**
 * A new (or emptied) table learns every user's name at once from the stream that keeps each
 * user's newest snapshot, not only those whose snapshots the event stream still holds; through the
 * same version-checked upsert as live snapshots, so it is safe while they keep arriving.
 */
export async function rebuildUserNamesIfEmpty(db: PaymentsDb, bus: EventBus, logger: Logger): Promise<void> {
  const [anyone] = await db.select({ userId: userNames.userId }).from(userNames).limit(1);
  if (anyone) return;
  const counts = await readLastPerSubject(bus, userSnapshotStream, userSnapshotSchema, async (event) => {
    await applyUserName(db, event.data);
  });
  if (counts.skipped > 0) logger.error({ skipped: counts.skipped }, 'user snapshots that do not match the contract were skipped');
  if (counts.applied > 0) logger.info(counts, 'user names rebuilt from the snapshot stream');
}
