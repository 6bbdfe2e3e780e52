import { fileURLToPath } from 'node:url';
import { ticketReplied, waitlistJoined } from '@krom/contracts/events/admin';
import { userDeleted, userNotificationSettings, userPasswordChanged, userRegistered, userSuspended, userUnsuspended, verificationDecided } from '@krom/contracts/events/identity';
import { smsCommandAnswered } from '@krom/contracts/events/sms-commands';
import { bookingEvents, rideDepartingSoon } from '@krom/contracts/events/bookings';
import { tripSharedWithContact } from '@krom/contracts/events/trip-shares';
import { messageSent } from '@krom/contracts/events/messages';
import { paymentEvents, payoutEvents, refundEvents } from '@krom/contracts/events/payments';
import { reviewEvents, reviewReminderDue } from '@krom/contracts/events/reviews';
import { rideChanged, ridePosted, rideRequestExpired, rideRequestInvited, rideRequestMatched } from '@krom/contracts/events/rides';
import type { Subscription } from '@krom/server-kit/bus';
import { consume } from '@krom/server-kit/consumer';
import { createLogger } from '@krom/server-kit/logger';
import { openServiceResources } from '@krom/server-kit/service-runtime';
import { Redis } from 'ioredis';
import { buildNotificationsApp } from './app.ts';
import { type CodeDeps, codeSettingsFrom } from './codes/code-deps.ts';
import { codeHashKey } from './codes/code-hash.ts';
import { generateCode } from './codes/generate-code.ts';
import type { NotificationsConfig } from './config.ts';
import * as schema from './db/schema.ts';
import { chooseEmailProvider } from './providers/email/choose.ts';
import type { EmailProvider } from './providers/email/port.ts';
import type { EmailSender } from './email/queue-email.ts';
import { handleBookingFact } from './events/handlers/booking-fact.ts';
import { handleReviewFact, handleReviewReminderDue } from './events/handlers/review-facts.ts';
import { handleRideDepartingSoon } from './events/handlers/ride-departing-soon.ts';
import { handleTripSharedWithContact } from './events/handlers/trip-shared-with-contact.ts';
import {
  handlePaymentFact,
  handlePayoutFact,
  handleRefundFact,
  toldPaymentFacts,
  toldPayoutFacts,
  toldRefundFacts,
} from './events/handlers/money-fact.ts';
import { handleRidePosted } from './events/handlers/ride-posted.ts';
import { handleRideChanged } from './events/handlers/ride-changed.ts';
import { handleRideRequestExpired } from './events/handlers/ride-request-expired.ts';
import { handleRideRequestInvited } from './events/handlers/ride-request-invited.ts';
import { handleRideRequestMatched } from './events/handlers/ride-request-matched.ts';
import { handleUserDeleted } from './events/handlers/user-deleted.ts';
import { handleUserNotificationSettings } from './events/handlers/user-notification-settings.ts';
import { handleUserPasswordChanged } from './events/handlers/user-password-changed.ts';
import { handleUserRegistered } from './events/handlers/user-registered.ts';
import { handleVerificationDecided } from './events/handlers/verification-decided.ts';
import { handleTicketReplied } from './events/handlers/ticket-replied.ts';
import { handleWaitlistJoined } from './events/handlers/waitlist-joined.ts';
import { createEmailQueue } from './jobs/queues/email-queue.ts';
import { startEmailWorker } from './jobs/workers/email.worker.ts';
import { type PendingMessageSweep, startPendingMessageSweep } from './jobs/pending-message-sweep.ts';
import { createSmsQueue } from './jobs/queues/sms-queue.ts';
import { startSmsWorker } from './jobs/workers/sms.worker.ts';
import { messageLimitsFrom } from './messages/destination-cap.ts';
import { matchNoticeBoundsFrom } from './notifications/match-notice-bounds.ts';
import type { NoticeSenders } from './notifications/deliver-notice.ts';
import { handleMessageSent } from './events/handlers/message-sent.ts';
import { NotificationStreamHub } from './notifications/notification-stream-hub.ts';
import { toldBookingFacts } from './notifications/booking-notices.ts';
import { chooseInboundSmsProviders, chooseSmsProvider, chooseUssdGateways } from './providers/sms/choose.ts';
import type { UssdGateway } from './ussd/ussd-providers.ts';
import { handleSmsCommandAnswered } from './events/handlers/sms-command-answered.ts';
import { handleUserSuspension } from './events/handlers/user-suspension.ts';
import type { SmsSender } from './sms/queue-sms.ts';
import type { InboundSmsProviders, SmsProvider } from './providers/sms/port.ts';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** Durable consumer name prefix of this service on the bus. */
const DURABLE = 'notifications';

