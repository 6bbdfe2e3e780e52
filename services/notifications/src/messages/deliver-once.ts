import { randomUUID } from 'node:crypto';
import type { Logger } from '@krom/server-kit/logger';
import { UnrecoverableError } from 'bullmq';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { NotificationsDb } from '../db/notifications-db.ts';
import type { emailLogs, smsLogs } from '../db/schema.ts';

/** sms_logs or email_logs: both carry the same delivery columns (status, claim, provider, attempts). */
export type MessageLogTable = typeof smsLogs | typeof emailLogs;

/** A message log row as delivery reads it. */
export type ClaimableRow = { id: string; status: string; claimToken: string | null };

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
};

/** Said on the row and to the logs when a send was cut off and its provider cannot tell whether it went out. */
export const INTERRUPTED_SEND =
  'delivery was interrupted after the message was handed to the provider, which cannot say whether it went out; not sent again, so nobody gets it twice';

/** What became of the row: sent (with the provider's id), failed, retry later (error rethrown), or nothing to do. */
export type DeliveryOutcome = { sent: string } | { failed: string } | { skipped: 'not pending' | 'taken over' };

/**
 * Hands one pending message row to its provider at most once. Before the send the row is claimed
 * (a claim token, committed), and the outcome is written only under that claim. A worker that
 * finds the row claimed by another, which died between the send and its record (or whose record
 * failed), does not send blindly: a provider that keeps a record by delivery key (the local one)
 * is asked, and the row becomes sent if it went out, or is claimed anew and sent under the same
 * key if it did not; a provider that cannot be asked (Twilio has no idempotency key, SMTP none)
 * leaves the row failed with INTERRUPTED_SEND, logged as an error for staff to follow up, rather
 * than text or mail anyone twice. A refused send releases the claim (nothing went out) for the
 * job's retry; the last try, or an error retrying cannot fix, marks the row failed.
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
      .set({ claimToken: token, claimedAt: new Date() })
      .where(and(eq(table.id, found.id), eq(table.status, 'pending'), held))
      .returning({ id: table.id });
    return rows.length === 1;
  };
  const markSent = (token: string, providerId: string) =>
    deps.db
      .update(table)
      .set({ status: 'sent', provider: deps.providerName, providerId, sentAt: new Date(), attempts, ...deps.redacted })
      .where(claimedBy(token));
  const markFailed = (token: string, error: string) =>
    deps.db
      .update(table)
      .set({ status: 'failed', provider: deps.providerName, error, attempts, ...deps.redacted })
      .where(claimedBy(token));

  let row = found;
  if (row.status !== 'pending') return { skipped: 'not pending' };
  const token = randomUUID();
  if (row.claimToken === null && !(await claim(null, token))) {
    // Claimed between our read and our claim: settle it as a claim found held by another.
    const [current] = await deps.db.select({ id: table.id, status: table.status, claimToken: table.claimToken }).from(table).where(eq(table.id, found.id));
    if (current?.status !== 'pending' || current.claimToken === null) return { skipped: 'not pending' };
    row = current;
  }
  if (row.claimToken !== null) {
    const held = row.claimToken;
    if (deps.findSent === undefined) {
      await markFailed(held, INTERRUPTED_SEND);
      deps.logger.error({ messageLogId: row.id, channel: deps.channel, provider: deps.providerName }, INTERRUPTED_SEND);
      return { failed: INTERRUPTED_SEND };
    }
    const earlier = await deps.findSent();
    if (earlier) {
      await markSent(held, earlier.providerId);
      return { sent: earlier.providerId };
    }
    if (!(await claim(held, token))) return { skipped: 'taken over' };
  }
  let providerId: string;
  try {
    ({ providerId } = await deps.send());
  } catch (error) {
    const message = (error as Error).message || String(error);
    const final = !deps.retryable(error) || deps.lastAttempt;
    if (final) await markFailed(token, message);
    else {
      // Refused, so nothing went out: the retry claims the row afresh.
      await deps.db.update(table).set({ provider: deps.providerName, error: message, attempts, claimToken: null, claimedAt: null }).where(claimedBy(token));
    }
    deps.logger.warn({ messageLogId: row.id, channel: deps.channel, final, err: error }, final ? `${deps.channel} delivery failed` : `${deps.channel} delivery failed; will retry`);
    // BullMQ retries what it is given back, unless told retrying cannot help.
    throw deps.retryable(error) ? error : new UnrecoverableError(message);
  }
  // Not in the try: a failure to record a send that went out must not release the claim.
  await markSent(token, providerId);
  return { sent: providerId };
}
