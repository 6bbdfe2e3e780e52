import { uploadErrors } from '@krom/contracts/http/auth';
import { HttpError } from '@krom/server-kit/errors';
import { sql } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';

/** How much one user may upload per UTC day: enough to retry photos many times, not to fill the store. */
export type UploadQuota = { uploadsPerDay: number; bytesPerDay: number };
export const defaultUploadQuota: UploadQuota = { uploadsPerDay: 20, bytesPerDay: 50 * 1024 * 1024 };

/**
 * Counts one upload of `bytes` against the owner's quota for the day of `now`, or refuses it with
 * a 429. Check and count are one statement, so uploads sent at once cannot overshoot together.
 */
export async function reserveUploadQuota(db: IdentityDb, ownerId: string, bytes: number, options: { now?: Date; quota?: UploadQuota } = {}): Promise<void> {
  const quota = options.quota ?? defaultUploadQuota;
  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  if (bytes > quota.bytesPerDay) throw new HttpError(429, uploadErrors.dailyQuota);
  const counted = await db.execute(sql`
    INSERT INTO upload_quota_usage AS q (owner_id, day, uploads, bytes) VALUES (${ownerId}, ${day}, 1, ${bytes})
    ON CONFLICT (owner_id, day) DO UPDATE SET uploads = q.uploads + 1, bytes = q.bytes + ${bytes}
    WHERE q.uploads < ${quota.uploadsPerDay} AND q.bytes + ${bytes} <= ${quota.bytesPerDay}
    RETURNING uploads`);
  if (counted.rows.length === 0) throw new HttpError(429, uploadErrors.dailyQuota);
}

/** Forgets the tallies of days gone by; run periodically. */
export async function pruneUploadQuotaUsage(db: IdentityDb, now: Date = new Date()): Promise<void> {
  await db.execute(sql`DELETE FROM upload_quota_usage WHERE day < ${now.toISOString().slice(0, 10)}::date - 1`);
}
