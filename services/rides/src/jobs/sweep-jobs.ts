import { createJobQueue, type JobsConnection, scheduleRepeatingJob, startJobWorker, type TracedJobData } from '@krom/server-kit/jobs';
import type { Logger } from '@krom/server-kit/logger';
import type { Queue, Worker } from 'bullmq';
import type { RidesDb } from '../db/rides-db.ts';
import { type SweepName, type SweepOptions, sweeps } from './sweeps.ts';

/*
 * The sweeps on BullMQ: one queue, one job scheduler per sweep (every replica declares them at
 * start; BullMQ keeps one per id), and a worker that runs the named sweep at the time it runs.
 * Redis holds only the schedule: a job lost or run twice changes nothing a sweep would not
 * (sweeps.ts), and the next minute's run catches up.
 */

export const SWEEP_QUEUE_NAME = 'rides-sweeps';
export type SweepJobData = TracedJobData & { sweep: SweepName };

/** A sweep that fails is run again by the next scheduled job a minute later, not retried. */
export const createSweepQueue = (where: JobsConnection): Queue<SweepJobData> => createJobQueue<SweepJobData>(SWEEP_QUEUE_NAME, where, { attempts: 1, backoffMs: 1000 });

/** Declares a scheduler for every sweep, each running every `intervalMs`. */
export async function scheduleSweeps(queue: Queue<SweepJobData>, intervalMs: number): Promise<void> {
  for (const sweep of Object.keys(sweeps) as SweepName[]) {
    await scheduleRepeatingJob(queue, `rides-${sweep}`, { every: intervalMs }, { sweep });
  }
}

/** Runs each sweep job on the clock's time (now, unless a test gives another) with the service's options; its connection must have maxRetriesPerRequest: null. */
export function startSweepWorker(deps: JobsConnection & { db: RidesDb; logger: Logger; clock?: () => Date; options?: SweepOptions }): Worker<SweepJobData> {
  const clock = deps.clock ?? (() => new Date());
  return startJobWorker<SweepJobData>(
    SWEEP_QUEUE_NAME,
    async (job) => {
      const { changed } = await sweeps[job.data.sweep](deps.db, clock(), deps.options);
      if (changed > 0) deps.logger.info({ sweep: job.data.sweep, changed }, 'sweep changed rows');
    },
    { ...deps, concurrency: 1, attributes: (job) => ({ 'krom.sweep': job.data.sweep }) },
  );
}
