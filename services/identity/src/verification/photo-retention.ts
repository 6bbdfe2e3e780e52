import { verificationPhotoRetentionDays } from '@krom/contracts/http/verification';
import type { Logger } from '@krom/server-kit/logger';
import { sql } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import type { ObjectStore } from '@krom/server-kit/object-store/port';

type Deps = { db: IdentityDb; store: ObjectStore; logger: Logger };

const DAY_MS = 24 * 3600_000;

/**
 * Deletes the Ghana card and licence photos of submissions decided more than
 * `verificationPhotoRetentionDays` before `now`: approved or rejected ones by their own decision,
 * superseded ones (replaced before staff decided) by the decision on a later submission of the
 * same kind. Pending submissions are never touched. In one transaction: the submissions are marked
 * `photos_deleted_at`, their uploads (and so their document rows) deleted, and the account's photo
 * columns that named those documents cleared; the objects are deleted after commit. The decision,
 * its dates, reason and outcome stay. Running it again finds nothing more to do; an object whose
 * deletion failed is logged (its row is gone, so nothing serves it).
 */
export async function deleteDecidedVerificationPhotos(deps: Deps, options: { now?: Date; batch?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - verificationPhotoRetentionDays * DAY_MS);
  const keys = await deps.db.transaction(async (tx) => {
    const due = await tx.execute<{ id: string }>(sql`
      UPDATE verification_submissions SET photos_deleted_at = ${now}
      WHERE id IN (
        SELECT s.id FROM verification_submissions s
        WHERE s.photos_deleted_at IS NULL
          AND (
            (s.status IN ('approved', 'rejected') AND s.decided_at < ${cutoff})
            OR (s.status = 'superseded' AND EXISTS (
              SELECT 1 FROM verification_submissions later
              WHERE later.user_id = s.user_id AND later.kind = s.kind AND later.submitted_at > s.submitted_at
                AND later.status IN ('approved', 'rejected') AND later.decided_at < ${cutoff})))
        ORDER BY s.submitted_at LIMIT ${options.batch ?? 200}
        FOR UPDATE SKIP LOCKED)
      RETURNING id`);
    const ids = due.rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const documents = await tx.execute<{ id: string; upload_id: string }>(sql`
      SELECT id, upload_id FROM verification_documents WHERE submission_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const documentIds = documents.rows.map((row) => row.id);
    if (documentIds.length === 0) return [];
    const list = sql.join(
      documentIds.map((id) => sql`${id}`),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE users SET
        front_photo_url = CASE WHEN front_photo_url IN (${list}) THEN NULL ELSE front_photo_url END,
        back_photo_url = CASE WHEN back_photo_url IN (${list}) THEN NULL ELSE back_photo_url END,
        license_front_photo_url = CASE WHEN license_front_photo_url IN (${list}) THEN NULL ELSE license_front_photo_url END,
        license_back_photo_url = CASE WHEN license_back_photo_url IN (${list}) THEN NULL ELSE license_back_photo_url END
      WHERE front_photo_url IN (${list}) OR back_photo_url IN (${list}) OR license_front_photo_url IN (${list}) OR license_back_photo_url IN (${list})`);
    const removed = await tx.execute<{ object_key: string }>(sql`
      DELETE FROM uploads WHERE id IN (${sql.join(
        documents.rows.map((row) => sql`${row.upload_id}`),
        sql`, `,
      )}) RETURNING object_key`);
    return removed.rows.map((row) => row.object_key);
  });
  for (const key of keys) {
    await deps.store.delete(key).catch((error: unknown) => deps.logger.warn({ err: error, key }, 'could not delete a verification photo object'));
  }
  return keys.length;
}

/** Deletes decided submissions' photos now and every `intervalMs`; `stop` ends it. */
export function startVerificationPhotoDeletion(deps: Deps, intervalMs: number): { stop: () => void } {
  const run = async () => {
    try {
      const deleted = await deleteDecidedVerificationPhotos(deps);
      if (deleted > 0) deps.logger.info({ deleted }, 'decided verification photos deleted');
    } catch (error) {
      deps.logger.warn({ err: error }, 'verification photo deletion failed');
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
