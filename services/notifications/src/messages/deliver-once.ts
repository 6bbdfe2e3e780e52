import { randomUUID } from 'node:crypto';
import type { Logger } from '@krom/server-kit/logger';
import { ProviderError } from '@krom/server-kit/providers';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NotificationsDb } from '../db/notifications-db.ts';
import type { emailLogs, smsLogs } from '../db/schema.ts';

/** sms_logs or email_logs: both carry the same delivery columns (status, claim, provider, attempts). */
export type MessageLogTable = typeof smsLogs | typeof emailLogs;

/** A message log row as delivery reads it. */
export type ClaimableRow = { id: string; status: string; claimToken: string | null; claimedAt: Date | null };

/**
 * How long a claim protects its row: a worker is taken for dead only when its claim is older than
 * this. Longer than the slowest provider call (Twilio's 15 s, SMTP's 30 s) plus the record after it.
 */
export const DEFAULT_CLAIM_LEASE_MS = 120_000;

/** The time claims are stamped and judged with (injectable, so a test moves it instead of waiting), and the lease. */
export type ClaimLease = { clock: () => Date; leaseMs: number };

export const defaultClaimLease: ClaimLease = { clock: () => new Date(), leaseMs: DEFAULT_CLAIM_LEASE_MS };

/** The row is claimed by a worker that may still be sending it: try again once its lease ends, never settle it now. */
export class ClaimedElsewhereError extends Error {
  constructor(
    id: string,
    /** How long until the claim's lease ends. */
    readonly leaseLeftMs: number,
  ) {
    super(`message ${id} is being delivered by another worker; trying again when its claim lapses`);
    this.name = 'ClaimedElsewhereError';
  }
}

/**
 * Runs one delivery job. A row claimed by another worker puts the job back until that claim's
 * lease ends, without spending one of its tries (the backoff's tries are shorter than a lease, and
 * a job that ran out of them would keep its id, so the pending sweep could not queue it again).
 */
export async function runDeliveryJob(job: Job, deliver: () => Promise<unknown>): Promise<void> {
  try {
    await deliver();
  } catch (error) {
    if (!(error instanceof ClaimedElsewhereError)) throw error;
    await job.moveToDelayed(Date.now() + error.leaseLeftMs, job.token);
    throw new DelayedError(error.message);
  }
}

/** Tries for the write that records a send's outcome, which must not be lost to a passing database error. */
const RECORD_TRIES = 4;
const FIRST_RECORD_WAIT_MS = 50;

/** What delivering one row needs: its log, how to send it and how the provider answers for a key. */
export type DeliverOnceDeps = {
  db: NotificationsDb;
  table: MessageLogTable;
  /** What a row's secret text becomes once delivery ends (sent or failed). */
  redacted: Record<string, SQL | null>;
  providerName: string;
  /** Sends the row's message under its id as the delivery key. */
  send: () => Promise<{ providerId: string }>;
  /** The provider's record of a send under the row's id; absent when the provider keeps none it can be asked. */
  findSent: (() => Promise<{ providerId: string } | undefined>) | undefined;
  /** Whether trying again could help after this error. */
  retryable: (error: unknown) => boolean;
  /** This is the job's last allowed try. */
  lastAttempt: boolean;
  logger: Logger;
  channel: 'sms' | 'email';
  lease: ClaimLease;
  /** Runs once the row is recorded as sent (delivery reports that came first); a failure is logged, not thrown. */
  afterSent?: ((providerId: string) => Promise<void>) | undefined;
};

/** Runs `write` until it succeeds, a few times with a growing wait; the last failure is thrown. */
async function persistently<T>(write: () => Promise<T>): Promise<T> {
  for (let tries = 1, wait = FIRST_RECORD_WAIT_MS; ; tries += 1, wait *= 2) {
    try {
      return await write();
    } catch (error) {
      if (tries === RECORD_TRIES) throw error;
      await sleep(wait);
    }
  }
}

/** Said on the row and to the logs when a send was cut off and its provider cannot tell whether it went out. */
export const INTERRUPTED_SEND =
  'delivery was interrupted after the message was handed to the provider, which cannot say whether it went out; not sent again, so nobody gets it twice';

/** What became of the row: sent (with the provider's id), failed, retry later (error rethrown), or nothing to do. */
export type DeliveryOutcome = { sent: string } | { failed: string } | { skipped: 'not pending' | 'taken over' };

/**
 * Hands one pending message row to its provider at most once. Before the send the row is claimed
 * (a claim token and time, committed), and the outcome is written only under that claim. A claim
 * younger than the lease belongs to a worker that may still be sending: the job is tried again
 * later (ClaimedElsewhereError), the row untouched. An older one was left by a worker that died
 * between the send and its record (or whose record failed); it is not sent blindly: a provider
 * that keeps a record by delivery key (the local one) is asked, and the row becomes sent if it
 * went out, or is claimed anew and sent under the same key if it did not; a provider that cannot
 * be asked (Twilio has no idempotency key, SMTP none) leaves the row failed with INTERRUPTED_SEND,
 * logged as an error for staff to follow up, rather than text or mail anyone twice. A send that
 * failed in a way that proves nothing went out (ProviderError outcome `not-sent`) releases the
 * claim for the job's retry; one whose outcome is unknown (a timeout after the request was
 * written, a provider's 5xx) is treated as an interrupted send. The last try, or an error retrying
 * cannot fix, marks the row failed.
 */
