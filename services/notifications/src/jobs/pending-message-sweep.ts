import type { Logger } from '@krom/server-kit/logger';
import type { EmailSender } from '../email/queue-email.ts';
import { requeuePendingEmail } from '../email/requeue-pending-email.ts';
import type { SmsSender } from '../sms/queue-sms.ts';
import { requeuePendingSms } from '../sms/requeue-pending-sms.ts';

/** A pending row younger than this may still be on its way to Redis from whoever recorded it. */
export const PENDING_GRACE_MS = 30_000;

export type SweepResult = { sms: number; email: number };

export type PendingMessageSweep = {
  /** Queues again the SMS and e-mail rows pending since before `now` minus the grace. */
  sweep: (now?: Date) => Promise<SweepResult>;
  stop: () => Promise<void>;
};

/**
 * Queues pending SMS and e-mail rows again at start and then every `intervalMs`, so a message
 * whose job never reached Redis (Redis was down when it was recorded, or lost its data) is sent
 * once Redis answers again, without a restart. Every replica runs it: the job id is the row id,
 * so a row that already has its job gets no second one, and the worker skips rows no longer
 * pending.
 */
export function startPendingMessageSweep(deps: {
  sms: SmsSender;
  email: EmailSender;
  logger: Logger;
  intervalMs: number;
  clock?: () => Date;
}): PendingMessageSweep {
  const clock = deps.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const sweep = async (now: Date = clock()): Promise<SweepResult> => {
    const selection = { createdBefore: new Date(now.getTime() - PENDING_GRACE_MS) };
    // One channel's failure (its queue refusing) must not hold back the other.
    const [sms, email] = await Promise.allSettled([requeuePendingSms(deps.sms, selection), requeuePendingEmail(deps.email, selection)]);
    if (sms.status === 'rejected') throw sms.reason;
    if (email.status === 'rejected') throw email.reason;
    return { sms: sms.value, email: email.value };
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweep()
        .then((queued) => {
          if (queued.sms + queued.email > 0) deps.logger.info(queued, 'queued pending SMS and e-mail again');
        })
        .catch((error) => deps.logger.warn({ err: error }, 'could not queue pending SMS and e-mail again; the next sweep tries again'))
        .finally(() => {
          running = undefined;
          schedule(deps.intervalMs);
        });
    }, delayMs);
  };
  schedule(0);

  return {
    sweep,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
