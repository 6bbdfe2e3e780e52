import type { Logger } from '@krom/server-kit/logger';
import { isLastAttempt, type JobsConnection, startJobWorker } from '@krom/server-kit/jobs';
import type { Job, Worker } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import type { NotificationsDb } from '../../db/notifications-db.ts';
import { emailLogs } from '../../db/schema.ts';
import { type EmailProvider, EmailProviderError } from '../../providers/email/port.ts';
import { type ClaimLease, defaultClaimLease, deliverOnce, runDeliveryJob } from '../../messages/deliver-once.ts';
import { EMAIL_QUEUE_NAME, type EmailJobData } from '../queues/email-queue.ts';

export type EmailDeliveryDeps = { db: NotificationsDb; provider: EmailProvider; logger: Logger; lease?: ClaimLease };

/** A code in the text leaves the log with delivery: no later retry needs it. */
const redacted = { text: sql`coalesce(${emailLogs.redactedText}, ${emailLogs.text})`, redactedText: null };

/** Trying again helps unless the server said it cannot (a mailbox it rejects, bad credentials). */
const retryable = (error: unknown) => !(error instanceof EmailProviderError) || error.retryable;

/** Delivers one email_logs row at most once, as the SMS worker does an SMS. */
export async function deliverEmail(deps: EmailDeliveryDeps, job: Job<EmailJobData>): Promise<void> {
  const [row] = await deps.db.select().from(emailLogs).where(eq(emailLogs.id, job.data.emailLogId));
  const { provider } = deps;
  await runDeliveryJob(job, () =>
    deliverOnce(
      {
        db: deps.db,
        table: emailLogs,
        redacted,
        providerName: provider.name,
        send: () => provider.send({ to: row!.email, subject: row!.subject, text: row!.text }, row!.id),
        findSent: provider.findSent && (() => provider.findSent!(row!.id)),
        retryable,
        lastAttempt: isLastAttempt(job),
        logger: deps.logger,
        channel: 'email',
        lease: deps.lease ?? defaultClaimLease,
      },
      row,
    ),
  );
}

/** Starts the worker; its connection must have maxRetriesPerRequest: null (BullMQ blocks on it). */
export function startEmailWorker(deps: EmailDeliveryDeps & JobsConnection & { concurrency?: number }): Worker<EmailJobData> {
  return startJobWorker<EmailJobData>(EMAIL_QUEUE_NAME, (job) => deliverEmail(deps, job), { ...deps, attributes: (job) => ({ 'krom.email_log.id': job.data.emailLogId }) });
}
