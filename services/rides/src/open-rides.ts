import { fileURLToPath } from 'node:url';
import { userDeleted, userSnapshots, userSuspended, userUnsuspended, verificationDecided } from '@krom/contracts/events/identity';
import { paymentEvents } from '@krom/contracts/events/payments';
import { rideChanged, ridePosted } from '@krom/contracts/events/rides';
import { smsCommandReceived } from '@krom/contracts/events/sms-commands';
import type { Subscription } from '@krom/server-kit/bus';
import { consume } from '@krom/server-kit/consumer';
import { createLogger } from '@krom/server-kit/logger';
import { Redis } from 'ioredis';
import { openServiceResources } from '@krom/server-kit/service-runtime';
import { buildRidesApp } from './app.ts';
import type { RidesConfig } from './config.ts';
import * as schema from './db/schema.ts';
import { handlePaymentAnswer } from './events/handlers/payment-answered.ts';
import { handleRideChanged } from './events/handlers/ride-changed.ts';
import { handleRidePosted } from './events/handlers/ride-posted.ts';
import { handleSmsCommandReceived } from './events/handlers/sms-command-received.ts';
import { handleUserDeleted } from './events/handlers/user-deleted.ts';
import { handleUserSuspended, handleUserUnsuspended } from './events/handlers/user-suspended.ts';
import { handleUserSnapshot } from './events/handlers/user-snapshot.ts';
import { handleVerificationDecided } from './events/handlers/verification-decided.ts';
import { rebuildUserProfilesIfEmpty } from './events/rebuild-user-profiles.ts';
import { createSweepQueue, scheduleSweeps, startSweepWorker } from './jobs/sweep-jobs.ts';
import { tripLinkKey } from './trip-shares/trip-link-token.ts';
import { KnownPlaces } from './posting/known-places.ts';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** Durable consumer name prefix of this service on the bus. */
const DURABLE = 'rides';

export type RidesServiceOptions = {
  /** The time the scheduled sweeps run at and reviews are written at (tests move it); now by default. */
  clock?: () => Date;
};

/**
 * Opens the rides service's database, bus, outbox relay, event consumers and the scheduled sweeps
 * (Redis: src/jobs) and builds its app; closing the app releases it all, the consumers first, then
 * the sweep worker after the sweep in flight.
 */
export async function openRidesService(config: RidesConfig, options: RidesServiceOptions = {}) {
  const logger = createLogger('rides', config.LOG_LEVEL);
  const resources = await openServiceResources({ service: 'rides', config, schema, migrationsFolder, logger });
  // Declaring the schedulers fails after a few tries while Redis is down; the worker's connection
  // must wait instead (BullMQ requires maxRetriesPerRequest: null there).
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3, connectionName: 'rides' });
  const workerRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, connectionName: 'rides-worker' });
  for (const connection of [redis, workerRedis]) {
    connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  }
  const sweepQueue = createSweepQueue({ connection: redis, prefix: config.REDIS_PREFIX });
  sweepQueue.on('error', (error) => logger.warn({ err: error }, 'sweep queue error'));
  const sweepWorker = startSweepWorker({
    db: resources.db,
    logger,
    connection: workerRedis,
    prefix: config.REDIS_PREFIX,
    clock: options.clock,
    options: { completionGraceMinutes: config.RIDE_COMPLETION_GRACE_MINUTES, tripLinkKey: tripLinkKey(config.INTERNAL_AUTH_SECRET) },
  });
  const subscriptions: Subscription[] = [];
  let declareSchedulers: { stop: () => Promise<void> } | undefined;
  const close = async () => {
    for (const subscription of subscriptions) await subscription.stop();
    await declareSchedulers?.stop();
    await sweepWorker.close();
    await sweepQueue.close();
    await Promise.all([redis, workerRedis].map((connection) => connection.quit().catch(() => connection.disconnect())));
    await resources.close();
  };
  try {
    subscriptions.push(await consume(resources.bus, DURABLE, userDeleted, handleUserDeleted(resources.db, logger)));
    subscriptions.push(await consume(resources.bus, DURABLE, userSuspended, handleUserSuspended(resources.db, logger)));
    subscriptions.push(await consume(resources.bus, DURABLE, userUnsuspended, handleUserUnsuspended(resources.db)));
    subscriptions.push(await consume(resources.bus, DURABLE, userSnapshots, handleUserSnapshot(resources.db, logger)));
    subscriptions.push(await consume(resources.bus, DURABLE, verificationDecided, handleVerificationDecided(resources.db, logger)));
    // Its own event: a posted ride is matched against the open ride requests apart from the posting.
    subscriptions.push(await consume(resources.bus, DURABLE, ridePosted, handleRidePosted(resources.db, logger)));
    // And again when it changes: a ride changed to suit a request tells its passenger once.
    subscriptions.push(await consume(resources.bus, DURABLE, rideChanged, handleRideChanged(resources.db, logger)));
    // Payments' answer to a held seat (the booking saga): confirmed when paid, given back when not.
    for (const outcome of ['succeeded', 'failed'] as const) {
      subscriptions.push(await consume(resources.bus, DURABLE, paymentEvents[outcome], handlePaymentAnswer(resources.db, logger, outcome)));
    }
    // Ride commands members text (notifications parsed them): run by the app's rules, answered through the outbox.
    subscriptions.push(await consume(resources.bus, DURABLE, smsCommandReceived, handleSmsCommandReceived(resources.db, logger, options.clock)));
    // A new database learns every user at once, not only those whose snapshots the event stream still holds.
    await rebuildUserProfilesIfEmpty(resources.db, resources.bus, logger);
    const app = await buildRidesApp({
      db: resources.db,
      internalSecret: config.INTERNAL_AUTH_SECRET,
      pricing: { fuelCostPerKm: config.FUEL_COST_PER_KM_GHS, minimumCap: config.MIN_PRICE_CAP_GHS, places: await KnownPlaces.load() },
      searchCacheMs: config.SEARCH_CACHE_SECONDS * 1000,
      clock: options.clock,
      completionGraceMinutes: config.RIDE_COMPLETION_GRACE_MINUTES,
      logLevel: config.LOG_LEVEL,
      checks: resources.checks,
    });
    app.addHook('onClose', close);
    // In the background: bookings need no Redis, so an outage neither keeps the service from
    // starting nor makes it unready; the schedulers are declared once Redis answers.
    if (config.SWEEP_INTERVAL_SECONDS > 0) declareSchedulers = declareUntilDone(() => scheduleSweeps(sweepQueue, config.SWEEP_INTERVAL_SECONDS * 1000), logger);
    return { app, ...resources, redis, sweepQueue, sweepWorker };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** Runs `declare` until it succeeds, again every 30 s after a failure (logged); `stop` ends the tries. */
function declareUntilDone(declare: () => Promise<void>, logger: ReturnType<typeof createLogger>) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let attempt: Promise<void> = Promise.resolve();
  const tryOnce = () => {
    attempt = declare().catch((error: unknown) => {
      logger.error({ err: error }, 'could not declare the sweep schedulers; trying again in 30 s');
      if (!stopped) timer = setTimeout(tryOnce, 30_000).unref();
    });
  };
  tryOnce();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await attempt;
    },
  };
}
