import { type Job, type JobsOptions, Queue, type RepeatOptions, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from './logger.ts';
import { contextFromTraceparent, currentTraceparent, type Span, SpanKind, withSpan } from './telemetry.ts';

/*
 * The jobs kit: BullMQ queues and workers as every service declares them (notifications' SMS and
 * e-mail; rides' seat holds, request expiry and ride completion; payments' payouts). A job names
 * the row it works on (its job id) and carries the trace it was queued in; the database stays the
 * record of the work, Redis only its schedule.
 */

/** Every job carries the trace it was queued in, so its work continues that trace. */
export type TracedJobData = { traceparent?: string | undefined };

/** Where a service's queues live: one Redis and the service's key prefix (isolated test runs get their own). */
export type JobsConnection = { connection: Redis; prefix: string };

/** How a queue retries a failed job: this many tries, with exponential backoff from `backoffMs`. */
export type RetryPolicy = { attempts: number; backoffMs: number };

/**
 * A named queue of one kind of job. Redis keeps finished jobs only long enough to de-duplicate a
 * job queued again under the same id, failed ones a week for a look.
 */
export function createJobQueue<Data extends TracedJobData>(name: string, where: JobsConnection, retry: RetryPolicy): Queue<Data> {
  return new Queue<Data>(name, {
    connection: where.connection,
    prefix: where.prefix,
    defaultJobOptions: {
      attempts: retry.attempts,
      backoff: { type: 'exponential', delay: retry.backoffMs },
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
    },
  });
}

// BullMQ names a queue's job data through helper types of its own; these say "this queue's Data".
type AddArgs<Data extends TracedJobData> = Parameters<Queue<Data>['add']>;

/**
 * Queues one job under `jobId` (the id of the row it works on): queueing it again while Redis
 * knows it adds nothing, so several replicas, a redelivered event and a sweep may all ask. With
 * `delayMs` it runs no earlier than that from now (a seat hold's end, a request's expiry). The
 * current trace rides along unless one is given.
 */
export async function enqueueJob<Data extends TracedJobData>(
  queue: Queue<Data>,
  jobId: string,
  data: Omit<Data, 'traceparent'>,
  options: { delayMs?: number; traceparent?: string | undefined } = {},
): Promise<void> {
  const traced = { ...data, traceparent: options.traceparent ?? currentTraceparent() } as Data;
  const jobOptions: JobsOptions = { jobId, ...(options.delayMs === undefined ? {} : { delay: Math.max(0, options.delayMs) }) };
  await queue.add(queue.name as AddArgs<Data>[0], traced as AddArgs<Data>[1], jobOptions);
}

/**
 * Creates or updates a repeating job with BullMQ's job schedulers: one scheduler per id however
 * many replicas call this at start, a job every `every` ms or on a cron `pattern` (in `tz`).
 */
export async function scheduleRepeatingJob<Data extends TracedJobData>(
  queue: Queue<Data>,
  schedulerId: string,
  repeat: Pick<RepeatOptions, 'every' | 'pattern' | 'tz'>,
  data: Omit<Data, 'traceparent'>,
): Promise<void> {
  type Name = AddArgs<Data>[0];
  await queue.upsertJobScheduler(schedulerId as Name, repeat, { name: queue.name as Name, data: data as AddArgs<Data>[1] });
}

/** Whether this run of the job is the last BullMQ will make. */
export const isLastAttempt = (job: Job): boolean => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/**
 * Starts a worker for a queue: each job runs in a consumer span continuing the trace it was
 * queued in. Its connection must have maxRetriesPerRequest: null (BullMQ blocks on it).
 */
export function startJobWorker<Data extends TracedJobData>(
  name: string,
  run: (job: Job<Data>, span: Span) => Promise<void>,
  options: JobsConnection & { logger: Logger; concurrency?: number; attributes?: (job: Job<Data>) => Record<string, string | number> },
): Worker<Data> {
  const worker = new Worker<Data>(
    name,
    (job) =>
      withSpan(`${name} job`, (span) => run(job, span), {
        parent: contextFromTraceparent(job.data.traceparent),
        kind: SpanKind.CONSUMER,
        attributes: { 'messaging.system': 'bullmq', 'messaging.destination.name': name, 'krom.job.attempt': job.attemptsMade + 1, ...options.attributes?.(job) },
      }),
    { connection: options.connection, prefix: options.prefix, concurrency: options.concurrency ?? 4 },
  );
  worker.on('error', (error) => options.logger.error({ err: error, queue: name }, 'job worker error'));
  return worker;
}
