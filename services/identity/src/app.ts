import { createHttpApp } from '@krom/server-kit/http-app';
import { internalAuth } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';

export type IdentityAppDeps = {
  internalSecret: string;
  logLevel?: string;
  checks?: Record<string, () => Promise<void>>;
};

/** The identity service as a Fastify app. Its domain routes arrive with the features that need them. */
export async function buildIdentityApp(deps: IdentityAppDeps): Promise<FastifyInstance> {
  const app = createHttpApp({ service: 'identity', logLevel: deps.logLevel ?? 'info', checks: deps.checks });
  await app.register(internalAuth, { secret: deps.internalSecret, audience: 'identity' });
  return app;
}
