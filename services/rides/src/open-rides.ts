import { fileURLToPath } from 'node:url';
import { createLogger } from '@krom/server-kit/logger';
import { openServiceResources } from '@krom/server-kit/service-runtime';
import { buildRidesApp } from './app.ts';
import type { RidesConfig } from './config.ts';
import * as schema from './db/schema.ts';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** Opens the rides service's database, bus and outbox relay and builds its app. */
export async function openRidesService(config: RidesConfig) {
  const logger = createLogger('rides', config.LOG_LEVEL);
  const resources = await openServiceResources({ service: 'rides', config, schema, migrationsFolder, logger });
  const app = await buildRidesApp({ internalSecret: config.INTERNAL_AUTH_SECRET, logLevel: config.LOG_LEVEL, checks: resources.checks });
  app.addHook('onClose', () => resources.close());
  return { app, ...resources };
}
