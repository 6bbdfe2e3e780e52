import type { Logger } from '@krom/server-kit/logger';
import { sql } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import type { ObjectStore } from '@krom/server-kit/object-store/port';
import { verificationUploadKind } from '../verification/submit-verification.ts';
import { pruneUploadQuotaUsage } from './upload-quota.ts';
import { uploadUrl } from './upload-url.ts';

type Deps = { db: IdentityDb; store: ObjectStore; logger: Logger };

const HOUR_MS = 3600_000;

/**
 * Deletes uploads older than `olderThanHours` that no account points at (profile photo, Ghana
 * card and licence photos), rows first and then their objects. "Used" is read from those columns
 * rather than kept as a flag, so it can never disagree with them. A photo is chosen minutes after
 * it is uploaded, so the day of grace leaves any upload still being used alone. Verification
 * photos are never pruned here: they stay with their submission while staff decide, and
 * verification/photo-retention.ts deletes them a set time after the decision.
 */
export async function pruneUnusedUploads(deps: Deps, options: { now?: Date; olderThanHours?: number; batch?: number } = {}): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.olderThanHours ?? 24) * HOUR_MS);
  const url = sql`${uploadUrl('')} || u.public_id`;
  const removed = await deps.db.execute<{ object_key: string }>(sql`
    DELETE FROM uploads WHERE id IN (
      SELECT u.id FROM uploads u
      WHERE u.created_at < ${cutoff}
        AND u.kind <> ${verificationUploadKind}
        AND NOT EXISTS (
          SELECT 1 FROM users WHERE ${url} IN (profile_image_url, front_photo_url, back_photo_url, license_front_photo_url, license_back_photo_url))
      ORDER BY u.created_at LIMIT ${options.batch ?? 500})
    RETURNING object_key`);
  for (const { object_key: key } of removed.rows) {
    await deps.store.delete(key).catch((error: unknown) => deps.logger.warn({ err: error, key }, 'could not delete an unused upload object'));
  }
  return removed.rows.length;
}

/** Prunes unused uploads (and past days' quota tallies) now and every `intervalMs`; `stop` ends it. */
export function startUnusedUploadPrune(deps: Deps, intervalMs: number): { stop: () => void } {
  const run = async () => {
    try {
      const pruned = await pruneUnusedUploads(deps);
      await pruneUploadQuotaUsage(deps.db);
      if (pruned > 0) deps.logger.info({ pruned }, 'unused uploads deleted');
    } catch (error) {
      deps.logger.warn({ err: error }, 'unused upload prune failed');
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
