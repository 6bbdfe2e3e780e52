import { createJobQueue, enqueueJob, type JobsConnection, type TracedJobData } from '@krom/server-kit/jobs';
import type { Queue } from 'bullmq';
import type { NotificationsConfig } from '../../config.ts';

export const SMS_QUEUE_NAME = 'sms';

/** A delivery job names its sms_logs row (also its job id) and the trace it continues. */
export type SmsJobData = TracedJobData & { smsLogId: string };

export type SmsQueue = Queue<SmsJobData>;

type QueueSettings = Pick<NotificationsConfig, 'REDIS_PREFIX' | 'SMS_RETRY_ATTEMPTS' | 'SMS_RETRY_BACKOFF_MS'>;

export function createSmsQueue(connection: JobsConnection['connection'], config: QueueSettings): SmsQueue {
  return createJobQueue<SmsJobData>(SMS_QUEUE_NAME, { connection, prefix: config.REDIS_PREFIX }, { attempts: config.SMS_RETRY_ATTEMPTS, backoffMs: config.SMS_RETRY_BACKOFF_MS });
}

/** Queues delivery of one sms_logs row. The row id is the job id, so queueing it twice is harmless. */
export async function enqueueSmsDelivery(queue: SmsQueue, smsLogId: string, traceparent: string | undefined): Promise<void> {
  await enqueueJob(queue, smsLogId, { smsLogId }, { traceparent });
}
