import { createJobQueue, type JobsConnection, scheduleRepeatingJob, startJobWorker, type TracedJobData } from '@krom/server-kit/jobs';
import type { Logger } from '@krom/server-kit/logger';
import type { Queue, Worker } from 'bullmq';
import type { PaymentsDb } from '../db/payments-db.ts';
import { eraseSettledWallets } from '../deleted-members/erase-settled-wallets.ts';
import type { MobileMoneyProvider } from '../providers/mobile-money/port.ts';
import { sweepPayments } from './sweep-payments.ts';
import { sweepPayouts } from './sweep-payouts.ts';
import { sweepRefunds } from './sweep-refunds.ts';

/*
 * The payments sweep (open payments, then open and failed refunds, then payouts, then the wallet
 * numbers of deleted members whose money has settled since) on BullMQ, as rides runs its sweeps: one queue, one job scheduler (every
 * replica declares it at start; BullMQ keeps one per id), a worker running the sweep at the time
 * it runs. Redis holds only the schedule: a job lost or run twice changes nothing the sweep would
 * not, and the next minute's run catches up.
 */

export const PAYMENT_SWEEP_QUEUE_NAME = 'payments-sweeps';
export type PaymentSweepJobData = TracedJobData & { sweep: 'open-payments' };

/** A sweep that fails is run again by the next scheduled job a minute later, not retried. */
export const createPaymentSweepQueue = (where: JobsConnection): Queue<PaymentSweepJobData> => createJobQueue<PaymentSweepJobData>(PAYMENT_SWEEP_QUEUE_NAME, where, { attempts: 1, backoffMs: 1000 });

export const schedulePaymentSweep = (queue: Queue<PaymentSweepJobData>, intervalMs: number) => scheduleRepeatingJob(queue, 'payments-open-payments', { every: intervalMs }, { sweep: 'open-payments' });

type PaymentSweepDeps = { db: PaymentsDb; provider: MobileMoneyProvider; logger: Logger; clock: () => Date; payoutDelaySeconds?: number };

/** One run of the sweep, at the clock's time: what each scheduled job does. */
export async function runPaymentSweep(deps: PaymentSweepDeps): Promise<void> {
  const { changed } = await sweepPayments(deps.db, deps.provider, deps.clock(), deps.logger);
  if (changed > 0) deps.logger.info({ sweep: 'open-payments', changed }, 'sweep changed payments');
  const refunds = await sweepRefunds(deps.db, deps.provider, deps.clock(), deps.logger);
  if (refunds.changed > 0) deps.logger.info({ sweep: 'open-payments', changed: refunds.changed }, 'sweep changed refunds');
  const payouts = await sweepPayouts(deps.db, deps.provider, deps.clock(), deps.logger, deps.payoutDelaySeconds);
  if (payouts.scheduled + payouts.changed > 0) deps.logger.info({ sweep: 'open-payments', ...payouts }, 'sweep scheduled or changed payouts');
  const erased = await eraseSettledWallets(deps.db);
  if (erased.payments + erased.payouts > 0) deps.logger.info({ sweep: 'open-payments', erasedWallets: erased }, "sweep erased deleted members' settled wallet numbers");
}

/** Runs each sweep job on the clock's time, payouts due `payoutDelaySeconds` after their credit; its connection must have maxRetriesPerRequest: null. */
export function startPaymentSweepWorker(deps: JobsConnection & PaymentSweepDeps): Worker<PaymentSweepJobData> {
  return startJobWorker<PaymentSweepJobData>(PAYMENT_SWEEP_QUEUE_NAME, () => runPaymentSweep(deps), {
    ...deps,
    concurrency: 1,
    attributes: (job) => ({ 'krom.sweep': job.data.sweep }),
  });
}
