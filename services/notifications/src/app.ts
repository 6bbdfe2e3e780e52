import { createHttpApp } from '@krom/server-kit/http-app';
import { internalAuth } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { CodeDeps } from './codes/code-deps.ts';
import type { NotificationsDb } from './db/notifications-db.ts';
import type { NotificationStreamHub } from './notifications/notification-stream-hub.ts';
import type { SmsProvider } from './providers/sms/port.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { type ProviderCallbackDeps, providerCallbackRoutes } from './routes/provider-callbacks.ts';
import { staffMessageRoutes } from './routes/staff-messages.ts';
import { oneTimeCodeRoutes } from './routes/verification-codes.ts';

export type NotificationsAppDeps = {
  db: NotificationsDb;
  codes: CodeDeps;
  hub: NotificationStreamHub;
  /** Checks its own status callbacks' signatures. */
  smsProvider: SmsProvider;
  /** Texts to Krom: the providers they come through and what handling one needs. */
  inboundSms: ProviderCallbackDeps['inbound'];
  /** USSD sessions: the gateways they come through and what a step needs. */
  ussd: ProviderCallbackDeps['ussd'];
  internalSecret: string;
  logLevel?: string;
  checks?: Record<string, () => Promise<void>>;
};

/**
 * The notifications service as a Fastify app: one-time codes, in-app notifications and the staff
 * message log and SMS test panel for the BFF, and the SMS provider's status callbacks. SMS and e-mail leave through events and the queues. Tests call it with inject.
 */
export async function buildNotificationsApp(deps: NotificationsAppDeps): Promise<FastifyInstance> {
  const app = createHttpApp({ service: 'notifications', logLevel: deps.logLevel ?? 'info', checks: deps.checks });
  await app.register(internalAuth, { secret: deps.internalSecret, audience: 'notifications' });
  await app.register(oneTimeCodeRoutes, { codes: deps.codes });
  await app.register(notificationRoutes, { db: deps.db, hub: deps.hub });
  await app.register(staffMessageRoutes, { codes: deps.codes });
  await app.register(providerCallbackRoutes, { db: deps.db, provider: deps.smsProvider, clock: deps.codes.clock, inbound: deps.inboundSms, ussd: deps.ussd });
  // Open streams would keep the server from closing; end them first, clients reconnect.
  app.addHook('preClose', async () => deps.hub.closeStreams());
  return app;
}