export type NotificationsServiceOptions = {
  smsProvider?: SmsProvider;
  /** The ways texts reach Krom, instead of those the settings choose. */
  inboundSmsProviders?: InboundSmsProviders;
  /** The USSD gateways taken, instead of those the settings choose. */
  ussdGateways?: Partial<Record<'africastalking' | 'hubtel' | 'local', UssdGateway>>;
  emailProvider?: EmailProvider;
  /** The time codes are issued, expire and are checked at (tests move it). */
  clock?: () => Date;
  /** Makes the codes (tests that must know one ahead, such as provider pacts). */
  generateCode?: () => string;
};

/**
 * Opens everything the notifications service runs on (database, bus, Redis, the SMS and e-mail
 * queues and their workers, the event consumers, the notification stream listener) and builds its
 * app; closing the app releases it all: open streams first, then the consumers so nothing new is
 * queued, then the workers after their in-flight jobs finish.
 */
export async function openNotificationsService(config: NotificationsConfig, options: NotificationsServiceOptions = {}) {
  const logger = createLogger('notifications', config.LOG_LEVEL);
  const resources = await openServiceResources({ service: 'notifications', config, schema, migrationsFolder, logger });
  const provider = options.smsProvider ?? chooseSmsProvider(config, logger);
  const emailProvider = options.emailProvider ?? chooseEmailProvider(config);

  // Enqueueing fails after a few tries while Redis is down, so the event is redelivered later;
  // the workers' connection must wait instead (BullMQ requires maxRetriesPerRequest: null there).
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3, connectionName: 'notifications' });
  const workerRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, connectionName: 'notifications-worker' });
  for (const connection of [redis, workerRedis]) {
    connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  }
  const queue = createSmsQueue(redis, config);
  queue.on('error', (error) => logger.warn({ err: error }, 'sms queue error'));
  const emailQueue = createEmailQueue(redis, config);
  emailQueue.on('error', (error) => logger.warn({ err: error }, 'email queue error'));
  const clock = options.clock ?? (() => new Date());
  const lease = { clock, leaseMs: config.MESSAGE_CLAIM_LEASE_SECONDS * 1000 };
  const worker = startSmsWorker({ db: resources.db, provider, logger, lease, connection: workerRedis, prefix: config.REDIS_PREFIX });
  const emailWorker = startEmailWorker({ db: resources.db, provider: emailProvider, logger, lease, connection: workerRedis, prefix: config.REDIS_PREFIX });
  const limits = messageLimitsFrom(config, clock);
  const sender: SmsSender = { db: resources.db, queue, providerName: provider.name, limits };
  const emailSender: EmailSender = { db: resources.db, queue: emailQueue, providerName: emailProvider.name, limits };
  const senders: NoticeSenders = { sms: sender, email: emailSender };
  const codes: CodeDeps = {
    db: resources.db,
    sms: sender,
    email: emailSender,
    hashKey: codeHashKey(config.INTERNAL_AUTH_SECRET),
    settings: codeSettingsFrom(config),
    clock,
    generateCode: options.generateCode ?? generateCode,
    logger,
  };
  const hub = new NotificationStreamHub(resources.db, logger, config.NOTIFICATION_STREAM_HEARTBEAT_SECONDS * 1000, config.NOTIFICATION_STREAMS_PER_USER);

  const subscriptions: Subscription[] = [];
  let sweep: PendingMessageSweep | undefined;
  const close = async () => {
    for (const subscription of subscriptions) await subscription.stop();
    await sweep?.stop();
    await hub.stop();
    await Promise.all([worker.close(), emailWorker.close()]);
    await Promise.all([queue.close(), emailQueue.close()]);
    await emailProvider.close?.();
    await Promise.all([redis, workerRedis].map((connection) => connection.quit().catch(() => connection.disconnect())));
    await resources.close();
  };

  try {
    await hub.start();
    subscriptions.push(
      await consume(resources.bus, DURABLE, waitlistJoined, handleWaitlistJoined(senders)),
      await consume(resources.bus, DURABLE, userRegistered, handleUserRegistered(resources.db)),
      await consume(resources.bus, DURABLE, userPasswordChanged, handleUserPasswordChanged(resources.db)),
      await consume(resources.bus, DURABLE, userDeleted, handleUserDeleted(resources.db)),
      await consume(resources.bus, DURABLE, userNotificationSettings, handleUserNotificationSettings(resources.db)),
      await consume(resources.bus, DURABLE, verificationDecided, handleVerificationDecided(senders)),
      await consume(resources.bus, DURABLE, ridePosted, handleRidePosted(resources.db)),
      await consume(resources.bus, DURABLE, rideRequestMatched, handleRideRequestMatched(senders, matchNoticeBoundsFrom(config))),
      await consume(resources.bus, DURABLE, rideChanged, handleRideChanged(senders)),
      await consume(resources.bus, DURABLE, rideRequestInvited, handleRideRequestInvited(senders, config.PUBLIC_ORIGIN)),
      await consume(resources.bus, DURABLE, rideRequestExpired, handleRideRequestExpired(senders)),
      await consume(resources.bus, DURABLE, rideDepartingSoon, handleRideDepartingSoon(senders)),
      await consume(resources.bus, DURABLE, reviewReminderDue, handleReviewReminderDue(senders, config.PUBLIC_ORIGIN)),
      await consume(resources.bus, DURABLE, reviewEvents.published, handleReviewFact(senders, 'published')),
      await consume(resources.bus, DURABLE, reviewEvents.replied, handleReviewFact(senders, 'replied')),
      await consume(resources.bus, DURABLE, tripSharedWithContact, handleTripSharedWithContact(senders, config.PUBLIC_ORIGIN)),
      await consume(resources.bus, DURABLE, messageSent, handleMessageSent(senders, hub)),
      await consume(resources.bus, DURABLE, ticketReplied, handleTicketReplied(senders, config.PUBLIC_ORIGIN)),
      await consume(resources.bus, DURABLE, userSuspended, handleUserSuspension(resources.db, true)),
      await consume(resources.bus, DURABLE, userUnsuspended, handleUserSuspension(resources.db, false)),
      await consume(resources.bus, DURABLE, smsCommandAnswered, handleSmsCommandAnswered(senders)),
    );
    for (const fact of toldBookingFacts) subscriptions.push(await consume(resources.bus, DURABLE, bookingEvents[fact], handleBookingFact(senders, fact)));
    for (const fact of toldPaymentFacts) subscriptions.push(await consume(resources.bus, DURABLE, paymentEvents[fact], handlePaymentFact(senders, fact)));
    for (const fact of toldRefundFacts) subscriptions.push(await consume(resources.bus, DURABLE, refundEvents[fact], handleRefundFact(senders, fact)));
    for (const fact of toldPayoutFacts) subscriptions.push(await consume(resources.bus, DURABLE, payoutEvents[fact], handlePayoutFact(senders, fact)));
    const app = await buildNotificationsApp({
      db: resources.db,
      codes,
      hub,
      smsProvider: provider,
      inboundSms: {
        providers: options.inboundSmsProviders ?? chooseInboundSmsProviders(config),
        deps: { sms: sender, publicOrigin: config.PUBLIC_ORIGIN, hourlyLimit: config.SMS_INBOUND_PER_NUMBER_HOURLY, clock },
      },
      ussd: {
        gateways: options.ussdGateways ?? chooseUssdGateways(config),
        deps: { db: resources.db, publicOrigin: config.PUBLIC_ORIGIN, clock, answerWaitMs: config.USSD_ANSWER_WAIT_MS },
      },
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
    // In the background, now and periodically: a Redis outage must neither keep the service from
    // starting nor leave messages waiting for the next start.
    sweep = startPendingMessageSweep({
      sms: sender,
      email: emailSender,
      logger,
      intervalMs: config.PENDING_MESSAGE_SWEEP_SECONDS * 1000,
      clock: options.clock,
    });
    logger.info({ smsProvider: provider.name, emailProvider: emailProvider.name }, 'notifications service opened');
    return { app, ...resources, redis, queue, worker, sender, provider, emailQueue, emailWorker, emailSender, emailProvider, codes, hub, sweep };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
