import { createHttpApp } from '@krom/server-kit/http-app';
import { internalAuth } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';

export type RidesAppDeps = {
  internalSecret: string;
  logLevel?: string;
  checks?: Record<string, () => Promise<void>>;
};

/** The rides service as a Fastify app. Its domain routes arrive with the features that need them. */
export async function buildRidesApp(deps: RidesAppDeps): Promise<FastifyInstance> {
  const app = createHttpApp({ service: 'rides', logLevel: deps.logLevel ?? 'info', checks: deps.checks });
  await app.register(internalAuth, { secret: deps.internalSecret, audience: 'rides' });
  return app;
}
