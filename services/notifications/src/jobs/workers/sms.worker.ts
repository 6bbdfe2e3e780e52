import type { Logger } from '@krom/server-kit/logger';
import { isLastAttempt, type JobsConnection, startJobWorker } from '@krom/server-kit/jobs';
import type { Job, Worker } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import type { NotificationsDb } from '../../db/notifications-db.ts';
import { smsLogs } from '../../db/schema.ts';
import { type ClaimLease, defaultClaimLease, deliverOnce, runDeliveryJob } from '../../messages/deliver-once.ts';
import { type SmsProvider, SmsProviderError } from '../../providers/sms/port.ts';
import { applyHeldSmsReports } from '../../sms/record-sms-status.ts';
import { SMS_QUEUE_NAME, type SmsJobData } from '../queues/sms-queue.ts';

/** The message's secret leaves the log with delivery: no later retry needs it. */
const redacted = { message: sql`coalesce(${smsLogs.redactedMessage}, ${smsLogs.message})`, redactedMessage: null };

export type SmsDeliveryDeps = { db: NotificationsDb; provider: SmsProvider; logger: Logger; lease?: ClaimLease };

/** Trying again helps unless the provider said it cannot (a number the carrier rejects, bad credentials). */
const retryable = (error: unknown) => !(error instanceof SmsProviderError) || error.retryable;

/**
 * Delivers one sms_logs row, at most once (messages/deliver-once.ts): a row no longer pending is
 * left alone; the row is claimed before the provider is called, under its id as the delivery key.
 * A failure is written on the row and rethrown so BullMQ retries with backoff; the last allowed
 * try, or an error retrying cannot fix, marks the row failed. Once sent or failed, a message
 * carrying a secret is replaced by its redacted text.
 */
export async function deliverSms(deps: SmsDeliveryDeps, job: Job<SmsJobData>): Promise<void> {
  const [row] = await deps.db.select().from(smsLogs).where(eq(smsLogs.id, job.data.smsLogId));
  const { provider } = deps;
  await runDeliveryJob(job, () =>
    deliverOnce(
      {
        db: deps.db,
        table: smsLogs,
        redacted,
        providerName: provider.name,
        send: () => provider.send(row!.phoneNumber, row!.message, row!.id),
        findSent: provider.findSent && (() => provider.findSent!(row!.id)),
        retryable,
        lastAttempt: isLastAttempt(job),
        logger: deps.logger,
        channel: 'sms',
        lease: deps.lease ?? defaultClaimLease,
        afterSent: (providerId) => applyHeldSmsReports(deps.db, provider.name, providerId),
      },
      row,
    ),
  );
}

/** Starts the worker; its connection must have maxRetriesPerRequest: null (BullMQ blocks on it). */
export function startSmsWorker(deps: SmsDeliveryDeps & JobsConnection & { concurrency?: number }): Worker<SmsJobData> {
  return startJobWorker<SmsJobData>(SMS_QUEUE_NAME, (job) => deliverSms(deps, job), { ...deps, attributes: (job) => ({ 'krom.sms_log.id': job.data.smsLogId }) });
}
