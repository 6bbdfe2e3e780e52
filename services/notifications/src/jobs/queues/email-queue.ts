import { createJobQueue, enqueueJob, type JobsConnection, type TracedJobData } from '@krom/server-kit/jobs';
import type { Queue } from 'bullmq';
import type { NotificationsConfig } from '../../config.ts';

export const EMAIL_QUEUE_NAME = 'email';

/** A delivery job names its email_logs row (also its job id) and the trace it continues. */
export type EmailJobData = TracedJobData & { emailLogId: string };

export type EmailQueue = Queue<EmailJobData>;

type QueueSettings = Pick<NotificationsConfig, 'REDIS_PREFIX' | 'EMAIL_RETRY_ATTEMPTS' | 'EMAIL_RETRY_BACKOFF_MS'>;

export function createEmailQueue(connection: JobsConnection['connection'], config: QueueSettings): EmailQueue {
  return createJobQueue<EmailJobData>(EMAIL_QUEUE_NAME, { connection, prefix: config.REDIS_PREFIX }, { attempts: config.EMAIL_RETRY_ATTEMPTS, backoffMs: config.EMAIL_RETRY_BACKOFF_MS });
}

/** Queues delivery of one email_logs row. The row id is the job id, so queueing it twice is harmless. */
export async function enqueueEmailDelivery(queue: EmailQueue, emailLogId: string, traceparent: string | undefined): Promise<void> {
  await enqueueJob(queue, emailLogId, { emailLogId }, { traceparent });
}
