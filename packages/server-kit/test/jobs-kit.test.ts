import { randomBytes, randomUUID } from 'node:crypto';
import type { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, enqueueJob, scheduleRepeatingJob, startJobWorker, type TracedJobData } from '../src/jobs.ts';
import { createLogger } from '../src/logger.ts';
import { currentTraceparent, runInTrace } from '../src/telemetry.ts';
import { eventually, isolatedTestEnv } from '../src/testing.ts';

/*
 * The jobs kit on the real Redis: a job is queued once per id, a delayed one waits, a repeating
 * one has one scheduler however many replicas declare it, and the worker runs each job in the
 * trace it was queued in.
 */
const env = isolatedTestEnv('serverkit');
type HoldJob = TracedJobData & { holdId: string };

let connection: Redis;
let queue: Queue<HoldJob>;
let worker: Worker<HoldJob>;
const ran: { holdId: string; traceparent: string | undefined }[] = [];

beforeAll(async () => {
  connection = new Redis(env.redisUrl, { maxRetriesPerRequest: null });
  const where = { connection, prefix: env.redisPrefix };
  queue = createJobQueue<HoldJob>('seat-holds', where, { attempts: 2, backoffMs: 10 });
  worker = startJobWorker<HoldJob>(
    'seat-holds',
    async (job) => {
      ran.push({ holdId: job.data.holdId, traceparent: currentTraceparent() });
    },
    { ...where, logger: createLogger('jobs-kit-test', 'silent') },
  );
});

afterAll(async () => {
  await worker?.close();
  await queue?.obliterate({ force: true });
  await queue?.close();
  await connection?.quit();
});

const runsOf = (holdId: string) => ran.filter((run) => run.holdId === holdId);

describe('the jobs kit', () => {
  it('runs a job queued twice under one id once, in the trace it was queued in', async () => {
    const holdId = randomUUID();
    const traceparent = `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`;
    await runInTrace(traceparent, () => enqueueJob(queue, holdId, { holdId }));
    await eventually(async () => ((await queue.getJob(holdId))?.finishedOn ? true : undefined));
    await enqueueJob(queue, holdId, { holdId });

    expect(await (await queue.getJob(holdId))?.getState()).toBe('completed');
    expect(runsOf(holdId)).toEqual([{ holdId, traceparent }]);
  });

  it('keeps a delayed job waiting until its time', async () => {
    const holdId = randomUUID();
    await enqueueJob(queue, holdId, { holdId }, { delayMs: 3_600_000 });

    const job = await queue.getJob(holdId);
    expect(await job?.getState()).toBe('delayed');
    expect(job?.delay).toBe(3_600_000);
    expect(runsOf(holdId)).toEqual([]);
  });

  it('has one scheduler for a repeating job declared by two replicas, and runs its jobs', async () => {
    const holdId = randomUUID();
    await Promise.all([1, 2].map(() => scheduleRepeatingJob(queue, 'expire-holds', { every: 60_000 }, { holdId })));

    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((scheduler) => [scheduler.key, scheduler.every])).toEqual([['expire-holds', 60_000]]);
    // Its first job is due at once.
    await eventually(async () => (runsOf(holdId).length > 0 ? true : undefined));
  });
});
