import { fileURLToPath } from 'node:url';
import { bookingEvents } from '@krom/contracts/events/bookings';
import { userDeleted, userSnapshots } from '@krom/contracts/events/identity';
import type { Subscription } from '@krom/server-kit/bus';
import { consume } from '@krom/server-kit/consumer';
import { createLogger } from '@krom/server-kit/logger';
import { openServiceResources } from '@krom/server-kit/service-runtime';
import { Redis } from 'ioredis';
import { buildPaymentsApp } from './app.ts';
import type { PaymentsConfig } from './config.ts';
import * as schema from './db/schema.ts';
import { handleBookingDone } from './events/handlers/booking-done.ts';
import { handleBookingEnded } from './events/handlers/booking-ended.ts';
import { handlePaymentRequested } from './events/handlers/payment-requested.ts';
import { handleUserDeleted } from './events/handlers/user-deleted.ts';
import { handleUserSnapshot } from './events/handlers/user-snapshot.ts';
import { rebuildUserNamesIfEmpty } from './events/user-names.ts';
import { createPaymentSweepQueue, schedulePaymentSweep, startPaymentSweepWorker } from './jobs/sweep-jobs.ts';
import { chooseMobileMoneyProvider } from './providers/mobile-money/choose.ts';
import { releasingFacts } from './payouts/release-booking.ts';
import type { MobileMoneyProvider } from './providers/mobile-money/port.ts';
import { bookingEndingFacts } from './refunds/refund-transitions.ts';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/**
 * How many payment requests are handled at once. Each waits on the gateway's answer to its prompt
 * (a second or two at a real gateway): one at a time, one process would prompt under one passenger
 * a second. Requests are independent (each its own booking, recorded once by booking and version).
 */
const PROMPTS_AT_ONCE = 16;

/** Durable consumer name prefix of this service on the bus. */
const DURABLE = 'payments';

export type PaymentsServiceOptions = {
  /** The time payments are stamped and swept at (tests move it); now by default. */
  clock?: () => Date;
  /** The local gateway's provider, while its adapter is not yet chosen by configuration (choose.ts). */
  localMobileMoney?: () => MobileMoneyProvider;
};

/**
 * Opens everything the payments service runs on (database, bus, outbox relay, the consumers of
 * rides' payment requests, booking endings and completed or no-show bookings, the mobile money gateway, the sweep on Redis) and builds its app;
 * closing the app releases it all, the consumer first, then the sweep worker after its run in flight.
 */
export async function openPaymentsService(config: PaymentsConfig, options: PaymentsServiceOptions = {}) {
  const logger = createLogger('payments', config.LOG_LEVEL);
  const clock = options.clock ?? (() => new Date());
  const resources = await openServiceResources({ service: 'payments', config, schema, migrationsFolder, logger });
  const mobileMoney = chooseMobileMoneyProvider(config, options.localMobileMoney);
  // As rides: the queue's connection gives up after a few tries, the worker's waits (BullMQ requires it).
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3, connectionName: 'payments' });
  const workerRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, connectionName: 'payments-worker' });
  for (const connection of [redis, workerRedis]) connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  const sweepQueue = createPaymentSweepQueue({ connection: redis, prefix: config.REDIS_PREFIX });
  sweepQueue.on('error', (error) => logger.warn({ err: error }, 'sweep queue error'));
  const sweepWorker = startPaymentSweepWorker({
    db: resources.db,
    provider: mobileMoney,
    logger,
    connection: workerRedis,
    prefix: config.REDIS_PREFIX,
    clock,
    payoutDelaySeconds: config.PAYOUT_DELAY_SECONDS,
  });
  const subscriptions: Subscription[] = [];
  const close = async () => {
    for (const subscription of subscriptions) await subscription.stop();
    await sweepWorker.close();
    await sweepQueue.close();
    await Promise.all([redis, workerRedis].map((connection) => connection.quit().catch(() => connection.disconnect())));
    await resources.close();
  };
  try {
    subscriptions.push(
      await consume(resources.bus, DURABLE, bookingEvents.payment_requested, handlePaymentRequested(resources.db, mobileMoney, clock, logger), {
        concurrency: PROMPTS_AT_ONCE,
      }),
    );
    for (const ending of bookingEndingFacts) {
      subscriptions.push(await consume(resources.bus, DURABLE, bookingEvents[ending], handleBookingEnded(resources.db, mobileMoney, ending, clock, logger)));
    }
    for (const fact of releasingFacts) subscriptions.push(await consume(resources.bus, DURABLE, bookingEvents[fact], handleBookingDone(resources.db, logger)));
    subscriptions.push(await consume(resources.bus, DURABLE, userDeleted, handleUserDeleted(resources.db, logger)));
    // The names payouts are sent to: identity's user snapshots, and at first start every user's newest one.
    subscriptions.push(await consume(resources.bus, DURABLE, userSnapshots, handleUserSnapshot(resources.db, logger)));
    await rebuildUserNamesIfEmpty(resources.db, resources.bus, logger);
    const app = await buildPaymentsApp({ db: resources.db, internalSecret: config.INTERNAL_AUTH_SECRET, mobileMoney, clock, logLevel: config.LOG_LEVEL, checks: resources.checks });
    app.addHook('onClose', close);
    // Payments need no Redis to be taken; a Redis down only delays the sweep (logged by the queue).
    if (config.SWEEP_INTERVAL_SECONDS > 0) {
      schedulePaymentSweep(sweepQueue, config.SWEEP_INTERVAL_SECONDS * 1000).catch((error: unknown) => logger.error({ err: error }, 'could not declare the payments sweep scheduler'));
    }
    return { app, ...resources, mobileMoney, sweepQueue, sweepWorker };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
