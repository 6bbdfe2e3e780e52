import { signInLockedMessage } from '@krom/contracts/http/auth';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { HttpError } from './errors.ts';
import type { Logger } from './logger.ts';

/**
 * Wrong passwords per sign-in name (a user's e-mail, a staff username), whatever address they come
 * from. A service that signs people in re-exports it from its schema, as it does the outbox.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    /** The name signed in with, lower-cased: known or not (see throttledSignIn). */
    identifier: text('identifier').primaryKey(),
    /** Attempts since the last success or the end of the last lock. */
    failures: integer('failures').notNull().default(0),
    /** Locks so far without a success in between: each lasts twice as long as the one before. */
    lockouts: integer('lockouts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sign_in_throttles_updated_at_idx').on(table.updatedAt)],
);

export type SignInThrottleSettings = {
  /** Wrong passwords in a row that lock the name. */
  failuresBeforeLock: number;
  /** The first lock; each further one doubles, up to maxLockMinutes. */
  lockMinutes: number;
  maxLockMinutes: number;
};

export const defaultSignInThrottle: SignInThrottleSettings = { failuresBeforeLock: 10, lockMinutes: 15, maxLockMinutes: 24 * 60 };

/** A sign-in refused because its name is locked: 429, with the minutes left in the message. */
export class SignInLocked extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, signInLockedMessage(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
    this.name = 'SignInLocked';
  }
}

// biome-ignore lint/suspicious/noExplicitAny: any service's drizzle database, whatever its schema.
type Db = NodePgDatabase<any>;

const secondsLeft = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * Runs `check` (the password comparison) under a failure budget per name: after
 * `failuresBeforeLock` wrong answers in a row the name is locked and every attempt, the right
 * password included, gets a SignInLocked (429) until the lock ends; a success clears the budget.
 *
 * An attempt is counted before `check` runs, in one atomic statement, so a burst of parallel
 * guesses cannot all slip in before the first failure is written. Names that have no account
 * are counted and locked the same way (the caller passes `check` a decoy verification): the
 * answers then never tell which names exist. `clearedSince` (the account's last password change)
 * voids what was counted before it, so resetting the password ends a lock.
 *
 * Returns what `check` returned; undefined means a wrong password the caller answers with its 401.
 */
export async function throttledSignIn<T>(
  db: Db,
  name: string,
  check: () => Promise<T | undefined>,
  options: { now?: Date; settings?: SignInThrottleSettings; clearedSince?: Date | undefined } = {},
): Promise<T | undefined> {
  const now = options.now ?? new Date();
  const settings = options.settings ?? defaultSignInThrottle;
  const identifier = name.trim().toLowerCase();
  const clearedSince = options.clearedSince ?? null;

  const reserved = await db.execute<{ failures: number; locked_until: Date | null }>(sql`
    INSERT INTO sign_in_throttles AS t (identifier, failures, lockouts, updated_at) VALUES (${identifier}, 1, 0, ${now})
    ON CONFLICT (identifier) DO UPDATE SET
      failures = CASE
        WHEN ${clearedSince}::timestamptz > t.updated_at THEN 1
        WHEN t.locked_until > ${now} THEN t.failures
        WHEN t.locked_until IS NOT NULL THEN 1
        ELSE t.failures + 1 END,
      lockouts = CASE WHEN ${clearedSince}::timestamptz > t.updated_at THEN 0 ELSE t.lockouts END,
      locked_until = CASE WHEN ${clearedSince}::timestamptz > t.updated_at OR t.locked_until <= ${now} THEN NULL ELSE t.locked_until END,
      updated_at = ${now}
    RETURNING failures, locked_until`);
  const state = reserved.rows[0];
  if (!state) throw new Error('sign_in_throttles upsert returned no row');
  if (state.locked_until && new Date(state.locked_until) > now) throw new SignInLocked(secondsLeft(new Date(state.locked_until), now));
  // More attempts in flight than the budget: lock without checking this one.
  if (state.failures > settings.failuresBeforeLock) throw new SignInLocked(await lock(db, identifier, now, settings));

  const result = await check();
  if (result !== undefined) {
    await db.execute(sql`DELETE FROM sign_in_throttles WHERE identifier = ${identifier}`);
    return result;
  }
  // The wrong answer that uses up the budget is told about the lock at once.
  if (state.failures >= settings.failuresBeforeLock) throw new SignInLocked(await lock(db, identifier, now, settings));
  return undefined;
}

/** Locks the name (unless a lock is already running) and returns the seconds it has left. */
async function lock(db: Db, identifier: string, now: Date, settings: SignInThrottleSettings): Promise<number> {
  const locked = await db.execute<{ locked_until: Date }>(sql`
    UPDATE sign_in_throttles SET
      locked_until = ${now}::timestamptz + least(${settings.lockMinutes} * power(2, least(lockouts, 20)), ${settings.maxLockMinutes}) * interval '1 minute',
      lockouts = lockouts + 1,
      updated_at = ${now}
    WHERE identifier = ${identifier} AND (locked_until IS NULL OR locked_until <= ${now})
    RETURNING locked_until`);
  const until = locked.rows[0]?.locked_until ?? (await db.execute<{ locked_until: Date }>(sql`SELECT locked_until FROM sign_in_throttles WHERE identifier = ${identifier}`)).rows[0]?.locked_until;
  return until ? secondsLeft(new Date(until), now) : settings.lockMinutes * 60;
}

/** Forgets names not tried for `olderThanHours` and not locked now; run periodically. */
export async function pruneSignInThrottles(db: Db, now: Date = new Date(), olderThanHours = 48): Promise<number> {
  const pruned = await db.execute(sql`
    DELETE FROM sign_in_throttles
    WHERE updated_at < ${now}::timestamptz - ${olderThanHours} * interval '1 hour' AND (locked_until IS NULL OR locked_until <= ${now})`);
  return pruned.rowCount ?? 0;
}

/** Prunes forgotten sign-in names every `everyMs` (hourly in a service) until stopped; a failed run is logged. */
export function startSignInThrottlePrune(db: Db, logger: Pick<Logger, 'warn'>, everyMs: number): { stop: () => void } {
  const timer = setInterval(() => void pruneSignInThrottles(db).catch((error: unknown) => logger.warn({ err: error }, 'sign-in throttle prune failed')), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
