import { createHash } from 'node:crypto';
import { bookingMessages } from '@krom/contracts/http/bookings';
import { HttpError } from '@krom/server-kit/errors';
import { sql } from 'drizzle-orm';
import type { RidesDb } from '../db/rides-db.ts';

/*
 * Idempotency-Key for writes a phone on a flaky network retries (booking seats). The first
 * request with a key claims it (a committed row with the request's hash, no answer yet) and runs;
 * its answer is stored with the key: a success in the same transaction as the booking (the
 * `commit` hook), a refusal (4xx) right after. A later request with the key and the same body
 * gets that answer and changes nothing; with another body a 422; while the first is still running
 * a 409. A failure that is not a refusal (a crash, the database gone) gives the key up, so a retry
 * runs again; a claim left by a process that died is taken over after `staleClaimMs`.
 */

export type StoredAnswer = { status: number; body: unknown };

/** How long a claim without an answer is taken as still running. */
export const staleClaimMs = 60_000;

/** The request's fingerprint: its route and its body as parsed (so spacing and key order do not count). */
export function requestHash(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(stableJson(body)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Runs `work` once per (user, key). `work` gets `remember`, which it calls inside its own
 * transaction with its success answer, so the answer is stored if and only if the work commits.
 */
export async function runOnce(
  db: RidesDb,
  claim: { userId: string; key: string; hash: string; now?: Date },
  work: (remember: (tx: Pick<RidesDb, 'execute'>, answer: StoredAnswer) => Promise<void>) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const now = claim.now ?? new Date();
  const earlier = await claimKey(db, claim, now);
  if (earlier) return earlier;
  // The claim's time fences the answer: a run whose claim was taken over (it took longer than
  // `staleClaimMs`) writes nothing over the run that took it.
  const fenced = sql`user_id = ${claim.userId} AND key = ${claim.key} AND response_status IS NULL AND locked_at = ${now.toISOString()}::timestamptz`;
  const remember = async (tx: Pick<RidesDb, 'execute'>, answer: StoredAnswer) => {
    const { rows } = await tx.execute(sql`
      UPDATE idempotency_keys SET response_status = ${answer.status}, response_body = ${JSON.stringify(answer.body)}::jsonb
      WHERE ${fenced} RETURNING key`);
    // A success whose claim was taken over is not kept: its transaction rolls back (no second booking behind the first answer).
    if (rows.length === 0 && answer.status < 400) throw new Error(`Idempotency-Key ${claim.key}: the claim was taken over before the answer`);
  };
  try {
    return await work(remember);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500) {
      await remember(db, { status: error.statusCode, body: { message: error.message, ...(error.errors && { errors: error.errors }) } });
    } else {
      await db.execute(sql`DELETE FROM idempotency_keys WHERE ${fenced}`);
    }
    throw error;
  }
}

/** Claims the key, or answers as the first request did (throwing its refusal, the 422 or the 409). */
async function claimKey(db: RidesDb, claim: { userId: string; key: string; hash: string }, now: Date): Promise<StoredAnswer | undefined> {
  const { rows: claimed } = await db.execute(sql`
    INSERT INTO idempotency_keys (user_id, key, request_hash, locked_at, created_at)
    VALUES (${claim.userId}, ${claim.key}, ${claim.hash}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    ON CONFLICT (user_id, key) DO NOTHING RETURNING key`);
  if (claimed.length > 0) return undefined;
  const { rows } = await db.execute<{ requestHash: string; status: number | null; body: unknown; lockedAt: string }>(sql`
    SELECT request_hash AS "requestHash", response_status AS status, response_body AS body, locked_at AS "lockedAt"
    FROM idempotency_keys WHERE user_id = ${claim.userId} AND key = ${claim.key}`);
  const earlier = rows[0];
  // Given up by a failed first run between the insert and this read: claim it afresh.
  if (!earlier) return claimKey(db, claim, now);
  if (earlier.requestHash !== claim.hash) throw new HttpError(422, bookingMessages.idempotencyReused);
  if (earlier.status !== null) {
    if (earlier.status >= 400) {
      const refusal = earlier.body as { message: string; errors?: { field: string; message: string }[] };
      throw new HttpError(earlier.status, refusal.message, refusal.errors);
    }
    return { status: earlier.status, body: earlier.body };
  }
  const { rows: taken } = await db.execute(sql`
    UPDATE idempotency_keys SET locked_at = ${now.toISOString()}::timestamptz
    WHERE user_id = ${claim.userId} AND key = ${claim.key} AND response_status IS NULL
      AND locked_at < ${new Date(now.getTime() - staleClaimMs).toISOString()}::timestamptz
    RETURNING key`);
  if (taken.length > 0) return undefined;
  throw new HttpError(409, bookingMessages.idempotencyInProgress);
}
