import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { NotificationsConfig } from '../config.ts';

export const SMS_QUEUE_NAME = 'sms';

/** A delivery job names its sms_logs row (also its job id) and the trace it continues. */
export type SmsJobData = { smsLogId: string; traceparent?: string | undefined };

export type SmsQueue = Queue<SmsJobData>;

type QueueSettings = Pick<NotificationsConfig, 'REDIS_PREFIX' | 'SMS_RETRY_ATTEMPTS' | 'SMS_RETRY_BACKOFF_MS'>;

export function createSmsQueue(connection: Redis, config: QueueSettings): SmsQueue {
  return new Queue<SmsJobData>(SMS_QUEUE_NAME, {
    connection,
    prefix: config.REDIS_PREFIX,
    defaultJobOptions: {
      attempts: config.SMS_RETRY_ATTEMPTS,
      backoff: { type: 'exponential', delay: config.SMS_RETRY_BACKOFF_MS },
      // sms_logs is the record; Redis keeps finished jobs only long enough to de-duplicate re-enqueues.
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
    },
  });
}

/** Queues delivery of one sms_logs row. The row id is the job id, so queueing it twice is harmless. */
export async function enqueueSmsDelivery(queue: SmsQueue, smsLogId: string, traceparent: string | undefined): Promise<void> {
  await queue.add('deliver', { smsLogId, traceparent }, { jobId: smsLogId });
}
