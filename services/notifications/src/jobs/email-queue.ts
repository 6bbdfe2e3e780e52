import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { NotificationsConfig } from '../config.ts';

export const EMAIL_QUEUE_NAME = 'email';

/** A delivery job names its email_logs row (also its job id) and the trace it continues. */
export type EmailJobData = { emailLogId: string; traceparent?: string | undefined };

export type EmailQueue = Queue<EmailJobData>;

type QueueSettings = Pick<NotificationsConfig, 'REDIS_PREFIX' | 'EMAIL_RETRY_ATTEMPTS' | 'EMAIL_RETRY_BACKOFF_MS'>;

export function createEmailQueue(connection: Redis, config: QueueSettings): EmailQueue {
  return new Queue<EmailJobData>(EMAIL_QUEUE_NAME, {
    connection,
    prefix: config.REDIS_PREFIX,
    defaultJobOptions: {
      attempts: config.EMAIL_RETRY_ATTEMPTS,
      backoff: { type: 'exponential', delay: config.EMAIL_RETRY_BACKOFF_MS },
      // email_logs is the record; Redis keeps finished jobs only long enough to de-duplicate re-enqueues.
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
    },
  });
}

/** Queues delivery of one email_logs row. The row id is the job id, so queueing it twice is harmless. */
export async function enqueueEmailDelivery(queue: EmailQueue, emailLogId: string, traceparent: string | undefined): Promise<void> {
  await queue.add('deliver', { emailLogId, traceparent }, { jobId: emailLogId });
}
