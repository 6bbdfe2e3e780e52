import { fileURLToPath } from 'node:url';
import { waitlistJoined } from '@krom/contracts/events/admin';
import type { Subscription } from '@krom/server-kit/bus';
import { createLogger } from '@krom/server-kit/logger';
import { openServiceResources } from '@krom/server-kit/service-runtime';
import { Redis } from 'ioredis';
import { buildNotificationsApp } from './app.ts';
import type { NotificationsConfig } from './config.ts';
import * as schema from './db/schema.ts';
import { handleWaitlistJoined } from './events/handlers/waitlist-joined.ts';
import { createSmsQueue } from './jobs/sms-queue.ts';
import { startSmsWorker } from './jobs/sms.worker.ts';
import { chooseSmsProvider } from './sms/choose-sms-provider.ts';
import type { SmsSender } from './sms/queue-sms.ts';
import { requeuePendingSms } from './sms/requeue-pending-sms.ts';
import type { SmsProvider } from './sms/sms-provider.ts';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** Durable consumer name prefix of this service on the bus. */
const DURABLE = 'notifications';

/**
 * Opens everything the notifications service runs on (database, bus, Redis, the SMS queue and
 * its worker, the event consumers) and builds its app; closing the app releases it all, the
 * consumers first so nothing new is queued, then the worker after its in-flight jobs finish.
 */
export async function openNotificationsService(config: NotificationsConfig, options: { smsProvider?: SmsProvider } = {}) {
  const logger = createLogger('notifications', config.LOG_LEVEL);
  const resources = await openServiceResources({ service: 'notifications', config, schema, migrationsFolder, logger });
  const provider = options.smsProvider ?? chooseSmsProvider(config);

  // Enqueueing fails after a few tries while Redis is down, so the event is redelivered later;
  // the worker's connection must wait instead (BullMQ requires maxRetriesPerRequest: null there).
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3, connectionName: 'notifications' });
  const workerRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, connectionName: 'notifications-worker' });
  for (const connection of [redis, workerRedis]) {
    connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  }
  const queue = createSmsQueue(redis, config);
  queue.on('error', (error) => logger.warn({ err: error }, 'sms queue error'));
  const worker = startSmsWorker({ db: resources.db, provider, logger, connection: workerRedis, prefix: config.REDIS_PREFIX });
  const sender: SmsSender = { db: resources.db, queue, providerName: provider.name };

  const subscriptions: Subscription[] = [];
  const close = async () => {
    for (const subscription of subscriptions) await subscription.stop();
    await worker.close();
    await queue.close();
    await Promise.all([redis, workerRedis].map((connection) => connection.quit().catch(() => connection.disconnect())));
    await resources.close();
  };

  try {
    subscriptions.push(await resources.bus.subscribe(DURABLE, waitlistJoined, handleWaitlistJoined(sender)));
    const app = await buildNotificationsApp({
      internalSecret: config.INTERNAL_AUTH_SECRET,
      logLevel: config.LOG_LEVEL,
      checks: {
        ...resources.checks,
        redis: async () => {
          await redis.ping();
        },
      },
    });
    app.addHook('onClose', close);
    // In the background: a Redis outage at start must not keep the service from starting.
    requeuePendingSms(sender)
      .then((count) => count > 0 && logger.info({ count }, 'queued pending SMS again'))
      .catch((error) => logger.warn({ err: error }, 'could not queue pending SMS again; they wait for the next start'));
    logger.info({ smsProvider: provider.name }, 'notifications service opened');
    return { app, ...resources, redis, queue, worker, sender, provider };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
