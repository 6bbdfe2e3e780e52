import type { Logger } from '@krom/server-kit/logger';
import { contextFromTraceparent, SpanKind, withSpan } from '@krom/server-kit/telemetry';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { and, eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { emailLogs } from '../db/schema.ts';
import { type EmailProvider, EmailProviderError } from '../providers/email/port.ts';
import { EMAIL_QUEUE_NAME, type EmailJobData } from './email-queue.ts';

export type EmailDeliveryDeps = { db: NotificationsDb; provider: EmailProvider; logger: Logger };

/** A code in the text leaves the log with delivery: no later retry needs it. */
const redacted = { text: sql`coalesce(${emailLogs.redactedText}, ${emailLogs.text})`, redactedText: null };

/**
 * Delivers one email_logs row, as the SMS worker does an SMS: a row no longer pending is left
 * alone; a failure is written on the row and rethrown so BullMQ retries with backoff; the last
 * allowed try, or an error retrying cannot fix, marks the row failed.
 */
export async function deliverEmail(deps: EmailDeliveryDeps, job: Job<EmailJobData>): Promise<void> {
  const { emailLogId } = job.data;
  const attempt = job.attemptsMade + 1;
  await withSpan(
    'email deliver',
    async (span) => {
      const [row] = await deps.db.select().from(emailLogs).where(eq(emailLogs.id, emailLogId));
      if (!row) {
        deps.logger.warn({ emailLogId }, 'email job names no email_logs row; dropped');
        return;
      }
      if (row.status !== 'pending') return;
      const pendingRow = and(eq(emailLogs.id, emailLogId), eq(emailLogs.status, 'pending'));
      try {
        const { providerId } = await deps.provider.send({ to: row.email, subject: row.subject, text: row.text });
        await deps.db
          .update(emailLogs)
          .set({ status: 'sent', provider: deps.provider.name, providerId, sentAt: new Date(), attempts: sql`${emailLogs.attempts} + 1`, ...redacted })
          .where(pendingRow);
        span.setAttribute('krom.email.provider_id', providerId);
      } catch (error) {
        const message = (error as Error).message || String(error);
        const retryable = !(error instanceof EmailProviderError) || error.retryable;
        const final = !retryable || attempt >= (job.opts.attempts ?? 1);
        await deps.db
          .update(emailLogs)
          .set({
            provider: deps.provider.name,
            error: message,
            attempts: sql`${emailLogs.attempts} + 1`,
            ...(final ? { status: 'failed' as const, ...redacted } : {}),
          })
          .where(pendingRow);
        deps.logger.warn({ emailLogId, attempt, final, err: error }, final ? 'email delivery failed' : 'email delivery failed; will retry');
        throw retryable ? error : new UnrecoverableError(message);
      }
    },
    {
      parent: contextFromTraceparent(job.data.traceparent),
      kind: SpanKind.CONSUMER,
      attributes: { 'messaging.system': 'bullmq', 'messaging.destination.name': EMAIL_QUEUE_NAME, 'krom.email_log.id': emailLogId, 'krom.email.attempt': attempt },
    },
  );
}

/** Starts the worker; its connection must have maxRetriesPerRequest: null (BullMQ blocks on it). */
export function startEmailWorker(
  deps: EmailDeliveryDeps & { connection: Redis; prefix: string; concurrency?: number },
): Worker<EmailJobData> {
  const worker = new Worker<EmailJobData>(EMAIL_QUEUE_NAME, (job) => deliverEmail(deps, job), {
    connection: deps.connection,
    prefix: deps.prefix,
    concurrency: deps.concurrency ?? 4,
  });
  worker.on('error', (error) => deps.logger.error({ err: error }, 'email worker error'));
  return worker;
}
