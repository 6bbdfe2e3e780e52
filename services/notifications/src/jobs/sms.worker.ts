import type { Logger } from '@krom/server-kit/logger';
import { contextFromTraceparent, SpanKind, withSpan } from '@krom/server-kit/telemetry';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { and, eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { smsLogs } from '../db/schema.ts';
import { type SmsProvider, SmsProviderError } from '../providers/sms/port.ts';
import { SMS_QUEUE_NAME, type SmsJobData } from './sms-queue.ts';

/** The message's secret leaves the log with delivery: no later retry needs it. */
const redacted = { message: sql`coalesce(${smsLogs.redactedMessage}, ${smsLogs.message})`, redactedMessage: null };

export type SmsDeliveryDeps = { db: NotificationsDb; provider: SmsProvider; logger: Logger };

/**
 * Delivers one sms_logs row. A row that is no longer pending (already sent by an earlier run of
 * the same job) is left alone. A failure is written on the row and rethrown so BullMQ retries
 * with backoff; the last allowed try, or an error retrying cannot fix, marks the row failed.
 * Once sent or failed, a message carrying a secret is replaced by its redacted text.
 */
export async function deliverSms(deps: SmsDeliveryDeps, job: Job<SmsJobData>): Promise<void> {
  const { smsLogId } = job.data;
  const attempt = job.attemptsMade + 1;
  await withSpan(
    'sms deliver',
    async (span) => {
      const [row] = await deps.db.select().from(smsLogs).where(eq(smsLogs.id, smsLogId));
      if (!row) {
        deps.logger.warn({ smsLogId }, 'sms job names no sms_logs row; dropped');
        return;
      }
      if (row.status !== 'pending') return;
      const pendingRow = and(eq(smsLogs.id, smsLogId), eq(smsLogs.status, 'pending'));
      try {
        const { providerId } = await deps.provider.send(row.phoneNumber, row.message);
        await deps.db
          .update(smsLogs)
          .set({ status: 'sent', provider: deps.provider.name, providerId, sentAt: new Date(), attempts: sql`${smsLogs.attempts} + 1`, ...redacted })
          .where(pendingRow);
        span.setAttribute('krom.sms.provider_id', providerId);
      } catch (error) {
        const message = (error as Error).message || String(error);
        const retryable = !(error instanceof SmsProviderError) || error.retryable;
        const final = !retryable || attempt >= (job.opts.attempts ?? 1);
        await deps.db
          .update(smsLogs)
          .set({
            provider: deps.provider.name,
            error: message,
            attempts: sql`${smsLogs.attempts} + 1`,
            ...(final ? { status: 'failed' as const, ...redacted } : {}),
          })
          .where(pendingRow);
        deps.logger.warn({ smsLogId, attempt, final, err: error }, final ? 'sms delivery failed' : 'sms delivery failed; will retry');
        throw retryable ? error : new UnrecoverableError(message);
      }
    },
    {
      parent: contextFromTraceparent(job.data.traceparent),
      kind: SpanKind.CONSUMER,
      attributes: { 'messaging.system': 'bullmq', 'messaging.destination.name': SMS_QUEUE_NAME, 'krom.sms_log.id': smsLogId, 'krom.sms.attempt': attempt },
    },
  );
}

/** Starts the worker; its connection must have maxRetriesPerRequest: null (BullMQ blocks on it). */
export function startSmsWorker(
  deps: SmsDeliveryDeps & { connection: Redis; prefix: string; concurrency?: number },
): Worker<SmsJobData> {
  const worker = new Worker<SmsJobData>(SMS_QUEUE_NAME, (job) => deliverSms(deps, job), {
    connection: deps.connection,
    prefix: deps.prefix,
    concurrency: deps.concurrency ?? 4,
  });
  worker.on('error', (error) => deps.logger.error({ err: error }, 'sms worker error'));
  return worker;
}
