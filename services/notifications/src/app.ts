import { createHttpApp } from '@krom/server-kit/http-app';
import { internalAuth } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';

export type NotificationsAppDeps = {
  internalSecret: string;
  logLevel?: string;
  checks?: Record<string, () => Promise<void>>;
};

/**
 * The notifications service as a Fastify app. For now only health answers: SMS leave through
 * events and the queue; the internal routes (phone codes, the SMS test panel) come with their features.
 */
export async function buildNotificationsApp(deps: NotificationsAppDeps): Promise<FastifyInstance> {
  const app = createHttpApp({ service: 'notifications', logLevel: deps.logLevel ?? 'info', checks: deps.checks });
  await app.register(internalAuth, { secret: deps.internalSecret, audience: 'notifications' });
  return app;
}
