import { fileURLToPath } from 'node:url';
import { createLogger } from '@krom/server-kit/logger';
import { openServiceResources } from '@krom/server-kit/service-runtime';
import { buildIdentityApp } from './app.ts';
import type { IdentityConfig } from './config.ts';
import * as schema from './db/schema.ts';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** Opens the identity service's database, bus and outbox relay and builds its app. */
export async function openIdentityService(config: IdentityConfig) {
  const logger = createLogger('identity', config.LOG_LEVEL);
  const resources = await openServiceResources({ service: 'identity', config, schema, migrationsFolder, logger });
  const app = await buildIdentityApp({ internalSecret: config.INTERNAL_AUTH_SECRET, logLevel: config.LOG_LEVEL, checks: resources.checks });
  app.addHook('onClose', () => resources.close());
  return { app, ...resources };
}
