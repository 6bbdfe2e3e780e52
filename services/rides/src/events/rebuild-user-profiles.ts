import { userSnapshotSchema, userSnapshotStream } from '@krom/contracts/events/identity';
import type { EventBus } from '@krom/server-kit/bus';
import { readLastPerSubject } from '@krom/server-kit/last-per-subject-stream';
import type { Logger } from '@krom/server-kit/logger';
import type { RidesDb } from '../db/rides-db.ts';
import { userProfiles } from '../db/schema.ts';
import { applyUserSnapshot } from './user-profile-projection.ts';

/**
 * Replays the newest snapshot of every user, from the stream that keeps the last one per user,
 * through the same version-checked upsert as live events: safe while those keep arriving, and
 * safe to run again. Returns how many snapshots were read and how many were unreadable.
 */
export async function rebuildUserProfiles(db: RidesDb, bus: EventBus, logger: Logger): Promise<{ applied: number; skipped: number }> {
  const counts = await readLastPerSubject(bus, userSnapshotStream, userSnapshotSchema, async (event) => {
    await applyUserSnapshot(db, event.data);
  });
  if (counts.skipped > 0) logger.error({ skipped: counts.skipped }, 'user snapshots that do not match the contract were skipped');
  logger.info(counts, 'user profiles rebuilt from the snapshot stream');
  return counts;
}

/** Rebuilds only when the projection holds nobody: a new database, or one emptied on purpose. */
export async function rebuildUserProfilesIfEmpty(db: RidesDb, bus: EventBus, logger: Logger): Promise<void> {
  const [anyone] = await db.select({ userId: userProfiles.userId }).from(userProfiles).limit(1);
  if (!anyone) await rebuildUserProfiles(db, bus, logger);
}