export async function deliverOnce(deps: DeliverOnceDeps, found: ClaimableRow | undefined): Promise<DeliveryOutcome> {
  if (!found) {
    deps.logger.warn({ channel: deps.channel }, `${deps.channel} job names no log row; dropped`);
    return { skipped: 'not pending' };
  }
  // One shape for both tables: they share every column written here but the redacted text.
  const table = deps.table as typeof smsLogs;
  const claimedBy = (token: string) => and(eq(table.id, found.id), eq(table.status, 'pending'), eq(table.claimToken, token));
  const attempts = sql`${table.attempts} + 1`;
  const claim = async (previous: string | null, token: string) => {
    const held = previous === null ? isNull(table.claimToken) : eq(table.claimToken, previous);
    const rows = await deps.db
      .update(table)
      .set({ claimToken: token, claimedAt: deps.lease.clock() })
      .where(and(eq(table.id, found.id), eq(table.status, 'pending'), held))
      .returning({ id: table.id });
    return rows.length === 1;
  };
  const markSent = (token: string, providerId: string) =>
    deps.db
      .update(table)
      .set({ status: 'sent', provider: deps.providerName, providerId, sentAt: deps.lease.clock(), attempts, ...deps.redacted })
      .where(claimedBy(token));
  const markFailed = (token: string, error: string) =>
    deps.db
      .update(table)
      .set({ status: 'failed', provider: deps.providerName, error, attempts, ...deps.redacted })
      .where(claimedBy(token));
  const interrupted = async (token: string, cause?: unknown) => {
    await markFailed(token, INTERRUPTED_SEND);
    deps.logger.error({ messageLogId: found.id, channel: deps.channel, provider: deps.providerName, err: cause }, INTERRUPTED_SEND);
    return { failed: INTERRUPTED_SEND };
  };

  const afterSent = async (providerId: string) => {
    try {
      await deps.afterSent?.(providerId);
    } catch (error) {
      deps.logger.warn({ messageLogId: found.id, channel: deps.channel, providerId, err: error }, `${deps.channel} sent; its early delivery reports not applied`);
    }
  };

  let row = found;
  if (row.status !== 'pending') return { skipped: 'not pending' };
  const token = randomUUID();
  if (row.claimToken === null && !(await claim(null, token))) {
    // Claimed between our read and our claim: settle it as a claim found held by another.
    const [current] = await deps.db
      .select({ id: table.id, status: table.status, claimToken: table.claimToken, claimedAt: table.claimedAt })
      .from(table)
      .where(eq(table.id, found.id));
    if (current?.status !== 'pending' || current.claimToken === null) return { skipped: 'not pending' };
    row = current;
  }
  if (row.claimToken !== null) {
    const held = row.claimToken;
    const leaseLeftMs = row.claimedAt === null ? 0 : row.claimedAt.getTime() + deps.lease.leaseMs - deps.lease.clock().getTime();
    if (leaseLeftMs > 0) throw new ClaimedElsewhereError(row.id, leaseLeftMs);
    if (deps.findSent === undefined) return interrupted(held);
    const earlier = await deps.findSent();
    if (earlier) {
      await markSent(held, earlier.providerId);
      await afterSent(earlier.providerId);
      return { sent: earlier.providerId };
    }
    if (!(await claim(held, token))) return { skipped: 'taken over' };
  }
  let providerId: string;
  try {
    ({ providerId } = await deps.send());
  } catch (error) {
    const message = (error as Error).message || String(error);
    // A provider that sends once per key (findSent) may be asked again whatever happened.
    if (error instanceof ProviderError && error.outcome === 'unknown' && deps.findSent === undefined) {
      await persistently(() => interrupted(token, error));
      throw new UnrecoverableError(INTERRUPTED_SEND);
    }
    const final = !deps.retryable(error) || deps.lastAttempt;
    if (final) await persistently(() => markFailed(token, message));
    else {
      // Nothing went out: the retry claims the row afresh. Left claimed, the row would wait out the lease.
      await persistently(() =>
        deps.db.update(table).set({ provider: deps.providerName, error: message, attempts, claimToken: null, claimedAt: null }).where(claimedBy(token)),
      );
    }
    deps.logger.warn({ messageLogId: row.id, channel: deps.channel, final, err: error }, final ? `${deps.channel} delivery failed` : `${deps.channel} delivery failed; will retry`);
    // BullMQ retries what it is given back, unless told retrying cannot help.
    throw deps.retryable(error) ? error : new UnrecoverableError(message);
  }
  // Not in the try: a failure to record a send that went out must not release the claim.
  try {
    await persistently(() => markSent(token, providerId));
  } catch (error) {
    deps.logger.error(
      { messageLogId: row.id, channel: deps.channel, provider: deps.providerName, providerId, err: error },
      `${deps.channel} went out but could not be recorded as sent; the row stays claimed for staff to reconcile with the provider id`,
    );
    throw new UnrecoverableError(`sent as ${providerId}, not recorded: ${(error as Error).message}`);
  }
  await afterSent(providerId);
  return { sent: providerId };
}
